import { op, type Op } from "../ops.ts";
import type { Word } from "../syntax.ts";
import type { Handler } from "./context.ts";
import { scanUnknownProgram } from "./unknown-program.ts";
import { scriptText } from "./written-scripts.ts";

// The code readers and shells.ts load when one of these programs runs, not with the names the
// line-flow pass reads here (remote-stdin.ts; lazy-handler.ts says why).
const inlineCode = (): typeof import("./inline-code.ts") => require("./inline-code.ts");
const shells = (): typeof import("./shells.ts") => require("./shells.ts");

/**
 * Interpreters whose language the guard does not read, that run the code on their stdin when no
 * script is named (or the script is `-`): `tclsh <<'E' … E`, `echo 'system("rm -rf ~")' | R
 * --no-save`, `curl … | lua` (red team 5, H5). Code the guard cannot read fails closed
 * (BLOCK_UNDETERMINABLE_EFFECT), a download is remote code; empty input runs nothing. gdb reads
 * its commands from stdin even with a program operand. Their arguments are still scanned for a
 * wrapped program as any unknown program's are.
 */
export const STDIN_CODE_PROGRAMS = [
  "tclsh", "wish", "expect", "dc", "m4", "r", "rscript", "octave", "octave-cli", "guile", "sbcl", "clisp", "ecl", "ghci", "jshell",
  "irb", "lua", "luajit", "lua5.1", "lua5.2", "lua5.3", "lua5.4", "gnuplot", "gdb", "julia", "racket", "swipl", "scala", "groovy",
  "pike", "tclsh8.6", "wish8.6", "osascript", "ghc",
];

export const stdinCode: Handler = (inv) => {
  const inline = inlineCode().inlineCodeOps(inv);
  const ops = [...scanUnknownProgram(inv.args, inv.ctx, inv.name, inv.cmd), ...inline.ops];
  // Code given as an option (`lua -e`, `Rscript -e`) is what runs; gdb still reads its stdin.
  // (ghc reads no code from stdin: only its `-e`.)
  if ((inline.found && inv.name !== "gdb") || inv.name === "ghc") return ops;
  const operand = inv.args.find((a) => a.dynamic || !a.value.startsWith("-") || a.value === "-");
  // A script the guard cannot know (`tclsh <(curl …)`, `lua $f`) or one the line wrote (`echo … >
  // x.tcl; tclsh x.tcl`): code it does not read, as `bash <(curl …)` is for the shells.
  if (operand && operand.value !== "-" && inv.name !== "gdb") return _unread(operand, inv) ? [...ops, op("unknown", `${inv.name}:script`)] : ops;
  const stdin = shells().stdinEffects(inv, (text) => (text.trim() === "" ? [] : [op("unknown", `${inv.name}:stdin`)]));
  return stdin.length === 0 ? ops : [...ops, ...stdin];
};

/** Whether the script operand is computed (a process substitution, a variable) or a file the line wrote. */
function _unread(operand: Word, inv: Parameters<Handler>[0]): boolean {
  return operand.dynamic || scriptText(operand.value, inv.ctx.state) !== undefined;
}
