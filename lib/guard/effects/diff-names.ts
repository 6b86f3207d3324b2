// Patches of more files than this are judged as a tree written into their folder.
const MAX_NAMES = 256;
// Escapes of git's (and GNU patch's) C-style quoting that stand for one character.
const ESCAPES: Record<string, number> = { a: 7, b: 8, f: 12, n: 10, r: 13, t: 9, v: 11, "\\": 92, '"': 34 };
// The first characters of the header lines patch reads (`***`, `+++`, `---`, `Index:`, `diff --git`, `rename`/`copy`).
const HEAD_START = "*+-Idrc";
// isspace() in the C locale.
const _isSpace = (c: string): boolean => c === " " || c === "\t" || c === "\n" || c === "\v" || c === "\f" || c === "\r";
const _utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * The files a diff makes GNU patch write, read as patch reads its headers (pch.c): `***`, `+++`
 * and `---` followed by a blank (the name ends at the tab before a timestamp, or at the first
 * blank when no tab follows; `- ` pairs of RFC 934 nesting before `---`), `Index:` (to the end of
 * the line), git's `diff --git A B` and `rename`/`copy` `from`/`to` lines, any of them indented by
 * blanks or `X`; a quoted name decoded as git quotes it (`\056` is `.`). Each name is stripped by
 * `strip` slashes as patch does (a name with too few is ignored), or by every level when -p is
 * not given. "undecodable" when a name cannot be read with certainty (a malformed quoted name,
 * a NUL, bytes that are no UTF-8); null when there are too many names to list.
 */
export function diffTargets(text: string, strip: number | null): string[] | null | "undecodable" {
  const names = new Set<string>();
  let starsLastLine = false;
  for (const raw of text.split("\n")) {
    // patch skips blanks and `X` before a header (indented or quoted mail).
    let at = 0;
    while (raw[at] === " " || raw[at] === "\t" || raw[at] === "X") at++;
    const starsLast = starsLastLine;
    starsLastLine = raw.startsWith("********", at);
    // Most lines (hunk content) start with none of the headers' first letters.
    if (!HEAD_START.includes(raw[at] ?? " ")) continue;
    const line = `${raw.slice(at)}\n`;
    let found: Array<string | null> = [];
    if (/^(\*\*\*|\+\+\+)[ \t]/.test(line)) {
      // `*** 1,3 ****` after the stars line opens a context hunk: no name.
      if (line.startsWith("***") && starsLast) continue;
      found = [_fetchName(line.slice(4), true)];
    } else if (line.startsWith("Index:")) found = [_fetchName(line.slice(6), false)];
    else if (line.startsWith("diff --git ")) found = _gitNames(line.slice(11));
    else if (/^(rename|copy) (from|to) /.test(line)) found = [_parseName(line.slice(line.indexOf(" ", line.indexOf(" ") + 1) + 1))?.name ?? null];
    else {
      const t = line.replace(/^(- )+/, "");
      if (/^---[ \t]/.test(t)) found = [_fetchName(t.slice(4), true)];
      else continue;
    }
    for (const file of found) {
      if (file === null) return "undecodable";
      if (file === "" || file === "/dev/null") continue;
      if (strip !== null) {
        const stripped = _strip(file, strip);
        if (stripped !== null) names.add(stripped);
      } else {
        // No -p: patch takes the last segment, or a level it guesses (git diffs): every level.
        const levels = _levels(file);
        if (levels === null) return null;
        for (const level of levels) names.add(level);
      }
      if (names.size > MAX_NAMES) return null;
    }
  }
  return [...names];
}

/** fetchname(): a quoted name, or the text up to the blank before a tab (with a timestamp) or the first blank. */
function _fetchName(at: string, stamped: boolean): string | null {
  const s = at.replace(/^[ \t\n\v\f\r]+/, "");
  if (s.startsWith('"')) return _cString(s)?.name ?? null;
  // The last tab (or newline) on the line: a blank before it may be part of the name.
  const last = s.lastIndexOf(stamped ? "\t" : "\n");
  const blank = /[ \t\n\v\f\r]/g;
  let t = s.length;
  for (let m = blank.exec(s); m !== null; m = blank.exec(s)) {
    t = m.index;
    let u = t;
    while (s[u] !== "\t" && u + 1 < s.length && _isSpace(s[u + 1]!)) u++;
    if (s[u] === "\t" || last <= u) break;
    blank.lastIndex = u + 1;
    t = s.length;
  }
  return s.slice(0, t);
}

/** `diff --git A B`: two names, each quoted or up to a blank, and nothing after them (else none). */
function _gitNames(at: string): Array<string | null> {
  const a = _parseName(at);
  if (a === undefined) return [null];
  if (a === null || !_isSpace(at[a.end] ?? "")) return [];
  const b = _parseName(at.slice(a.end));
  if (b === undefined) return [null];
  if (b === null || at.slice(a.end).slice(b.end).trim() !== "") return [];
  return [a.name, b.name];
}

/** parse_name(): a quoted name or the text up to a blank; undefined when a quoted one is malformed. */
function _parseName(at: string): { name: string; end: number } | null | undefined {
  const lead = /^[ \t\n\v\f\r]*/.exec(at)![0].length;
  const s = at.slice(lead);
  if (s.startsWith('"')) {
    const q = _cString(s);
    return q === null ? undefined : { name: q.name, end: lead + q.end };
  }
  const end = s.search(/[ \t\n\v\f\r]/);
  const name = end < 0 ? s : s.slice(0, end);
  return name ? { name, end: lead + name.length } : null;
}

/** A C-quoted name as git writes and patch reads it; null when malformed or when it holds a NUL or bytes that are no UTF-8. */
function _cString(s: string): { name: string; end: number } | null {
  const bytes: number[] = [];
  const encoder = new TextEncoder();
  for (let i = 1; i < s.length; i++) {
    const c = s[i]!;
    if (c === '"') {
      if (bytes.includes(0)) return null;
      try {
        return { name: _utf8.decode(new Uint8Array(bytes)), end: i + 1 };
      } catch {
        return null;
      }
    }
    if (c === "\n") return null;
    if (c !== "\\") {
      bytes.push(...encoder.encode(c));
      continue;
    }
    const e = s[++i];
    if (e === undefined) return null;
    if (ESCAPES[e] !== undefined) {
      bytes.push(ESCAPES[e]!);
      continue;
    }
    if (!/[0-3]/.test(e) || !/^[0-7]{2}$/.test(s.slice(i + 1, i + 3))) return null;
    bytes.push(Number.parseInt(s.slice(i, i + 3), 8));
    i += 2;
  }
  return null;
}

/** The name at every strip level (the last segment, the whole name, then one slash run fewer each); null when there are too many. */
function _levels(name: string): string[] | null {
  const levels = [name];
  for (let p = 0; p < name.length; p++) {
    if (name[p] !== "/") continue;
    while (name[p + 1] === "/") p++;
    if (p + 1 < name.length) levels.push(name.slice(p + 1));
    if (levels.length > MAX_NAMES) return null;
  }
  return levels;
}

/** strip_leading_slashes(): the name after `strip` slashes (runs of them count once; -1 keeps the last segment); null when too few. */
function _strip(name: string, strip: number): string | null {
  let left = strip;
  let from = 0;
  for (let p = 0; p < name.length; p++) {
    if (name[p] !== "/") continue;
    while (name[p + 1] === "/") p++;
    if (strip < 0 || --left >= 0) from = p + 1;
  }
  const rest = name.slice(from);
  return (strip < 0 || left <= 0) && rest ? rest : null;
}
