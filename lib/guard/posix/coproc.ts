import { ParseError } from "../syntax.ts";
import type { Lexer } from "./lexer.ts";

// `coproc NAME COMPOUND`: a name, then a compound command's opening (a `(` that is no empty `()`,
// a reserved word ending where a word ends). Only a compound may follow a name: `coproc F cat` runs F.
const NAMED = /([A-Za-z_][A-Za-z0-9_]*)[ \t]+(?=\((?![ \t]*\))|(?:\{|\[\[|if|while|until|for|select|case)(?=[\s;&|()<>]|$))/y;
// Reserved words bash refuses right after `coproc` (`coproc ! x`, `coproc then`), and `time`,
// which is the program there (`coproc time x` runs /usr/bin/time): none is read.
const REFUSED = /(?:!|time|then|elif|else|fi|do|done|esac|in|\}|function|coproc)(?=[\s;&|()<>]|$)/y;

/**
 * After the keyword `coproc` (first word of a command, no assignment before it): reads the NAME
 * of `coproc NAME COMPOUND` and returns the array the coprocess gets (COPROC without a name). The
 * command that follows, compound or simple, is left at the cursor; what cannot be read throws.
 */
export function readCoprocName(lx: Lexer): string {
  lx.skipBlanks();
  const c = lx.src[lx.pos];
  if (c === undefined || c === "\n" || c === ";" || c === "&" || c === "|" || c === ")") throw new ParseError("coproc without a command");
  NAMED.lastIndex = lx.pos;
  const named = NAMED.exec(lx.src);
  if (named) lx.pos = NAMED.lastIndex;
  REFUSED.lastIndex = lx.pos;
  if (REFUSED.test(lx.src)) throw new ParseError("coproc before a word it cannot run");
  return named ? named[1]! : "COPROC";
}
