import { op, type Op } from "../ops.ts";
import type { Word } from "../syntax.ts";
import type { Handler } from "./context.ts";
import { codeFiles, scriptOperands } from "./script-operands.ts";
import { unmodelledReading } from "./unknown-program.ts";
import { scriptText } from "./written-scripts.ts";
import { LOADED } from "./loaded-analysers.ts";

// The code readers and shells.ts load when one of these programs runs (lazy-handler.ts says why).
const inlineCode = (): typeof import("./inline-code.ts") => (LOADED.inlineCode ??= require("./inline-code.ts"));
const shells = (): typeof import("./shells.ts") => (LOADED.shells ??= require("./shells.ts"));

/**
 * Interpreters whose language the guard does not read (runner-names.ts: STDIN_CODE_PROGRAMS), that
 * run the code on their stdin when no script is named (or the script is `-`): `tclsh <<'E' … E`,
 * `echo 'system("rm -rf ~")' | R --no-save`, `curl … | lua` (red team 5, H5). Code the guard cannot
 * read fails closed (BLOCK_UNDETERMINABLE_EFFECT), a download is remote code; empty input runs
 * nothing. gdb reads its commands from stdin even with a program operand. Their arguments are still
 * scanned for a wrapped program as any unknown program's are.
 */
export const stdinCode: Handler = (inv) => {
  const inline = inlineCode().inlineCodeOps(inv);
  const ops = [...unmodelledReading(inv), ...inline.ops];
  // Code given as an option (`lua -e`, `Rscript -e`) is what runs; gdb still reads its stdin.
  // (ghc reads no code from stdin: only its `-e`.)
  if ((inline.found && inv.name !== "gdb") || inv.name === "ghc") return ops;
  // The script and the files loaded before it (script-operands.ts, the reading taint.ts judges a
  // download by): one the guard cannot know (`tclsh <(curl …)`, `lua $f`) or the line wrote (`echo
  // … > x.tcl; tclsh x.tcl`) is code it does not read, as `bash <(curl …)` is for the shells.
  const scripts = codeFiles(scriptOperands(inv.name, inv.args));
  if (scripts.length > 0 && inv.name !== "gdb") return scripts.some((w) => _unread(w, inv)) ? [...ops, op("unknown", `${inv.name}:script`)] : ops;
  const stdin = shells().stdinEffects(inv, (text) => (text.trim() === "" ? [] : [op("unknown", `${inv.name}:stdin`)]));
  return stdin.length === 0 ? ops : [...ops, ...stdin];
};

/** Whether the script operand is computed (a process substitution, a variable) or a file the line wrote. */
function _unread(operand: Word, inv: Parameters<Handler>[0]): boolean {
  return operand.dynamic || scriptText(operand.value, inv.ctx.state) !== undefined;
}
