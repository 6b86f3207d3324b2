import { repeats, type SimpleCommand, type Word } from "../syntax.ts";
import { builtBy } from "./built-programs.ts";
import type { AnalyzeContext } from "./context.ts";
import { gitListingArgs } from "./git-listing.ts";
import { programName } from "./names.ts";
import { SHELL_NAMES } from "./runner-names.ts";

/**
 * Programs that change no file content except through what the guard records: their
 * redirections and the destinations of their ops (`lands`, effects/program-path.ts). Any other
 * program may write files the guard does not see (`tee`, `xxd -r`, a compiler, a script), so a
 * file the guard reads to judge a later command (a sed script, a PATH folder, a copy's source)
 * may no longer hold what it reads once such a program ran earlier in the line.
 */
const NO_WRITES = new Set(
  "echo printf grep egrep fgrep rg fd fdfind ls tree file stat du df ps pwd whoami id date which type whereis command builtin diff cmp uniq wc cut tr column tac basename dirname realpath readlink test [ [[ true false : sleep read export declare local typeset readonly set shopt unset shift return exit wait jobs printenv uname hostname nproc seq yes expr cat head tail nl od hexdump strings cd pushd popd hash alias chmod chown chgrp touch mkdir ln cp mv rm rmdir unlink env sudo doas nice nohup time timeout".split(
    " ",
  ),
);

// Programs of NO_WRITES that may set a file's times to the past or let files age: find's age
// tests (find-expression.ts) are judged from the times when the line is checked (effects/find.ts).
const AGEING = new Set(["touch", "cp", "mv", "sleep", "timeout", "wait"]);

type State = AnalyzeContext["state"];

// Per line, once it wrote a file (state.scripts): how many commands writing unseen files ran, and
// the last of them (unseenSince: a command is counted once, whatever programs it wraps).
const _runs = new WeakMap<State, { count: number; last: SimpleCommand }>();

/** Called for every program the line runs, in order (a git name listing writes nothing either: git-listing.ts). */
export function noteProgram(name: string, args: Word[], ctx: AnalyzeContext, cmd?: SimpleCommand): void {
  const state = ctx.state;
  if (AGEING.has(name)) state.mayAge = true;
  if (NO_WRITES.has(name)) return;
  // Once set, the flag stays: a later program's arguments need no reading, but for the count of a line that wrote a file.
  if (state.unseenWrites && !state.scripts?.size) return;
  if ((name === "git" && gitListingArgs(args) !== null) || builtBy(args)) return;
  state.unseenWrites = true;
  // A program a handler runs (`xargs make`, no command) is counted as the command that runs it.
  if (!state.scripts?.size || cmd === undefined || _seenWrites(name, args)) return;
  const runs = _runs.get(state);
  if (!runs) _runs.set(state, { count: 1, last: cmd });
  else if (runs.last !== cmd) {
    runs.count++;
    runs.last = cmd;
  }
}

// Programs whose every file write the guard records as ops (sed's `w`, `-i`; tee's, dd's `of=`; git's settings, its
// index and objects, which no run reads as a script), for the count of unseenSince only.
const SEEN_WRITES = new Set(["sed", "gsed", "sort", "jq", "yq", "tee", "sponge", "dd", "install", "truncate"]);
const GIT_SEEN = new Set(["config", "add", "status", "diff", "log", "show", "rev-parse", "ls-files", "branch", "tag", "remote", "fetch", "init", "grep", "blame", "describe", "shortlog"]);
// Runs whose code the guard analysed (a written script's known text: written-runs.ts): the writes are its commands'.
const _analysed = new WeakSet<Word[]>();

/** Notes that the run with `args` ran text the guard analysed (its commands are counted themselves). */
export function noteAnalysedRun(args: Word[]): void {
  _analysed.add(args);
}

/** Whether a program's writes are all ones the guard records: see SEEN_WRITES; a shell given its text (`-c`) or a written script. */
function _seenWrites(name: string, args: Word[]): boolean {
  if (SEEN_WRITES.has(name) || _analysed.has(args)) return true;
  if (name === "git") {
    const sub = args.find((a) => !a.value.startsWith("-"));
    return sub !== undefined && !sub.dynamic && GIT_SEEN.has(sub.value);
  }
  return SHELL_NAMES.has(name) && args.some((a) => !a.dynamic && /^-[a-z]*c[a-z]*$/.test(a.value));
}

/** How many commands writing unseen files ran so far (a mark for unseenSince). */
export function unseenMark(state: State): number {
  return _runs.get(state)?.count ?? 0;
}

/**
 * Whether a command writing files the guard does not see ran since `mark` (unseenMark), other
 * than `writer` — the command that wrote known text then (`echo ls | tee x.sh`: tee's own files
 * are the ones recorded). Such a program (`make`, `python3 gen.py`, `npm run build`) may have
 * rewritten what the line wrote, or built a program from it.
 */
export function unseenSince(state: State, mark: number, writer: SimpleCommand | undefined): boolean {
  const runs = _runs.get(state);
  if (!runs || runs.count === mark) return false;
  return runs.count > mark + 1 || writer === undefined || runs.last !== writer;
}

/**
 * Before a script's commands are analysed (the line's and each nested one): whether any of them
 * may write unseen files is asked only for a command that repeats (mayBeRewritten), so the list
 * is kept and tested then, not for every line.
 */
export function noteLine(commands: SimpleCommand[], ctx: AnalyzeContext): void {
  if (!ctx.state.lineWrites) (ctx.state.lineScripts ??= []).push(commands);
}

/** Whether a command of the scripts noted so far may write unseen files (each list is tested once). */
function _lineWrites(state: AnalyzeContext["state"]): boolean {
  const scripts = state.lineScripts;
  if (state.lineWrites || scripts === undefined) return state.lineWrites === true;
  state.lineScripts = undefined;
  // Plain loops, no closure.
  for (let s = 0; s < scripts.length && !state.lineWrites; s++) {
    const commands = scripts[s]!;
    for (let i = 0; i < commands.length; i++) {
      const c = commands[i]!;
      const head = c.argv[0];
      if ((head !== undefined && (head.dynamic || !NO_WRITES.has(programName(head)))) || (c.redirects.length > 0 && _redirectsWrite(c))) {
        state.lineWrites = true;
        break;
      }
    }
  }
  return state.lineWrites === true;
}

/** A redirection writing a file (not a descriptor, /dev/null or the terminal). */
function _redirectsWrite(c: SimpleCommand): boolean {
  for (const r of c.redirects) if (r.op.includes(">") && !/^&?\d*$|^\/dev\/(null|stdout|stderr)$/.test(r.target.value)) return true;
  return false;
}

/**
 * Whether a file read now may hold other content when `cmd` runs: a program that writes unseen
 * files ran earlier, or `cmd` runs in a loop or function body (it may run again after any
 * command of the line) and the line runs one.
 */
export function mayBeRewritten(ctx: AnalyzeContext, cmd: SimpleCommand | undefined): boolean {
  if (ctx.state.unseenWrites) return true;
  return repeats(cmd?.frame) && _lineWrites(ctx.state);
}
