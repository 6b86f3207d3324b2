import { basename } from "node:path";
import { isDirectory } from "../fs-probe.ts";
import { caseInsensitiveNames, segmentMatcher } from "../paths.ts";
import type { Op } from "../ops.ts";
import { inPipeline, sameTime } from "../posix/pipeline-stages.ts";
import { enclosing, type SimpleCommand, type Word } from "../syntax.ts";
import type { AnalyzeContext } from "./context.ts";
import { absPath, fileKeys, lookupKeys, relativeTail } from "./file-identity.ts";
import { printed, stdinOf } from "./stdin.ts";
import { unseenMark, unseenSince } from "./unseen-writes.ts";

type State = AnalyzeContext["state"];

/**
 * The text a line writes into files, per file (red team 6, C4): what `echo|printf > f`, `cat > f
 * <<EOF`, `tee f`, `sponge f`, `dd of=f`, `cp|install /dev/stdin f` put there, carried by `cp`,
 * `mv` and `ln` to the other names. Null: the file holds text the guard did not read. Each entry
 * remembers how many landed entries (program-path.ts) the line had when it was written, so a later
 * write by any other program (`{ …; } >> f`, an extraction over its folder) makes it unknown.
 */
const _since = new WeakMap<State, Map<string, number>>();
// Files written by a copy of a compound's output redirection (compound-stdin.ts handedOutput):
// the compound's own redirection lands each once more after its commands wrote it.
const _handed = new WeakMap<State, Set<string>>();
// The command that recorded a file's text, when it runs alongside others (a pipeline stage, a
// background job): another stage, or a command after the job, may read the file before the
// text is all there (racingWrite).
const _writers = new WeakMap<State, Map<string, SimpleCommand>>();
// When each file's text was recorded: unseen-writes.ts's mark and the writing command. A program
// writing files the guard does not see run since (`echo ls > x.sh; make; bash x.sh`) may have
// rewritten it: its text is unknown then (_held).
const _marks = new WeakMap<State, Map<string, { mark: number; writer: SimpleCommand | undefined; known: boolean }>>();
// Lines where such a program ran after a write of known text that a later write then replaced (unseenAfterWrites).
const _stale = new WeakSet<State>();
// Files a step that certainly runs removed (clears.ts): landings before it no longer count, and
// `skip` landings right after it are a move of the removed file, which moves nothing.
const _cleared = new WeakMap<State, Map<string, { at: number; skip: number }>>();

/** `rm FILE` that certainly ran: the file the line wrote is gone (running it runs nothing). */
export function forgetScript(key: string, state: State, skip = 0): void {
  state.scripts?.delete(key);
  _appended.get(state)?.delete(key);
  let cleared = _cleared.get(state);
  if (!cleared) _cleared.set(state, (cleared = new Map()));
  cleared.set(key, { at: state.landed?.length ?? 0, skip });
}

// The literal text the line appended (`>>`) to a file it neither wrote nor filled before: the file
// holds its own content, which the line did not write, then this text (appendedText).
const _appended = new WeakMap<State, Map<string, string>>();

/**
 * Records `text` (null: unknown) as what the file `value` names holds now, under each of its
 * names. `handed`: written through a compound's output redirection (compound-stdin.ts), which
 * lands the file once more; `writer`: the command writing it.
 */
export function setScript(value: string, text: string | null, state: State, append = false, handed = false, writer?: SimpleCommand): void {
  const scripts = (state.scripts ??= new Map());
  let since = _since.get(state);
  if (!since) _since.set(state, (since = new Map()));
  let appended = _appended.get(state);
  let marks = _marks.get(state);
  if (!marks) _marks.set(state, (marks = new Map()));
  const mark = { mark: unseenMark(state), writer, known: text !== null };
  const concurrent = writer !== undefined && (writer.concurrent === "background" || inPipeline(writer));
  // Where names are compared without case, each spelling recorded so far is the same file.
  const keys = caseInsensitiveNames.value ? [...new Set(fileKeys(value, state).flatMap((k) => _spellings(k, scripts.keys())))] : fileKeys(value, state);
  // What the file holds before an append: a landing since its text was recorded (`cp x f`) left unknown text.
  const befores = keys.map((key) => (append ? _held(key, state) : ""));
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const before = befores[i];
    if (handed) (_handed.get(state) ?? _newSet(state)).add(key);
    else _handed.get(state)?.delete(key);
    if (concurrent) (_writers.get(state) ?? _newWriters(state)).set(key, writer);
    else _writers.get(state)?.delete(key);
    // An append's own text, kept for readers of the project's configuration (written-inputs.ts).
    const tail = append && text !== null ? (before === undefined && _landings(key, state, 0) === 0 ? text : before === null && appended?.has(key) ? `${appended.get(key)}${text}` : undefined) : undefined;
    if (tail !== undefined) {
      if (!appended) _appended.set(state, (appended = new Map()));
      appended.set(key, tail);
    } else appended?.delete(key);
    scripts.set(key, text !== null && typeof before === "string" ? `${before}${text}` : null);
    since.set(key, state.landed?.length ?? 0);
    const old = marks.get(key);
    if (old?.known && unseenSince(state, old.mark, old.writer)) _stale.add(state);
    marks.set(key, mark);
  }
}

function _newSet(state: State): Set<string> {
  const set = new Set<string>();
  _handed.set(state, set);
  return set;
}

function _newWriters(state: State): Map<string, SimpleCommand> {
  const map = new Map<string, SimpleCommand>();
  _writers.set(state, map);
  return map;
}

/** What the recorded file `key` (or, where names are compared without case, one of its spellings) holds now, as scriptText reads it. */
function _held(key: string, state: State): string | null | undefined {
  const scripts = state.scripts;
  let text: string | null | undefined;
  for (const k of _spellings(key, scripts?.keys() ?? [])) {
    const known = scripts?.get(k);
    if (known === undefined) continue;
    // The write that recorded it lands it once (and a compound's redirection once more); any further landing may have changed it.
    if (known === null || _landings(k, state, _since.get(state)?.get(k) ?? 0) > (_handed.get(state)?.has(k) ? 2 : 1)) return null;
    const mark = _marks.get(state)?.get(k);
    if (mark !== undefined && unseenSince(state, mark.mark, mark.writer)) return null;
    // Two written files the name may be with different texts: unknown.
    if (text !== undefined && text !== known) return null;
    text = known;
  }
  return text;
}

/** Whether the line recorded what the file `value` names holds (`> X.SH` is `./x.sh` where names ignore case). */
export function recordedScript(value: string, state: State): boolean {
  const scripts = state.scripts;
  if (scripts === undefined) return false;
  return lookupKeys(value, state, scripts.keys()).some((k) => _spellings(k, scripts.keys()).some((s) => scripts.has(s)));
}

/**
 * `key` and, on a file system that compares names without case (macOS, Windows: paths.ts
 * caseInsensitiveNames), each recorded key spelled like it in another case (`./x.sh` is `X.SH`).
 * On Linux only `key`: names stay exact.
 */
function _spellings(key: string, recorded: Iterable<string>): string[] {
  if (!caseInsensitiveNames.value) return [key];
  const lower = key.toLowerCase();
  const keys = [key];
  for (const k of recorded) if (k !== key && k.toLowerCase() === lower) keys.push(k);
  return keys;
}

/**
 * Whether a program writing files the guard does not see (unseen-writes.ts) ran after the line
 * wrote known text into a file: a program it may have built from that text (`printf … > x.c &&
 * make x && ./x`) runs code the guard never saw (program-path.ts).
 */
export function unseenAfterWrites(state: State): boolean {
  if (_stale.has(state)) return true;
  const marks = _marks.get(state);
  if (marks) for (const m of marks.values()) if (m.known && unseenSince(state, m.mark, m.writer)) return true;
  return false;
}

/**
 * Whether the text recorded for the file `value` names may not be what `cmd` reads: a command
 * running alongside `cmd` wrote it — another stage of its pipeline (`echo ls | tee x.sh | bash
 * x.sh`), or a job sent to the background before it (`echo ls > x.sh & bash x.sh`; a bare `wait`
 * ends that: noteScriptChanges) — so `cmd` may read the old file, part of the text, or all of it.
 */
export function racingWrite(value: string, state: State, cmd: SimpleCommand | undefined): boolean {
  const writers = _writers.get(state);
  if (writers === undefined || writers.size === 0) return false;
  for (const key of lookupKeys(value, state, writers.keys())) {
    const writer = writers.get(key);
    if (writer === undefined || writer === cmd) continue;
    if (cmd !== undefined && sameTime(writer, cmd)) return true;
    // A command inside the same background job runs after the write (the job's frame is around it).
    if (writer.concurrent === "background" && (cmd === undefined || enclosing(cmd.frame, (f) => f === writer.frame) === undefined)) return true;
  }
  return false;
}

const RENAMERS = new Set(["rename", "prename", "perl-rename", "file-rename", "rename.ul"]);

/**
 * Programs that change the line's written files with no write the guard records (called for each
 * program run once the line wrote one): rename (util-linux's or Perl's) computes each new name,
 * so any written file may be one of them now; a bare `wait` waits for the background jobs, so
 * what they wrote is all there (racingWrite).
 */
export function noteScriptChanges(name: string, args: Word[], state: State): void {
  if (RENAMERS.has(name)) for (const key of state.scripts?.keys() ?? []) _unknown(key, state);
  if (name !== "wait" || args.length > 0) return;
  const writers = _writers.get(state);
  if (writers) for (const [key, w] of writers) if (w.concurrent === "background") writers.delete(key);
}

/**
 * What the line appended to a file it did not write itself (`printf 'nodeLinker: pnp\n' >>
 * .yarnrc.yml`), when that is all it did to it: the literal text; undefined otherwise (the line
 * wrote or filled it some other way, or any other landing may have changed it since).
 */
export function appendedText(value: string, state: State): string | undefined {
  const appended = _appended.get(state);
  if (!appended) return undefined;
  let text: string | undefined;
  for (const key of lookupKeys(value, state, appended.keys())) {
    const tail = appended.get(key);
    if (tail === undefined || _landings(key, state, _since.get(state)?.get(key) ?? 0) > 1 || (text !== undefined && text !== tail)) return undefined;
    text = tail;
  }
  return text;
}

/**
 * What a file the line wrote holds: its text, null when unknown (written by something the guard
 * does not read, or filled again since), undefined when the line did not write it.
 */
export function scriptText(value: string, state: State): string | null | undefined {
  const scripts = state.scripts;
  const keys = lookupKeys(value, state, scripts?.keys() ?? []);
  let text: string | null | undefined;
  for (const key of keys) {
    const known = _held(key, state);
    if (known === undefined) continue;
    // Two written files the name may be (the running directory unknown) with different texts: unknown.
    if (known === null || (text !== undefined && text !== known)) return null;
    text = known;
  }
  // With the running directory unknown, a file of that name the line filled some other way
  // (`cp x d/s.sh; cd d; bash s.sh`) may be the one meant as well.
  if (text !== undefined && keys.length > 1 && !keys[0]!.startsWith("/") && _filledElsewhere(keys[0]!, state)) return null;
  if (text !== undefined) return text;
  const cleared = _cleared.get(state);
  return keys.some((k) => {
    const c = cleared?.get(k);
    return _landings(k, state, c?.at ?? 0) > (c?.skip ?? 0);
  })
    ? null
    : undefined;
}

/**
 * An in-place edit (`sed -i`, `perl -pi`, `awk -i inplace`, `ed`, `ex`, `vim -c`, `patch`,
 * `sort -o`, a formatter) leaves text the guard did not read in each file it edits, whether the
 * line wrote the file or it was there before: running it afterwards runs unknown code (red team
 * 8: `echo ls > s.sh; sed -i 's/ls/rm -rf ~/' s.sh; bash s.sh` ran the recorded `ls`). A glob
 * target may be any written file it matches (`sed -i … *.sh`), a computed one any written file.
 */
export function noteInPlaceEdits(ops: Op[], state: State): void {
  for (const o of ops) {
    // truncate and shred leave a prefix of the text, zeros or noise: not the text written either.
    if (o.kind !== "overwrite" || !(o.inPlace || o.verb === "truncate" || o.verb === "shred")) continue;
    for (const t of o.targets) {
      if (t.dynamic) for (const key of state.scripts?.keys() ?? []) _unknown(key, state);
      else if (t.glob) for (const key of scriptsMatching(t, state).files) _unknown(key, state);
      else setScript(t.value, null, state);
    }
  }
}

/** A recorded file holds text the guard did not read now. */
function _unknown(key: string, state: State): void {
  state.scripts!.set(key, null);
  _appended.get(state)?.delete(key);
}

/** What `mv|cp|ln SRC DEST` leaves at DEST when SRC is a file the line wrote (DEST an existing folder: DEST/SRC's name). */
export function carryScript(src: Word, dest: Word, state: State, writer?: SimpleCommand): void {
  if (src.dynamic || dest.dynamic || src.glob || dest.glob) return;
  const text = scriptText(src.value, state);
  const target = copyTarget(src, dest, state);
  // Moving a file a step removed moves nothing: DEST keeps what it held (its one landing from this
  // move is skipped). Unknown text needs no entry: the copy lands DEST, which makes it unknown.
  if (text === undefined && _cleared.get(state)?.has(absPath(src.value, state.cwd, state))) {
    for (const key of fileKeys(target, state)) if (!state.scripts?.has(key) && _landings(key, state, 0) === 0) forgetScript(key, state, 1);
  }
  if (typeof text === "string") setScript(target, text, state, false, false, writer);
}

/** The name `mv|cp|ln SRC DEST` writes: DEST, or DEST/SRC's name when DEST is an existing folder. */
export function copyTarget(src: Word, dest: Word, state: State): string {
  return isDirectory(absPath(dest.value, state.cwd, state)) ? `${dest.value.replace(/\/+$/, "")}/${basename(src.value)}` : dest.value;
}

/**
 * The written files a glob operand may name (`bash s*.sh`), and whether it may name a file some
 * other part of the line filled without the guard reading it (then the run is unknown).
 */
export function scriptsMatching(word: Word, state: State): { files: string[]; unknown: boolean } {
  const path = absPath(word.pattern, state.cwd, state);
  // With the running directory unknown, a relative pattern matches the end of a written path.
  const relative = !path.startsWith("/");
  const segments = (relative ? (relativeTail(path) ?? "") : path).split("/");
  const matches = (parts: string[]) => parts.every((p, i) => p === segments[i] || (segmentMatcher(segments[i]!)?.(p) ?? true));
  const tail = (k: string) => (relative ? k.split("/").slice(-segments.length) : k.split("/"));
  const files = [...(state.scripts?.keys() ?? [])].filter((k) => {
    const parts = tail(k);
    return parts.length === segments.length && matches(parts);
  });
  const unknown = (state.landed ?? []).some((l) => {
    if (l === null) return true;
    const parts = tail(l);
    // The landed entry itself (not one recorded with its text), or a folder the pattern reaches into.
    return parts.length <= segments.length && matches(parts) && (parts.length < segments.length || !state.scripts?.has(l));
  });
  return { files, unknown };
}

/**
 * The text a writer command puts into a file from its stdin (`echo x | tee f`, `cat > f <<EOF`):
 * the stdin text, or null when it is not text the guard reads.
 */
export function stdinText(cmd: SimpleCommand | undefined, state: State): string | null {
  const stdin = stdinOf(cmd);
  if (stdin.kind === "text") return stdin.dynamic ? null : stdin.text;
  if (stdin.kind !== "file" || !cmd) return null;
  const files = stdinFiles(cmd);
  if (!files) return null;
  let text = "";
  for (const f of files) {
    const t = scriptText(f.value, state);
    if (typeof t !== "string") return null;
    text += t;
  }
  return text;
}

/**
 * The files a command reads as stdin: `< f` (also given by `exec 0<f` earlier), or `cat f… |`
 * (through more `cat |` stages). Null when stdin is not such a file.
 */
export function stdinFiles(cmd: SimpleCommand, depth = 0): Word[] | null {
  if (depth > 8) return null;
  for (const r of cmd.redirects) {
    if (r.heredoc || r.op === "<<<") return null;
    if (r.op === "<" && (r.fd === "" || r.fd === "0")) return r.target.dynamic ? null : [r.target];
  }
  const from = cmd.pipeFrom;
  const head = from?.argv[0];
  if (!from || from.group || !head || head.dynamic || basename(head.value) !== "cat") return null;
  const files = from.argv.slice(1).filter((a) => a.value !== "--" && !/^-[a-zA-Z]+$/.test(a.value));
  if (files.some((f) => f.dynamic || f.value === "-")) return null;
  return files.length === 0 ? stdinFiles(from, depth + 1) : files;
}

/**
 * The text `echo|printf|:|true|cat` prints into a redirection: null for any other program. An
 * unknown word of the command makes it unknown, also in the reading of its arguments without
 * that word (word-counts.ts reads `echo rm -rf $x` as one, two and no words: the last reading,
 * `rm -rf`, was recorded as the text, and `echo rm -rf $x > s.sh; bash s.sh` passed).
 */
export function printedText(name: string, args: Word[], cmd: SimpleCommand | undefined, state: State): string | null {
  if (name === "echo" || name === "printf") {
    const out = printed(name, args);
    if (out.kind !== "text" || out.dynamic || (cmd !== undefined && _unknownWord(cmd))) return null;
    // echo ends with a newline unless `-n` leads (printf prints only its format).
    let lead = 0;
    while (lead < args.length && /^-[neE]+$/.test(args[lead]!.value)) lead++;
    const newline = name === "echo" && !args.slice(0, lead).some((a) => a.value.includes("n"));
    return newline ? `${out.text}\n` : out.text;
  }
  if (name === ":" || name === "true") return "";
  if (name === "cat" && args.every((a) => a.value === "-")) return stdinText(cmd, state);
  return null;
}

function _unknownWord(cmd: SimpleCommand): boolean {
  for (const w of cmd.argv) if (w.dynamic) return true;
  return false;
}

/** How many landed entries from index `from` on may have written `path` (itself, a folder around it, or an unknown place). */
function _landings(path: string, state: State, from: number): number {
  const landed = state.landed ?? [];
  const fold = caseInsensitiveNames.value;
  const p = fold ? path.toLowerCase() : path;
  let n = 0;
  for (let i = from; i < landed.length; i++) {
    const l = fold ? landed[i]?.toLowerCase() : landed[i];
    if (l == null || l === p || p.startsWith(`${l}/`)) n++;
  }
  return n;
}

/** Whether the line landed a file ending with the relative name `tail` that holds no recorded text. */
function _filledElsewhere(tail: string, state: State): boolean {
  const end = `/${relativeTail(tail) ?? tail}`;
  return (state.landed ?? []).some((l) => l !== null && l.endsWith(end) && !state.scripts?.has(l));
}
