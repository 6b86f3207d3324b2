import type { LoopWrite, PathLoop } from "./python-loops.ts";

/*
 * Whether a Python loop over a folder's files (python-loops.ts) edits them in place: every write
 * appends, or writes what the code read from the loop's file. A read whose value the write does
 * not use (`p.read_bytes(); p.write_text("")`) keeps no part of the file: the write is an
 * overwrite, as one with no read is. "Uses" is read from the text: the written value holds a read
 * of the loop's file (`p.write_text(p.read_text().replace(…))`), or a name an earlier statement
 * assigned from one (`t = p.read_text()`, `with open(p) as h:` then `t = h.read()`), as it stands
 * where the value is written (`t = ""` after it drops it). A write through a handle
 * (`open(p, "w")`, `p.open("w")`) writes what its chained `.write(…)` or the `.write(…)` calls
 * on its name (`with … as h`, `h = …`) are given; anything else it is given (`json.dump(d, h)`)
 * is not read, and the write is an overwrite. Names in an f-string's text count as uses.
 */

// A statement that assigns one name (`t = …`; not `==`, tuples or annotations, left unread).
const ASSIGNMENT = /(?:^|[;\n:])[ \t]*([A-Za-z_]\w*)[ \t]*=(?!=)/g;
// A `with` statement's header, and the names it binds.
const WITH = /(?:^|[;\n:])[ \t]*(?:async[ \t]+)?with\b/g;
const AS = /\bas[ \t]+([A-Za-z_]\w*)/g;
const NAME = /[A-Za-z_]\w*/g;
// A write on a handle right after it (`open(p, "w").write(`), or its name bound by `with … as h`.
const CHAINED_WRITE = /\s*\.\s*write(?:lines)?\s*\(/y;
const BOUND_AS = /\s*as[ \t]+([A-Za-z_]\w*)/y;
const BOUND_BY = /(?:^|[;\n:])[ \t]*([A-Za-z_]\w*)[ \t]*=[ \t]*$/;
// An f-string's prefix right before its quote (`f"`, `rf"`, `Fr"`), not the end of a longer name.
const F_PREFIX = /(?<!\w)(?:[fF][rRbB]?|[rRbB][fF])$/;
// Past this many characters a bracketed span is not followed (as callArguments).
const MAX_SPAN = 4096;

/** Whether each write of `loop` in (canonical) Python `code` appends or writes what the code read from the loop's file. */
export function editsInPlace(code: string, loop: PathLoop): boolean {
  if (loop.writes.every((w) => w.appends)) return true;
  if (loop.reads.length === 0) return false;
  const masked = maskStrings(code);
  const taint = _taint(masked, loop.reads);
  const uses = ([from, to]: [number, number]) => loop.reads.some((r) => r >= from && r < to) || _names(masked, from, to).some((n) => taint(n, from));
  return loop.writes.every((w) => w.appends || _written(masked, w).some(uses));
}

/** The spans of code whose value a write puts in the file: its argument, or what its handle's `.write(…)` calls are given. */
function _written(masked: string, w: LoopWrite): Array<[number, number]> {
  if (w.data) return [w.data];
  CHAINED_WRITE.lastIndex = w.end + 1;
  if (CHAINED_WRITE.test(masked)) {
    const close = _close(masked, CHAINED_WRITE.lastIndex);
    return close === null ? [] : [[CHAINED_WRITE.lastIndex, close]];
  }
  BOUND_AS.lastIndex = w.end + 1;
  const handle = BOUND_AS.exec(masked)?.[1] ?? BOUND_BY.exec(masked.slice(Math.max(0, w.start - 64), w.start))?.[1];
  if (handle === undefined) return [];
  const spans: Array<[number, number]> = [];
  const calls = new RegExp(String.raw`(?<![\w.])${handle}\s*\.\s*write(?:lines)?\s*\(`, "g");
  calls.lastIndex = w.end + 1;
  for (const m of masked.matchAll(calls)) {
    const from = m.index + m[0].length;
    const close = _close(masked, from);
    if (close !== null) spans.push([from, close]);
  }
  return spans;
}

/**
 * Which names hold what the code read from the loop's file, where: each assignment, in the
 * order of the text, holds it when its value holds a read or a name that holds it there.
 */
function _taint(masked: string, reads: number[]): (name: string, at: number) => boolean {
  const assignments: Array<{ name: string; at: number; from: number; to: number }> = [];
  for (const m of masked.matchAll(ASSIGNMENT)) {
    const from = m.index + m[0].length;
    assignments.push({ name: m[1]!, at: m.index + m[0].indexOf(m[1]!), from, to: _statementEnd(masked, from, false) });
  }
  for (const m of masked.matchAll(WITH)) {
    const from = m.index + m[0].length;
    const to = _statementEnd(masked, from, true);
    for (const a of masked.slice(from, to).matchAll(AS)) assignments.push({ name: a[1]!, at: from + a.index, from, to: from + a.index });
  }
  assignments.sort((a, b) => a.at - b.at);
  const held = new Map<string, Array<{ at: number; holds: boolean }>>();
  const holds = (name: string, at: number) => held.get(name)?.findLast((h) => h.at < at)?.holds === true;
  for (const a of assignments) {
    const value = reads.some((r) => r >= a.from && r < a.to) || _names(masked, a.from, a.to).some((n) => holds(n, a.at));
    let list = held.get(a.name);
    if (!list) held.set(a.name, (list = []));
    list.push({ at: a.at, holds: value });
  }
  return holds;
}

function _names(masked: string, from: number, to: number): string[] {
  return masked.slice(from, to).match(NAME) ?? [];
}

/** Where a statement whose text starts at `from` ends: a newline, `;` (or, for a `with` header, `:`) outside brackets. */
function _statementEnd(masked: string, from: number, header: boolean): number {
  let depth = 0;
  for (let i = from; i < masked.length; i++) {
    const c = masked[i]!;
    if (c === "\\" && masked[i + 1] === "\n") i++;
    else if (c === "(" || c === "[" || c === "{") depth++;
    else if ((c === ")" || c === "]" || c === "}") && depth > 0) depth--;
    else if (depth === 0 && (c === "\n" || c === ";" || (header && c === ":"))) return i;
  }
  return masked.length;
}

/** The index of the `)` closing a call whose arguments start at `from`, within MAX_SPAN; null past it. */
function _close(masked: string, from: number): number | null {
  let depth = 0;
  for (let i = from; i < Math.min(masked.length, from + MAX_SPAN); i++) {
    const c = masked[i]!;
    if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" && depth === 0) return i;
    else if (c === ")" || c === "]" || c === "}") depth--;
  }
  return null;
}

/**
 * Python code with the text of its comments and of its string literals but f-strings blanked
 * (same length, same offsets): names in them are no uses, and brackets, `;` and newlines in them
 * end nothing. An f-string keeps its text (its fields name values), its quotes' span still skipped.
 */
export function maskStrings(code: string): string {
  const out = code.split("");
  for (let i = 0; i < code.length; i++) {
    const c = code[i]!;
    if (c === "#") {
      for (; i < code.length && code[i] !== "\n"; i++) out[i] = " ";
      continue;
    }
    if (c !== "'" && c !== '"') continue;
    const fString = F_PREFIX.test(code.slice(Math.max(0, i - 3), i));
    const closer = code.startsWith(c.repeat(3), i) ? c.repeat(3) : c;
    let j = i + closer.length;
    for (; j < code.length && !code.startsWith(closer, j); j++) {
      if (code[j] === "\\") j++;
      // A single-quoted string ends at its line's end (unterminated: left to Python).
      else if (closer.length === 1 && code[j] === "\n") break;
    }
    if (!fString) for (let k = i + closer.length; k < Math.min(j, code.length); k++) out[k] = " ";
    i = Math.min(j + closer.length - 1, code.length);
  }
  return out.join("");
}
