import { ParseError, type SimpleCommand, type Word } from "../syntax.ts";
import type { Lexer } from "./lexer.ts";
import { MAPFILE_VALUED, optionValues } from "./name-operands.ts";

/**
 * Operands bash runs as code (red team 6, C5):
 * - `mapfile -C CALLBACK -c N arr` evaluates CALLBACK with the index and the line appended every
 *   N lines (`mapfile -C 'rm -rf ~ #' -c1 arr <<< x`);
 * - an environment variable `BASH_FUNC_name%%=() { … }` (or `BASH_FUNC_name()=…`) is imported as
 *   the function `name` by any bash it reaches (`env 'BASH_FUNC_ls%%=() { rm -rf ~; }' bash -c ls`).
 * Their text is parsed as commands of this line, as if it ran; text the guard cannot read
 * (an expansion, a parse error) is an unknown command.
 */
const MAPFILE = new Set(["mapfile", "readarray"]);
const ENV_FUNCTION = /^BASH_FUNC_[^=]*(?:%%|\(\))=/;

export function noteCodeOperands(lx: Lexer, cmd: SimpleCommand): void {
  const head = cmd.argv[0];
  if (takesCallback(head)) {
    const callback = _callback(cmd.argv.slice(1));
    if (callback) _run(lx, callback, (text) => `${text} 0 "$__mapfile_line"`);
  }
  for (const w of cmd.argv) if (isEnvFunctionName(w.value)) _envFunction(lx, w);
  for (const a of cmd.assigns) if (isEnvFunctionName(a.name)) _envFunction(lx, a.value);
}

/** A command name that takes a callback (mapfile's `-C`). */
export function takesCallback(head: Word | undefined): boolean {
  return head !== undefined && !head.dynamic && MAPFILE.has(head.value);
}

/** A word or variable name that may import a function (`BASH_FUNC_…`). */
export function isEnvFunctionName(text: string): boolean {
  return text.startsWith("BASH_FUNC_");
}

/** The value of mapfile's `-C` (`-C cb`, `-Ccb`, `-tC cb`; the last one given), or undefined. */
function _callback(args: Word[]): Word | undefined {
  return optionValues(args, MAPFILE_VALUED).values.findLast(([c]) => c === "C")?.[1];
}

function _envFunction(lx: Lexer, w: Word): void {
  const m = ENV_FUNCTION.exec(w.value);
  if (!m) return;
  // bash imports the value when it reads `() {…}`; its body is analysed as if the name were called.
  _run(lx, { ...w, value: w.value.slice(m[0].length) }, (text) => `__env_function${text}`);
}

function _run(lx: Lexer, code: Word, wrap: (text: string) => string): void {
  if (code.dynamic) return lx.pushUnknown();
  try {
    lx.commands.push(...lx.parseText(wrap(code.value)));
  } catch (e) {
    if (!(e instanceof ParseError)) throw e;
    lx.pushUnknown();
  }
}
