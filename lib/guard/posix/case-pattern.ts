import { ParseError } from "../syntax.ts";
import type { Lexer } from "./lexer.ts";

/** Skips one `pattern)` of a case item, or nothing at the closing `esac` (the parser reads it as a command). */
export function skipCasePattern(lx: Lexer): void {
  lx.skipLineBreaks();
  if (/^esac(?=[\s;)&|]|$)/.test(lx.src.slice(lx.pos, lx.pos + 5))) return;
  if (lx.src[lx.pos] === "(") lx.pos++;
  for (;;) {
    const c = lx.src[lx.pos];
    if (c === undefined) throw new ParseError("unterminated case pattern");
    if (c === ")") {
      lx.pos++;
      return;
    }
    if (c === "\\") lx.pos += 2;
    else if (c === "'" || c === '"') {
      const close = lx.src.indexOf(c, lx.pos + 1);
      if (close < 0) throw new ParseError("unterminated quote");
      lx.pos = close + 1;
    } else lx.pos++;
  }
}
