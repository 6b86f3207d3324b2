import { accessSync, constants, lstatSync } from "node:fs";
import { dirname } from "node:path";
import { enclosing, type Redirect, type Script, type SimpleCommand, type Word } from "../syntax.ts";
import type { AnalyzeContext } from "./context.ts";
import { absPath, fileKeys } from "./file-identity.ts";
import { printed } from "./stdin.ts";
import { forgetScript } from "./written-scripts.ts";

// Programs that could make a clearing step a no-op: shell options (`set -C` makes `>` refuse an
// existing file), renamed or redefined commands, code the guard does not see, and changed
// permissions or attributes (`chmod 444 f` makes `echo safe > f` fail for a user, `chattr +i f`
// makes `rm f` fail, `umask 222` makes the download read-only).
const UNSETTLING = new Set(["set", "shopt", "eval", "source", ".", "alias", "hash", "enable", "builtin", "command", "trap", "chmod", "chattr", "chown", "chgrp", "chflags", "setfacl", "umask", "mount"]);
const CLEARERS = new Set(["rm", "echo", "printf", ":"]);

/**
 * Whether a step of this line that certainly runs may clear what earlier steps wrote: not when
 * the line sets shell options, renames programs, runs code the guard does not see, or defines
 * a function named like a clearing command (`rm() { :; }`).
 */
export function clearingTrusted(script: Script): boolean {
  return !script.commands.some((c) => {
    const head = c.argv[0];
    if (head?.dynamic) return true;
    if (head && UNSETTLING.has(head.value)) return true;
    return enclosing(c.scope, (s) => s.kind === "fn" && CLEARERS.has(s.name ?? "")) !== undefined;
  });
}

/**
 * Records that `keys` were written by this command in a way no later step can undo: a background
 * job (it may write after the step), code nested in `bash -c`, `eval` or a runner, or a command
 * behind a wrapper (`setsid` may fork and return at once).
 */
export function noteWriter(keys: string[], head: Word, cmd: SimpleCommand | undefined, ctx: AnalyzeContext): void {
  if (ctx.depth === 0 && cmd && cmd.concurrent !== "background" && cmd.argv[0] === head) return;
  const sticky = (ctx.state.sticky ??= new Set());
  for (const k of keys) sticky.add(k);
}

/**
 * A removal, or an overwrite with literal text, that certainly runs before what follows it in the
 * line clears what an earlier step left in that file: a download is no longer there to run
 * (`curl … > s.sh; echo safe > s.sh; bash s.sh`), a copied key no longer there to upload.
 * "Certainly runs": a command of the line's own sequential list (no branch, no `&&`/`||` right
 * side, no background job, pipeline stage, subshell, loop or function body), at the top level
 * (not inside `bash -c` or `eval`), run by its own name (no wrapper that may fail, like sudo).
 */
export function clearWritten(name: string, head: Word, cmd: SimpleCommand | undefined, ctx: AnalyzeContext): void {
  const { state } = ctx;
  if ((!state.tainted && !state.derived && !state.landed?.length) || !state.clearable || !CLEARERS.has(name)) return;
  if (!cmd || ctx.depth !== 0 || cmd.frame || cmd.concurrent || cmd.pipeFrom || cmd.argv[0] !== head) return;
  // The words as the line spells them, not one reading of them: an unquoted unknown expansion is
  // judged as one, two and no words (word-counts.ts), and the reading without it (`echo > t`)
  // must not clear what the others wrote (`echo $GITHUB_TOKEN > t`, red team session 17).
  const args = cmd.argv.slice(1);
  const forget = (keys: string[]) => {
    for (const k of keys) {
      if (state.sticky?.has(k)) continue;
      state.tainted?.delete(k);
      state.derived?.delete(k);
    }
  };
  if (name === "rm") {
    if (args.some((a) => a.dynamic || /^-[a-zA-Z]*[iI]|^--interactive/.test(a.value))) return;
    // A redirection that fails (`rm f < missing`, `2>/no/such/dir/x`) and rm never runs.
    if (!cmd.redirects.every(_cannotFail)) return;
    // The name goes, not what a symlink of that name points to; rm fails in a folder this user
    // cannot write (the guard runs as the agent's user).
    for (const a of args) {
      if (a.value.startsWith("-") || a.glob) continue;
      const path = absPath(a.value, state.cwd);
      if (!_writable(dirname(path))) continue;
      forget([path]);
      // A script the line wrote is gone too (written-scripts.ts).
      if (!state.sticky?.has(path)) forgetScript(path, state);
    }
    return;
  }
  const text = name === ":" ? { kind: "text" as const, dynamic: false } : printed(name, args);
  if (text.kind !== "text" || text.dynamic) return;
  // Redirections are opened in order: once one fails, the later ones never truncate.
  for (const r of cmd.redirects) {
    const truncates = (r.op === ">" || r.op === ">|") && (r.fd === "" || r.fd === "1");
    if (truncates && !r.target.dynamic && _writable(absPath(r.target.value, state.cwd))) forget(fileKeys(r.target.value, state));
    else if (!_cannotFail(r)) break;
  }
}

/** A redirection that always opens: to /dev/null, or stdout and stderr made copies of each other. */
function _cannotFail(r: Redirect): boolean {
  if (r.target.dynamic) return false;
  if (r.op === ">&" || r.op === "<&") return (r.target.value === "1" || r.target.value === "2") && r.fd !== r.target.value;
  return r.target.value === "/dev/null" && !r.op.startsWith("<");
}

/** Whether this user may write the path as it is now (a missing file: its folder decides when created). */
function _writable(path: string): boolean {
  try {
    if (lstatSync(path, { throwIfNoEntry: false }) === undefined) return true;
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}
