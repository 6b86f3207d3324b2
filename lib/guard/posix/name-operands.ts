import type { SimpleCommand, Word } from "../syntax.ts";
import type { RawWords } from "./raw-words.ts";
import type { Lexer } from "./lexer.ts";
import { DECLARERS } from "./vars.ts";

/**
 * Builtins that take a variable NAME as an operand evaluate the subscript of `NAME[SUB]` as
 * arithmetic, which expands `$(…)` there: `test -v 'a[$(rm -rf ~)]'`, `printf -v 'a[$(…)]' x`,
 * `read 'a[$(…)]'`, `declare 'a[$(…)]=1'` run the substitution (red team 5, C2). The same holds
 * for the name a nameref (`declare -n r='a[$(…)]'`) stands for, and for the subscript of an
 * assignment bash reads as one (`b[x]=1`, where x's value may be `a[$(…)]`).
 */

/** The callbacks of arith.ts (passed in, so the two modules do not import each other). */
export interface Evaluate {
  names(lx: Lexer, text: string): void;
  value(lx: Lexer, text: string): void;
}

export const NAME_TAKERS: ReadonlySet<string> = new Set(["test", "[", "[[", "printf", "wait", "read", "mapfile", "readarray", "getopts", "unset", ...DECLARERS]);
// Options whose value is the next word (or the rest of the cluster).
const READ_VALUED = "adinNptu";
export const MAPFILE_VALUED = "dnOsuCc";

/** Evaluates the subscripts of the NAME operands of `cmd` (nothing for other commands). */
export function nameOperandSubscripts(lx: Lexer, cmd: SimpleCommand, raw: RawWords, ev: Evaluate): void {
  const head = cmd.argv[0];
  if (!head || head.dynamic) return;
  // `b[x]=1`: the lexer reads no assignment with a subscript; bash does.
  if (head.value.includes("[") && /^[A-Za-z_][A-Za-z0-9_]*\[/.test(head.value)) _subscript(lx, head, raw.get(head), ev, true);
  if (!NAME_TAKERS.has(head.value)) return;
  for (const w of nameOperands(head.value, cmd.argv.slice(1))) _subscript(lx, w, raw.get(w), ev, DECLARERS.has(head.value));
}

/** The words `name` takes as variable names. */
export function nameOperands(name: string, args: Word[]): Word[] {
  const out: Word[] = [];
  if (name === "test" || name === "[" || name === "[[") {
    args.forEach((w, i) => {
      if (w.value === "-v" && !w.quoted && args[i + 1]) out.push(args[i + 1]!);
    });
    return out;
  }
  if (name === "printf" || name === "wait") {
    const flag = name === "printf" ? "v" : "p";
    for (let i = 0; i < args.length; i++) {
      const v = args[i]!.value;
      if (v === "--" || !v.startsWith("-")) break;
      const at = v.indexOf(flag, 1);
      if (at < 0) continue;
      const rest = v.slice(at + 1);
      out.push(rest ? { ...args[i]!, value: rest } : (args[++i] ?? args[i - 1]!));
    }
    return out;
  }
  if (name === "getopts") return args.filter((w) => !w.value.startsWith("-")).slice(1, 2);
  if (name === "read" || name === "mapfile" || name === "readarray") {
    const { values, operands } = optionValues(args, name === "read" ? READ_VALUED : MAPFILE_VALUED);
    for (const [c, value] of values) if (c === "a") out.push(value);
    return out.concat(args.slice(operands));
  }
  // declare/typeset/local/export/readonly/unset: every operand; `-n` makes a value a name too.
  const opts = args.filter((w) => /^[-+]/.test(w.value));
  if (name === "unset" && opts.some((w) => w.value.includes("f"))) return out;
  const nameref = name !== "unset" && opts.some((w) => /^-[a-zA-Z]*n/.test(w.value));
  for (const w of args) {
    if (/^[-+]/.test(w.value)) continue;
    out.push(w);
    const eq = w.value.indexOf("=");
    if (nameref && eq > 0) out.push({ ...w, value: w.value.slice(eq + 1) });
  }
  return out;
}

/**
 * The values of the options in `valued` (`-C cb`, `-Ccb`, `-tC cb`) up to the first operand or
 * `--`, in order, and the index of the first operand. mapfile's options are `MAPFILE_VALUED`.
 */
export function optionValues(args: Word[], valued: string): { values: Array<[string, Word]>; operands: number } {
  const values: Array<[string, Word]> = [];
  let i = 0;
  for (; i < args.length; i++) {
    const w = args[i]!;
    if (w.value === "--") return { values, operands: i + 1 };
    if (!w.value.startsWith("-") || w.value === "-") break;
    for (let j = 1; j < w.value.length; j++) {
      const c = w.value[j]!;
      if (!valued.includes(c)) continue;
      const rest = w.value.slice(j + 1);
      const value = rest ? { ...w, value: rest } : args[++i];
      if (value) values.push([c, value]);
      break;
    }
  }
  return { values, operands: i };
}

/**
 * `NAME[SUB]…`: SUB is arithmetic. A known word is evaluated as text (its `$(…)` runs); a word
 * holding expansions is read as written, so the variables it names are evaluated in turn (one
 * whose value is unknown may hold a subscript: undeterminable).
 */
function _subscript(lx: Lexer, w: Word, raw: string | undefined, ev: Evaluate, assigns: boolean): void {
  if (w.dynamic) {
    if (raw === undefined) return;
    // Only the name part counts for an assignment (`export "PATH=$PATH:/x"` names PATH).
    const part = assigns ? _namePart(raw) : raw;
    if (part.includes("$") || part.includes("`")) ev.names(lx, part.replace(/[`"'\\]/g, " "));
    return;
  }
  const sub = _bracketed(assigns ? _namePart(w.value) : w.value);
  if (sub !== null) ev.value(lx, sub);
}

/** The text before an assignment's `=` (outside brackets). */
function _namePart(text: string): string {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "[") depth++;
    else if (c === "]") depth = Math.max(0, depth - 1);
    else if (depth === 0 && c === "=") return text.slice(0, text[i - 1] === "+" ? i - 1 : i);
  }
  return text;
}

/** The subscript of `NAME[SUB]` (to the last `]`), or null when the word has none. */
function _bracketed(text: string): string | null {
  const open = text.indexOf("[");
  const close = text.lastIndexOf("]");
  if (open < 1 || close < open || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(text.slice(0, open))) return null;
  return text.slice(open + 1, close);
}
