import { describe, expect, test } from "bun:test";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { LeogrielError } from "../../../../lib/core/errors.ts";
import { applyCompensation } from "../../../../lib/guard/recovery/apply.ts";
import { restoreTransaction } from "../../../../lib/guard/recovery/restore.ts";
import { treeHashes } from "../../../fixtures/check-recovery/tree.ts";
import { useTempDirs } from "../../../support/temp-dir.ts";

const tempDir = useTempDirs("leogriel-snapshot-");

function git(cwd: string, ...args: string[]): string {
  const proc = Bun.spawnSync(["git", ...args], {
    cwd,
    env: { ...process.env, GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@t", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@t" },
  });
  if (proc.exitCode !== 0) throw new Error(`git ${args.join(" ")}: ${proc.stderr.toString()}`);
  return proc.stdout.toString().trim();
}

/** A repository two commits deep with a staged change, an unstaged change and an untracked file. */
function repo(): string {
  const ws = tempDir();
  git(ws, "init", "-q", "-b", "main");
  mkdirSync(join(ws, "src"));
  writeFileSync(join(ws, "src", "a.txt"), "one\n");
  writeFileSync(join(ws, ".gitignore"), "*.log\n");
  git(ws, "add", ".");
  git(ws, "commit", "-qm", "one");
  writeFileSync(join(ws, "src", "b.txt"), "two\n");
  git(ws, "add", ".");
  git(ws, "commit", "-qm", "two");
  writeFileSync(join(ws, "src", "a.txt"), "one, staged\n");
  git(ws, "add", "src/a.txt");
  writeFileSync(join(ws, "src", "a.txt"), "one, staged, then edited\n");
  writeFileSync(join(ws, "new file.txt"), "untracked\n");
  return ws;
}

function state(ws: string): { tree: Record<string, string>; head: string; index: string } {
  return { tree: treeHashes(ws), head: git(ws, "rev-parse", "HEAD"), index: git(ws, "ls-files", "-s") };
}

describe("SNAPSHOT compensation", () => {
  test("git reset --hard HEAD~1 is undone byte for byte, index and HEAD included, after git gc --prune=now", async () => {
    const ws = repo();
    const before = state(ws);
    const result = await applyCompensation({ kind: "snapshot", workspace: ws, repo: ws, includeUntracked: true });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(git(ws, "status", "--porcelain")).toContain("new file.txt");
    expect(git(ws, "stash", "list")).toBe("");
    git(ws, "reset", "-q", "--hard", "HEAD~1");
    git(ws, "rm", "-q", "--cached", "new file.txt", "--ignore-unmatch");
    rmSync(join(ws, "new file.txt"));
    git(ws, "reflog", "expire", "--expire=now", "--all");
    git(ws, "gc", "-q", "--prune=now");
    expect(git(ws, "for-each-ref", "refs/agent-guard/")).toContain(`refs/agent-guard/snapshots/${result.txid}`);
    const report = await restoreTransaction(ws, result.txid, { force: false });
    expect(report).toMatchObject({ restored_count: 1, conflict_count: 0, error_count: 0 });
    expect(state(ws)).toEqual(before);
  });

  test("a clean work tree still records HEAD, so the commits a reset drops stay restorable", async () => {
    const ws = repo();
    git(ws, "add", "-A");
    git(ws, "commit", "-qm", "three");
    const before = state(ws);
    const result = await applyCompensation({ kind: "snapshot", workspace: ws, repo: ws, includeUntracked: false });
    if (!result.ok) throw new Error(result.message);
    git(ws, "reset", "-q", "--hard", "HEAD~2");
    await restoreTransaction(ws, result.txid, { force: false });
    expect(state(ws)).toEqual(before);
  });

  test("a restore over local changes is a conflict, and --force preserves them in backup_txids first", async () => {
    const ws = repo();
    const before = state(ws);
    const result = await applyCompensation({ kind: "snapshot", workspace: ws, repo: ws, includeUntracked: true });
    if (!result.ok) throw new Error(result.message);
    git(ws, "reset", "-q", "--hard", "HEAD~1");
    writeFileSync(join(ws, "src", "a.txt"), "work done after the reset\n");
    writeFileSync(join(ws, "new file.txt"), "a different untracked file\n");
    const refused = await restoreTransaction(ws, result.txid, { force: false });
    expect(refused).toMatchObject({ restored_count: 0, conflict_count: 1 });
    expect(readFileSync(join(ws, "src", "a.txt"), "utf8")).toBe("work done after the reset\n");
    const forced = await restoreTransaction(ws, result.txid, { force: true });
    expect(forced.backup_txids).toHaveLength(1);
    expect(state(ws)).toEqual(before);
    const backup = await restoreTransaction(ws, forced.backup_txids![0]!, { force: true });
    expect(backup.restored_count).toBe(1);
    expect(readFileSync(join(ws, "src", "a.txt"), "utf8")).toBe("work done after the reset\n");
    expect(readFileSync(join(ws, "new file.txt"), "utf8")).toBe("a different untracked file\n");
  });

  test("a snapshot outside a git repository is BLOCK_UNDETERMINABLE_EFFECT", async () => {
    const ws = tempDir();
    const result = await applyCompensation({ kind: "snapshot", workspace: ws, repo: ws, includeUntracked: true });
    expect(result).toMatchObject({ ok: false, reason: "BLOCK_UNDETERMINABLE_EFFECT" });
  });

  test("a repository without a first commit is COMPENSATION_FAILED", async () => {
    const ws = tempDir();
    git(ws, "init", "-q");
    writeFileSync(join(ws, "a"), "a");
    const result = await applyCompensation({ kind: "snapshot", workspace: ws, repo: ws, includeUntracked: true });
    expect(result).toMatchObject({ ok: false, reason: "COMPENSATION_FAILED" });
  });

  test("restoring on another branch is refused with restore_branch_mismatch", async () => {
    const ws = repo();
    const result = await applyCompensation({ kind: "snapshot", workspace: ws, repo: ws, includeUntracked: true });
    if (!result.ok) throw new Error(result.message);
    git(ws, "stash", "-u", "-q");
    git(ws, "checkout", "-q", "-b", "other");
    const err = await restoreTransaction(ws, result.txid, { force: true }).catch((e: LeogrielError) => e);
    expect((err as LeogrielError).code).toBe("restore_branch_mismatch");
  });
});
