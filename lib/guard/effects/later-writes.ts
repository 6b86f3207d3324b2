import { basename, isAbsolute } from "node:path";
import { spend } from "../budget.ts";
import type { Op } from "../ops.ts";
import { segmentMatcher } from "../paths.ts";
import { repeats, type Frame, type SimpleCommand, type Word } from "../syntax.ts";
import type { AnalyzeContext } from "./context.ts";
import { absPath, fileKeys, relativeTail } from "./file-identity.ts";
import { runSources } from "./written-runs.ts";
import { stdinFiles } from "./written-scripts.ts";

/**
 * A run of a file (`./x.sh`, `bash x.sh`, `source x.sh`, `cat x.sh | sh`, `python3 x.py`) by a
 * command that may run again after the commands listed after it: in a loop or a function body,
 * or inside code such a command runs (`while …; do bash -c ./x.sh; …`). A write later in the
 * line may be what it runs (`f() { ./x.sh; }; echo 'rm -rf ~' > x.sh; f`, `while true; do
 * ./x.sh; echo … > x.sh; done`), while commands are analysed in text order: the run is kept
 * until its loop ends, and analyze.ts judges it again after each write that lands on its file,
 * as it would judge the run placed there. A trap's action is kept the same way (it runs later),
 * and so is a run in the background (`while …; do ./x.sh; done & echo … > x.sh`: the job runs
 * alongside the commands after it), until the line ends.
 */
export interface LaterRun {
  head: Word;
  args: Word[];
  /** The command it ran in; undefined for a program a handler runs (`xargs sh x.sh`, `find -exec ./x.sh {} ;`). */
  cmd: SimpleCommand | undefined;
  ctx: AnalyzeContext;
  /** The running directory the run was analysed in (what its relative names mean). */
  cwd: string | null;
  afterCd: boolean;
  /** The words naming the files it runs (literal, or a pattern: `bash s*.sh`); null: any file (a trap's action). */
  words: Word[] | null;
  /** Their names (absolute; relative when the running directory is unknown), read at the first write (runsRewritten). */
  files?: Array<{ path: string; glob: boolean }>;
  /** The repeating command's outermost loop, until whose end it may run again (at `depth`); null: until the line ends (a function body, a loop in the background, a trap). */
  loop: Frame | null;
  depth: number;
}

/** The outermost command being analysed that may run again (analyze.ts sets it): where its runs stop repeating. */
export interface Repeating {
  loop: Frame | null;
  depth: number;
}

// A run being judged again: what it analyses neither waits for writes nor is waited for.
let _judging = false;

/**
 * Before a command is analysed (analyze.ts), when no command around it repeats: what its runs
 * repeat with, or undefined when it does not repeat (most commands: no frame at all).
 */
export function repeatingCommand(cmd: SimpleCommand, ctx: AnalyzeContext): Repeating | undefined {
  // A background job (`./x.sh &`, `{ sleep 1; ./x.sh; } &`) may run after any later command.
  if (cmd.concurrent === "background") return { loop: null, depth: ctx.depth };
  if (cmd.frame === undefined || !repeats(cmd.frame)) return undefined;
  return { loop: _outermostLoop(cmd.frame), depth: ctx.depth };
}

/**
 * Called for each program a command runs (analyze.ts), also one a handler runs for it (xargs's,
 * find -exec's: no `cmd`): keeps the run when the command repeats (state.repeating) and runs a
 * file of literal name (written-runs.ts runSources, or the program itself by its path); keeps
 * every `trap`.
 */
export function noteRepeatedRun(name: string, head: Word, args: Word[], cmd: SimpleCommand | undefined, ctx: AnalyzeContext): void {
  if (_judging) return;
  const state = ctx.state;
  if (name === "trap") {
    if (args.length >= 2) (state.laterRuns ??= []).push({ head, args, cmd, ctx, cwd: state.cwd, afterCd: state.afterCd, words: null, files: undefined, loop: null, depth: ctx.depth });
    return;
  }
  const repeating = state.repeating;
  if (repeating === undefined) return;
  const words: Word[] = [];
  for (const { word } of runSources(name, head, args)) {
    if (word !== "stdin") words.push(word);
    else if (cmd !== undefined) for (const w of stdinFiles(cmd) ?? []) words.push(w);
  }
  if (words.length === 0 && head.value.includes("/")) words.push(head);
  // A computed name is unknown already (the handlers answer so).
  const named = words.filter((w) => !w.dynamic);
  if (named.length === 0 || state.laterRuns?.some((r) => _same(r, head, args, state.cwd, repeating))) return;
  (state.laterRuns ??= []).push({ head, args, cmd, ctx, cwd: state.cwd, afterCd: state.afterCd, words: named, files: undefined, loop: repeating.loop, depth: repeating.depth });
}

/** The same run kept already (an unrolled loop's body read once per word): judged again once per write. */
function _same(r: LaterRun, head: Word, args: Word[], cwd: string | null, repeating: Repeating): boolean {
  return r.head.value === head.value && r.cwd === cwd && r.loop === repeating.loop && r.depth === repeating.depth && r.args.length === args.length && r.args.every((a, i) => a.value === args[i]!.value && !a.dynamic && !args[i]!.dynamic);
}

/** The names of the files a kept run runs, in the directory it ran in. */
function _files(run: LaterRun, state: AnalyzeContext["state"]): Array<{ path: string; glob: boolean }> {
  if (run.files) return run.files;
  const files: Array<{ path: string; glob: boolean }> = [];
  for (const w of run.words ?? []) {
    if (w.glob) files.push({ path: absPath(w.pattern, run.cwd, state), glob: true });
    else for (const path of fileKeys(w.value, state, run.cwd)) files.push({ path, glob: false });
  }
  return (run.files = files);
}

/** The outermost loop frame around `frame`; null when a function body is around it (it may run at any later point). */
function _outermostLoop(frame: Frame): Frame | null {
  let loop: Frame | null = null;
  for (let f: Frame | undefined = frame; f; f = f.parent) {
    if (f.kind === "fn") return null;
    if (f.kind === "loop") loop = f;
  }
  return loop;
}

/**
 * Before `cmd` is analysed: the runs kept from loops it lies outside of (at their depth: the loop
 * has ended) run no more and are dropped.
 */
export function leaveLoops(cmd: SimpleCommand, ctx: AnalyzeContext): void {
  const runs = ctx.state.laterRuns;
  if (runs === undefined || _judging) return;
  const kept = runs.filter((r) => r.loop === null || r.depth !== ctx.depth || _inside(cmd.frame, r.loop));
  ctx.state.laterRuns = kept.length > 0 ? kept : undefined;
}

function _inside(frame: Frame | undefined, loop: Frame): boolean {
  for (let f = frame; f; f = f.parent) if (f === loop) return true;
  return false;
}

/**
 * The kept runs whose file one of `ops` (a command's, from index `from`) writes: each is judged
 * again after that write (judgeAgain). A computed target is not taken to write them (as
 * program-path.ts does not for a program's name): `while read f; do ./run.sh "$f" > "$f.log";
 * done` would otherwise run an unknown file each time.
 */
export function runsRewritten(ops: Op[], from: number, ctx: AnalyzeContext): LaterRun[] {
  const runs = ctx.state.laterRuns;
  if (runs === undefined || _judging) return [];
  const hit: LaterRun[] = [];
  for (let i = from; i < ops.length; i++) {
    const o = ops[i]!;
    // What a command writes: its landings, and the files tee or dd overwrite (they land nothing).
    if (!o.lands && o.kind !== "overwrite" && o.kind !== "write-into") continue;
    for (const t of o.targets) {
      if (t.dynamic) continue;
      const written = t.glob ? [absPath(t.pattern, o.cwd, ctx.state)] : fileKeys(t.value, ctx.state, o.cwd);
      for (const r of runs) {
        // A unit of work per kept run (budget.ts): a line of many runs and many writes meets each pair.
        spend();
        if (!hit.includes(r) && (r.words === null || _files(r, ctx.state).some((f) => written.some((w) => _meets(w, t.glob, f.path, f.glob))))) hit.push(r);
      }
    }
  }
  return hit;
}

/** Runs `judge` for a kept run, in the directory it ran in, with no run kept or judged meanwhile. */
export function judgeAgain(run: LaterRun, judge: () => Op[]): Op[] {
  const state = run.ctx.state;
  const { cwd, afterCd } = state;
  _judging = true;
  state.cwd = run.cwd;
  state.afterCd = run.afterCd;
  try {
    return judge();
  } finally {
    _judging = false;
    state.cwd = cwd;
    state.afterCd = afterCd;
  }
}

/**
 * Whether a write to `written` may change the file `file`: the same name, a folder around it, or
 * (either relative: the directory unknown) the same ending; a pattern matches by its last part.
 */
function _meets(written: string, writtenGlob: boolean, file: string, fileGlob: boolean): boolean {
  if (writtenGlob || fileGlob) {
    const [pattern, name] = writtenGlob ? [written, file] : [file, written];
    return segmentMatcher(basename(pattern))?.(basename(name)) ?? true;
  }
  if (isAbsolute(written) && isAbsolute(file)) return written === file || file.startsWith(`${written}/`);
  const a = relativeTail(written) ?? written;
  const b = relativeTail(file) ?? file;
  return a === b || a.endsWith(`/${b}`) || b.endsWith(`/${a}`);
}
