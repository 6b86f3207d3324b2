import { parseCmd } from "./dialects/cmd.ts";
import { parsePowerShell } from "./dialects/powershell.ts";
import type { Dialect } from "./effects/context.ts";
import { parsePosix, type Vars } from "./posix/parser.ts";
import type { Script } from "./syntax.ts";

/** Parses command text with the lexer of its dialect. */
export function parseDialect(text: string, dialect: Dialect, depth: number, vars: Vars): Script {
  if (dialect === "powershell") return parsePowerShell(text, depth, vars);
  if (dialect === "cmd") return parseCmd(text, depth, vars);
  return parsePosix(text, vars, depth);
}
