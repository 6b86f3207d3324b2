import { describe, expect, test } from "bun:test";
import { readFileSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { treeHashes } from "../fixtures/check-recovery/tree.ts";
import { gitWorkspace, type GitWorkspace } from "../support/guard-e2e.ts";
import { runEntry } from "../support/run-cli.ts";
import { useTempDirs } from "../support/temp-dir.ts";

// Discarding a merge that stopped on conflicts, through the real `--hook claude` and the real
// shell: the hook records a Git snapshot (the index's unmerged entries no longer make it deny
// with COMPENSATION_FAILED), and `restore` brings the work tree back, conflict markers included.
const tempDir = useTempDirs("leogriel-check-hook-conflict-");

const MARKED = "a\n<<<<<<< HEAD\nOURS\n=======\nTHEIRS\n>>>>>>> other\nc\n";

/** A repository whose `git merge other` stopped on a conflict in f.txt, with keep.txt edited since. */
function conflicted(): GitWorkspace {
  const r = gitWorkspace(realpathSync(tempDir()));
  writeFileSync(join(r.ws, "f.txt"), "a\nb\nc\n");
  writeFileSync(join(r.ws, "keep.txt"), "keep\n");
  r.git("add", ".");
  r.git("commit", "-qm", "base");
  r.git("checkout", "-qb", "other");
  writeFileSync(join(r.ws, "f.txt"), "a\nTHEIRS\nc\n");
  r.git("commit", "-qam", "theirs");
  r.git("checkout", "-q", "-");
  writeFileSync(join(r.ws, "f.txt"), "a\nOURS\nc\n");
  r.git("commit", "-qam", "ours");
  expect(() => r.git("merge", "-q", "other")).toThrow();
  writeFileSync(join(r.ws, "keep.txt"), "keep, edited during the merge\n");
  expect(readFileSync(join(r.ws, "f.txt"), "utf8")).toBe(MARKED);
  return r;
}

const claudePayload = (ws: string, command: string) =>
  JSON.stringify({ session_id: "s", transcript_path: "/dev/null", cwd: ws, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command }, tool_use_id: "toolu_1" });

describe("discarding a conflicted merge through --hook claude, then the command, then restore", () => {
  for (const command of ["git reset --hard", "git checkout -f"]) {
    test(`${command}: the hook allows with a Git snapshot, the conflict stays until the command runs, and restore brings every byte back`, () => {
      const r = conflicted();
      const before = treeHashes(r.ws);
      const stages = r.git("ls-files", "-s");
      expect(r.git("ls-files", "-u")).not.toBe("");

      const hook = runEntry("check", ["--hook", "claude"], { cwd: r.ws, env: r.env, stdin: claudePayload(r.ws, command) });
      expect(hook.exitCode).toBe(0);
      const answer = JSON.parse(hook.stdout);
      expect(answer.hookSpecificOutput.permissionDecision).toBeUndefined();
      expect(answer.systemMessage).toContain("Git snapshot");
      const txid = /leogriel-check restore (tx-\d{8}T\d{6}Z-[0-9a-f]{12})/.exec(answer.systemMessage)?.[1];
      expect(txid).toBeDefined();
      expect(r.git("ls-files", "-s")).toBe(stages);
      expect(treeHashes(r.ws)).toEqual(before);

      expect(Bun.spawnSync(["sh", "-c", command], { cwd: r.ws, env: r.env }).exitCode).toBe(0);
      expect(r.git("ls-files", "-u")).toBe("");
      expect(readFileSync(join(r.ws, "f.txt"), "utf8")).toBe("a\nOURS\nc\n");

      const restore = runEntry("check", ["restore", txid!, "--json"], { cwd: r.ws, env: r.env });
      expect(restore.exitCode).toBe(0);
      expect(JSON.parse(restore.stdout).data).toMatchObject({ txid, restored_count: 1, conflict_count: 0, error_count: 0 });
      expect(treeHashes(r.ws)).toEqual(before);
      expect(readFileSync(join(r.ws, "f.txt"), "utf8")).toBe(MARKED);
    });
  }
});
