import { afterEach, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { classify } from "../../../../lib/guard/classify.ts";
import { applyCompensation } from "../../../../lib/guard/recovery/apply.ts";
import { collectGarbage } from "../../../../lib/guard/recovery/gc.ts";
import { listTransactions } from "../../../../lib/guard/recovery/inventory.ts";
import { readJournal } from "../../../../lib/guard/recovery/journal.ts";
import { journalPath, layoutOf } from "../../../../lib/guard/recovery/layout.ts";
import { restoreTransaction } from "../../../../lib/guard/recovery/restore.ts";
import { useTempDirs } from "../../../support/temp-dir.ts";

const tempDir = useTempDirs("leogriel-refs-");
const ENV: Record<string, string | undefined> = { ...process.env, GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@t", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@t" };

function git(cwd: string, ...args: string[]): string {
  const proc = Bun.spawnSync(["git", ...args], { cwd, env: ENV });
  if (proc.exitCode !== 0) throw new Error(`git ${args.join(" ")}: ${proc.stderr.toString()}`);
  return proc.stdout.toString().trim();
}

/** A repository on main with a branch `feature` one commit ahead and three stash entries. */
function repo(): string {
  const ws = tempDir();
  git(ws, "init", "-q", "-b", "main");
  writeFileSync(join(ws, "a.txt"), "a\n");
  git(ws, "add", ".");
  git(ws, "commit", "-qm", "one");
  git(ws, "checkout", "-qb", "feature");
  writeFileSync(join(ws, "a.txt"), "only on feature\n");
  git(ws, "commit", "-qam", "feature work");
  git(ws, "checkout", "-q", "main");
  for (const n of [1, 2, 3]) {
    writeFileSync(join(ws, "a.txt"), `stash ${n}\n`);
    git(ws, "stash", "push", "-q", "-m", `wip ${n}`);
  }
  writeFileSync(join(ws, "a.txt"), "stored by hand\n");
  git(ws, "stash", "store", "-m", "a message of my own", git(ws, "stash", "create"));
  git(ws, "checkout", "-q", "--", "a.txt");
  return ws;
}

/** What `git stash list` shows, with each entry's commit. */
const stashList = (ws: string) => git(ws, "stash", "list", "--format=%gd %H %gs");

/** The guard's plan for a command, applied as `--apply` and hook mode do. */
async function guard(ws: string, command: string): Promise<string> {
  const r = classify({ command, cwd: ws, env: ENV });
  expect(r.reason).toBe("SNAPSHOT_GIT_REFS");
  const applied = await applyCompensation(r.plan!);
  if (!applied.ok) throw new Error(applied.message);
  expect(applied.kind).toBe("refs");
  return applied.txid;
}

/** Loses every unreachable commit, as an aggressive `git gc` does (expiring reflogs too would empty the stash list). */
function prune(ws: string, reflogs = false): void {
  if (reflogs) git(ws, "reflog", "expire", "--expire=now", "--all");
  git(ws, "gc", "-q", "--prune=now");
}

describe("SNAPSHOT_GIT_REFS compensation", () => {
  test("git branch -D is undone: the branch is back at its commit after git gc --prune=now", async () => {
    const ws = repo();
    const commit = git(ws, "rev-parse", "feature");
    const txid = await guard(ws, "git branch -D feature");
    expect(git(ws, "for-each-ref", "--format=%(objectname) %(refname)", "refs/agent-guard/")).toBe(`${commit} refs/agent-guard/snapshots/${txid}/0`);
    git(ws, "branch", "-D", "feature");
    prune(ws, true);
    expect(git(ws, "cat-file", "-t", commit)).toBe("commit");
    const report = await restoreTransaction(ws, txid, { force: false });
    expect(report).toMatchObject({ kind: "refs", restored_count: 1, conflict_count: 0, error_count: 0, items: [{ index: 0, source: "refs/heads/feature", status: "restored" }] });
    expect(git(ws, "rev-parse", "refs/heads/feature")).toBe(commit);
  });

  test("git stash drop stash@{1} is undone: the entry is back with its commit and message", async () => {
    const ws = repo();
    const before = stashList(ws).split("\n");
    const txid = await guard(ws, "git stash drop stash@{1}");
    git(ws, "stash", "drop", "-q", "stash@{1}");
    prune(ws);
    await restoreTransaction(ws, txid, { force: false });
    // Put back at its place in the stash list, with the same commit and message.
    expect(stashList(ws).split("\n")).toEqual(before);
  });

  test("git stash clear is undone: every entry, its commit, message and order", async () => {
    const ws = repo();
    const before = stashList(ws);
    expect(before.split("\n")).toHaveLength(4);
    const txid = await guard(ws, "git stash clear");
    git(ws, "stash", "clear");
    prune(ws);
    expect(git(ws, "stash", "list")).toBe("");
    const report = await restoreTransaction(ws, txid, { force: false });
    expect(report).toMatchObject({ restored_count: 4, conflict_count: 0, error_count: 0 });
    expect(stashList(ws)).toBe(before);
    expect(git(ws, "stash", "show", "-p", "stash@{1}")).toContain("+stash 3");
  });

  test("a branch that exists again with another commit is a conflict (exit 1 in the CLI), and nothing is lost", async () => {
    const ws = repo();
    const old = git(ws, "rev-parse", "feature");
    const txid = await guard(ws, "git branch -D feature");
    git(ws, "branch", "-D", "feature");
    git(ws, "branch", "feature", "main");
    const now = git(ws, "rev-parse", "feature");
    const refused = await restoreTransaction(ws, txid, { force: false });
    expect(refused).toMatchObject({ restored_count: 0, conflict_count: 1, items: [{ status: "conflict", code: "branch_exists" }] });
    expect(git(ws, "rev-parse", "feature")).toBe(now);
    // --force keeps the occupant's commit in a preservation transaction first.
    const forced = await restoreTransaction(ws, txid, { force: true });
    expect(forced).toMatchObject({ restored_count: 1, conflict_count: 0 });
    expect(forced.backup_txids).toHaveLength(1);
    expect(git(ws, "rev-parse", "feature")).toBe(old);
    const backup = listTransactions(ws).transactions.find((t) => t.txid === forced.backup_txids![0]);
    expect(backup).toMatchObject({ kind: "refs", purpose: "preservation", preserves: txid });
  });

  test("a restore that finds the branch already back at its commit counts it restored; a second restore is refused", async () => {
    const ws = repo();
    const txid = await guard(ws, "git branch -D feature");
    const report = await restoreTransaction(ws, txid, { force: false });
    expect(report.restored_count).toBe(1);
    const again = await restoreTransaction(ws, txid, { force: false }).catch((e: { code: string }) => e.code);
    expect(again).toBe("already_restored");
  });

  test("a branch that moved after the preflight is COMPENSATION_FAILED: the keep-alive ref would not hold what is dropped", async () => {
    const ws = repo();
    const r = classify({ command: "git branch -D feature", cwd: ws, env: ENV });
    git(ws, "branch", "-f", "feature", "main");
    expect(await applyCompensation(r.plan!)).toMatchObject({ ok: false, reason: "COMPENSATION_FAILED" });
    expect(git(ws, "for-each-ref", "refs/agent-guard/")).toBe("");
  });

  test("status lists the transaction; gc purges it and removes its keep-alive refs", async () => {
    const ws = repo();
    const txid = await guard(ws, "git stash clear");
    expect(listTransactions(ws).transactions).toEqual([
      expect.objectContaining({ txid, kind: "refs", state: "committed", item_count: 4, quarantined_count: 4, bytes: 0, needs_recovery: false }),
    ]);
    const { records } = readJournal(journalPath(layoutOf(ws), txid), txid);
    expect(records.map((r) => r.type)).toEqual(["tx-start", "refs", "tx-commit"]);
    expect(git(ws, "for-each-ref", "--format=%(refname)", "refs/agent-guard/").split("\n")).toHaveLength(4);
    const report = await collectGarbage(ws, { olderThanMs: 0, dryRun: false, now: new Date(Date.now() + 1000) });
    expect(report.purged).toEqual([{ txid, kind: "refs", bytes: 0 }]);
    expect(git(ws, "for-each-ref", "refs/agent-guard/")).toBe("");
    expect(listTransactions(ws).transactions[0]).toMatchObject({ txid, state: "purged" });
    const refused = await restoreTransaction(ws, txid, { force: false }).catch((e: { code: string }) => e.code);
    expect(refused).toBe("transaction_purged");
  });
});

// Fourth red-team pass: restoring `git stash drop stash@{1}` put the entry on top (msg3, msg2,
// msg1 became msg2, msg3, msg1), so the next `git stash pop` applied the wrong entry. Each entry
// goes back at its place now (lib/guard/recovery/stash-order.ts).
/** A repository whose stash list is msg3, msg2, msg1 (newest first). */
function threeStashes(): string {
  const ws = tempDir();
  git(ws, "init", "-q", "-b", "main");
  writeFileSync(join(ws, "a.txt"), "a\n");
  git(ws, "add", ".");
  git(ws, "commit", "-qm", "one");
  for (const n of [1, 2, 3]) push(ws, `msg${n}`);
  return ws;
}

function push(ws: string, message: string): void {
  writeFileSync(join(ws, "a.txt"), `${message}\n`);
  git(ws, "stash", "push", "-q", "-m", message);
}

/** Each entry's commit and message, newest first. */
const entries = (ws: string) => git(ws, "stash", "list", "--format=%H %gs").split("\n").filter(Boolean);

/** The guard's plan applied, then the command itself run. */
async function guardAndRun(ws: string, command: string): Promise<string> {
  const txid = await guard(ws, command);
  git(ws, ...command.split(" ").slice(1));
  return txid;
}

const restacked = (ws: string) => git(ws, "for-each-ref", "--format=%(refname)", "refs/agent-guard/").split("\n").filter((r) => r.includes("/restack/"));

describe("red-team 4: a restored stash entry goes back at its place", () => {
  test("drop stash@{1} of three: the order and every entry's commit are as before", async () => {
    const ws = threeStashes();
    const before = entries(ws);
    const txid = await guardAndRun(ws, "git stash drop stash@{1}");
    expect(entries(ws)).toEqual([before[0]!, before[2]!]);
    const report = await restoreTransaction(ws, txid, { force: false });
    expect(report).toMatchObject({ restored_count: 1, items: [{ status: "restored" }] });
    expect(report.items[0]!.code).toBeUndefined();
    expect(entries(ws)).toEqual(before);
    expect(git(ws, "stash", "show", "-p", "stash@{1}")).toContain("+msg2");
    expect(restacked(ws)).toEqual([]);
  });

  for (const order of ["first drop first", "second drop first"]) {
    test(`two separate drops restored in either order (${order})`, async () => {
      const ws = threeStashes();
      const before = entries(ws);
      const first = await guardAndRun(ws, "git stash drop stash@{1}");
      const second = await guardAndRun(ws, "git stash drop stash@{1}");
      expect(entries(ws)).toEqual([before[0]!]);
      for (const txid of order === "first drop first" ? [first, second] : [second, first]) await restoreTransaction(ws, txid, { force: false });
      expect(entries(ws)).toEqual(before);
    });
  }

  test("drop stash@{0}, stash again, restore: the new entry stays on top, the old one under it", async () => {
    const ws = threeStashes();
    const before = entries(ws);
    const txid = await guardAndRun(ws, "git stash drop stash@{0}");
    push(ws, "msg4");
    const added = entries(ws)[0]!;
    await restoreTransaction(ws, txid, { force: false });
    expect(entries(ws)).toEqual([added, ...before]);
  });

  test("stash clear restored whole keeps the order", async () => {
    const ws = threeStashes();
    const before = entries(ws);
    const txid = await guardAndRun(ws, "git stash clear");
    expect(entries(ws)).toEqual([]);
    await restoreTransaction(ws, txid, { force: false });
    expect(entries(ws)).toEqual(before);
  });

  test("an order changed since the drop: restored on top, and the report says so", async () => {
    const ws = threeStashes();
    const before = entries(ws);
    const txid = await guardAndRun(ws, "git stash drop stash@{1}");
    // msg1 is moved above msg3.
    const [c1, m1] = [before[2]!.slice(0, before[2]!.indexOf(" ")), before[2]!.slice(before[2]!.indexOf(" ") + 1)];
    git(ws, "stash", "drop", "-q", "stash@{1}");
    git(ws, "stash", "store", "-m", m1, c1);
    const report = await restoreTransaction(ws, txid, { force: false });
    expect(report.items[0]).toMatchObject({ status: "restored", code: "stash_position_changed" });
    expect(entries(ws)).toEqual([before[1]!, before[2]!, before[0]!]);
  });
});

// Session 4: a restore that failed half-way (after taking the entries above the slot off the
// list) left them off the stash list, and a second restore would have overwritten their restack
// refs. A `git` first on PATH makes `git stash store` of the named commits fail, as a full disk or
// a held lock would (the repository's own reference-transaction hook did that until session 6;
// the recovery layer now runs git with the repository's hooks off: git-safe.ts).
const REAL_GIT = Bun.which("git")!;
const PATH = process.env.PATH;
function failStores(commits: string[]): void {
  const bin = tempDir();
  const match = commits.join("|");
  writeFileSync(join(bin, "git"), `#!/bin/sh\ncase " $* " in *" stash store "*) for a; do case "$a" in ${match}) exit 1;; esac; done;; esac\nexec ${REAL_GIT} "$@"\n`, { mode: 0o755 });
  process.env.PATH = ENV.PATH = `${bin}:${PATH}`;
}
const healStores = () => (process.env.PATH = ENV.PATH = PATH);
afterEach(healStores);
const commitOf = (entry: string) => entry.slice(0, entry.indexOf(" "));
const CHECK = join(import.meta.dir, "../../../../cmd/check.ts");

describe("a stash restore that fails half-way", () => {
  test("the entries taken off the top go back on top, the restack refs are deleted, and a second restore finishes", async () => {
    const ws = threeStashes();
    const before = entries(ws);
    const txid = await guardAndRun(ws, "git stash drop stash@{1}");
    failStores([commitOf(before[1]!)]);
    const report = await restoreTransaction(ws, txid, { force: false });
    expect(report).toMatchObject({ restored_count: 0, error_count: 1, items: [{ status: "error", code: "restore_failed" }] });
    expect(report.items[0]!.restacked).toBeUndefined();
    expect(entries(ws)).toEqual([before[0]!, before[2]!]);
    expect(restacked(ws)).toEqual([]);
    healStores();
    expect((await restoreTransaction(ws, txid, { force: false })).restored_count).toBe(1);
    expect(entries(ws)).toEqual(before);
  });

  test("when they cannot go back, the report names them with the commands that finish by hand", async () => {
    const ws = threeStashes();
    const before = entries(ws);
    const txid = await guardAndRun(ws, "git stash drop stash@{1}");
    failStores([commitOf(before[0]!), commitOf(before[1]!)]);
    // The CLI: exit 1, and what to run.
    const cli = Bun.spawnSync([process.execPath, CHECK, "restore", txid, "--cwd", ws], { env: ENV });
    expect(cli.exitCode).toBe(1);
    const ref = `refs/agent-guard/snapshots/${txid}/restack/0`;
    const store = `git stash store -m 'On main: msg3' ${commitOf(before[0]!)} && git update-ref -d ${ref}`;
    const output = cli.stderr.toString() + cli.stdout.toString();
    expect(output).toContain("stash_restack_pending");
    expect(output).toContain(store);
    expect(output).toContain(`leogriel-check restore ${txid}`);
    // Nothing is lost: msg3 is off the list, held by its restack ref.
    expect(entries(ws)).toEqual([before[2]!]);
    expect(restacked(ws)).toEqual([ref]);
    // The JSON report says the same.
    const report = await restoreTransaction(ws, txid, { force: false });
    expect(report.items[0]).toMatchObject({ status: "error", code: "stash_restack_pending", restacked: [{ ref, commit: commitOf(before[0]!), message: "On main: msg3" }] });
    // Finished by hand as printed, then restored: the order is as before.
    healStores();
    Bun.spawnSync(["bash", "-c", store], { cwd: ws, env: ENV });
    expect(restacked(ws)).toEqual([]);
    expect(entries(ws)).toEqual([before[0]!, before[2]!]);
    await restoreTransaction(ws, txid, { force: false });
    expect(entries(ws)).toEqual(before);
  });

  test("or a second restore puts them back on top first, then the entry at its place", async () => {
    const ws = threeStashes();
    const before = entries(ws);
    const txid = await guardAndRun(ws, "git stash drop stash@{2}");
    // msg3 and msg2 come off the top, msg1 cannot be stored, msg2 goes back, msg3 cannot.
    failStores([commitOf(before[0]!), commitOf(before[2]!)]);
    const failed = await restoreTransaction(ws, txid, { force: false });
    expect(failed.items[0]).toMatchObject({ code: "stash_restack_pending", restacked: [{ commit: commitOf(before[0]!) }] });
    expect(entries(ws)).toEqual([before[1]!]);
    healStores();
    expect((await restoreTransaction(ws, txid, { force: false })).restored_count).toBe(1);
    expect(entries(ws)).toEqual(before);
    expect(restacked(ws)).toEqual([]);
  });

  test("a restore that finds restack refs an interrupted one left stores their entries again first", async () => {
    const ws = threeStashes();
    const before = entries(ws);
    const txid = await guardAndRun(ws, "git stash drop stash@{1}");
    // As a restore killed after its drop leaves it: msg3 off the list, kept by restack/0.
    git(ws, "update-ref", `refs/agent-guard/snapshots/${txid}/restack/0`, commitOf(before[0]!));
    git(ws, "stash", "drop", "-q", "stash@{0}");
    expect(entries(ws)).toEqual([before[2]!]);
    await restoreTransaction(ws, txid, { force: false });
    expect(entries(ws)).toEqual(before);
    expect(restacked(ws)).toEqual([]);
  });

  test("gc keeps a restack ref whose entry is off the list, and deletes the other kept refs", async () => {
    const ws = threeStashes();
    const before = entries(ws);
    const txid = await guardAndRun(ws, "git stash drop stash@{1}");
    failStores([commitOf(before[0]!), commitOf(before[1]!)]);
    await restoreTransaction(ws, txid, { force: false });
    await collectGarbage(ws, { olderThanMs: 0, dryRun: false, now: new Date(Date.now() + 1000) });
    expect(git(ws, "for-each-ref", "--format=%(refname)", "refs/agent-guard/")).toBe(`refs/agent-guard/snapshots/${txid}/restack/0`);
    prune(ws);
    expect(git(ws, "cat-file", "-t", commitOf(before[0]!))).toBe("commit");
  });
});
