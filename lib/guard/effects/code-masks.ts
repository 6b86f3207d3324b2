import type { Language } from "./interpreters.ts";

/*
 * Interpreter code with the text of its comments and of its plain string literals blanked (same
 * length, same offsets), so that names in them are no uses, and brackets, `;` and newlines in them
 * end nothing. A string that interpolates keeps its text (its fields name values): Python's
 * f-strings, Node's template literals, Ruby's and Perl's double-quoted strings; its quotes' span is
 * still skipped, so a comment sign in it starts no comment.
 */

interface Quoting {
  /** Where a comment or a string may start (global). */
  starts: RegExp;
  /** The end of a comment starting at `i`, or -1 when none starts there. */
  comment(code: string, i: number): number;
  /** Whether the string opened by the quote at `i` interpolates. */
  kept(code: string, i: number): boolean;
  /** Python's `'''`/`"""`: a string that spans lines. */
  triple: boolean;
}

// An f-string's prefix right before its quote (`f"`, `rf"`, `Fr"`), not the end of a longer name.
const F_PREFIX = /(?<!\w)(?:[fF][rRbB]?|[rRbB][fF])$/;

const lineEnd = (code: string, i: number): number => (code.indexOf("\n", i) + 1 || code.length + 1) - 1;
const hashComment = (code: string, i: number): number => (code[i] === "#" ? lineEnd(code, i) : -1);

const QUOTING: Partial<Record<Language, Quoting>> = {
  python: { starts: /[#'"]/g, comment: hashComment, kept: (code, i) => F_PREFIX.test(code.slice(Math.max(0, i - 3), i)), triple: true },
  node: {
    starts: /\/[/*]|['"`]/g,
    comment: (code, i) => (code.startsWith("//", i) ? lineEnd(code, i) : code.startsWith("/*", i) ? (code.indexOf("*/", i + 2) + 1 || code.length - 1) + 1 : -1),
    kept: (code, i) => code[i] === "`",
    triple: false,
  },
  ruby: { starts: /[#'"]/g, comment: hashComment, kept: (code, i) => code[i] === '"', triple: false },
  // `$#array` is the last index, not a comment.
  perl: { starts: /[#'"]/g, comment: (code, i) => (code[i - 1] === "$" ? -1 : hashComment(code, i)), kept: (code, i) => code[i] === '"', triple: false },
};

/** The code of `language` with its comments and plain string literals blanked (the code itself when the language is not read). */
export function maskCode(code: string, language: Language): string {
  const q = QUOTING[language];
  if (!q) return code;
  const parts: string[] = [];
  let kept = 0;
  const blank = (from: number, to: number) => {
    if (to <= from) return;
    parts.push(code.slice(kept, from), " ".repeat(to - from));
    kept = to;
  };
  const starts = new RegExp(q.starts);
  for (let m = starts.exec(code); m !== null; m = starts.exec(code)) {
    const i = m.index;
    const comment = q.comment(code, i);
    if (comment >= 0) {
      blank(i, comment);
      starts.lastIndex = Math.max(comment, i + 1);
      continue;
    }
    const c = code[i]!;
    if (c === "#" || c === "/") continue;
    const closer = q.triple && code.startsWith(c.repeat(3), i) ? c.repeat(3) : c;
    let j = i + closer.length;
    for (; j < code.length && !code.startsWith(closer, j); j++) {
      if (code[j] === "\\") j++;
      // A one-line string ends at its line's end (unterminated: left to the interpreter); a template literal spans lines.
      else if (closer.length === 1 && c !== "`" && code[j] === "\n") break;
    }
    if (!q.kept(code, i)) blank(i + closer.length, Math.min(j, code.length));
    starts.lastIndex = Math.min(j + closer.length, code.length);
  }
  parts.push(code.slice(kept));
  return parts.join("");
}
