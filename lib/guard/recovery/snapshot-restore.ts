import { lstatSync, mkdtempSync, readlinkSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LeogrielError } from "../../core/errors.ts";
import { checkpoint } from "./fault.ts";
import { assertNoRepositoryFilter, gitStep, gitText, nulList } from "./git-run.ts";
import { appendRecord } from "./journal.ts";
import type { SnapshotRecord } from "./journal-records.ts";
import { journalPath, type QuarantineLayout } from "./layout.ts";
import { restoreMergeState } from "./merge-state.ts";
import { removeTree } from "./move.ts";

/**
 * Why the work tree cannot take the snapshot back without `--force` (empty: it can). The first
 * step of every snapshot restore: it refuses a repository whose own config names a filter
 * program (`restore_failed`), which the restore's writes would run.
 */
export async function snapshotConflicts(repo: string, snap: SnapshotRecord): Promise<string[]> {
  assertNoRepositoryFilter(repo, "restore_failed");
  const symbolic = await gitStep(repo, ["symbolic-ref", "-q", "HEAD"], "restore_failed", { allowExit: [1] });
  const branch = symbolic.exitCode === 0 ? symbolic.stdout.trim() : null;
  if (branch !== snap.branch) {
    throw new LeogrielError("restore_branch_mismatch", `Cannot restore the snapshot: check out ${snap.branch ?? "the detached HEAD"} first`, {
      exitCode: 2,
    });
  }
  const conflicts: string[] = [];
  const current = await gitText(repo, ["rev-parse", "--verify", "HEAD^{commit}"], "restore_failed");
  if (current !== snap.head) {
    const ancestor = await gitStep(repo, ["merge-base", "--is-ancestor", current, snap.head], "restore_failed", { allowExit: [1] });
    if (ancestor.exitCode !== 0) conflicts.push("head_diverged");
  }
  if ((await gitText(repo, ["status", "--porcelain", "-uno", "-z"], "restore_failed")) !== "") conflicts.push("tracked_changes");
  if ((await collidingUntracked(repo, snap)).length > 0) conflicts.push("untracked_collision");
  return conflicts;
}

/**
 * Untracked files the restore would overwrite with different content: paths the snapshot's
 * commits (HEAD, its work tree, its untracked files) hold with other bytes.
 */
export async function collidingUntracked(repo: string, snap: SnapshotRecord): Promise<string[]> {
  const present = nulList(await gitText(repo, ["ls-files", "--others", "--exclude-standard", "-z"], "restore_failed"));
  if (present.length === 0) return [];
  const wanted = new Map<string, string>();
  for (const tree of [snap.head, snap.stash, snap.untracked && snap.stash ? `${snap.stash}^3` : null]) {
    if (tree) for (const [path, blob] of await _blobs(repo, tree)) wanted.set(path, blob);
  }
  const colliding: string[] = [];
  for (const path of present) {
    const blob = wanted.get(path);
    if (blob !== undefined && blob !== (await _worktreeBlob(repo, path))) colliding.push(path);
  }
  return colliding;
}

/**
 * Puts HEAD, index, tracked files and the snapshot's untracked files back as they were, and a
 * merge, cherry-pick or revert that had stopped on conflicts (merge-state.ts). The
 * caller has checked (or preserved) every conflict; each step is journalled as restore index 0.
 */
export async function applySnapshot(layout: QuarantineLayout, repo: string, txid: string, snap: SnapshotRecord): Promise<void> {
  const journal = journalPath(layout, txid);
  appendRecord(journal, { type: "restore-intent", index: 0 });
  for (const path of await collidingUntracked(repo, snap)) removeTree(join(repo, path));
  await gitStep(repo, ["reset", "--quiet", "--hard", snap.head], "restore_failed");
  if (snap.stash) {
    await gitStep(repo, ["read-tree", "--reset", "-u", `${snap.stash}^{tree}`], "restore_failed");
    await gitStep(repo, ["read-tree", `${snap.stash}^2^{tree}`], "restore_failed");
  }
  if (snap.stash && snap.untracked) await _checkoutMissing(repo, `${snap.stash}^3`);
  if (snap.merge) await restoreMergeState(repo, snap.merge);
  checkpoint();
  appendRecord(journal, { type: "restore", index: 0 });
}

async function _checkoutMissing(repo: string, commit: string): Promise<void> {
  const missing = [...(await _blobs(repo, commit)).keys()].filter((p) => !lstatSync(join(repo, p), { throwIfNoEntry: false }));
  if (missing.length === 0) return;
  const dir = mkdtempSync(join(tmpdir(), "leogriel-restore-"));
  try {
    const env = { GIT_INDEX_FILE: join(dir, "index") };
    await gitStep(repo, ["read-tree", commit], "restore_failed", { env });
    await gitStep(repo, ["checkout-index", "-z", "--stdin"], "restore_failed", { env, input: `${missing.join("\0")}\0` });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function _blobs(repo: string, treeish: string): Promise<Map<string, string>> {
  const out = await gitText(repo, ["ls-tree", "-r", "-z", "--full-tree", treeish], "restore_failed");
  const blobs = new Map<string, string>();
  for (const line of nulList(out)) {
    const tab = line.indexOf("\t");
    const [, type, id] = line.slice(0, tab).split(" ");
    if (type === "blob") blobs.set(line.slice(tab + 1), id!);
  }
  return blobs;
}

async function _worktreeBlob(repo: string, path: string): Promise<string> {
  const abs = join(repo, path);
  if (lstatSync(abs).isSymbolicLink()) return _hashLink(repo, readlinkSync(abs));
  return gitText(repo, ["hash-object", "--", path], "restore_failed");
}

async function _hashLink(repo: string, target: string): Promise<string> {
  return (await gitStep(repo, ["hash-object", "--no-filters", "--stdin"], "restore_failed", { input: target })).stdout.trim();
}
