import { maskCode } from "./code-masks.ts";
import type { Language } from "./interpreters.ts";

/*
 * Whether interpreter code's write of a file edits it in place (as `sed -i` does): the write
 * appends, or writes what the code read from that file before the write truncated it. A read
 * whose value the write does not use (`open("a").read(); open("a", "w").write("")`) keeps no part
 * of the file: the write is an overwrite, as one with no read is. "Uses" is read from the text:
 * the written value holds a read of the file (`p.write_text(p.read_text().replace(…))`,
 * `fs.writeFileSync("a", fs.readFileSync("a", "utf8"))`), or a name an earlier statement assigned
 * from one (`t = File.read("a")`, `my @l = <$in>` after `open(my $in, "<", "a")`, `with open(p)
 * as h:` then `t = h.read()`), as it stands where the value is written (`t = ""` after it drops
 * it). A write through a handle (`open(p, "w")`, `fs.createWriteStream("a")`, Ruby's
 * `File.open("a", "w") { |f| … }`, Perl's `open(my $out, ">", "a")`) writes what its chained
 * `.write(…)` or the writes on its name (`h.write(…)`, `print $out …`) are given; anything else it
 * is given (`json.dump(d, h)`) is not read, and the write is an overwrite. Reads after a handle's
 * open read the truncated file: they do not count. Names in an interpolating string count as uses.
 */

/** A write: where its call starts and ends (its `)` or last character), whether it appends, the written value's span when the call takes it, its handle's name when the call names it (Perl). */
export interface WriteSite {
  start: number;
  end: number;
  appends: boolean;
  data?: [number, number];
  handle?: string;
}

type Span = [number, number];
interface Assignment {
  name: string;
  at: number;
  from: number;
  to: number;
}
/** The reads a name's value holds where it is used: for each file's key, the earliest read it holds. */
type Held = (name: string, at: number) => ReadMap | undefined;
type ReadMap = ReadonlyMap<string, number>;
/** A read of the file with the key, at a position of the code. */
export interface ReadSite {
  key: string;
  at: number;
}

interface Syntax {
  name: RegExp;
  /** What ends a statement outside brackets (besides an unmatched closing bracket). */
  ends: string;
  /** A statement that assigns one name; its value runs to the statement's end. */
  assignment: RegExp;
  /** Names bound otherwise (`with … as h`, a block's `|f|`, Perl's open handle), with the span that gives their value. */
  binders?: (masked: string, syntax: Syntax) => Assignment[];
  /** A write on a handle right after its open call (`open(p, "w").write(`). */
  chained?: RegExp;
  /** A handle named right after its open call (`as h`, `{ |f|`), or by the assignment right before it (`h = `). */
  boundAfter?: RegExp;
  boundBefore?: RegExp;
  /** A write on a handle, its name the first group that matched; a match ending in `(` or `,` takes the call's arguments, any other the rest of the statement. */
  handleWrite: RegExp;
  /** Calls given a handle as an argument (`json.dump(d, f)`, `print(t, file=f)`); `handleArgument` reads the text before it in a call's arguments. */
  handleCalls?: RegExp;
  handleArgument?: (call: string) => HandleArgument;
}

/** What comes before a handle in a call's arguments: a handle name after it (global), and it ending the text before an open call given as the handle. */
interface HandleArgument {
  named: RegExp;
  ending: RegExp;
}

function _handleArgument(before: string): HandleArgument {
  return { named: new RegExp(String.raw`${before}([A-Za-z_]\w*)\s*(?=,|$)`, "g"), ending: new RegExp(`${before}$`) };
}

interface HandleWrites {
  /** What the writes on each handle name are given. */
  named: Map<string, Span[]>;
  /** The calls given a handle as an argument: their arguments' span and what comes before the handle. */
  calls: Array<{ span: Span; before: HandleArgument }>;
}

const WORD = /[A-Za-z_]\w*/g;
// A `with` statement's header (Python), and the names it binds.
const WITH = /(?:^|[;\n:])[ \t]*(?:async[ \t]+)?with\b/g;
const AS = /\bas[ \t]+([A-Za-z_]\w*)/g;
const RUBY_BLOCK = /(?:\{|\bdo\b)[ \t]*\|[ \t]*([A-Za-z_]\w*)[ \t]*\|/g;
const PERL_HANDLE = /\bopen\b\s*\(?\s*(?:(?:my|our|local)\s+)?\$?([A-Za-z_]\w*)\s*,/g;
// print writes to a handle only as `file=`; a dump takes it after the value (or as `fp=`/`stream=`).
const PY_PRINT_FILE = _handleArgument(String.raw`,\s*file\s*=\s*`);
const PY_DUMP_HANDLE = _handleArgument(String.raw`,\s*(?:(?:fp|stream|file)\s*=\s*)?`);
// Past this many characters a bracketed span is not followed (as callArguments).
const MAX_SPAN = 4096;

const SYNTAX: Partial<Record<Language, Syntax>> = {
  python: {
    name: WORD,
    ends: "\n;",
    assignment: /(?:^|[;\n:])[ \t]*([A-Za-z_]\w*)[ \t]*=(?!=)/g,
    binders: (masked, syntax) =>
      [...masked.matchAll(WITH)].flatMap((m) => {
        const from = m.index + m[0].length;
        const to = _statementEnd(masked, from, syntax, ":");
        return [...masked.slice(from, to).matchAll(AS)].map((a) => ({ name: a[1]!, at: from + a.index, from, to: from + a.index }));
      }),
    chained: /\s*\.\s*write(?:lines)?\s*\(/y,
    boundAfter: /\s*as[ \t]+([A-Za-z_]\w*)/y,
    boundBefore: /(?:^|[;\n:])[ \t]*([A-Za-z_]\w*)[ \t]*=[ \t]*$/,
    handleWrite: /(?<![\w.])([A-Za-z_]\w*)\s*\.\s*write(?:lines)?\s*\(/g,
    handleCalls: /(?<![\w.])(?:(?:json|pickle|marshal|yaml|toml)\s*\.\s*(?:safe_)?dump(?:_all)?|print)\s*\(/g,
    handleArgument: (call) => (call.startsWith("print") ? PY_PRINT_FILE : PY_DUMP_HANDLE),
  },
  node: {
    name: /[A-Za-z_$][\w$]*/g,
    ends: "\n;",
    assignment: /(?:^|[;\n{}(])[ \t]*(?:(?:const|let|var)[ \t]+)?([A-Za-z_$][\w$]*)[ \t]*=(?![=>])/g,
    chained: /\s*\.\s*(?:write|end)\s*\(/y,
    boundBefore: /(?:^|[;\n{}(])[ \t]*(?:(?:const|let|var)[ \t]+)?([A-Za-z_$][\w$]*)[ \t]*=[ \t]*(?:await[ \t]+)?$/,
    handleWrite: /(?<![\w.$])([A-Za-z_$][\w$]*)\s*\.\s*(?:write|end)\s*\(|(?<![\w.$])fs\s*\.\s*write(?:Sync)?\s*\(\s*([A-Za-z_$][\w$]*)\s*,/g,
  },
  ruby: {
    name: WORD,
    ends: "\n;",
    assignment: /(?:^|[;\n{|])[ \t]*@{0,2}([A-Za-z_]\w*)[ \t]*=(?![=~>])/g,
    // A block's parameter holds what the call before it opens (from the statement's start).
    binders: (masked) =>
      [...masked.matchAll(RUBY_BLOCK)].map((m) => {
        const from = Math.max(masked.lastIndexOf("\n", m.index), masked.lastIndexOf(";", m.index)) + 1;
        return { name: m[1]!, at: m.index + m[0].lastIndexOf(m[1]!), from, to: m.index };
      }),
    chained: /\s*\.\s*(?:write|puts|print|printf|syswrite)\s*\(/y,
    boundAfter: /\s*(?:(?:\{|do\b)\s*)?\|\s*([A-Za-z_]\w*)\s*\|/y,
    boundBefore: /(?:^|[;\n{|])[ \t]*([A-Za-z_]\w*)[ \t]*=[ \t]*$/,
    handleWrite: /(?<![\w.@])([A-Za-z_]\w*)\s*(?:\.\s*(?:write|puts|print|printf|syswrite)\b\s*\(?|<<)/g,
  },
  perl: {
    name: WORD,
    ends: ";",
    assignment: /(?:^|[;\n{}])[ \t]*(?:(?:my|our|local)[ \t]*)?\(?[ \t]*[$@%]([A-Za-z_]\w*)[ \t]*\)?[ \t]*=(?![=~>])/g,
    // `open(my $in, "<", "a")` binds $in to what it opens.
    binders: (masked, syntax) =>
      [...masked.matchAll(PERL_HANDLE)].map((m) => ({ name: m[1]!, at: m.index + m[0].lastIndexOf(m[1]!), from: m.index, to: _statementEnd(masked, m.index, syntax) })),
    handleWrite:
      /(?<![\w$])(?:print|printf|say)\s*(?:\{\s*\$?([A-Za-z_]\w*)\s*\}|\$?([A-Za-z_]\w*)\b(?!\s*(?:[,(\[{]|->)))|\bsyswrite\s*\(\s*\$?([A-Za-z_]\w*)\s*,|\$([A-Za-z_]\w*)\s*->\s*(?:print|printf|say|syswrite)\s*\(/g,
  },
};

/**
 * A test of the writes of (canonical) `code`: whether a write edits its file in place, given the
 * code's reads (each with its file's key). The code is read once, on the first write with a read
 * of its file before it: masked, its assignments and handle writes listed, the reads each name
 * holds followed.
 */
export function inPlaceTest(code: string, language: Language, reads: ReadSite[]): (key: string, write: WriteSite) => boolean {
  const syntax = SYNTAX[language];
  let byKey: Map<string, number[]> | undefined;
  let read: { masked: string; held: Held; handles: HandleWrites } | undefined;
  return (key, w) => {
    if (w.appends) return true;
    byKey ??= _byKey(reads);
    const ats = byKey.get(key);
    // Reads after a write's end read what it left.
    const before = (from: number, to: number) => ats !== undefined && _firstAt(ats, from) < _firstAt(ats, Math.min(to, w.end));
    if (!syntax || !before(0, w.end)) return false;
    read ??= _read(code, language, syntax, reads);
    const { masked, held } = read;
    const uses = ([from, to]: Span) => before(from, to) || _names(masked, syntax, from, to).some((n) => (held(n, from)?.get(key) ?? Infinity) < w.end);
    return _written(masked, syntax, read.handles, w).some(uses);
  };
}

/** The code masked once, what each name holds, and what each handle name is given. */
function _read(code: string, language: Language, syntax: Syntax, reads: ReadSite[]): { masked: string; held: Held; handles: HandleWrites } {
  const masked = maskCode(code, language);
  return { masked, held: _taint(masked, syntax, _assignments(masked, syntax), reads), handles: _handleWrites(masked, syntax) };
}

/** The positions of each file's reads, in order. */
function _byKey(reads: ReadSite[]): Map<string, number[]> {
  const byKey = new Map<string, number[]>();
  for (const r of reads) {
    const ats = byKey.get(r.key);
    if (ats) ats.push(r.at);
    else byKey.set(r.key, [r.at]);
  }
  for (const ats of byKey.values()) ats.sort((a, b) => a - b);
  return byKey;
}

/** The spans of code whose value a write puts in the file: its argument, or what its handle's writes are given. */
function _written(masked: string, s: Syntax, handles: HandleWrites, w: WriteSite): Span[] {
  if (w.data) return [w.data];
  if (s.chained) {
    s.chained.lastIndex = w.end + 1;
    if (s.chained.test(masked)) {
      const close = _close(masked, s.chained.lastIndex);
      return close === null ? [] : [[s.chained.lastIndex, close]];
    }
  }
  let handle = w.handle;
  if (handle === undefined && s.boundAfter) {
    s.boundAfter.lastIndex = w.end + 1;
    handle = s.boundAfter.exec(masked)?.[1];
  }
  handle ??= s.boundBefore?.exec(masked.slice(Math.max(0, w.start - 64), w.start))?.[1];
  if (handle !== undefined) return (handles.named.get(handle) ?? []).filter(([from]) => from > w.end);
  // The open call given as the handle (`json.dump(d, open(p, "w"))`) writes what comes before it.
  const call = handles.calls.find(({ span: [from, to], before }) => from < w.start && w.end < to && before.ending.test(masked.slice(from, w.start)) && /^\s*(?:,|$)/.test(masked.slice(w.end + 1, to)));
  return call ? [[call.span[0], w.start]] : [];
}

/** The writes on each handle name (handleWrite, handleCalls), by name: the spans of what they are given; and the calls given a handle. */
function _handleWrites(masked: string, s: Syntax): HandleWrites {
  const handles = new Map<string, Span[]>();
  const calls: HandleWrites["calls"] = [];
  const add = (name: string, span: Span) => {
    const list = handles.get(name);
    if (list) list.push(span);
    else handles.set(name, [span]);
  };
  for (const m of masked.matchAll(s.handleWrite)) {
    const from = m.index + m[0].length;
    const close = /[(,]$/.test(m[0]) ? _close(masked, from) : _statementEnd(masked, from, s);
    if (close !== null) add(m.slice(1).find((g) => g !== undefined)!, [from, close]);
  }
  if (s.handleCalls && s.handleArgument) {
    for (const m of masked.matchAll(s.handleCalls)) {
      const from = m.index + m[0].length;
      const close = _close(masked, from);
      if (close === null) continue;
      const before = s.handleArgument(m[0]);
      calls.push({ span: [from, close], before });
      for (const a of masked.slice(from, close).matchAll(before.named)) add(a[1]!, [from, close]);
    }
  }
  return { named: handles, calls };
}

/** Each statement that assigns a name and each other binding, in the order of the text. */
function _assignments(masked: string, s: Syntax): Assignment[] {
  const assignments: Assignment[] = [];
  for (const m of masked.matchAll(s.assignment)) {
    const from = m.index + m[0].length;
    assignments.push({ name: m[1]!, at: m.index + m[0].lastIndexOf(m[1]!, m[0].lastIndexOf("=")), from, to: _statementEnd(masked, from, s) });
  }
  if (s.binders) assignments.push(...s.binders(masked, s));
  return assignments.sort((a, b) => a.at - b.at);
}

/**
 * Which reads each name holds, where: each assignment, in the order of the text, holds the reads
 * in its value and those the names in it hold there (for each file, the earliest: a write counts
 * a name only when that read comes before the write truncates the file).
 */
function _taint(masked: string, s: Syntax, assignments: Assignment[], reads: ReadSite[]): Held {
  const sorted = [...reads].sort((a, b) => a.at - b.at);
  const ats = sorted.map((r) => r.at);
  const held = new Map<string, Array<{ at: number; reads: ReadMap | undefined }>>();
  const holds: Held = (name, at) => held.get(name)?.findLast((h) => h.at < at)?.reads;
  for (const a of assignments) {
    let value: ReadMap | undefined;
    for (let i = _firstAt(ats, a.from); i < sorted.length && sorted[i]!.at < a.to; i++) value = _merge(value, new Map([[sorted[i]!.key, sorted[i]!.at]]));
    for (const n of _names(masked, s, a.from, a.to)) {
      const r = holds(n, a.at);
      if (r !== undefined) value = _merge(value, r);
    }
    let list = held.get(a.name);
    if (!list) held.set(a.name, (list = []));
    list.push({ at: a.at, reads: value });
  }
  return holds;
}

/** The reads of both (for each file, the earliest); one alone is shared, not copied. */
function _merge(value: ReadMap | undefined, from: ReadMap): ReadMap {
  if (value === undefined || value === from) return from;
  const into = new Map(value);
  for (const [key, at] of from) {
    const had = into.get(key);
    if (had === undefined || at < had) into.set(key, at);
  }
  return into;
}

/** The index of the first position at or after `at` in sorted positions. */
function _firstAt(sorted: number[], at: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function _names(masked: string, s: Syntax, from: number, to: number): string[] {
  return masked.slice(from, to).match(s.name) ?? [];
}

/** Where a statement whose text starts at `from` ends: one of its ends (or `extra`, a header's `:`) outside brackets, or an unmatched closing bracket. */
function _statementEnd(masked: string, from: number, s: Syntax, extra = ""): number {
  let depth = 0;
  for (let i = from; i < masked.length; i++) {
    const c = masked[i]!;
    if (c === "\\" && masked[i + 1] === "\n") i++;
    else if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") {
      if (depth-- === 0) return i;
    } else if (depth === 0 && (s.ends.includes(c) || extra.includes(c))) return i;
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
