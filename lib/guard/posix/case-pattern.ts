import { ParseError } from "../syntax.ts";
import type { Lexer } from "./lexer.ts";

/** Skips one `pattern)` of a case item; true when it was the closing `esac` instead. */
export function skipCasePattern(lx: Lexer): boolean {
  lx.skipLineBreaks();
  if (/^esac(?=[\s;)&|]|$)/.test(lx.src.slice(lx.pos, lx.pos + 5))) {
    lx.pos += 4;
    return true;
  }
  if (lx.src[lx.pos] === "(") lx.pos++;
  for (;;) {
    const c = lx.src[lx.pos];
    if (c === undefined) throw new ParseError("unterminated case pattern");
    if (c === ")") {
      lx.pos++;
      return false;
    }
    if (c === "\\") lx.pos += 2;
    else if (c === "'" || c === '"') {
      const close = lx.src.indexOf(c, lx.pos + 1);
      if (close < 0) throw new ParseError("unterminated quote");
      lx.pos = close + 1;
    } else lx.pos++;
  }
}
