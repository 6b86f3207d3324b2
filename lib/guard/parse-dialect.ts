import type { Dialect } from "./effects/context.ts";
import { parsePosix, type Vars } from "./posix/parser.ts";
import type { Script } from "./syntax.ts";
import { once } from "./effects/lazy-handler.ts";

// The PowerShell and cmd.exe parsers load with the first line in their dialect (a POSIX hook run
// loads neither; lazy-handler.ts says how the compiled binary keeps such modules apart).
const powershell = once((): typeof import("./dialects/powershell.ts") => require("./dialects/powershell.ts"));
const cmd = once((): typeof import("./dialects/cmd.ts") => require("./dialects/cmd.ts"));

/** Parses command text with the lexer of its dialect. */
export function parseDialect(text: string, dialect: Dialect, depth: number, vars: Vars): Script {
  if (dialect === "powershell") return powershell().parsePowerShell(text, depth, vars);
  if (dialect === "cmd") return cmd().parseCmd(text, depth, vars);
  return parsePosix(text, vars, depth);
}
