import { describe, expect, test } from "bun:test";
import { realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gitWorkspace, type GitWorkspace } from "../support/guard-e2e.ts";
import { runEntry } from "../support/run-cli.ts";
import { useTempDirs } from "../support/temp-dir.ts";

// The real entry (--apply, and hook mode as an agent calls it), the real git command, an
// aggressive gc, then the real restore: every branch and stash entry is back.
const tempDir = useTempDirs("leogriel-check-refs-undo-");

type Repo = GitWorkspace;

/** A repository with branches feature and other (commits only they hold) and three stash entries. */
function repo(): Repo {
  const r = gitWorkspace(realpathSync(tempDir()));
  const { ws, git } = r;
  git("checkout", "-q", "-b", "main");
  writeFileSync(join(ws, "a.txt"), "a\n");
  git("add", ".");
  git("commit", "-qm", "one");
  for (const name of ["feature", "other"]) {
    git("checkout", "-qb", name, "main");
    writeFileSync(join(ws, "a.txt"), `${name} work\n`);
    git("commit", "-qam", `${name} work`);
  }
  git("checkout", "-q", "main");
  for (const n of [1, 2, 3]) {
    writeFileSync(join(ws, "a.txt"), `wip ${n}\n`);
    git("stash", "push", "-q", "-m", `wip ${n}`);
  }
  return r;
}

/** Branches with their commits, and the stash list with each entry's commit and message. */
function refs(r: Repo) {
  return { branches: r.git("for-each-ref", "--format=%(objectname) %(refname)", "refs/heads/"), stash: r.git("stash", "list", "--format=%H %gs") };
}

const claudePayload = (ws: string, command: string) =>
  JSON.stringify({ session_id: "s", transcript_path: "/dev/null", cwd: ws, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command, description: "d" }, tool_use_id: "toolu_1" });

/** Runs the guard as `--apply` or as Claude Code's hook; returns the transaction it names. */
function guard(r: Repo, mode: "apply" | "hook", command: string): string {
  if (mode === "apply") {
    const res = runEntry("check", ["--apply", "--json", "--", command], { cwd: r.ws, env: r.env });
    expect(res.exitCode).toBe(0);
    const json = JSON.parse(res.stdout);
    expect(json).toMatchObject({ decision: "SNAPSHOT", reason: "SNAPSHOT_GIT_REFS", compensation: { kind: "refs", repo: r.ws } });
    return json.compensation.applied.txid;
  }
  const hook = runEntry("check", ["--hook", "claude"], { cwd: r.ws, env: r.env, stdin: claudePayload(r.ws, command) });
  expect(hook.exitCode).toBe(0);
  const answer = JSON.parse(hook.stdout);
  expect(answer.hookSpecificOutput.permissionDecision).toBeUndefined();
  expect(hook.stdout).not.toContain(command);
  return /leogriel-check restore (tx-\d{8}T\d{6}Z-[0-9a-f]{12})/.exec(answer.systemMessage)![1]!;
}

const rows: { command: string; mode: "apply" | "hook"; reorders?: boolean }[] = [
  { command: "git branch -D feature", mode: "apply" },
  { command: "git branch -D feature other", mode: "hook" },
  { command: "git branch --delete --force other", mode: "apply" },
  { command: "git stash drop", mode: "hook" },
  { command: "git stash drop stash@{1}", mode: "apply", reorders: true },
  { command: "git stash clear", mode: "apply" },
  { command: "git stash clear", mode: "hook" },
];

describe("leogriel-check on branch deletes and stash drops, then the command, then restore (real processes)", () => {
  for (const row of rows) {
    test(`${row.command} (${row.mode}): every branch and stash entry is back after git gc --prune=now`, () => {
      const r = repo();
      const before = refs(r);
      const txid = guard(r, row.mode, row.command);
      const ran = Bun.spawnSync(["sh", "-c", row.command], { cwd: r.ws, env: r.env });
      expect(ran.exitCode).toBe(0);
      expect(refs(r)).not.toEqual(before);
      r.git("gc", "-q", "--prune=now");

      const restore = runEntry("check", ["restore", txid, "--json"], { cwd: r.ws, env: r.env });
      expect(restore.exitCode).toBe(0);
      expect(JSON.parse(restore.stdout).data).toMatchObject({ txid, kind: "refs", conflict_count: 0, error_count: 0 });
      const after = refs(r);
      expect(after.branches).toBe(before.branches);
      // A dropped entry comes back on top of the stash list; a cleared list comes back in order.
      if (row.reorders) expect(after.stash.split("\n").sort()).toEqual(before.stash.split("\n").sort());
      else expect(after.stash).toBe(before.stash);
    });
  }

  test("a branch recreated at another commit is a conflict: restore exits 1 and leaves it", () => {
    const r = repo();
    const txid = guard(r, "apply", "git branch -D feature");
    r.git("branch", "-D", "feature");
    r.git("branch", "feature", "main");
    const now = refs(r);
    const restore = runEntry("check", ["restore", txid, "--json"], { cwd: r.ws, env: r.env });
    expect(restore.exitCode).toBe(1);
    expect(JSON.parse(restore.stdout)).toMatchObject({ ok: false, data: { conflict_count: 1 }, warnings: [{ code: "branch_exists" }] });
    expect(refs(r)).toEqual(now);
  });

  test("status lists the transaction, and gc purges it with its keep-alive refs", () => {
    const r = repo();
    const txid = guard(r, "apply", "git stash clear");
    const status = runEntry("check", ["status", "--json"], { cwd: r.ws, env: r.env });
    expect(status.exitCode).toBe(0);
    const data = JSON.parse(status.stdout).data;
    expect(data.tx_inventory).toEqual([txid]);
    expect(data.transactions[0]).toMatchObject({ txid, kind: "refs", state: "committed", item_count: 3, quarantined_count: 3 });
    expect(data.audit.at(-1)).toMatchObject({ event: "compensation", kind: "refs", outcome: "ok", txid, target_count: 3 });
    expect(r.git("for-each-ref", "refs/agent-guard/")).not.toBe("");
    Bun.sleepSync(5);
    const gc = runEntry("check", ["gc", "--older-than", "0s", "--json"], { cwd: r.ws, env: r.env });
    expect(gc.exitCode).toBe(0);
    expect(JSON.parse(gc.stdout).data.purged).toEqual([{ txid, kind: "refs", bytes: 0 }]);
    expect(r.git("for-each-ref", "refs/agent-guard/")).toBe("");
  });
});
