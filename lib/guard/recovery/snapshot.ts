import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fsyncDirSync } from "../../core/atomic-write.ts";
import { withAssumedChanges } from "./assumed-unchanged.ts";
import { appendRecord } from "./journal.ts";
import type { JournalRecord, SnapshotRecord, TxMeta } from "./journal-records.ts";
import { ensureLayout, journalPath, layoutOf, txDir } from "./layout.ts";
import { acquireLock, releaseLock } from "./lock.ts";
import type { FilterMemo } from "../git-safe.ts";
import { assertNoRepositoryFilter, gitStep, gitText, nulList } from "./git-run.ts";
import { conflictStash, unmergedEntries } from "./conflict-snapshot.ts";
import { keepMergeState } from "./merge-state.ts";
import { newTxid } from "./txid.ts";

/** The ref that keeps a snapshot alive: `git gc` never prunes objects a ref reaches. */
export function snapshotRef(txid: string): string {
  return `refs/agent-guard/snapshots/${txid}`;
}

export interface SnapshotOutcome {
  txid: string;
  ok: boolean;
  error?: Error;
}

/**
 * Records the work tree of `repo` as a snapshot transaction: `git stash create` (index and tracked
 * changes, those of entries marked assume-unchanged included) plus, when `includeUntracked`, the untracked files that are not ignored, joined into one
 * stash-shaped commit (parents: HEAD, index, untracked) under {@link snapshotRef}. An index with
 * merge conflicts, which `git stash create` refuses, is recorded by conflict-snapshot.ts in the
 * same shape, and the merge, cherry-pick or revert it belongs to by merge-state.ts. Nothing in the work tree, index or stash list changes. `memo`: the filter drivers the caller's check listed
 * (apply.ts asks before it starts the transaction).
 */
export async function takeSnapshot(
  workspace: string,
  repo: string,
  includeUntracked: boolean,
  meta: TxMeta,
  memo?: FilterMemo,
): Promise<SnapshotOutcome> {
  return recordGitTx(workspace, "snapshot", meta, (txid) => _record(repo, txid, includeUntracked, memo));
}

/**
 * One git-backed transaction (a work tree snapshot or kept refs): `tx-start`, the record `take`
 * returns once its refs exist, `tx-commit`; on failure `tx-abort`, and the lock is released.
 */
export async function recordGitTx(
  workspace: string,
  kind: "snapshot" | "refs",
  meta: TxMeta,
  take: (txid: string) => Promise<JournalRecord>,
): Promise<SnapshotOutcome> {
  const layout = layoutOf(workspace);
  ensureLayout(layout);
  const txid = newTxid();
  if (!acquireLock(layout, txid)) throw new Error(`Cannot lock new transaction ${txid}`);
  const journal = journalPath(layout, txid);
  try {
    mkdirSync(txDir(layout, txid), { recursive: true, mode: 0o700 });
    fsyncDirSync(layout.tx);
    appendRecord(journal, { type: "tx-start", v: 1, txid, kind, created_at: new Date().toISOString(), meta });
    appendRecord(journal, await take(txid));
    appendRecord(journal, { type: "tx-commit", moved_count: 0, skipped_count: 0 });
  } catch (err) {
    try {
      appendRecord(journal, { type: "tx-abort", reason: "compensation_failed" });
      releaseLock(layout, txid);
    } catch {
      // The lock stays; the recovery pass marks the transaction aborted later.
    }
    return { txid, ok: false, error: err as Error };
  }
  releaseLock(layout, txid);
  return { txid, ok: true };
}

async function _record(repo: string, txid: string, includeUntracked: boolean, memo: FilterMemo | undefined): Promise<SnapshotRecord> {
  assertNoRepositoryFilter(repo, "snapshot_failed", memo);
  const head = await gitText(repo, ["rev-parse", "--verify", "HEAD^{commit}"], "snapshot_failed");
  const symbolic = await gitStep(repo, ["symbolic-ref", "-q", "HEAD"], "snapshot_failed", { allowExit: [1] });
  const branch = symbolic.exitCode === 0 ? symbolic.stdout.trim() : null;
  const untracked = includeUntracked ? await _untrackedCommit(repo) : null;
  const unmerged = await unmergedEntries(repo);
  const stash = unmerged.length > 0 ? await conflictStash(repo, head, txid, unmerged, untracked) : await _stashCommit(repo, head, txid, untracked);
  const merge = unmerged.length > 0 ? await keepMergeState(repo, txid, unmerged) : null;
  const ref = snapshotRef(txid);
  await gitStep(repo, ["update-ref", ref, stash ?? head, ""], "snapshot_failed");
  return { type: "snapshot", ref, head, branch, stash, untracked: untracked !== null, ...(merge ? { merge } : {}) };
}

/**
 * `git stash create` (index and tracked changes), joined with the `untracked` commit into one
 * stash-shaped commit when there is one; null when there is nothing to keep.
 */
async function _stashCommit(repo: string, head: string, txid: string, untracked: string | null): Promise<string | null> {
  const created = (await withAssumedChanges(repo, (env) => gitText(repo, ["stash", "create"], "snapshot_failed", env))).trim();
  const stash = created === "" ? null : created;
  if (!untracked) return stash;
  const tree = stash ? `${stash}^{tree}` : `${head}^{tree}`;
  const index = stash
    ? await gitText(repo, ["rev-parse", `${stash}^2`], "snapshot_failed")
    : await gitText(repo, ["commit-tree", await gitText(repo, ["write-tree"], "snapshot_failed"), "-p", head, "-m", `index on ${txid}`], "snapshot_failed");
  const treeId = await gitText(repo, ["rev-parse", tree], "snapshot_failed");
  return gitText(repo, ["commit-tree", treeId, "-p", head, "-p", index, "-p", untracked, "-m", `agent-guard snapshot ${txid}`], "snapshot_failed");
}

/** A parentless commit of the untracked, not ignored files, or null when there are none. */
async function _untrackedCommit(repo: string): Promise<string | null> {
  const files = (await gitStep(repo, ["ls-files", "--others", "--exclude-standard", "-z"], "snapshot_failed")).stdout;
  if (nulList(files).length === 0) return null;
  const dir = mkdtempSync(join(tmpdir(), "leogriel-snapshot-"));
  try {
    const env = { GIT_INDEX_FILE: join(dir, "index") };
    await gitStep(repo, ["update-index", "--add", "-z", "--stdin"], "snapshot_failed", { env, input: files });
    const tree = await gitText(repo, ["write-tree"], "snapshot_failed", env);
    return await gitText(repo, ["commit-tree", tree, "-m", "untracked files"], "snapshot_failed");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
