import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { gitStep, gitText, nulList } from "./git-run.ts";

/**
 * Runs `take` with the environment under which git sees every change to a tracked file. Git
 * ignores the work-tree file of an entry marked `--assume-unchanged`, so `git stash create` would
 * leave its edits out of a snapshot while `git reset --hard` still overwrites them (red team 9
 * C8). When such entries exist, `take` gets GIT_INDEX_FILE naming a copy of the index with the
 * marks cleared; the repository's own index is not touched. Skip-worktree entries need nothing:
 * git leaves their files alone on a reset as well.
 */
export async function withAssumedChanges<T>(repo: string, take: (env: Record<string, string>) => Promise<T>): Promise<T> {
  const listed = (await gitStep(repo, ["ls-files", "-v", "-z"], "snapshot_failed")).stdout;
  // `ls-files -v` tags an assume-unchanged entry with a lower-case letter: "h path".
  const assumed = nulList(listed).filter((e) => /^[a-z] /.test(e)).map((e) => e.slice(2));
  if (assumed.length === 0) return take({});
  const dir = mkdtempSync(join(tmpdir(), "leogriel-snapshot-index-"));
  try {
    const env = { GIT_INDEX_FILE: join(dir, "index") };
    copyFileSync(resolve(repo, await gitText(repo, ["rev-parse", "--git-path", "index"], "snapshot_failed")), env.GIT_INDEX_FILE);
    await gitStep(repo, ["update-index", "--no-assume-unchanged", "-z", "--stdin"], "snapshot_failed", { env, input: `${assumed.join("\0")}\0` });
    return await take(env);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
