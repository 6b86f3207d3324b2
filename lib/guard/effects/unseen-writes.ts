import { repeats, type SimpleCommand, type Word } from "../syntax.ts";
import { builtBy } from "./built-programs.ts";
import type { AnalyzeContext } from "./context.ts";
import { gitListingArgs } from "./git-listing.ts";
import { programName } from "./names.ts";

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

/** Called for every program the line runs, in order (a git name listing writes nothing either: git-listing.ts). */
export function noteProgram(name: string, args: Word[], ctx: AnalyzeContext): void {
  // Once set, the flag stays: a later program's arguments need no reading.
  if (!ctx.state.unseenWrites && !NO_WRITES.has(name) && !(name === "git" && gitListingArgs(args) !== null) && !builtBy(args)) ctx.state.unseenWrites = true;
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
