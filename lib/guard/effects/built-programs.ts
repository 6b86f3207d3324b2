import { dirname } from "node:path";
import type { Op } from "../ops.ts";
import type { SimpleCommand, Word } from "../syntax.ts";
import type { AnalyzeContext, Invocation } from "./context.ts";
import { withoutTrailingSlash } from "../paths.ts";
import { lookupKeys } from "./file-identity.ts";
import { absolutePath } from "./program-path.ts";
import { mayBeRewritten } from "./unseen-writes.ts";

type State = AnalyzeContext["state"];

// Programs the line compiled from the workspace's own sources (`gcc -o hello hello.c && ./hello`,
// `go build -o bin/app . && ./bin/app`). A file the line filled runs content the guard never saw
// (program-path.ts LANDED), but a compiler's output holds what files already in the workspace say,
// which the guard does not judge either way: running it is judged as running `./a.out` after `cc
// hello.c`, or `./hello` after `make hello` (an unknown local program, its arguments scanned). The
// write itself stays judged as the write it is (`gcc -o ~/.bashrc x.c` asks). Only when nothing
// the line did can be among what the compiler reads or already be at its output: the line wrote,
// filled or fetched no file before the compile but other such builds (`gcc -c -o x.o x.c && gcc -o
// x x.o`) and empty folders on the way to the output (`mkdir -p bin && go build -o bin/app .`),
// no program writing unseen files ran, and nothing filled, fetched or edited the output since.

// A program the compile runs that the line names (`-wrapper`, `-B DIR`, `-fplugin=`, `-specs=`,
// `-C linker=`, `go build -toolexec`, `-exec`, `-overlay`) may put anything at the output.
const RUNS_PROGRAM = /^-B|wrapper|plugin|specs|linker|fuse-ld|^-Xclang|toolexec|^--?exec|overlay/;

// The argument lists of the compiles noted (unseen-writes.ts: their own unseen files are derived ones).
const _compiles = new WeakSet<Word[]>();

// Per line: each built file (or folder, `go build -o bin/ ./...`) → the landed count when its compile ran.
const _built = new WeakMap<State, Map<string, number>>();

/** Notes the files a compile's `ops` write as built from the workspace's sources (when they are: see above). */
export function noteBuilt(ops: Op[], inv: Invocation): void {
  const { ctx, cmd } = inv;
  const state = ctx.state;
  if (ops.length === 0 || state.remote || state.cwd === null || state.scripts?.size || state.tainted?.size || mayBeRewritten(ctx, cmd)) return;
  if (inv.args.some((a) => a.dynamic || RUNS_PROGRAM.test(a.value))) return;
  // Anything besides the outputs (a wrapped command, a folder filled with names it picks) is not a plain build.
  if (ops.some((o) => o.kind !== "overwrite" || o.lands !== "created" || o.inPlace)) return;
  const files: string[] = [];
  for (const w of ops.flatMap((o) => o.targets)) {
    const file = w.dynamic || w.glob ? null : absolutePath(w.value, state.cwd);
    if (file === null) return;
    // As program-path.ts records its landing (`go build -o bin/ ./...` fills bin).
    files.push(withoutTrailingSlash(file));
  }
  const landed = state.landed ?? [];
  if (!landed.every((l) => l !== null && (_builtHere(l, state) || files.some((f) => _madeFolder(l, f, state))))) return;
  let built = _built.get(state);
  if (!built) _built.set(state, (built = new Map()));
  for (const f of files) built.set(f, landed.length);
  _compiles.add(inv.args);
}

/**
 * Whether `args` are those of a compile noteBuilt noted: what else it writes unseen (`-MD`'s
 * dependency files, `-save-temps`) is derived from the same sources, so it does not make later
 * reads unknown (unseen-writes.ts) — its own output above all.
 */
export function builtBy(args: Word[]): boolean {
  return _compiles.has(args);
}

/** Whether the program at `file` (absolute) is one the line built from the workspace's sources, unchanged since. */
export function builtProgram(file: string, ctx: AnalyzeContext, cmd: SimpleCommand | undefined): boolean {
  const state = ctx.state;
  if (!_built.has(state) || state.tainted?.size || !_builtHere(file, state)) return false;
  // An in-place edit (`sed -i`, `strip`) or a write the guard read leaves text of the line's own there.
  const scripts = state.scripts;
  return !(scripts && lookupKeys(file, state, scripts.keys()).some((k) => scripts.has(k))) && !mayBeRewritten(ctx, cmd);
}

/** builtProgram for a file word (`bash ./hello`: written-runs.ts). */
export function builtFile(word: Word, ctx: AnalyzeContext, cmd: SimpleCommand | undefined): boolean {
  const file = word.dynamic || word.glob ? null : absolutePath(word.value, ctx.state.cwd);
  return file !== null && builtProgram(file, ctx, cmd);
}

/** Whether `file` is (in) a recorded build's output and no landing but the build's own has covered it since. */
function _builtHere(file: string, state: State): boolean {
  const built = _built.get(state);
  if (!built) return false;
  for (let at = file; ; at = dirname(at)) {
    const from = built.get(at);
    if (from !== undefined) return _covering(file, state.landed ?? [], from) === 1;
    if (at === dirname(at)) return false;
  }
}

/** How many landed entries from index `from` on may have put something at `file`. */
function _covering(file: string, landed: Array<string | null>, from: number): number {
  let n = 0;
  for (let i = from; i < landed.length; i++) {
    const l = landed[i];
    if (l === null || l === file || file.startsWith(`${l}/`)) n++;
  }
  return n;
}

/**
 * Whether landed `dir` is an empty folder made on the way to `file` (`mkdir -p build/bin` before
 * `-o build/bin/x`): every change the line made at or below it is such a folder made (recorded as a
 * file, line-changes.ts), and each landing there has one (a move or a copy into it records none, or more).
 */
function _madeFolder(dir: string, file: string, state: State): boolean {
  if (!file.startsWith(`${dir}/`)) return false;
  const inside = (p: string) => p === dir || p.startsWith(`${dir}/`);
  let made = 0;
  for (const c of state.changes ?? []) {
    if (c.kind === "removed" || (c.path !== null && !inside(c.path))) continue;
    if (c.kind !== "file" || c.path === null || !file.startsWith(`${c.path}/`)) return false;
    made++;
  }
  return (state.landed ?? []).filter((l) => l === null || inside(l)).length <= made;
}
