import { normalize } from "node:path";
import { op, type Op } from "../ops.ts";
import { literalWord, type Word } from "../syntax.ts";
import { HARMLESS_DEVICES } from "./analyze.ts";
import { once } from "./lazy-handler.ts";
import type { WriteSite } from "./in-place-edits.ts";
import type { PathLoop } from "./python-loops.ts";
import { isSecretPath, secretArgOps } from "./secrets.ts";
import { stringLiteral } from "./code-literals.ts";
import type { AnalyzeContext } from "./context.ts";
import type { Language } from "./interpreters.ts";
import { setScript } from "./written-scripts.ts";

/*
 * Files interpreter code writes by a literal name (`open('out.txt', 'w')`, `Path('x').write_text`,
 * `fs.writeFileSync('x', …)`, Perl `open(my $fh, '>', 'x')`, Ruby `File.write('x', …)`): each is
 * an overwrite of that file, in place when the mode appends or updates or the write writes what
 * the code read from the same name (like `sed -i`; in-place-edits.ts), and lands it, so running
 * it later in the line is unknown. A write whose name or mode is not a plain literal, or code
 * that may change its folder or make links (`chdir`, `symlink`), is unknown. The resolved calls'
 * names are blanked from the code handed to the opaque test (opaque-code.ts); their arguments
 * stay and are judged as before. A Python loop over a literal folder's glob (`for p in
 * Path('src').rglob('*.py'): p.write_text(…)`) writes each file the glob matches now (python-loops.ts).
 */

interface CodeWrites {
  ops: Op[];
  /** The code with the names of the calls judged here blanked (same length, same offsets). */
  rest: string;
}

interface Access {
  path: string;
  /** Where the access is evaluated: a read before a write's end may give it what it writes (in-place-edits.ts). */
  at: number;
}

interface Found {
  ops: Op[];
  /** Call sites examined: past MAX_CALLS the rest are left unresolved, to the opaque test (linear). */
  calls: number;
  blank: Array<[number, number]>;
  reads: Access[];
  writes: Array<WriteSite & { path: string }>;
  /** Python loops over a folder's files whose name some call writes (python-loops.ts). */
  loops: PathLoop[];
}

// Code that changes its working folder or makes links: a relative or linked name is not placed.
const UNPLACED = /chdir|symlink|\blink|hardlink|\bln_s/;
// Node's process taken as a value rather than by a named member (`process['ch'+'dir'](…)`,
// `const p = process`) may reach chdir under a name the test above cannot read.
const NODE_PROCESS_VALUE = /\bprocess\b(?!\s*\.\s*[A-Za-z_$])/;
// Longer call arguments than this are not read; more call sites than this are not read one by one.
const MAX_ARGUMENTS = 4096;
const MAX_CALLS = 256;

/**
 * The literal writes in (canonical) interpreter code, and the code with their call names blanked.
 * Each written file holds text the guard did not read (as after `cmd > file`): running, sourcing
 * or importing it later in the line is unknown (written-scripts.ts).
 */
export function codeWrites(code: string, language: Language, state: AnalyzeContext["state"]): CodeWrites {
  const found: Found = { ops: [], calls: 0, blank: [], reads: [], writes: [], loops: [] };
  if (language === "python") _python(code, found);
  else if (language === "node") _node(code, found);
  else if (language === "perl") _perl(code, found);
  else if (language === "ruby") _ruby(code, found);
  // Ruby's File.open is not named in opaque-code.ts: opens left unread are unknown.
  if (found.calls > MAX_CALLS && language === "ruby") found.ops.push(op("unknown", "ruby:open"));
  const placed = !UNPLACED.test(code) && !(language === "node" && NODE_PROCESS_VALUE.test(code));
  // Each file's reads, keyed by its name (a loop's by its index: no file name holds a NUL).
  const editsInPlace = once(() => {
    const loopReads = found.loops.flatMap((l, i) => l.reads.map((at) => ({ key: `\0${i}`, at })));
    return inPlaceEdits().inPlaceTest(code, language, [...found.reads.map((r) => ({ key: r.path, at: r.at })), ...loopReads]);
  });
  for (const w of found.writes) {
    if (HARMLESS_DEVICES.test(w.path)) continue;
    if (!placed) {
      found.ops.push(op("unknown", `${language}:write`));
      continue;
    }
    setScript(w.path, null, state);
    const target = literalWord(w.path);
    if (_writesSecret(target, state)) found.ops.push(op("secret", `${language}:write`));
    const inPlace = w.appends || editsInPlace()(w.path, w);
    found.ops.push({ ...op("overwrite", `${language}:write`, [target]), inPlace: inPlace || undefined, lands: "created" });
  }
  found.loops.forEach((loop, i) => found.ops.push(...(placed ? _loopOps(loop, state, (w) => editsInPlace()(`\0${i}`, w)) : [op("unknown", "python:write")])));
  return { ops: found.ops, rest: blankSpans(code, found.blank) };
}

/** The code with each span (`[from, to)`, overlapping ones skipped) replaced by blanks: same length, same offsets. */
export function blankSpans(code: string, spans: Array<[number, number]>): string {
  const parts: string[] = [];
  let at = 0;
  for (const [from, to] of spans.sort((a, b) => a[0] - b[0])) {
    if (from < at) continue;
    parts.push(code.slice(at, from), " ".repeat(to - from));
    at = to;
  }
  parts.push(code.slice(at));
  return parts.join("");
}

/** As a redirection onto a credential store asks (analyze.ts redirectOps); an env file is an ordinary write. */
function _writesSecret(target: Word, state: AnalyzeContext["state"]): boolean {
  return isSecretPath(target, state.cwd) && !/(^|\/)\.env[^/]*$/.test(target.value);
}

const pythonLoops = once((): typeof import("./python-loops.ts") => require("./python-loops.ts"));
const inPlaceEdits = once((): typeof import("./in-place-edits.ts") => require("./in-place-edits.ts"));

/**
 * A loop's writes: each file its glob matches now, written as a literal name is above (in place,
 * as by `sed -i`, when every write appends or writes what the code read from the loop's file:
 * in-place-edits.ts), and read as `sed -i` reads it when the code reads the loop name.
 * Unknown when the files cannot be listed (python-loops.ts loopFiles).
 */
function _loopOps(loop: PathLoop, state: AnalyzeContext["state"], editsInPlace: (write: WriteSite) => boolean): Op[] {
  const files = pythonLoops().loopFiles(loop, state);
  if (files === null) return [op("unknown", "python:write")];
  if (files.length === 0) return [];
  const targets = files.map((f) => literalWord(f));
  const ops = loop.reads.length ? secretArgOps("python:read", targets, state.cwd, state) : [];
  if (targets.some((t) => _writesSecret(t, state))) ops.push(op("secret", "python:write"));
  const inPlace = loop.writes.every(editsInPlace);
  for (const f of files) setScript(f, null, state);
  ops.push({ ...op("overwrite", "python:write", targets), inPlace: inPlace || undefined, lands: "created" });
  return ops;
}

/** The matches of a call pattern, counted: past MAX_CALLS in all the code's passes, no more (they stay unresolved). */
function* _sites(code: string, pattern: RegExp, found: Found): Generator<RegExpExecArray> {
  for (const m of code.matchAll(pattern)) {
    if (++found.calls > MAX_CALLS) return;
    yield m as RegExpExecArray;
  }
}

/** A string literal at `at`, read within MAX_ARGUMENTS characters (an unclosed quote is not rescanned to the end); an escaped one's value is unknown. */
function _stringAt(code: string, at: number): { value: string | undefined; end: number } | null {
  const s = stringLiteral(code.slice(at, at + MAX_ARGUMENTS), 0);
  return s && { value: s.escaped ? undefined : s.value, end: at + s.end };
}

/**
 * A plain file name: not empty, no home shorthand (`~` is not expanded by these calls), no pipe or
 * NUL. A `..` after a folder stays as written: the system resolves it from where that folder's
 * link leads (`linked/../.bashrc` is beside the link's target), not by dropping the folder.
 */
export function fileName(value: string | null | undefined): string | null {
  if (!value || /^[~|]|[\0\n]/.test(value) || value.trim() !== value) return null;
  return /(?:^|\/)\.\.(?:\/|$)/.test(value) ? value : normalize(value);
}

/** The whole argument text as one plain string literal (no escape but `\\` and the quote), or null. */
export function plainLiteral(arg: string | undefined): string | null {
  if (arg === undefined) return null;
  const s = stringLiteral(arg, 0);
  return s && s.end === arg.length && !s.escaped ? s.value : null;
}

/**
 * Names bound once to a plain string literal (`path = 'x'`, `const path = 'x'`, each alone on its
 * statement) whose every other use is the file argument of a call read here (`fileArgument`
 * matches the text before it; a `,` or `)` follows it): such a call names that literal file. Any
 * other use (printed, passed on, bound again, a parameter, loop or `with` variable of that name)
 * leaves the name out, and the calls it reaches stay unknown as before.
 */
function _stringNames(code: string, binding: RegExp, fileArgument: RegExp, statementEnd: RegExp, found: Found): Map<string, string> {
  const names = new Map<string, string>();
  for (const b of _sites(code, binding, found)) {
    const name = b[1]!;
    const value = _stringAt(code, b.index + b[0].length);
    if (value?.value === undefined || !statementEnd.test(code.slice(value.end, value.end + 64))) continue;
    // The name is the last word before `=`.
    const at = b.index + b[0].lastIndexOf(name, b[0].lastIndexOf("="));
    let plain = true;
    for (const u of _sites(code, new RegExp(String.raw`(?<![\w.$])${name.replace(/\$/g, "\\$")}(?![\w$])`, "g"), found)) {
      if (u.index === at) continue;
      if (!fileArgument.test(code.slice(Math.max(0, u.index - 64), u.index)) || !/^\s*[,)]/.test(code.slice(u.index + name.length))) {
        plain = false;
        break;
      }
    }
    // Uses left unread past MAX_CALLS may rebind the name.
    if (plain && found.calls <= MAX_CALLS) names.set(name, value.value);
  }
  return names;
}

/** A call argument's literal file name: a plain string literal, or a name `_stringNames` bound to one. */
function _named(arg: string | undefined, names: Map<string, string>): string | undefined {
  return plainLiteral(arg) ?? names.get(arg ?? "") ?? undefined;
}

function _unknown(language: Language, found: Found, what: string): void {
  found.ops.push(op("unknown", `${language}:${what}`));
}

// Python: the builtin open (and io.open), pathlib's write_text/write_bytes on a literal Path.
const PY_OPEN = /(?<![\w.])(?:io\s*\.\s*)?open\s*\(/g;
const PY_OPEN_REFERENCE = /(?:[=(,[:]|\breturn\b|\blambda\b)\s*(?:io\s*\.\s*)?open\b(?!\s*\()/;
const PY_MODE = /^[rwxabtU+]+$/;
export const PY_PATH_CALL = /(?<![\w.])pathlib\s*\.\s*Path\s*\(/g;
const PY_PATH_METHOD = /\s*\.\s*(write_text|write_bytes|read_text|read_bytes|open)\s*\(/y;
const PY_PATH_BINDING = /(?:^|[;\n])[ \t]*(\w+)[ \t]*=[ \t]*(?=pathlib\s*\.\s*Path\s*\()/g;
// What a name bound to a literal Path may be used for: reading, writing, asking about it.
const PY_PATH_USE = /\s*\.\s*(?:(write_text|write_bytes|read_text|read_bytes|open)\s*\(|(?:exists|is_file|name|suffix|stem)\b)/y;

// `path = 'x'` alone on its statement, and the file argument of open (what precedes it).
const PY_STRING_BINDING = /(?:^|[;\n])[ \t]*(\w+)[ \t]*=[ \t]*(?=['"])/g;
const PY_FILE_ARGUMENT = /(?<![\w.])(?:io\s*\.\s*)?open\s*\(\s*$/;

// A loop over a literal Path's listing (python-loops.ts reads it whole): most code has none.
const PY_PATH_LOOP = /(?:^|\n)[ \t]*for[ \t]+\w+[ \t]+in[ \t]+(?:(?:sorted|list)[ \t]*\([ \t]*)?pathlib[ \t]*\.[ \t]*Path[ \t]*\(/;

function _python(code: string, found: Found): void {
  const names = _stringNames(code, PY_STRING_BINDING, PY_FILE_ARGUMENT, /^[ \t]*(?:$|[;\n#])/, found);
  const loops = PY_PATH_LOOP.test(code) ? pythonLoops().pathLoops(code) : [];
  // open taken without a call (`f = open`, `g(open)`) opens where the guard cannot follow.
  if (PY_OPEN_REFERENCE.test(code)) _unknown("python", found, "open");
  // os.open takes its mode as flags (`os.O_WRONLY | os.O_CREAT`): not read here, unknown.
  if (/(?<![\w.])os\s*\.\s*open\b/.test(code)) _unknown("python", found, "os.open");
  for (const m of _sites(code, PY_OPEN, found)) {
    const call = callArguments(code, m.index + m[0].length);
    if (!call) continue;
    const positional = _positional(call.args);
    const pathArg = positional[0]?.text ?? _keyword(call.args, "file");
    const mode = _pythonMode(call.args, positional[1]?.text ?? _keyword(call.args, "mode"));
    found.blank.push([m.index, m.index + m[0].length - 1]);
    if (mode === null) {
      _unknown("python", found, "open");
      continue;
    }
    // The file a loop names (python-loops.ts): its mode tells whether the loop writes or reads.
    const loop = loops.find((l) => l.name === pathArg?.trim());
    if (loop) {
      if (/[wax+]/.test(mode)) loop.writes.push({ start: m.index, end: call.end, appends: /[a+]/.test(mode) });
      else loop.reads.push(m.index);
      continue;
    }
    const path = fileName(plainLiteral(pathArg) ?? names.get(pathArg?.trim() ?? ""));
    if (!/[wax+]/.test(mode)) {
      if (path !== null) found.reads.push({ path, at: m.index });
    } else if (path === null) _unknown("python", found, "open");
    else found.writes.push({ path, start: m.index, end: call.end, appends: /[a+]/.test(mode) });
  }
  // `pathlib.Path('x').write_text(…)` (canonical: `from pathlib import Path` reads as pathlib.Path).
  for (const m of _sites(code, PY_PATH_CALL, found)) {
    const call = callArguments(code, m.index + m[0].length);
    const path = call?.args.length === 1 ? fileName(plainLiteral(call.args[0]!.text)) : null;
    if (!call || path === null) continue;
    PY_PATH_METHOD.lastIndex = call.end + 1;
    const method = PY_PATH_METHOD.exec(code);
    if (method) _pathMethod(code, m.index, method[1]!, call.end + 1, PY_PATH_METHOD.lastIndex, path, found);
  }
  // `p = pathlib.Path('x')` where every other use of `p` is one of PY_PATH_USE (so `p` is never rebound).
  for (const b of _sites(code, PY_PATH_BINDING, found)) {
    const name = b[1]!;
    const start = b.index + b[0].length;
    const call = callArguments(code, start + /^pathlib\s*\.\s*Path\s*\(/.exec(code.slice(start))![0].length);
    const path = call?.args.length === 1 ? fileName(plainLiteral(call.args[0]!.text)) : null;
    if (!call || path === null || !/^\s*(?:$|[;\n#])/.test(code.slice(call.end + 1, call.end + 64))) continue;
    const uses: Array<{ method: string | undefined; from: number; to: number }> = [];
    let plain = true;
    for (const u of _sites(code, new RegExp(String.raw`(?<![\w.])${name}\b`, "g"), found)) {
      if (u.index === b.index + b[0].search(/\w/)) continue;
      PY_PATH_USE.lastIndex = u.index + name.length;
      const use = PY_PATH_USE.exec(code);
      if (!use) {
        plain = false;
        break;
      }
      uses.push({ method: use[1], from: u.index + name.length, to: PY_PATH_USE.lastIndex });
    }
    // Uses left unread past MAX_CALLS may rebind the name.
    if (!plain || found.calls > MAX_CALLS) continue;
    for (const u of uses) if (u.method) _pathMethod(code, u.from - name.length, u.method, u.from, u.to, path, found);
  }
  // A loop is judged by what it can write: one that writes nothing is left as before.
  for (const loop of loops) {
    if (loop.writes.length === 0) continue;
    found.blank.push(...loop.blank);
    found.loops.push(loop);
  }
}

// A Python keyword argument's `name=` (not `==`).
const KEYWORD = /^(\w+)\s*=(?!=)\s*/;

/** Whether a Python call's argument is a keyword one (`name=value`, not `==`). */
export const isKeywordArgument = (text: string): boolean => KEYWORD.test(text);

/** A Python call's arguments that are not `name=value`. */
function _positional(args: Array<{ text: string }>): Array<{ text: string }> {
  return args.filter((a) => !KEYWORD.test(a.text));
}

/** The value text of a Python call's keyword argument `name=`. */
function _keyword(args: Array<{ text: string }>, name: string): string | undefined {
  for (const a of args) {
    const k = KEYWORD.exec(a.text);
    if (k?.[1] === name) return a.text.slice(k[0].length);
  }
  return undefined;
}

/** The mode `open(…)` or `Path(…).open(…)` is given (positional or `mode=`; `r` when none), or null when computed (_pythonMode). */
export function pythonOpenMode(args: Array<{ text: string }>): string | null {
  return _pythonMode(args, _positional(args)[0]?.text ?? _keyword(args, "mode"));
}

/**
 * The mode an open call reads its file in (`r` when none is given), or null when the code
 * computes it (`open(p, m)`, `Path(p).open(m)`: it may truncate) or unpacked arguments
 * (`open(*['x', 'w'])`) or an opener function decide what is opened.
 */
function _pythonMode(args: Array<{ text: string }>, modeArg: string | undefined): string | null {
  const mode = modeArg === undefined ? "r" : plainLiteral(modeArg);
  if (mode === null || !PY_MODE.test(mode) || args.some((a) => a.text.startsWith("*")) || _keyword(args, "opener") !== undefined) return null;
  return mode;
}

/** A Path method call on a literal path (the Path or its name starts at `start`): a read, or a write (an open by its mode) whose method name is blanked. */
function _pathMethod(code: string, start: number, method: string, from: number, to: number, path: string, found: Found): void {
  if (method.startsWith("read")) {
    found.reads.push({ path, at: from });
    return;
  }
  const call = callArguments(code, to);
  if (!call) {
    if (method === "open") _unknown("python", found, "open");
    return;
  }
  found.blank.push([from, to - 1]);
  const mode = method === "open" ? pythonOpenMode(call.args) : "w";
  if (mode === null) _unknown("python", found, "open");
  else if (!/[wax+]/.test(mode)) found.reads.push({ path, at: from });
  else found.writes.push({ path, start, end: call.end, appends: /[a+]/.test(mode), data: method === "open" ? undefined : [to, call.end] });
}

// Node: fs's write calls after require()/import are read as `fs.` (interpreters.ts `_canonical`).
export const NODE_FS = String.raw`(?<![\w.$])(?:fs\s*\.\s*promises\s*\.|fs\/promises\s*\.|fs\s*\.)\s*`;
const NODE_WRITE = new RegExp(String.raw`${NODE_FS}(writeFile|appendFile)(?:Sync)?\s*\(`, "g");
const NODE_WRITE_REFERENCE = new RegExp(String.raw`\b(?:writeFile|appendFile|createWriteStream)(?:Sync)?\b(?!\s*\()`);
// fs.open takes flags (`'r'` when none are given), createWriteStream an option `flags` (`'w'`).
const NODE_OPEN = new RegExp(String.raw`${NODE_FS}(createWriteStream|open)(?:Sync)?\s*\(`, "g");
const NODE_READ_FLAGS = /^(?:r|rs|sr)$/;
const NODE_FLAGS = /^[rwaxs+]+$/;
const NODE_FLAGS_OPTION = /\bflags\s*:\s*(['"])([rwaxs+]+)\1/;
const NODE_READ = new RegExp(String.raw`${NODE_FS}readFile(?:Sync)?\s*\(`, "g");

// `const path = 'x'` alone on its statement, and the file argument of fs's reads and writes.
const NODE_STRING_BINDING = /(?:^|[;\n{}])[ \t]*(?:const|let|var)[ \t]+([\w$]+)[ \t]*=[ \t]*(?=['"])/g;
const NODE_FILE_ARGUMENT = new RegExp(String.raw`${NODE_FS}(?:writeFile|appendFile|readFile)(?:Sync)?\s*\(\s*$`);

function _node(code: string, found: Found): void {
  const names = _stringNames(code, NODE_STRING_BINDING, NODE_FILE_ARGUMENT, /^[ \t]*(?:$|[;\n])/, found);
  // A write call taken without a call (`const w = fs.writeFileSync`) writes where the guard cannot follow.
  if (NODE_WRITE_REFERENCE.test(code)) _unknown("node", found, "write");
  for (const m of _sites(code, NODE_READ, found)) {
    const call = callArguments(code, m.index + m[0].length);
    const path = fileName(_named(call?.args[0]?.text, names));
    if (path !== null) found.reads.push({ path, at: m.index });
  }
  for (const m of _sites(code, NODE_WRITE, found)) {
    const call = callArguments(code, m.index + m[0].length);
    const path = fileName(_named(call?.args[0]?.text, names));
    // A `flag` option changes how the file is opened: such a call stays unresolved (opaque).
    if (!call || path === null || call.args.slice(1).some((a) => /\bflag\b/.test(a.text))) continue;
    found.blank.push([m.index, m.index + m[0].length - 1]);
    found.writes.push({ path, start: m.index, end: call.end, appends: m[1] === "appendFile", data: [m.index + m[0].length, call.end] });
  }
  for (const m of _sites(code, NODE_OPEN, found)) {
    const call = callArguments(code, m.index + m[0].length);
    const path = fileName(_named(call?.args[0]?.text, names));
    const flags = call && _nodeFlags(m[1]!, call.args[1]?.text);
    if (flags && NODE_READ_FLAGS.test(flags)) {
      if (path !== null) found.reads.push({ path, at: m.index });
    } else if (!call || !flags || path === null) _unknown("node", found, "open");
    else found.writes.push({ path, start: m.index, end: call.end, appends: !flags.includes("w") });
    found.blank.push([m.index, m.index + m[0].length - 1]);
  }
}

/** The flags a Node open or createWriteStream call opens its file with, or null when computed (numbers, `fs.constants`, a variable). */
function _nodeFlags(call: string, arg: string | undefined): string | null {
  if (call === "open") {
    const flags = arg === undefined ? "r" : plainLiteral(arg);
    return flags !== null && NODE_FLAGS.test(flags) ? flags : null;
  }
  // createWriteStream's second argument is an encoding or options; only its `flags` matter.
  if (arg === undefined || !/\bflags\b/.test(arg)) return "w";
  const option = NODE_FLAGS_OPTION.exec(arg);
  return option && arg.split(/\bflags\b/).length === 2 ? option[2]! : null;
}

// Perl: `open(my $fh, '>', 'x')`, `open FH, ">x"`; the handle, then one or two literals.
const PERL_OPEN = /\bopen\b\s*(\(?)\s*(?:(?:my|our|local)\s+)?(?:\$(\w+)|([A-Za-z_]\w*))\s*,\s*/g;
const PERL_MODE = /^\s*(\+?<|\+?>>?)\s*((?::\w+(?:\([\w-]+\))?\s*)*)$/;
const PERL_TWO_ARG = /^\s*(\+?<|\+?>>?)?\s*([^&=\s|<>+][^|]*?)\s*$/;

function _perl(code: string, found: Found): void {
  // sysopen takes its mode as flags (`O_WRONLY|O_TRUNC`): not read here, unknown.
  if (/\bsysopen\b/.test(code)) _unknown("perl", found, "sysopen");
  for (const m of _sites(code, PERL_OPEN, found)) {
    // A mode, or a two-argument name, the code computes (`open(F, $m, 'x')`, `open(F, $x)`) may write or run a command.
    if (!/['"]/.test(code[m.index + m[0].length] ?? "")) {
      _unknown("perl", found, "open");
      continue;
    }
    const list = _literalList(code, m.index + m[0].length, m[1] ? /\s*\)/y : /\s*(?:;|\bor\b|\|\||$)/y);
    if (!list || list.values.length > 2) continue;
    const [first, second] = list.values;
    const three = second !== undefined ? PERL_MODE.exec(first!) : null;
    const two = second === undefined ? PERL_TWO_ARG.exec(first!) : null;
    const mode = three ? three[1]! : two ? (two[1] ?? "<") : null;
    const path = fileName(three ? second : two?.[2]);
    if (mode === null || path === null || path === "-") continue;
    found.blank.push([m.index, m.index + 4]);
    if (mode === "<") found.reads.push({ path, at: m.index });
    else found.writes.push({ path, start: m.index, end: list.end - 1, appends: mode !== ">", handle: m[2] ?? m[3] });
  }
}

// Ruby: `File.write('x', …)` (also IO., binwrite) and `File.open|File.new|open('x', 'w')`.
const RUBY_WRITE = /(?<![\w.])(?:File|IO)\.(?:write|binwrite)\b\s*\(?\s*/g;
const RUBY_OPEN = /(?<![\w.])(?:File\.(?:open|new)|open)\b\s*(\(?)\s*/g;
const RUBY_READ = /(?<![\w.])File\.(?:read|binread|readlines)\b\s*\(?\s*/g;
const RUBY_MODE = /^[rwab+t]+(?::[\w-]+)*$/;

function _ruby(code: string, found: Found): void {
  for (const m of _sites(code, RUBY_READ, found)) {
    const s = _stringAt(code, m.index + m[0].length);
    const path = fileName(s?.value);
    if (path !== null) found.reads.push({ path, at: m.index });
  }
  for (const m of _sites(code, RUBY_WRITE, found)) {
    const s = _stringAt(code, m.index + m[0].length);
    const path = fileName(s?.value);
    // A `mode:` option or a computed name stays unresolved (opaque-code.ts names these calls).
    const after = code.slice(s?.end ?? 0, (s?.end ?? 0) + MAX_ARGUMENTS).split("\n")[0]!;
    if (!s || path === null || !/^\s*,/.test(after) || /\bmode\s*:/.test(after)) continue;
    found.blank.push([m.index, m.index + m[0].length]);
    const end = _rubyCallEnd(code, m, s.end);
    found.writes.push({ path, start: m.index, end, appends: false, data: [s.end, end] });
  }
  for (const m of _sites(code, RUBY_OPEN, found)) {
    const list = _literalList(code, m.index + m[0].length, m[1] ? /\s*\)/y : /\s*(?:\{|do\b|;|\n|$)/y);
    const mode = list && list.values.length <= 2 ? (list.values[1] ?? "r") : null;
    const path = fileName(list?.values[0]);
    if (list && path === null && list.values[0]?.startsWith("|")) continue;
    if (mode === null || !RUBY_MODE.test(mode) || path === null) {
      // Ruby's open is not named in opaque-code.ts: one with more than a name to read is unknown
      // (a computed name or a `%q(…)` one with a mode, red team 12), and so is Kernel#open of a
      // name it cannot read, which runs a command when the name starts with `|`.
      const from = m.index + m[0].length;
      const args = m[1] ? callArguments(code, from) : null;
      // (`open (x), "w"` with a blank before the parenthesis passes both to open.)
      const spaced = /\s\($/.test(m[0].trimEnd());
      const more = m[1] ? args === null || args.args.length > 1 || (spaced && /^\s*,/.test(code.slice(args.end + 1, args.end + 65))) : _callText(code, from).includes(",");
      if (more || (m[0].startsWith("open") && path === null)) _unknown("ruby", found, "open");
      continue;
    }
    if (!/[wa+]/.test(mode)) found.reads.push({ path, at: m.index });
    else found.writes.push({ path, start: m.index, end: list!.end - 1, appends: /[a+]/.test(mode) });
  }
}

/** Where a Ruby call whose first argument ends at `from` ends: its `)`, or without parentheses the end of its line or statement. */
function _rubyCallEnd(code: string, m: RegExpExecArray, from: number): number {
  const close = m[0].includes("(") ? callArguments(code, m.index + m[0].length)?.end : undefined;
  return close ?? from + _callText(code, from).length;
}

/** A call's arguments without parentheses as far as they plausibly go: up to the first `{`, ` do`, `;` or newline. */
function _callText(code: string, from: number): string {
  const text = code.slice(from, from + MAX_ARGUMENTS);
  return text.slice(0, text.search(/\{|\bdo\b|;|\n/) >>> 0);
}

/** Plain string literals separated by commas from `at`, followed by `end` (a sticky pattern). */
function _literalList(code: string, at: number, end: RegExp): { values: string[]; end: number } | null {
  const values: string[] = [];
  let i = at;
  for (;;) {
    const s = _stringAt(code, i);
    if (s?.value === undefined) return null;
    values.push(s.value);
    const comma = /\s*,\s*/y;
    comma.lastIndex = s.end;
    if (values.length < 3 && comma.test(code)) {
      i = comma.lastIndex;
      continue;
    }
    end.lastIndex = s.end;
    return end.test(code) ? { values, end: end.lastIndex } : null;
  }
}

/**
 * A call's arguments from just after its `(`: each top-level argument's trimmed text, and the
 * index of the closing `)`. Strings are skipped as literals; null when one is not a plain literal
 * (then the call is left as it is), or the arguments do not close within MAX_ARGUMENTS.
 */
export function callArguments(code: string, from: number): { args: Array<{ text: string }>; end: number } | null {
  const args: Array<{ text: string }> = [];
  let depth = 0;
  let start = from;
  const limit = Math.min(code.length, from + MAX_ARGUMENTS);
  for (let i = from; i < limit; i++) {
    const c = code[i]!;
    if (c === "'" || c === '"' || c === "`") {
      const s = stringLiteral(code.slice(i, limit), 0);
      if (!s) return null;
      i += s.end - 1;
    } else if (c === "(" || c === "[" || c === "{") depth++;
    else if ((c === ")" || c === "]" || c === "}") && depth > 0) depth--;
    else if (c === ")" || (c === "," && depth === 0)) {
      const text = code.slice(start, i).trim();
      if (text !== "") args.push({ text });
      if (c === ")") return { args, end: i };
      start = i + 1;
    } else if (c === "]" || c === "}") return null;
  }
  return null;
}
