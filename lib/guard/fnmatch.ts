/**
 * A POSIX fnmatch(3) pattern (`*`, `?`, `[…]`, `\x`) as a regular expression, with no special
 * treatment of `/` or a leading `.`: the matching GNU find uses for -name and -path.
 */
export function fnmatchRegExp(pattern: string, ignoreCase = false): RegExp {
  let out = "";
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === "*") out += "[\\s\\S]*";
    else if (c === "?") out += "[\\s\\S]";
    else if (c === "\\" && i + 1 < pattern.length) out += _literal(pattern[++i]!);
    else if (c === "[") {
      const bracket = _bracket(pattern, i);
      if (bracket) {
        out += bracket.source;
        i = bracket.end;
      } else out += "\\[";
    } else out += _literal(c);
  }
  return new RegExp(`^${out}$`, ignoreCase ? "iu" : "u");
}

const CLASSES: Record<string, string> = {
  alpha: "a-zA-Z",
  digit: "0-9",
  alnum: "a-zA-Z0-9",
  upper: "A-Z",
  lower: "a-z",
  space: "\\s",
  blank: " \\t",
  punct: "!-\\/:-@\\[-`{-~",
  xdigit: "0-9A-Fa-f",
  print: " -~",
  graph: "!-~",
  cntrl: "\\x00-\\x1f\\x7f",
};

/** `[…]` starting at `at`: its regex source and the index of the closing `]`, or null if open. */
function _bracket(pattern: string, at: number): { source: string; end: number } | null {
  let i = at + 1;
  let negate = false;
  if (pattern[i] === "!" || pattern[i] === "^") {
    negate = true;
    i++;
  }
  let body = "";
  // A `]` first in the set is a member, not the end.
  if (pattern[i] === "]") {
    body += "\\]";
    i++;
  }
  for (; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === "]") return { source: `[${negate ? "^" : ""}${body}]`, end: i };
    const cls = /^\[:([a-z]+):\]/.exec(pattern.slice(i));
    if (cls && CLASSES[cls[1]!] !== undefined) {
      body += CLASSES[cls[1]!];
      i += cls[0].length - 1;
    } else if (c === "\\" && i + 1 < pattern.length) body += _member(pattern[++i]!);
    else if (c === "-" && body !== "" && pattern[i + 1] !== "]") body += "-";
    else body += _member(c);
  }
  return null;
}

function _literal(c: string): string {
  return /[\\^$.*+?()[\]{}|]/.test(c) ? `\\${c}` : c;
}

/** A literal member of a regex character class (only these need an escape there). */
function _member(c: string): string {
  return /[\\\]\[^-]/.test(c) ? `\\${c}` : c;
}
