import { describe, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { LeogrielError } from "../../../../lib/core/errors.ts";
import { classify } from "../../../../lib/guard/classify.ts";
import { applyCompensation } from "../../../../lib/guard/recovery/apply.ts";
import { restoreTransaction } from "../../../../lib/guard/recovery/restore.ts";
import { git } from "../../../support/git-run.ts";
import { armFilters, armPrograms, hostileRepo, touchContent, useGlobalGitConfig } from "../../../support/hostile-repo.ts";
import { useTempDirs } from "../../../support/temp-dir.ts";

// Session 6: the recovery layer's git (stash create, update-ref, reset --hard, read-tree -u,
// checkout-index, stash store) ran the repository's reference-transaction and post-index-change
// hooks, its fsmonitor, and its filter drivers' clean, smudge and process programs. The hooks and
// the other program keys are switched off on every run (lib/guard/git-safe.ts); a repository
// whose own config defines a filter program gets no snapshot (BLOCK_UNDETERMINABLE_EFFECT) and
// no snapshot restore (`restore_failed`), since without the filter the bytes would not come back.
const tempDir = useTempDirs("leogriel-git-safe-recovery-");
const ENV = { HOME: "/nonexistent-home", TMPDIR: "/tmp", PATH: process.env.PATH };

async function snapshot(ws: string) {
  return applyCompensation({ kind: "snapshot", workspace: ws, repo: ws, includeUntracked: true });
}

describe("the recovery layer runs no program the repository names", () => {
  for (const hooks of ["git-dir", "hooksPath"] as const) {
    test(`a snapshot and its restore run no hook (${hooks}), fsmonitor or signing program`, async () => {
      const repo = hostileRepo(tempDir());
      armPrograms(repo, hooks);
      touchContent(repo.ws);
      writeFileSync(join(repo.ws, "new.txt"), "untracked\n");
      repo.clear();
      const taken = await snapshot(repo.ws);
      expect(taken.ok).toBe(true);
      expect(repo.ran()).toEqual([]);
      // The user's own git runs them (the fixture is live).
      git(repo.ws, "reset", "-q", "--hard");
      expect(repo.ran()).toContain("hook-reference-transaction");
      repo.clear();
      const report = await restoreTransaction(repo.ws, taken.ok ? taken.txid : "", { force: true });
      expect(report).toMatchObject({ restored_count: 1, error_count: 0 });
      expect(readFileSync(join(repo.ws, "a.txt"), "utf8")).toBe("A\n");
      expect(repo.ran()).toEqual([]);
    });
  }

  test("the refs a branch delete drops are kept and put back without the reference-transaction hook", async () => {
    const repo = hostileRepo(tempDir());
    armPrograms(repo);
    repo.clear();
    const r = classify({ command: "git branch -D side", cwd: repo.ws, env: ENV });
    expect(r.reason).toBe("SNAPSHOT_GIT_REFS");
    const taken = await applyCompensation(r.plan!);
    expect(taken.ok).toBe(true);
    git(repo.ws, "branch", "-D", "side");
    repo.clear();
    await restoreTransaction(repo.ws, taken.ok ? taken.txid : "", { force: false });
    expect(git(repo.ws, "branch", "--list", "side")).toContain("side");
    expect(repo.ran()).toEqual([]);
  });

  test("a filter program in the repository's config: no snapshot, nothing run", async () => {
    const repo = hostileRepo(tempDir());
    armFilters(repo);
    repo.clear();
    expect(await snapshot(repo.ws)).toMatchObject({ ok: false, reason: "BLOCK_UNDETERMINABLE_EFFECT" });
    expect(git(repo.ws, "for-each-ref", "refs/agent-guard/")).toBe("");
    expect(repo.ran()).toEqual([]);
  });

  test("a filter program the repository configures after the snapshot: no restore, nothing run", async () => {
    const repo = hostileRepo(tempDir());
    touchContent(repo.ws);
    const taken = await snapshot(repo.ws);
    expect(taken.ok).toBe(true);
    git(repo.ws, "reset", "-q", "--hard");
    armFilters(repo);
    repo.clear();
    const restoring = restoreTransaction(repo.ws, taken.ok ? taken.txid : "", { force: true });
    await expect(restoring).rejects.toBeInstanceOf(LeogrielError);
    await expect(restoring).rejects.toMatchObject({ code: "restore_failed" });
    expect(repo.ran()).toEqual([]);
  });

  describe("a filter driver only the user's global config defines (git-lfs)", () => {
    const useGlobal = useGlobalGitConfig();
    test("runs as in the user's own git, and the snapshot is taken", async () => {
      const repo = hostileRepo(tempDir());
      const global = join(repo.ws, "..", "gitconfig");
      writeFileSync(global, "");
      useGlobal(global);
      armFilters(repo, ["--file", global]);
      repo.clear();
      expect((await snapshot(repo.ws)).ok).toBe(true);
      expect(repo.ran()).toContain("clean");
    });
  });
});
