import { basename, isAbsolute } from "node:path";
import { spend } from "../budget.ts";
import { op, type Op } from "../ops.ts";
import { caseInsensitiveNames, segmentMatcher } from "../paths.ts";
import { samePipeline, sameTime } from "../posix/pipeline-stages.ts";
import { repeats, type Frame, type SimpleCommand, type Word } from "../syntax.ts";
import type { AnalyzeContext } from "./context.ts";
import { absPath, fileKeys, relativeTail } from "./file-identity.ts";
import { LOADED } from "./loaded-analysers.ts";
import { AWK_NAMES } from "./runner-names.ts";
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
  /**
   * A run kept because it is a pipeline stage (noteRacingRun): kept while the commands of its
   * pipeline are analysed, and a write by another stage makes what it runs unknown.
   */
  stage?: SimpleCommand;
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
  // A computed name is unknown already (the handlers answer so).
  const named = _runWords(name, head, args, cmd).filter((w) => !w.dynamic);
  if (named.length === 0 || state.laterRuns?.some((r) => _same(r, head, args, state.cwd, repeating))) return;
  (state.laterRuns ??= []).push({ head, args, cmd, ctx, cwd: state.cwd, afterCd: state.afterCd, words: named, files: undefined, loop: repeating.loop, depth: repeating.depth });
}

/**
 * A run of a file of literal name by a command of a pipeline (`{ sleep 1; bash x.sh; } | tee
 * x.sh`): the stages run at the same time, so a later stage's write may land before, during or
 * after the run reads the file. Kept until a command outside the pipeline is analysed
 * (`./build.sh | tee log; git checkout build.sh` is not a race); a write by another stage then
 * makes the run unknown (judgeAgain).
 */
export function noteRacingRun(name: string, head: Word, args: Word[], cmd: SimpleCommand, ctx: AnalyzeContext): void {
  if (_judging) return;
  const named = _runWords(name, head, args, cmd).filter((w) => !w.dynamic);
  const state = ctx.state;
  if (named.length === 0 || state.laterRuns?.some((r) => r.stage === cmd && r.head === head)) return;
  // Its own writes (`bash x.sh > x.sh` is one stage) are not another stage's.
  _analysing(cmd, ctx);
  (state.laterRuns ??= []).push({ head, args, cmd, ctx, cwd: state.cwd, afterCd: state.afterCd, words: named, files: undefined, loop: null, depth: ctx.depth, stage: cmd });
}

const runners = (): typeof import("./runners.ts") => (LOADED.runners ??= require("./runners.ts"));

/** The words naming the files a command runs (written-runs.ts runSources, awk's program files, or the program by its path). */
function _runWords(name: string, head: Word, args: Word[], cmd: SimpleCommand | undefined): Word[] {
  const words: Word[] = [];
  for (const { word } of runSources(name, head, args)) {
    if (word !== "stdin") words.push(word);
    else if (cmd !== undefined) for (const w of stdinFiles(cmd) ?? []) words.push(w);
  }
  if (AWK_NAMES.has(name)) for (const w of runners().awkProgramWords(args, name, cmd)) words.push(w);
  if (words.length === 0 && head.value.includes("/")) words.push(head);
  return words;
}

/** The same run kept already (an unrolled loop's body read once per word): judged again once per write. */
function _same(r: LaterRun, head: Word, args: Word[], cwd: string | null, repeating: Repeating): boolean {
  return r.stage === undefined && r.head.value === head.value && r.cwd === cwd && r.loop === repeating.loop && r.depth === repeating.depth && r.args.length === args.length && r.args.every((a, i) => a.value === args[i]!.value && !a.dynamic && !args[i]!.dynamic);
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
  _analysing(cmd, ctx);
  const kept = runs.filter((r) => r.depth !== ctx.depth || (r.stage !== undefined ? samePipeline(cmd, r.stage) : r.loop === null || _inside(cmd.frame, r.loop)));
  ctx.state.laterRuns = kept.length > 0 ? kept : undefined;
}

// The command being analysed at each depth: whose writes runsRewritten compares with the runs of pipeline stages.
const _analysed = new WeakMap<AnalyzeContext["state"], SimpleCommand[]>();

function _analysing(cmd: SimpleCommand, ctx: AnalyzeContext): void {
  let at = _analysed.get(ctx.state);
  if (at === undefined) _analysed.set(ctx.state, (at = []));
  at[ctx.depth] = cmd;
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
  const writer = _analysed.get(ctx.state)?.[ctx.depth];
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
        // A stage's run meets only the writes of the other stages (its own stage runs one command after another).
        if (r.stage !== undefined && (writer === undefined || !sameTime(writer, r.stage))) continue;
        if (!hit.includes(r) && (r.words === null || _files(r, ctx.state).some((f) => written.some((w) => _meets(w, t.glob, f.path, f.glob))))) hit.push(r);
      }
    }
  }
  return hit;
}

/**
 * Runs `judge` for a kept run, in the directory it ran in, with no run kept or judged meanwhile.
 * A pipeline stage's run met by another stage's write runs unknown text: whatever the write holds.
 */
export function judgeAgain(run: LaterRun, judge: () => Op[]): Op[] {
  if (run.stage !== undefined) return [op("unknown", "script")];
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
function _meets(writtenName: string, writtenGlob: boolean, fileName: string, fileGlob: boolean): boolean {
  // Where names are compared without case (macOS, Windows), `> X.SH` writes `./x.sh` (paths.ts).
  const fold = caseInsensitiveNames.value;
  const written = fold ? writtenName.toLowerCase() : writtenName;
  const file = fold ? fileName.toLowerCase() : fileName;
  if (writtenGlob || fileGlob) {
    const [pattern, name] = writtenGlob ? [written, file] : [file, written];
    return segmentMatcher(basename(pattern))?.(basename(name)) ?? true;
  }
  if (isAbsolute(written) && isAbsolute(file)) return written === file || file.startsWith(`${written}/`);
  const a = relativeTail(written) ?? written;
  const b = relativeTail(file) ?? file;
  return a === b || a.endsWith(`/${b}`) || b.endsWith(`/${a}`);
}
