import { describe, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { applyCompensation } from "../../../lib/guard/recovery/apply.ts";
import { restoreTransaction } from "../../../lib/guard/recovery/restore.ts";
import { git } from "../../support/git-run.ts";
import { useTempDirs } from "../../support/temp-dir.ts";

// Red team 9 C8: an entry marked `--assume-unchanged` hides its edits from `git stash create`,
// and `git reset --hard` still overwrites the file: the snapshot must hold the edit. Every git
// command runs in a temporary repository.

const tempDir = useTempDirs("leogriel-redteam9-snapshot-");

function repo(): string {
  const ws = tempDir();
  git(ws, "init", "-q", "-b", "main");
  writeFileSync(join(ws, "a.txt"), "a\n");
  writeFileSync(join(ws, "b.txt"), "b\n");
  git(ws, "add", ".");
  git(ws, "commit", "-qm", "one");
  return ws;
}

describe("red team 9 C8: a snapshot holds the edits of assume-unchanged entries", () => {
  test("git reset --hard over an assume-unchanged edit is undone by restore", async () => {
    const ws = repo();
    git(ws, "update-index", "--assume-unchanged", "a.txt");
    writeFileSync(join(ws, "a.txt"), "precious edit\n");
    writeFileSync(join(ws, "b.txt"), "b, edited\n");
    const result = await applyCompensation({ kind: "snapshot", workspace: ws, repo: ws, includeUntracked: false });
    if (!result.ok) throw new Error(result.message);
    // The repository's own index keeps its mark: the snapshot used a copy.
    expect(git(ws, "ls-files", "-v", "a.txt")).toBe("h a.txt");
    git(ws, "reset", "-q", "--hard");
    expect(readFileSync(join(ws, "a.txt"), "utf8")).toBe("a\n");
    const report = await restoreTransaction(ws, result.txid, { force: false });
    expect(report).toMatchObject({ restored_count: 1, error_count: 0 });
    expect(readFileSync(join(ws, "a.txt"), "utf8")).toBe("precious edit\n");
    expect(readFileSync(join(ws, "b.txt"), "utf8")).toBe("b, edited\n");
  });

  test("without marked entries the snapshot is the plain stash of the changes", async () => {
    const ws = repo();
    writeFileSync(join(ws, "b.txt"), "b, edited\n");
    const result = await applyCompensation({ kind: "snapshot", workspace: ws, repo: ws, includeUntracked: false });
    if (!result.ok) throw new Error(result.message);
    git(ws, "reset", "-q", "--hard");
    await restoreTransaction(ws, result.txid, { force: false });
    expect(readFileSync(join(ws, "b.txt"), "utf8")).toBe("b, edited\n");
  });
});
