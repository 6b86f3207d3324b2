import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { withAssumedChanges } from "./assumed-unchanged.ts";
import { gitStep, gitText, nulList } from "./git-run.ts";

/**
 * The index's unmerged entries (`git ls-files -u -z`: "mode oid stage\tpath"), empty when there
 * are none. A merge, rebase, cherry-pick or stash pop that stopped on conflicts leaves them, and
 * `git stash create` refuses such an index ("needs merge").
 */
export async function unmergedEntries(repo: string): Promise<string[]> {
  return nulList((await gitStep(repo, ["ls-files", "-u", "-z"], "snapshot_failed")).stdout);
}

/**
 * The stash-shaped commit `git stash create` would make if it accepted a conflicted index, built
 * in temporary copies of the index so the real index (its conflict stages), the work tree and the
 * stash list stay as they are. Its tree: every tracked file as the work tree holds it (conflict
 * markers included; an entry marked assume-unchanged too). Its second parent, the index: the
 * real index with each unmerged path set to its "ours" entry (stage 2, HEAD's version in a
 * merge), or left out when ours has none, so a restore shows the conflicted files as unstaged
 * changes and nothing as resolved. The base and theirs stages and MERGE_HEAD cannot be kept in a
 * commit of this shape: merge-state.ts keeps them beside it. Parents: HEAD, the index commit, and
 * `untracked` when given.
 */
export async function conflictStash(repo: string, head: string, txid: string, unmerged: string[], untracked: string | null): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "leogriel-snapshot-conflict-"));
  try {
    const real = resolve(repo, await gitText(repo, ["rev-parse", "--git-path", "index"], "snapshot_failed"));
    const index = await _indexCommit(repo, head, txid, unmerged, _copy(real, join(dir, "index")));
    const tree = await withAssumedChanges(repo, (env) => _workTree(repo, _copy(env.GIT_INDEX_FILE ?? real, join(dir, "worktree"))));
    const parents = [head, index, ...(untracked ? [untracked] : [])].flatMap((p) => ["-p", p]);
    return await gitText(repo, ["commit-tree", tree, ...parents, "-m", `agent-guard snapshot ${txid}`], "snapshot_failed");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The index commit: `file` (a copy of the index) with each unmerged path set to stage 2 or removed. */
async function _indexCommit(repo: string, head: string, txid: string, unmerged: string[], file: string): Promise<string> {
  const env = { GIT_INDEX_FILE: file };
  await gitStep(repo, ["update-index", "-z", "--index-info"], "snapshot_failed", { env, input: _oursInfo(unmerged) });
  const tree = await gitText(repo, ["write-tree"], "snapshot_failed", env);
  return gitText(repo, ["commit-tree", tree, "-p", head, "-m", `index on ${txid}`], "snapshot_failed");
}

/**
 * `update-index --index-info` input for the unmerged paths: a stage-0 line with the stage-2
 * entry (it replaces every stage of the path), or a mode-0 line (it removes the path) when the
 * path has no stage 2.
 */
function _oursInfo(unmerged: string[]): string {
  const lines = new Map<string, string>();
  for (const entry of unmerged) {
    const { mode, oid, stage, path } = unmergedParts(entry);
    if (stage === "2") lines.set(path, `${mode} ${oid}\t${path}`);
    else if (!lines.has(path)) lines.set(path, removalInfo(entry));
  }
  return [...lines.values()].map((line) => `${line}\0`).join("");
}

/** The parts of an unmerged entry, `mode oid stage\tpath`. */
export function unmergedParts(entry: string): { mode: string; oid: string; stage: string; path: string } {
  const tab = entry.indexOf("\t");
  const [mode, oid, stage] = entry.slice(0, tab).split(" ");
  return { mode: mode!, oid: oid!, stage: stage!, path: entry.slice(tab + 1) };
}

/** The `update-index --index-info` line that removes an unmerged entry's path (mode 0, a zero id). */
export function removalInfo(entry: string): string {
  const { oid, path } = unmergedParts(entry);
  return `0 ${"0".repeat(oid.length)}\t${path}`;
}

/** The tree of the tracked files as the work tree holds them: `git add -u` in `file`, a copy of the index. */
async function _workTree(repo: string, file: string): Promise<string> {
  const env = { GIT_INDEX_FILE: file };
  await gitStep(repo, ["add", "-u"], "snapshot_failed", { env });
  return gitText(repo, ["write-tree"], "snapshot_failed", env);
}

function _copy(from: string, to: string): string {
  copyFileSync(from, to);
  return to;
}
