/**
 * The one shell pattern matcher of the guard: a POSIX/bash pattern (`*`, `?`, `[…]` with
 * negation, ranges, `[:class:]`, `[=c=]` and `[.c.]`, `\x`) as a regular expression over one
 * name. No special treatment of `/` or a leading `.` here: pathname expansion (paths.ts
 * expandGlob) applies bash's dot rule on top; GNU find's -name and -path use it as it is.
 *
 * Where the locale could make bash match more than the C locale does (classes and equivalence
 * classes of non-ASCII letters, ranges under another collation), the expression matches the
 * larger set: a name the shell may match is never missed. A pattern whose meaning depends on
 * the locale's collating element names (`[[.hyphen.]]`), or on a class name bash does not know,
 * is unreadable: null.
 */
export function fnmatchRegExp(pattern: string, ignoreCase = false): RegExp | null {
  const key = ignoreCase ? `i${pattern}` : `c${pattern}`;
  const cached = _cache.get(key);
  if (cached !== undefined) return cached;
  const re = _compile(pattern, ignoreCase);
  if (_cache.size >= 512) _cache.clear();
  _cache.set(key, re);
  return re;
}

const _cache = new Map<string, RegExp | null>();

// A `[` that never closes is read as itself, after a scan to the end of the pattern: a pattern of
// many such brackets would be read in quadratic time. The scans of one pattern share this budget;
// a pattern that needs more is unreadable (null), which the callers treat as unknown.
const SCAN_BUDGET_PER_CHAR = 8;

function _compile(pattern: string, ignoreCase: boolean): RegExp | null {
  let out = "";
  let budget = SCAN_BUDGET_PER_CHAR * pattern.length + 4096;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === "*") out += "[\\s\\S]*";
    else if (c === "?") out += "[\\s\\S]";
    else if (c === "\\" && i + 1 < pattern.length) out += _literal(pattern[++i]!);
    else if (c === "[") {
      const bracket = _bracket(pattern, i);
      budget -= (bracket ? bracket.end : pattern.length) - i;
      if (budget < 0) return null;
      if (bracket === null) return null;
      if (bracket === undefined) out += "\\[";
      else {
        out += bracket.source;
        i = bracket.end;
      }
    } else out += _literal(c);
  }
  return new RegExp(`^${out}$`, ignoreCase ? "iu" : "u");
}

// bash's classes (glibc's and `word`). Alternatives rather than one character class, so a class
// that is a complement (graph, print) can be written; Unicode properties cover every UTF-8 locale
// and agree with the C locale on ASCII, which is what protected names are spelled in.
const CLASSES: Record<string, string> = {
  alpha: "\\p{L}",
  digit: "[0-9]",
  alnum: "[\\p{L}0-9]",
  upper: "\\p{Lu}",
  lower: "\\p{Ll}",
  space: "\\s",
  blank: "[ \\t\\p{Zs}]",
  punct: "[\\p{P}\\p{S}]",
  xdigit: "[0-9A-Fa-f]",
  print: "[^\\p{Cc}\\p{Cs}\\p{Co}\\p{Cn}]",
  graph: "[^\\p{C}\\p{Z}\\s]",
  cntrl: "\\p{Cc}",
  word: "[\\p{L}0-9_]",
};

/**
 * `[…]` starting at `at`: an expression for one character and the index of the closing `]`;
 * undefined when the bracket never closes (bash then reads `[` as itself); null when it cannot
 * be read safely.
 */
function _bracket(pattern: string, at: number): { source: string; end: number } | null | undefined {
  let i = at + 1;
  let negate = false;
  if (pattern[i] === "!" || pattern[i] === "^") {
    negate = true;
    i++;
  }
  const alts: string[] = [];
  let members = "";
  // A `]` first in the set is a member, not the end.
  let first = true;
  for (; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === "]" && !first) {
      if (members) alts.push(`[${members}]`);
      const any = alts.length ? `(?:${alts.join("|")})` : "(?!)";
      return { source: negate ? `(?!${any})[\\s\\S]` : any, end: i };
    }
    first = false;
    let member: string | null;
    if (c === "[" && /[:=.]/.test(pattern[i + 1] ?? "")) {
      const kind = pattern[i + 1]!;
      const close = pattern.indexOf(`${kind}]`, i + 2);
      if (close < 0) return undefined;
      const name = pattern.slice(i + 2, close);
      i = close + 1;
      if (kind === ":") {
        const cls = CLASSES[name];
        if (cls === undefined) return null;
        alts.push(cls);
        continue;
      }
      if ([...name].length !== 1) return null; // a collating element by name: locale data
      if (kind === "=") {
        alts.push(`[${_equivalents(name).map(_member).join("")}]`);
        continue;
      }
      member = name;
    } else if (c === "\\" && i + 1 < pattern.length) member = pattern[++i]!;
    else member = c;
    // A range `a-z` (code points, as bash's globasciiranges reads it); a `-` before `]` is a member.
    if (pattern[i + 1] === "-" && pattern[i + 2] !== undefined && pattern[i + 2] !== "]") {
      let j = i + 2;
      let end = pattern[j]!;
      if (end === "[" && /[:=]/.test(pattern[j + 1] ?? "")) return null;
      if (end === "[" && pattern[j + 1] === ".") {
        const close = pattern.indexOf(".]", j + 2);
        if (close < 0) return undefined;
        end = pattern.slice(j + 2, close);
        if ([...end].length !== 1) return null;
        j = close + 1;
      } else if (end === "\\" && j + 1 < pattern.length) end = pattern[++j]!;
      i = j;
      if (member.codePointAt(0)! <= end.codePointAt(0)!) members += `${_member(member)}-${_member(end)}`;
      continue;
    }
    members += _member(member);
  }
  return undefined;
}

/** A letter and the letters that share its base (`e`: é, è, ê, ë, E, …), as a locale may group them. */
function _equivalents(c: string): string[] {
  const base = _base(c);
  const out = new Set([c, c.toLowerCase(), c.toUpperCase()]);
  if (base === "") return [...out];
  for (const [from, to] of [
    [0xc0, 0x24f],
    [0x1e00, 0x1eff],
  ] as const) {
    for (let cp = from; cp <= to; cp++) {
      const ch = String.fromCodePoint(cp);
      if (_base(ch) === base) out.add(ch);
    }
  }
  return [...out];
}

function _base(c: string): string {
  return c.normalize("NFD")[0]!.toLowerCase();
}

function _literal(c: string): string {
  return /[\\^$.*+?()[\]{}|/]/.test(c) ? `\\${c}` : c;
}

/** A literal member of a regex character class (only these need an escape there). */
function _member(c: string): string {
  return /[\\\]\[^-]/.test(c) ? `\\${c}` : c;
}
