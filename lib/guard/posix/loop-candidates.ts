import { enclosing, type Frame, type Word } from "../syntax.ts";
import type { Lexer } from "./lexer.ts";
import { getCandidates, getDigits, setCandidates, setDigits } from "./vars.ts";

/**
 * `for i in 1 2 3` leaves `i` unknown (a path built from it must not be guessed), but arithmetic
 * may still evaluate each word it takes, instead of failing closed on `$((i*2))`. Only words that
 * cannot carry a substitution qualify: plain numbers and names, written without `$`, backtick,
 * quote or escape. A name word is evaluated in turn (`for i in x` reaches x's value).
 */
const LITERAL = /^-?[A-Za-z0-9_]+$/;
const MAX_WORDS = 256;
const KEYS = /^("?)\$\{![A-Za-z_][A-Za-z0-9_]*\[[@*]\]\}\1$/;
const ASSOCIATIVE = /\b(?:declare|typeset|local|readonly|export)\s[^;&|\n]*-[A-Za-z]*A/;

/** After `for NAME in WORDS`: records the words when every one is such a literal. */
export function recordLoopWords(lx: Lexer, name: string, words: Array<{ word: Word; raw: string }>): void {
  if (words.length === 0 || words.length > MAX_WORDS || lx.flow.frame?.kind !== "loop") return;
  const plain = ({ word, raw }: { word: Word; raw: string }) => !word.dynamic && !word.quoted && !word.glob && LITERAL.test(word.value) && raw === word.value;
  // `"${!arr[@]}"`: the indexes of an indexed array are integers (keys of an associative one are
  // not, so a line declaring one with -A gets no candidates).
  const indexes = ({ raw }: { raw: string }) => KEYS.test(raw) && !ASSOCIATIVE.test(lx.src);
  if (words.every((w) => plain(w) || indexes(w))) setCandidates(lx.vars, name, words.map((w) => (plain(w) ? w.word.value : "0")), lx.flow.frame);
}

/**
 * The words a loop variable may hold where arithmetic reads it, or undefined (unknown). Valid only
 * inside that loop's own body: an inner loop may run a later assignment before this read, and a
 * function body runs later, so any loop or function frame in between makes the words unusable.
 */
export function loopWords(lx: Lexer, name: string): string[] | undefined {
  const c = getCandidates(lx.vars, name);
  return c && _reaches(lx, c.frame) ? c.values : undefined;
}

/** Whether a value recorded in `frame` holds where the parser is now (see loopWords). */
function _reaches(lx: Lexer, frame: object): boolean {
  if (lx.flow.fnDepth > 0) return false;
  const stop = enclosing(lx.flow.frame, (f) => f === frame || f.kind === "loop" || f.kind === "fn");
  return stop ? stop === frame : frame === TOP;
}

/** The frame of commands outside every compound command (for values recorded there). */
export const TOP: object = {};

/**
 * `n=$(wc -l < f)`: the substitution prints only digits and blanks (numeric-output.ts), so
 * arithmetic may evaluate n as a number; for paths and program names n stays unknown.
 */
export function recordNumeric(lx: Lexer, name: string): void {
  setCandidates(lx.vars, name, ["0"], lx.flow.frame ?? TOP);
}

/**
 * `TS=$(date +%s)`: the substitution prints a file-name part of digits (numeric-output.ts,
 * nameDigits), so `$TS` in a word names files of its literal folder (Word.digits).
 */
export function recordDigits(lx: Lexer, name: string, digits: { empty: boolean }): void {
  setDigits(lx.vars, name, digits, lx.flow.frame ?? TOP);
}

/** What recordDigits noted of `name`, where it still holds. */
export function variableDigits(lx: Lexer, name: string): { empty: boolean } | null {
  const d = getDigits(lx.vars, name);
  return d && _reaches(lx, d.frame) ? d.digits : null;
}
