import { describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { classify } from "../../../lib/guard/classify.ts";
import { git } from "../../support/git-run.ts";
import { useTempDirs } from "../../support/temp-dir.ts";

// Red team 9 C10: `git reset --hard` that recurses into submodules (`--recurse-submodules`,
// `submodule.recurse`) overwrites a submodule's changes, which the superproject's snapshot does not
// hold: restore reported success and the change was gone. Such a reset is BLOCK_GIT_RESET_COLLISION.
// The repositories are temporary; the resets are only judged.

const tempDir = useTempDirs("leogriel-redteam9-submodules-");
/** A superproject with one checked-out submodule, whose tracked file has an uncommitted change when `dirty`. */
function superproject(dirty: boolean): string {
  const root = tempDir();
  const sub = join(root, "sub");
  const ws = join(root, "ws");
  for (const dir of [sub, ws]) {
    mkdirSync(dir);
    git(dir, "init", "-q", "-b", "main");
    writeFileSync(join(dir, "a.txt"), "a\n");
    git(dir, "add", ".");
    git(dir, "commit", "-qm", "init");
  }
  git(ws, "-c", "protocol.file.allow=always", "submodule", "add", "-q", "../sub", "sub");
  git(ws, "commit", "-qm", "submodule");
  if (dirty) writeFileSync(join(ws, "sub", "a.txt"), "submodule work\n");
  return ws;
}

const reason = (ws: string, command: string) => classify({ command, cwd: ws, env: { HOME: join(ws, ".."), PATH: process.env.PATH } }).reason as string;

describe("red team 9 C10: resets that recurse into a changed submodule", () => {
  test("git reset --hard --recurse-submodules is BLOCK_GIT_RESET_COLLISION", () => {
    expect(reason(superproject(true), "git reset --hard --recurse-submodules")).toBe("BLOCK_GIT_RESET_COLLISION");
  });
  test("git -c submodule.recurse=true reset --hard is BLOCK_GIT_RESET_COLLISION", () => {
    expect(reason(superproject(true), "git -c submodule.recurse=true reset --hard")).toBe("BLOCK_GIT_RESET_COLLISION");
  });
  test("git reset --hard with submodule.recurse in the repository's configuration is BLOCK_GIT_RESET_COLLISION", () => {
    const ws = superproject(true);
    git(ws, "config", "submodule.recurse", "true");
    expect(reason(ws, "git reset --hard")).toBe("BLOCK_GIT_RESET_COLLISION");
    expect(reason(ws, "git reset --hard --no-recurse-submodules")).toBe("SNAPSHOT_GIT_WORKTREE");
  });
  test("a reset that does not recurse, or a clean submodule, keeps its snapshot", () => {
    expect(reason(superproject(true), "git reset --hard")).toBe("SNAPSHOT_GIT_WORKTREE");
    expect(reason(superproject(false), "git reset --hard --recurse-submodules")).toBe("SNAPSHOT_GIT_WORKTREE");
  });
});
