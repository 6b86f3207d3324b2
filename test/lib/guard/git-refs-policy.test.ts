import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { classify } from "../../../lib/guard/classify.ts";
import type { Decision } from "../../../lib/guard/decision.ts";
import type { ReasonCode } from "../../../lib/guard/reasons.ts";
import type { DroppedRef } from "../../../lib/guard/recovery/plan.ts";

// Forced branch deletes and stash drops are judged against the real refs of a real repository:
// SNAPSHOT_GIT_REFS when they would drop something, ALLOW_NO_EFFECT when nothing, and the
// history-loss question whenever the preflight cannot tell.

const root = realpathSync(mkdtempSync(join(tmpdir(), "leogriel-refs-policy-")));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const env = { HOME: join(root, "home"), PATH: process.env.PATH, GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@t", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@t" };

function git(cwd: string, ...args: string[]): string {
  const proc = Bun.spawnSync(["git", ...args], { cwd, env });
  if (proc.exitCode !== 0) throw new Error(`git ${args.join(" ")}: ${proc.stderr.toString()}`);
  return proc.stdout.toString().trim();
}

function repo(name: string): string {
  const ws = join(root, name);
  mkdirSync(join(ws, "sub"), { recursive: true });
  git(ws, "init", "-q", "-b", "main");
  writeFileSync(join(ws, "a.txt"), "a\n");
  writeFileSync(join(ws, "sub", "b.txt"), "b\n");
  git(ws, "add", ".");
  git(ws, "commit", "-qm", "one");
  return ws;
}

mkdirSync(env.HOME, { recursive: true });
// ws: branches feature and other (each one commit ahead), two stash entries, an untracked build/.
const ws = repo("ws");
git(ws, "checkout", "-qb", "feature");
writeFileSync(join(ws, "a.txt"), "feature\n");
git(ws, "commit", "-qam", "feature work");
git(ws, "checkout", "-q", "main");
git(ws, "branch", "other", "feature");
const FEATURE = git(ws, "rev-parse", "feature");
const OTHER = git(ws, "rev-parse", "other");
writeFileSync(join(ws, "a.txt"), "first stash\n");
git(ws, "stash", "push", "-q", "-m", "first");
writeFileSync(join(ws, "a.txt"), "second stash\n");
git(ws, "stash", "push", "-q", "-m", "second");
const STASH = git(ws, "stash", "list", "--format=%H").split("\n");
mkdirSync(join(ws, "build"));
writeFileSync(join(ws, "build", "out.js"), "x\n");
const empty = repo("empty");
const elsewhere = repo("elsewhere");
git(elsewhere, "branch", "feature");
const plain = join(root, "plain");
mkdirSync(plain);

const check = (command: string, cwd = ws) => classify({ command, cwd, env });

/** Where a row keeps an older answer, the plain shape beside it is kept (SNAPSHOT_GIT_REFS). */
function expectKept(command: string): void {
  const plainShape = /stash/.test(command) ? "git stash drop" : "git branch -D feature";
  expect(check(plainShape).reason).toBe("SNAPSHOT_GIT_REFS");
}
const branch = (name: string, commit: string): DroppedRef => ({ kind: "branch", name: `refs/heads/${name}`, commit });
const stash = (index: number, message: string): DroppedRef => ({ kind: "stash", index, commit: STASH[index]!, message });

type Row = [command: string, decision: Decision, reason: ReasonCode, refs?: DroppedRef[]];

/** One test per row: the decision, the reason and the refs the plan keeps (none unless SNAPSHOT). */
function verdictTests(rows: Row[]): void {
  for (const [command, decision, reason, refs] of rows) {
    test(`${JSON.stringify(command)} is ${decision} ${reason}`, () => {
      const r = check(command);
      expect([r.decision, r.reason]).toEqual([decision, reason]);
      if (refs) expect(r.plan).toEqual({ kind: "refs", workspace: ws, repo: ws, refs, checkId: r.checkId });
      else expect(r.plan).toBeUndefined();
      if (decision !== "SNAPSHOT") expectKept(command);
    });
  }
}

describe("forced branch deletes", () => {
  const rows: Row[] = [
    ["git branch -D feature", "SNAPSHOT", "SNAPSHOT_GIT_REFS", [branch("feature", FEATURE)]],
    ["git branch -d --force feature", "SNAPSHOT", "SNAPSHOT_GIT_REFS", [branch("feature", FEATURE)]],
    ["git branch --delete --force feature other", "SNAPSHOT", "SNAPSHOT_GIT_REFS", [branch("feature", FEATURE), branch("other", OTHER)]],
    ["git branch -Dq feature missing feature", "SNAPSHOT", "SNAPSHOT_GIT_REFS", [branch("feature", FEATURE)]],
    ["git branch -D -- other", "SNAPSHOT", "SNAPSHOT_GIT_REFS", [branch("other", OTHER)]],
    ["git branch -D missing", "ALLOW", "ALLOW_NO_EFFECT"],
    ["git branch -D", "ALLOW", "ALLOW_NO_EFFECT"],
    ["git branch -d feature", "ALLOW", "ALLOW_NO_EFFECT"],
    // git finds `FEATURE` as `feature` on a case-insensitive file system; `@{-1}` is resolved by git.
    ["git branch -D FEATURE", "ASK", "ASK_GIT_HISTORY_LOSS"],
    ["git branch -D @{-1}", "ASK", "ASK_GIT_HISTORY_LOSS"],
    ['git branch -D "$B"', "ASK", "ASK_GIT_HISTORY_LOSS"],
    ['git branch -D "feat$X"', "ASK", "ASK_GIT_HISTORY_LOSS"],
    ["git branch -D $B", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
    ["git branch -D -r origin/feature", "ASK", "ASK_GIT_HISTORY_LOSS"],
    ["git branch --del --force feature", "ASK", "ASK_GIT_HISTORY_LOSS"],
    ["git branch -M feature other", "ASK", "ASK_GIT_HISTORY_LOSS"],
    ["git branch -f other main", "ASK", "ASK_GIT_HISTORY_LOSS"],
  ];
  verdictTests(rows);
});

describe("stash drop and clear", () => {
  const rows: Row[] = [
    ["git stash drop", "SNAPSHOT", "SNAPSHOT_GIT_REFS", [stash(0, "On main: second")]],
    ["git stash drop -q stash@{1}", "SNAPSHOT", "SNAPSHOT_GIT_REFS", [stash(1, "On main: first")]],
    ["git stash drop 'stash@{0}'", "SNAPSHOT", "SNAPSHOT_GIT_REFS", [stash(0, "On main: second")]],
    ["git stash drop 1", "SNAPSHOT", "SNAPSHOT_GIT_REFS", [stash(1, "On main: first")]],
    ["git stash clear", "SNAPSHOT", "SNAPSHOT_GIT_REFS", [stash(0, "On main: second"), stash(1, "On main: first")]],
    ["git stash drop stash@{5}", "ALLOW", "ALLOW_NO_EFFECT"],
    ["git stash drop stash@{1.hour.ago}", "ASK", "ASK_GIT_HISTORY_LOSS"],
    ["git stash drop stash@{0} stash@{1}", "ASK", "ASK_GIT_HISTORY_LOSS"],
    ["git stash clear now", "ASK", "ASK_GIT_HISTORY_LOSS"],
  ];
  verdictTests(rows);

  test("an empty stash list drops nothing: ALLOW_NO_EFFECT", () => {
    expect(check("git stash drop", empty).reason).toBe("ALLOW_NO_EFFECT");
    expect(check("git stash clear", empty).reason).toBe("ALLOW_NO_EFFECT");
  });
});

describe("wrappers, global options and the rest of the line", () => {
  const rows: Array<[string, ReasonCode]> = [
    ["sudo git branch -D feature", "SNAPSHOT_GIT_REFS"],
    ["bash -c 'git stash drop'", "SNAPSHOT_GIT_REFS"],
    ["git -c color.ui=never branch -D feature", "SNAPSHOT_GIT_REFS"],
    ["git -C sub branch -D feature", "SNAPSHOT_GIT_REFS"],
    ["cd sub && git branch -D feature", "SNAPSHOT_GIT_REFS"],
    ["git status && git branch -D feature", "ASK_GIT_HISTORY_LOSS"],
    ["git --git-dir=.git branch -D feature", "ASK_GIT_HISTORY_LOSS"],
    ["GIT_DIR=.git git branch -D feature", "ASK_GIT_HISTORY_LOSS"],
    [`git -C ${elsewhere} branch -D feature`, "ASK_GIT_HISTORY_LOSS"],
    // An earlier program may create or move what the preflight read; a loop may drop again.
    ["git fetch && git branch -D feature", "ASK_GIT_HISTORY_LOSS"],
    ["git stash && git stash drop", "ASK_GIT_HISTORY_LOSS"],
    ["while true; do git stash drop; done", "ASK_GIT_HISTORY_LOSS"],
    // One compensation per command: a second one keeps the history-loss question.
    ["git branch -D feature; git branch -D other", "ASK_GIT_HISTORY_LOSS"],
    ["rm -rf build && git branch -D feature", "ASK_GIT_HISTORY_LOSS"],
    ["git reflog expire --expire=now --all", "ASK_GIT_HISTORY_LOSS"],
    ["git gc --prune=now", "ASK_GIT_HISTORY_LOSS"],
    ["git push origin --delete feature", "ASK_GIT_HISTORY_LOSS"],
    ["git update-ref -d refs/heads/feature", "ASK_GIT_HISTORY_LOSS"],
  ];
  for (const [command, reason] of rows) {
    test(`${JSON.stringify(command)} is ${reason}`, () => {
      expect(check(command).reason).toBe(reason);
      if (reason !== "SNAPSHOT_GIT_REFS") expectKept(command);
    });
  }

  test("outside a repository the preflight cannot tell: ASK", () => {
    expect(check("git branch -D feature", plain).reason).toBe("ASK_GIT_HISTORY_LOSS");
    expect(check("git stash clear", plain).reason).toBe("ASK_GIT_HISTORY_LOSS");
    expectKept("git branch -D feature");
    expectKept("git stash clear");
  });

  test("the refs op's summary names the code that compensates it", () => {
    expect(check("git branch -D feature").ops).toEqual([{ index: 0, kind: "git-history", verb: "git branch", decision: "SNAPSHOT", reason: "SNAPSHOT_GIT_REFS", target_count: 0 }]);
  });
});

// Session 12: the git processes one check starts, each question once (a process costs 1-2 ms in
// the hook). The subcommand and its first argument, after the `-c` options.
function gitRuns(command: string): { reason: string; runs: string[] } {
  const runs: string[] = [];
  const spawn = Bun.spawnSync;
  Bun.spawnSync = ((...a: Parameters<typeof Bun.spawnSync>) => {
    const argv = Array.isArray(a[0]) ? a[0] : (a[0] as { cmd: string[] }).cmd;
    let at = argv.indexOf("commit.gpgSign=false") + 1;
    while (argv[at] === "-c") at += 2;
    runs.push(argv.slice(at, at + 2).join(" "));
    return spawn(...a);
  }) as typeof Bun.spawnSync;
  try {
    return { reason: check(command).reason, runs };
  } finally {
    Bun.spawnSync = spawn;
  }
}

describe("one git run per question in a check", () => {
  const rows: Array<[command: string, reason: ReasonCode, runs: string[]]> = [
    ["git branch -D feature", "SNAPSHOT_GIT_REFS", ["for-each-ref --format=%(objectname) %(refname)"]],
    ["git stash clear", "SNAPSHOT_GIT_REFS", ["stash list"]],
    ["git clean -fd", "RELOCATE_TREE", ["clean -n"]],
    ["git checkout -f main", "SNAPSHOT_GIT_WORKTREE", ["ls-tree -r", "ls-files -z"]],
    ["git reset --hard other", "SNAPSHOT_GIT_WORKTREE", ["ls-tree -r", "ls-files -z"]],
    // A ref git cannot read answers before the index is listed.
    ["git reset --hard no-such-ref", "BLOCK_UNDETERMINABLE_EFFECT", ["ls-tree -r"]],
  ];
  for (const [command, reason, runs] of rows) {
    test(`${JSON.stringify(command)} runs ${runs.length}`, () => {
      expect(gitRuns(command)).toEqual({ reason, runs });
    });
  }
});
