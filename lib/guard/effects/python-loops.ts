import { type Dirent, readdirSync } from "node:fs";
import { join, normalize } from "node:path";
import { spend } from "../budget.ts";
import { MAX_FIND_ENTRIES } from "../find-dry-run.ts";
import { fnmatchRegExp } from "../fnmatch.ts";
import { lstatOrUndefined, realPathOrNull, statOrUndefined } from "../fs-probe.ts";
import { findWorkspace } from "../paths.ts";
import { callArguments, plainLiteral, pythonOpenMode } from "./code-writes.ts";
import type { LineState } from "./context.ts";
import type { WriteSite } from "./in-place-edits.ts";
import { workspacePath } from "./search-listing.ts";

/*
 * A Python loop over the files of a literal folder (`for p in Path("src").rglob("*.py"):`) whose
 * loop name only ever names one of those files: its writes (`p.write_text(…)`, `open(p, "w")`,
 * `p.open("w")`) are writes of each file the glob matches now, listed at check time (code-writes.ts
 * makes the ops: in place, as `sed -i`, when they write what the code read: in-place-edits.ts).
 * The name must be used in no way that could bind it again: every use is one of a few plain forms
 * (below), or the loop is not read and its writes stay unknown as before.
 */

export interface PathLoop {
  name: string;
  folder: string;
  /** The glob by path segment: `**` is any number of folders. */
  segments: string[];
  /** The names of the write calls on the loop name (`.write_text`), blanked from the opaque test. */
  blank: Array<[number, number]>;
  /** Each write of the file the loop name names: where its call starts and ends (`)`), whether it appends, and the written value's span when the call takes it (`p.write_text(…)`). */
  writes: WriteSite[];
  /** Where the code reads the file the loop name names. */
  reads: number[];
}

// `for NAME in [sorted(|list(]pathlib.Path(` at the start of a line (canonical: `from pathlib import Path` reads so).
const LOOP = /(?<=^|\n)[ \t]*for[ \t]+([A-Za-z_]\w*)[ \t]+in[ \t]+(?:(sorted|list)[ \t]*\([ \t]*)?pathlib[ \t]*\.[ \t]*Path[ \t]*\(/g;
const LISTER = /\s*\.\s*(rglob|glob|iterdir)\s*\(/y;
// Code that can bind a name without spelling it as one: the module namespace or a frame's taken
// as a value, a star import.
const REBINDS = /\b(?:locals|globals|vars|setattr|exec|eval|inspect|gc|_getframe|f_globals|f_locals)\b|(?<!['"])\b__main__\b|\bimport\s*\*/;
// Attributes of the loop name that neither change files nor bind the name (writes and reads are read apart).
const PLAIN_ATTRIBUTES = new Set(["name", "suffix", "suffixes", "stem", "parent", "parts", "exists", "is_file", "is_dir", "is_symlink", "stat", "relative_to", "as_posix", "with_suffix", "with_name", "with_stem", "match", "resolve", "absolute"]);
// Past this many loops or uses of a loop name the code is not read (each use is read once).
const MAX_LOOPS = 8;
const MAX_USES = 256;

/** The loops of (canonical) Python code whose name is used only in the plain forms `_use` reads. */
export function pathLoops(code: string): PathLoop[] {
  if (REBINDS.test(code)) return [];
  const loops: PathLoop[] = [];
  for (const m of code.matchAll(LOOP)) {
    if (loops.length >= MAX_LOOPS) return [];
    const header = _header(code, m);
    if (header === null) continue;
    const loop: PathLoop = { name: m[1]!, ...header, blank: [], writes: [], reads: [] };
    const binding = m.index + m[0].indexOf(loop.name, m[0].indexOf("for") + 3);
    if (_uses(code, loop, binding)) loops.push(loop);
  }
  return loops;
}

/** The folder and glob of a loop's header from just after `Path(`, when the header is exactly the form read here. */
function _header(code: string, m: RegExpExecArray): { folder: string; segments: string[] } | null {
  const path = callArguments(code, m.index + m[0].length);
  const folder = path?.args.length === 1 ? plainLiteral(path.args[0]!.text) : null;
  LISTER.lastIndex = (path?.end ?? 0) + 1;
  const lister = path && LISTER.exec(code);
  if (folder === null || !lister) return null;
  const call = callArguments(code, LISTER.lastIndex);
  if (!call) return null;
  // iterdir() lists every entry of the folder, as glob("*") does.
  const pattern = lister[1] === "iterdir" ? (call.args.length === 0 ? "*" : null) : call.args.length === 1 ? plainLiteral(call.args[0]!.text) : null;
  const segments = pattern === null ? null : _segments(pattern);
  if (segments === null) return null;
  // `sorted(…)` or `list(…)` of the listing alone, then the loop's colon.
  const end = m[2] ? /\s*\)[ \t]*:/y : /[ \t]*:/y;
  end.lastIndex = call.end + 1;
  if (!end.test(code)) return null;
  return { folder, segments: lister[1] === "rglob" ? ["**", ...segments] : segments };
}

/**
 * A glob read as Python reads it: segments of printable ASCII with `*` and `?` only, or `**`
 * alone. Bracket sets, backslashes, `**` inside a segment (an error before Python 3.13, `*`
 * since), an absolute pattern, empty, `.` and `..` segments and a trailing `/` are not read.
 */
function _segments(pattern: string): string[] | null {
  const segments = pattern.split("/");
  const plain = (s: string) => s === "**" || (/^[\x20-\x7e]+$/.test(s) && !/[[\]\\]|\*\*/.test(s) && s !== "." && s !== "..");
  return segments.every(plain) ? segments : null;
}

/**
 * Whether every use of the loop's name other than its binding is a plain one: a write or read
 * call on it (noted on the loop), a plain attribute, the file of `open(NAME, …)` (code-writes.ts
 * reads its mode), `print(NAME…)`, `str(NAME)`, `{NAME}` (an f-string's field), or a string
 * prefix (`f"…"` when the name is `f`). Anything else (`p = …`, `as p`, `def f(p)`, a comment
 * naming it) may bind it again.
 */
function _uses(code: string, loop: PathLoop, binding: number): boolean {
  let count = 0;
  for (const u of code.matchAll(new RegExp(String.raw`(?<![\w.])${loop.name}(?!\w)`, "g"))) {
    if (u.index === binding) continue;
    if (++count > MAX_USES || !_use(code, u.index, loop)) return false;
  }
  return true;
}

function _use(code: string, at: number, loop: PathLoop): boolean {
  const after = at + loop.name.length;
  const rest = code.slice(after, after + 64);
  const before = code.slice(Math.max(0, at - 64), at);
  const attribute = /^\s*\.\s*([A-Za-z_]\w*)(\s*\()?/.exec(rest);
  if (attribute) return _method(code, after, attribute, loop);
  if (/^['"]/.test(rest)) return true;
  if (/(?<![\w.])(?:io\s*\.\s*)?open\s*\(\s*$/.test(before) || /(?<![\w.])print\s*\(\s*$/.test(before)) return /^\s*[,)]/.test(rest);
  if (/(?<![\w.])str\s*\(\s*$/.test(before)) return /^\s*\)/.test(rest);
  return /\{\s*$/.test(before) && /^\s*(?:![rsa]\s*)?(?:\}|:(?!=))/.test(rest);
}

/** An attribute of the loop name (`after` is where the name ends): a write or read call is noted (a write's name blanked), other plain attributes pass. */
function _method(code: string, after: number, attribute: RegExpExecArray, loop: PathLoop): boolean {
  const name = attribute[1]!;
  const to = after + attribute[0].length;
  if (PLAIN_ATTRIBUTES.has(name)) return true;
  if (attribute[2] === undefined) return false;
  if (name === "read_text" || name === "read_bytes") return _read(loop, after);
  const args = callArguments(code, to);
  if (!args) return false;
  const start = after - loop.name.length;
  if (name === "write_text" || name === "write_bytes") return _write(loop, after, to, { start, end: args.end, appends: false, data: [to, args.end] });
  if (name !== "open") return false;
  // `p.open(mode)`: a literal mode, as the builtin open's is read (code-writes.ts), or none (read).
  const mode = pythonOpenMode(args.args);
  if (mode === null) return false;
  return /[wax+]/.test(mode) ? _write(loop, after, to, { start, end: args.end, appends: /[a+]/.test(mode) }) : _read(loop, after);
}

/** A write call on the loop name: its method name (from the `.` to before the `(`) is blanked. */
function _write(loop: PathLoop, from: number, to: number, write: WriteSite): true {
  loop.blank.push([from, to - 1]);
  loop.writes.push(write);
  return true;
}

function _read(loop: PathLoop, at: number): true {
  loop.reads.push(at);
  return true;
}

/**
 * The files a loop can name, spelled as Python yields them (`src/a.py`; `a.py` from `Path(".")`),
 * listed now. Null (unknown) unless the folder is a literal one inside the workspace (no `~`,
 * `..` or symlink: search-listing.ts workspacePath), the working folder is known and nothing
 * earlier in the line changed files, the walk stays within MAX_FIND_ENTRIES entries of printable
 * ASCII names, every folder reads, and it meets no symlinked folder where the glob looks inside
 * folders (Python's `**` does not follow them, a wildcard segment before the last does: either way, unknown here).
 * Folders are no targets: a write to one fails.
 */
export function loopFiles(loop: PathLoop, state: LineState): string[] | null {
  const cwd = state.cwd;
  if (cwd === null || state.afterCd || state.remote || state.landed?.length || state.changes?.length || loop.folder.startsWith("~")) return null;
  const workspace = realPathOrNull(findWorkspace(cwd));
  const root = workspace && workspacePath(cwd, loop.folder, workspace);
  if (!root || lstatOrUndefined(root)?.isDirectory() !== true) return null;
  const folder = normalize(loop.folder).replace(/(?<=.)\/+$/, "");
  const walk: Walk = { visited: 0, read: new Map() };
  let level: Place[] = [{ path: root, spelled: folder === "." ? "" : folder, dir: true, link: false }];
  for (let i = 0; i < loop.segments.length; i++) {
    const next = _step(level, loop.segments[i]!, i === loop.segments.length - 1, walk);
    if (next === null) return null;
    level = next;
  }
  return [...new Set(level.filter((p) => !p.dir).map((p) => p.spelled))];
}

/** A place the glob reached: its path, how Python spells it (`""` for `Path(".")`), whether it is a real folder or a symlink. */
interface Place {
  path: string;
  spelled: string;
  dir: boolean;
  link: boolean;
}

/** The entries read so far (a folder is read once) and their count. */
interface Walk {
  visited: number;
  read: Map<string, Dirent[]>;
}

/** The places one segment reaches from the folders of the last: null when the walk cannot be followed. */
function _step(level: Place[], segment: string, last: boolean, walk: Walk): Place[] | null {
  const out: Place[] = [];
  // Python's fnmatch of one segment (`*` any run, `?` one character, case-sensitive, dotfiles included) is
  // the shell's on the segments read here (_segments: no brackets or backslashes).
  const match = /[*?]/.test(segment) ? fnmatchRegExp(segment) : null;
  for (const from of level) {
    // Every folder below (the folder itself too); as the last segment, every entry below.
    if (segment === "**") {
      const below = _below(from, walk, last);
      if (below === null) return null;
      out.push(...below);
      continue;
    }
    // A name without wildcards is looked up, as Python does (on a folder that ignores case, any spelling).
    const found = match ? _entries(from.path, walk)?.filter((e) => match.test(e.name)).map((e) => _place(from, e.name, e)) : _lookup(from, segment);
    if (found === undefined) return null;
    for (const place of found) {
      // A symlinked folder the glob would look inside: Python follows it, not walked here.
      if (!last && _linkedFolder(place)) return null;
      if (last || place.dir) out.push(place);
    }
  }
  return out;
}

/** `from` and the folders below it, or every entry below it (`all`); null at a symlinked folder. */
function _below(from: Place, walk: Walk, all: boolean): Place[] | null {
  const out: Place[] = all ? [] : [from];
  const entries = _entries(from.path, walk);
  if (entries === undefined) return null;
  for (const e of entries) {
    const place = _place(from, e.name, e);
    if (_linkedFolder(place)) return null;
    if (all) out.push(place);
    if (!place.dir) continue;
    const inner = _below(place, walk, all);
    if (inner === null) return null;
    out.push(...inner);
  }
  return out;
}

function _place(from: Place, name: string, entry: { isDirectory(): boolean; isSymbolicLink(): boolean }): Place {
  return { path: join(from.path, name), spelled: from.spelled === "" ? name : `${from.spelled}/${name}`, dir: entry.isDirectory(), link: entry.isSymbolicLink() };
}

/** The entry of that exact name in a folder, when there is one. */
function _lookup(from: Place, name: string): Place[] {
  const stat = lstatOrUndefined(join(from.path, name));
  return stat ? [_place(from, name, stat)] : [];
}

/** A symlink that leads to a folder. */
function _linkedFolder(place: Place): boolean {
  return place.link && statOrUndefined(place.path)?.isDirectory() === true;
}

/** A folder's entries, counted against the walk's bound; undefined past it, on a name outside printable ASCII or when it cannot be read. */
function _entries(path: string, walk: Walk): Dirent[] | undefined {
  const known = walk.read.get(path);
  if (known) return known;
  spend();
  let entries: Dirent[];
  try {
    entries = readdirSync(path, { withFileTypes: true });
  } catch {
    return undefined;
  }
  walk.visited += entries.length;
  if (walk.visited > MAX_FIND_ENTRIES || !entries.every((e) => /^[\x20-\x7e]+$/.test(e.name))) return undefined;
  walk.read.set(path, entries);
  return entries;
}
