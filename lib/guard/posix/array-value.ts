import { ParseError } from "../syntax.ts";
import { expandText } from "./expansion.ts";
import type { Lexer } from "./lexer.ts";
import type { WordBuilder } from "./word-builder.ts";

/**
 * `arr=(1 2 3)`, `arr+=(x)`, `local -a xs=("$@")`, `files=(*.txt)`: a compound array assignment
 * (red team 6 false positives: the parser used to fail on them, so every array line blocked).
 * The elements are read as words (their substitutions run, as in bash); the value the name gets
 * is an array, which the guard does not track: the word is unknown, holding the environment's
 * values its elements hold (Word.envNames). The subscript of an
 * `[SUB]=value` element is arithmetic expanded as if double-quoted, so its single-quoted `$(…)`
 * runs too (red team 6, C3).
 */
const MAX_ELEMENTS = 4096;
const RUNS = /\$\(|`/;

/** Reads `( … )` at the cursor into `w` (which becomes unknown). */
export function readArrayValue(lx: Lexer, w: WordBuilder): void {
  lx.pos++;
  for (let n = 0; ; n++) {
    if (n > MAX_ELEMENTS) throw new ParseError("array too long");
    lx.skipLineBreaks();
    const c = lx.src[lx.pos];
    if (c === undefined) throw new ParseError("unterminated array");
    if (c === ")") {
      lx.pos++;
      break;
    }
    if (c === "#") {
      lx.skipComment();
      continue;
    }
    const start = lx.pos;
    const words = lx.readWords(false, true);
    if (lx.pos === start) throw new ParseError("unexpected character in array");
    if (words.length > 0 && lx.src[start] === "[") _subscript(lx, lx.src.slice(start, lx.pos));
    // The array holds the environment's values its elements took (`a=("$GITHUB_TOKEN")`).
    for (const word of words) if (word.envNames) w.addEnvNames(word.envNames);
  }
  w.addExpansion(null, false);
}

/** The single-quoted parts of `[SUB]=` that hold a substitution are expanded. */
function _subscript(lx: Lexer, raw: string): void {
  const close = raw.lastIndexOf("]=");
  if (close < 0) return;
  for (const m of raw.slice(1, close).matchAll(/'([^']*)'/g)) if (RUNS.test(m[1]!)) expandText(lx, m[1]!);
}
