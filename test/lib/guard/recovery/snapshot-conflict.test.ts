import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { applyCompensation } from "../../../../lib/guard/recovery/apply.ts";
import { restoreTransaction } from "../../../../lib/guard/recovery/restore.ts";
import { treeHashes } from "../../../fixtures/check-recovery/tree.ts";
import { git } from "../../../support/git-run.ts";
import { useTempDirs } from "../../../support/temp-dir.ts";

// A snapshot taken while the index holds a merge's conflicts (`git stash create` refuses such an
// index): the real index keeps its conflict stages, and a restore after the real reset brings the
// work tree back byte for byte, conflict markers included.
const tempDir = useTempDirs("leogriel-snapshot-conflict-test-");

/**
 * A repository in the middle of `git merge other` that stopped on conflicts: f.txt (both sides
 * changed a line), both.txt (both sides added it), gone.txt (deleted here, changed there), and
 * merged.txt (changed there only: merged cleanly and staged); keep.txt and assumed.txt as committed.
 */
function conflictedRepo(): string {
  const ws = branchesToMerge();
  expect(() => git(ws, "merge", "-q", "other")).toThrow();
  expect(readFileSync(join(ws, "f.txt"), "utf8")).toContain("<<<<<<<");
  return ws;
}

/** The repository of {@link conflictedRepo} on main before the merge. */
function branchesToMerge(): string {
  const ws = tempDir();
  git(ws, "init", "-q", "-b", "main");
  writeFileSync(join(ws, "f.txt"), "a\nb\nc\n");
  writeFileSync(join(ws, "gone.txt"), "gone\n");
  writeFileSync(join(ws, "merged.txt"), "merged\n");
  writeFileSync(join(ws, "keep.txt"), "keep\n");
  writeFileSync(join(ws, "assumed.txt"), "assumed\n");
  git(ws, "add", ".");
  git(ws, "commit", "-qm", "base");
  git(ws, "checkout", "-qb", "other");
  writeFileSync(join(ws, "f.txt"), "a\nTHEIRS\nc\n");
  writeFileSync(join(ws, "both.txt"), "theirs\n");
  writeFileSync(join(ws, "gone.txt"), "gone, changed there\n");
  writeFileSync(join(ws, "merged.txt"), "merged, changed there\n");
  git(ws, "add", ".");
  git(ws, "commit", "-qm", "theirs");
  git(ws, "checkout", "-q", "main");
  writeFileSync(join(ws, "f.txt"), "a\nOURS\nc\n");
  writeFileSync(join(ws, "both.txt"), "ours\n");
  git(ws, "rm", "-q", "gone.txt");
  git(ws, "add", ".");
  git(ws, "commit", "-qm", "ours");
  return ws;
}

/** What the snapshot must leave untouched: the work tree, the index with its stages, the stash list, the merge. */
function untouched(ws: string): { tree: Record<string, string>; index: string; stashes: string; merging: boolean } {
  return { tree: treeHashes(ws), index: git(ws, "ls-files", "-s"), stashes: git(ws, "stash", "list"), merging: existsSync(join(ws, ".git", "MERGE_HEAD")) };
}

/** Takes the snapshot with os.tmpdir() set to a fresh folder, and checks the folder is empty afterwards. */
async function snapshot(ws: string): Promise<string> {
  const scratch = tempDir();
  const saved = process.env.TMPDIR;
  process.env.TMPDIR = scratch;
  try {
    const result = await applyCompensation({ kind: "snapshot", workspace: ws, repo: ws, includeUntracked: true });
    if (!result.ok) throw new Error(result.message);
    return result.txid;
  } finally {
    if (saved === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = saved;
    expect(readdirSync(scratch)).toEqual([]);
  }
}

const discards: Array<{ name: string; args: string[] }> = [
  { name: "git reset --hard", args: ["reset", "-q", "--hard"] },
  { name: "git reset --merge", args: ["reset", "-q", "--merge"] },
  { name: "git checkout -f", args: ["checkout", "-q", "-f"] },
];

describe("SNAPSHOT compensation with an index in conflict", () => {
  for (const row of discards) {
    test(`a stopped merge, then ${row.name}: the snapshot leaves the conflict in place, and restore brings the work tree back byte for byte`, async () => {
      const ws = conflictedRepo();
      const before = untouched(ws);
      expect(git(ws, "ls-files", "-u")).not.toBe("");
      const txid = await snapshot(ws);
      expect(untouched(ws)).toEqual(before);

      git(ws, ...row.args);
      expect(git(ws, "ls-files", "-u")).toBe("");
      expect(readFileSync(join(ws, "f.txt"), "utf8")).toBe("a\nOURS\nc\n");

      const report = await restoreTransaction(ws, txid, { force: false });
      expect(report).toMatchObject({ restored_count: 1, conflict_count: 0, error_count: 0 });
      expect(treeHashes(ws)).toEqual(before.tree);
      expect(readFileSync(join(ws, "f.txt"), "utf8")).toBe("a\n<<<<<<< HEAD\nOURS\n=======\nTHEIRS\n>>>>>>> other\nc\n");
    });
  }

  test("the restored index holds the merge's clean results staged and its conflict stages as they were: the merge is in progress again", async () => {
    const ws = conflictedRepo();
    const stages = git(ws, "ls-files", "-s");
    const status = git(ws, "status", "--porcelain", "--", ":!.agent-guard");
    const mergeHead = readFileSync(join(ws, ".git", "MERGE_HEAD"), "utf8");
    const txid = await snapshot(ws);
    git(ws, "reset", "-q", "--hard");
    expect(existsSync(join(ws, ".git", "MERGE_HEAD"))).toBe(false);
    await restoreTransaction(ws, txid, { force: false });
    expect(git(ws, "ls-files", "-s")).toBe(stages);
    expect(git(ws, "status", "--porcelain", "--", ":!.agent-guard")).toBe(status);
    // gone.txt: deleted on our side, changed on theirs: unmerged again, its file in place.
    expect(status).toContain("DU gone.txt");
    expect(readFileSync(join(ws, "gone.txt"), "utf8")).toBe("gone, changed there\n");
    expect(readFileSync(join(ws, ".git", "MERGE_HEAD"), "utf8")).toBe(mergeHead);
    expect(git(ws, "merge", "--abort")).toBe("");
    expect(git(ws, "ls-files", "-u")).toBe("");
  });

  test("a conflict plus an untracked file, a modified tracked file and an assume-unchanged edit: all come back after reset --hard", async () => {
    const ws = conflictedRepo();
    writeFileSync(join(ws, "notes.txt"), "untracked notes\n");
    writeFileSync(join(ws, "keep.txt"), "keep, edited during the merge\n");
    git(ws, "update-index", "--assume-unchanged", "assumed.txt");
    writeFileSync(join(ws, "assumed.txt"), "assumed, edited while marked unchanged\n");
    const before = untouched(ws);
    const txid = await snapshot(ws);
    expect(untouched(ws)).toEqual(before);

    git(ws, "reset", "-q", "--hard");
    git(ws, "clean", "-qfd");
    expect(existsSync(join(ws, "notes.txt"))).toBe(false);
    expect(readFileSync(join(ws, "keep.txt"), "utf8")).toBe("keep\n");

    const report = await restoreTransaction(ws, txid, { force: false });
    expect(report).toMatchObject({ restored_count: 1, conflict_count: 0, error_count: 0 });
    expect(treeHashes(ws)).toEqual(before.tree);
    expect(git(ws, "show", `refs/agent-guard/snapshots/${txid}:assumed.txt`)).toBe("assumed, edited while marked unchanged");
    expect(git(ws, "show", `refs/agent-guard/snapshots/${txid}^3:notes.txt`)).toBe("untracked notes");
    // Unmerged paths again (each named per stage), and the assume-unchanged mark is not kept.
    expect(git(ws, "diff", "--name-only")).toBe("assumed.txt\nboth.txt\nboth.txt\nf.txt\nf.txt\ngone.txt\nkeep.txt");
  });

  test("restore --force over a conflicted merge first keeps the conflict in a backup snapshot, which restores it in turn", async () => {
    const ws = branchesToMerge();
    const clean = treeHashes(ws);
    const txid = await snapshot(ws);
    expect(() => git(ws, "merge", "-q", "other")).toThrow();
    const conflicted = treeHashes(ws);

    const forced = await restoreTransaction(ws, txid, { force: true });
    expect(forced).toMatchObject({ restored_count: 1, conflict_count: 0, error_count: 0 });
    expect(forced.backup_txids).toHaveLength(1);
    expect(treeHashes(ws)).toEqual(clean);

    const back = await restoreTransaction(ws, forced.backup_txids![0]!, { force: false });
    expect(back).toMatchObject({ restored_count: 1, conflict_count: 0, error_count: 0 });
    expect(treeHashes(ws)).toEqual(conflicted);
  });
});
