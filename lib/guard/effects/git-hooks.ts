import { dirname, isAbsolute, join } from "node:path";
import { op, type Op } from "../ops.ts";
import { literalWord } from "../syntax.ts";
import type { Invocation } from "./context.ts";
import { absPath } from "./file-identity.ts";
import { analyseWritten, lineWrittenText } from "./written-runs.ts";

/**
 * git subcommands that run hooks: session 7's list, and (session 15) those that update refs
 * (`reference-transaction`), check out a tree (`post-checkout`: clone, `worktree add`) or may
 * start an automatic gc (`pre-auto-gc`).
 */
export const HOOK_RUNNERS: ReadonlySet<string> = new Set(["commit", "merge", "checkout", "switch", "push", "rebase", "am", "pull", "cherry-pick", "revert", "commit-tree", "branch", "tag", "update-ref", "reset", "fetch", "stash", "clone", "worktree", "gc", "notes"]);
const MAX_SCRIPTS = 256;

/**
 * The hooks a hook-running subcommand runs from the folder `core.hooksPath` names on this line,
 * wherever the setting comes from (`-c`, `--config-env`, GIT_CONFIG_COUNT/KEY/VALUE,
 * GIT_CONFIG_PARAMETERS, an earlier `git config`: `folder`, null when its value is unknown) and
 * after `-C`: each hook the line wrote there runs by its `#!` line (session 7 read them only for
 * `-c` and `git config`, and not after `-C`). git resolves a relative folder from the top of the
 * work tree (`top`), where hooks run, and expands `~/`. Hooks the line did not write are the
 * user's own files, as a script run by its name is; `.git/hooks` and `.husky` are
 * written-inputs.ts's.
 */
export function configuredHooks(sub: string, folder: string | null | undefined, top: () => string | null, inv: Invocation): Op[] {
  if (folder === undefined || !HOOK_RUNNERS.has(sub)) return [];
  const { ctx, cmd } = inv;
  const scripts = ctx.state.scripts;
  if (folder === null) return [op("unknown", "git")];
  if ((!scripts?.size && !ctx.state.tainted?.size) || folder === "") return [];
  const spelled = folder.startsWith("~/") ? join(ctx.home, folder.slice(2)) : folder;
  // A clone's relative folder is inside the fetched tree (git.ts fetchedHooks judges it).
  if (sub === "clone" && !isAbsolute(spelled)) return [];
  const base = isAbsolute(spelled) ? null : top();
  if (!isAbsolute(spelled) && base === null) return [op("unknown", "git")];
  const dir = absPath(spelled, base, ctx.state);
  // A folder another host's repository filled earlier in the line (`git clone URL x && git -c
  // core.hooksPath=x/hooks commit`): its hooks are fetched code, as a clone's own are (git.ts).
  if (_fetched(dir, ctx.state.tainted)) return [op("remote-code", "git")];
  const ops: Op[] = [];
  for (const key of [...(scripts?.keys() ?? [])].slice(0, MAX_SCRIPTS)) {
    if (!key.startsWith(`${dir}/`) || key.slice(dir.length + 1).includes("/")) continue;
    const text = lineWrittenText(literalWord(key), ctx, cmd);
    if (text !== undefined) ops.push(...analyseWritten(text, "shebang", ctx));
  }
  return ops;
}

/** Whether taint.ts counts the folder, or one around it, as filled from the network. */
function _fetched(dir: string, tainted: Set<string> | undefined): boolean {
  if (!tainted?.size) return false;
  for (let at = dir; ; at = dirname(at)) {
    if (tainted.has(at) || tainted.has(`${at}/`)) return true;
    if (at === dirname(at)) return false;
  }
}
