import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { layoutOf } from "../../lib/guard/recovery/layout.ts";
import { purgeTx } from "../../lib/guard/recovery/purge.ts";
import { loadTx } from "../../lib/guard/recovery/tx-view.ts";
import { treeHashes } from "../fixtures/check-recovery/tree.ts";
import { notedTxid } from "../support/quarantined.ts";
import { gitWorkspace, type GitWorkspace } from "../support/guard-e2e.ts";
import { runEntry } from "../support/run-cli.ts";
import { useTempDirs } from "../support/temp-dir.ts";

// Discarding a merge that stopped on conflicts, through the real `--hook claude` and the real
// shell: the hook records a Git snapshot (the index's unmerged entries no longer make it deny
// with COMPENSATION_FAILED), and `restore` brings the work tree back, conflict markers included,
// and the merge or cherry-pick with its conflict stages (merge-state.ts).
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
      const state = mergeState(r);
      expect(state.MERGE_HEAD).toBe(r.git("rev-parse", "other"));

      const hook = runEntry("check", ["--hook", "claude"], { cwd: r.ws, env: r.env, stdin: claudePayload(r.ws, command) });
      expect(hook.exitCode).toBe(0);
      const answer = JSON.parse(hook.stdout);
      expect(answer.hookSpecificOutput.permissionDecision).toBeUndefined();
      expect(answer.systemMessage).toContain("Git snapshot");
      const txid = notedTxid(answer.systemMessage);
      expect(txid).toBeDefined();
      expect(r.git("ls-files", "-s")).toBe(stages);
      expect(treeHashes(r.ws)).toEqual(before);

      expect(Bun.spawnSync(["sh", "-c", command], { cwd: r.ws, env: r.env }).exitCode).toBe(0);
      expect(r.git("ls-files", "-u")).toBe("");
      expect(readFileSync(join(r.ws, "f.txt"), "utf8")).toBe("a\nOURS\nc\n");

      const restore = runEntry("check", ["restore", txid, "--json"], { cwd: r.ws, env: r.env });
      expect(restore.exitCode).toBe(0);
      expect(JSON.parse(restore.stdout).data).toMatchObject({ txid, restored_count: 1, conflict_count: 0, error_count: 0 });
      expect(treeHashes(r.ws)).toEqual(before);
      expect(readFileSync(join(r.ws, "f.txt"), "utf8")).toBe(MARKED);
      // The merge is in progress again, its conflict stages and message as they were: resolving
      // and committing makes the merge commit.
      expect(r.git("ls-files", "-s")).toBe(stages);
      expect(mergeState(r)).toEqual(state);
      writeFileSync(join(r.ws, "f.txt"), "a\nBOTH\nc\n");
      r.git("add", "f.txt");
      r.git("commit", "-q", "--no-edit");
      expect(r.git("log", "-1", "--format=%P|%s").trim()).toBe(`${r.git("rev-parse", "HEAD^1").trim()} ${r.git("rev-parse", "other").trim()}|Merge branch 'other'`);
    });
  }

  test("a cherry-pick stopped on a conflict: restore puts CHERRY_PICK_HEAD and the stages back, and --continue finishes it", () => {
    const r = conflicted();
    r.git("merge", "--abort");
    expect(() => r.git("cherry-pick", "other")).toThrow();
    const stages = r.git("ls-files", "-s");
    const state = mergeState(r);
    expect(state.CHERRY_PICK_HEAD).toBe(r.git("rev-parse", "other"));
    const hook = runEntry("check", ["--hook", "claude"], { cwd: r.ws, env: r.env, stdin: claudePayload(r.ws, "git reset --hard") });
    const txid = notedTxid(JSON.parse(hook.stdout).systemMessage);
    expect(Bun.spawnSync(["git", "reset", "--hard", "-q"], { cwd: r.ws, env: r.env }).exitCode).toBe(0);
    expect(mergeState(r)).toEqual({});
    expect(runEntry("check", ["restore", txid], { cwd: r.ws, env: r.env }).exitCode).toBe(0);
    expect(r.git("ls-files", "-s")).toBe(stages);
    expect(mergeState(r)).toEqual(state);
    writeFileSync(join(r.ws, "f.txt"), "a\nBOTH\nc\n");
    r.git("add", "f.txt");
    r.git("-c", "core.editor=true", "cherry-pick", "--continue");
    expect(r.git("log", "-1", "--format=%s")).toBe("theirs\n");
  });

  test("purging the snapshot deletes the ref that kept the merge state alive", async () => {
    const r = conflicted();
    const hook = runEntry("check", ["--hook", "claude"], { cwd: r.ws, env: r.env, stdin: claudePayload(r.ws, "git reset --hard") });
    const txid = notedTxid(JSON.parse(hook.stdout).systemMessage);
    expect(r.git("for-each-ref", "--format=%(refname)", "refs/agent-guard/merges/")).toBe(`refs/agent-guard/merges/${txid}\n`);
    const view = loadTx(layoutOf(r.ws), txid);
    await purgeTx(layoutOf(r.ws), r.ws, view);
    expect(r.git("for-each-ref", "refs/agent-guard/")).toBe("");
  });
});

/** The state files git keeps while a merge or cherry-pick waits (none: an empty object). */
function mergeState(r: GitWorkspace): Record<string, string> {
  const state: Record<string, string> = {};
  for (const file of ["MERGE_HEAD", "CHERRY_PICK_HEAD", "REVERT_HEAD", "MERGE_MSG", "MERGE_MODE"]) {
    const path = join(r.ws, ".git", file);
    if (existsSync(path)) state[file] = readFileSync(path, "utf8");
  }
  return state;
}
