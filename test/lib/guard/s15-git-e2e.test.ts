import { describe, expect, test } from "bun:test";
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { classify } from "../../../lib/guard/classify.ts";
import { expectHarmRefused, gitWorkspace, guardRunRestore, type GitWorkspace } from "../../support/guard-e2e.ts";
import { useTempDirs } from "../../support/temp-dir.ts";

// Session 15: `merge|rebase|cherry-pick|revert|am --abort|--skip` in real repositories, in the
// states git leaves (git 2.39): a merge or rebase stopped on a conflict, with and without a
// resolution made since; a rebase stopped at an `edit` line; nothing in progress. And `git
// submodule update --init` in a superproject whose submodule has no local change.
const tempDir = useTempDirs("leogriel-s15-git-e2e-");

const CHECK = join(import.meta.dir, "../../../cmd/check.ts");

function verdict(w: GitWorkspace, command: string): [string, string] {
  const r = classify({ command, cwd: w.ws, env: w.env });
  return [r.decision, r.reason];
}

/** `f` changed on main and on `topic`: merging topic into main (or rebasing topic on main) conflicts on `f`. */
function conflicting(): GitWorkspace {
  const w = gitWorkspace(tempDir());
  writeFileSync(join(w.ws, "f"), "a\n");
  writeFileSync(join(w.ws, "g"), "g\n");
  w.git("add", ".");
  w.git("commit", "-qm", "one");
  w.git("branch", "-M", "main");
  w.git("checkout", "-qb", "topic");
  writeFileSync(join(w.ws, "x"), "x\n");
  w.git("add", "x");
  w.git("commit", "-qm", "x");
  writeFileSync(join(w.ws, "f"), "topic\n");
  w.git("commit", "-qam", "topic");
  w.git("checkout", "-q", "main");
  writeFileSync(join(w.ws, "f"), "main\n");
  w.git("commit", "-qam", "main");
  return w;
}

/** Runs git in the workspace and ignores its exit status (a merge that stops on a conflict exits 1). */
function gitAnyway(w: GitWorkspace, ...args: string[]): void {
  Bun.spawnSync(["git", "-c", "user.name=t", "-c", "user.email=t@t", ...args], { cwd: w.ws, env: { ...w.env, GIT_EDITOR: "true" }, stdout: "ignore", stderr: "ignore" });
}

const read = (w: GitWorkspace, name: string) => readFileSync(join(w.ws, name), "utf8");

describe("s15: ending a merge", () => {
  test("nothing in progress: git refuses, ALLOW", () => {
    const w = conflicting();
    expect(verdict(w, "git merge --abort")).toEqual(["ALLOW", "ALLOW_NO_EFFECT"]);
    expect(guardRunRestore(w.ws, w.env.HOME!, "git merge --abort")).toBe(0);
  }, 60_000);

  test("stopped on a conflict, nothing resolved since (an unrelated edit is kept): ALLOW, and the abort runs", () => {
    const w = conflicting();
    gitAnyway(w, "merge", "topic");
    appendFileSync(join(w.ws, "g"), "mine\n");
    expect(verdict(w, "git merge --abort")).toEqual(["ALLOW", "ALLOW_NO_EFFECT"]);
    expect(verdict(w, "git merge --quit")).toEqual(["ALLOW", "ALLOW_NO_EFFECT"]);
    expect(guardRunRestore(w.ws, w.env.HOME!, "git merge --abort")).toBe(0);
    expect(read(w, "f")).toBe("main\n");
    expect(read(w, "g")).toBe("g\nmine\n");
  }, 60_000);

  test("a resolution in the work tree, the conflict still in the index: SNAPSHOT (session 17), and a restore brings it back, the merge in progress again (session 18)", () => {
    const w = conflicting();
    gitAnyway(w, "merge", "topic");
    writeFileSync(join(w.ws, "f"), "resolved\n");
    expect(verdict(w, "git merge --abort")).toEqual(["SNAPSHOT", "SNAPSHOT_GIT_WORKTREE"]);
    expect(verdict(w, "git merge --ab")).toEqual(["SNAPSHOT", "SNAPSHOT_GIT_WORKTREE"]);
    expect(verdict(w, "git reset --merge")).toEqual(["SNAPSHOT", "SNAPSHOT_GIT_WORKTREE"]);
    expect(guardRunRestore(w.ws, w.env.HOME!, "git merge --abort")).toBe(0);
    expect(existsSync(join(w.ws, ".git", "MERGE_HEAD"))).toBe(true);
    expect(read(w, "f")).toBe("resolved\n");
  }, 60_000);

  test("a resolution added to the index: SNAPSHOT, and a restore brings it back", () => {
    const w = conflicting();
    gitAnyway(w, "merge", "topic");
    writeFileSync(join(w.ws, "f"), "resolved\n");
    w.git("add", "f");
    expect(verdict(w, "git merge --abort")).toEqual(["SNAPSHOT", "SNAPSHOT_GIT_WORKTREE"]);
    expect(guardRunRestore(w.ws, w.env.HOME!, "git merge --abort")).toBe(0);
    expect(read(w, "f")).toBe("resolved\n");
  }, 60_000);

  test("a merge started earlier in the line: judged as `git reset --merge`", () => {
    const w = conflicting();
    expect(verdict(w, "git merge topic || git merge --abort")).toEqual(["SNAPSHOT", "SNAPSHOT_GIT_WORKTREE"]);
  }, 60_000);
});

describe("s15: ending a rebase or a cherry-pick", () => {
  test("a rebase stopped on its first pick's conflict, nothing resolved: ALLOW", () => {
    const w = conflicting();
    w.git("checkout", "-q", "-b", "solo", "main~1");
    writeFileSync(join(w.ws, "f"), "solo\n");
    w.git("commit", "-qam", "solo");
    gitAnyway(w, "rebase", "main");
    expect(verdict(w, "git rebase --abort")).toEqual(["ALLOW", "ALLOW_NO_EFFECT"]);
    expect(verdict(w, "git rebase --skip")).toEqual(["ALLOW", "ALLOW_NO_EFFECT"]);
    // Another operation's ending: git refuses.
    expect(verdict(w, "git merge --abort")).toEqual(["ALLOW", "ALLOW_NO_EFFECT"]);
  }, 60_000);

  test("a rebase stopped on a conflict after a commit it made: the abort is a snapshot that keeps that commit (session 17)", () => {
    const w = conflicting();
    w.git("checkout", "-q", "topic");
    gitAnyway(w, "rebase", "main");
    const made = w.git("rev-parse", "HEAD").trim();
    expect(verdict(w, "git rebase --abort")).toEqual(["SNAPSHOT", "SNAPSHOT_GIT_WORKTREE"]);
    // The skip keeps HEAD: only the current pick's changes go, as git wrote them.
    expect(verdict(w, "git rebase --skip")).toEqual(["ALLOW", "ALLOW_NO_EFFECT"]);
    writeFileSync(join(w.ws, "f"), "resolved\n");
    expect(verdict(w, "git rebase --skip")).toEqual(["SNAPSHOT", "SNAPSHOT_GIT_WORKTREE"]);
    const guard = Bun.spawnSync([process.execPath, CHECK, "--cwd", w.ws, "--json", "--apply", "--", "git rebase --abort"], { env: w.env });
    expect(guard.exitCode).toBe(0);
    gitAnyway(w, "rebase", "--abort");
    const txid = /tx-[0-9TZ]+-[0-9a-f]+/.exec(guard.stdout.toString())![0];
    // The commit the abort dropped is the snapshot's first parent; the resolution comes back on it.
    expect(w.git("rev-parse", `refs/agent-guard/snapshots/${txid}^1`).trim()).toBe(made);
    w.git("checkout", "-q", "--detach", `refs/agent-guard/snapshots/${txid}^1`);
    expect(Bun.spawnSync([process.execPath, CHECK, "restore", txid, "--cwd", w.ws], { env: w.env }).exitCode).toBe(0);
    expect(read(w, "f")).toBe("resolved\n");
  }, 60_000);

  test("a rebase stopped at an edit line with a local change: SNAPSHOT, restored from the detached HEAD it was taken at", () => {
    const w = conflicting();
    w.git("checkout", "-q", "topic");
    Bun.spawnSync(["git", "rebase", "-q", "-i", "HEAD~2"], { cwd: w.ws, env: { ...w.env, GIT_SEQUENCE_EDITOR: "sed -i 1s/pick/edit/" } });
    writeFileSync(join(w.ws, "x"), "mine\n");
    expect(verdict(w, "git rebase --abort")).toEqual(["SNAPSHOT", "SNAPSHOT_GIT_WORKTREE"]);
    const guard = Bun.spawnSync([process.execPath, CHECK, "--cwd", w.ws, "--json", "--apply", "--", "git rebase --abort"], { env: w.env });
    expect(guard.exitCode).toBe(0);
    gitAnyway(w, "rebase", "--abort");
    expect(read(w, "x")).toBe("x\n");
    const txid = /tx-[0-9TZ]+-[0-9a-f]+/.exec(guard.stdout.toString())![0];
    const restore = () => Bun.spawnSync([process.execPath, CHECK, "restore", txid, "--cwd", w.ws], { env: w.env }).exitCode;
    // The snapshot was taken on the rebase's detached HEAD: the restore asks for it back first.
    expect(restore()).toBe(2);
    w.git("checkout", "-q", "--detach", `refs/agent-guard/snapshots/${txid}^1`);
    expect(restore()).toBe(0);
    expect(read(w, "x")).toBe("mine\n");
  }, 60_000);

  test("a rebase abort that would overwrite an ignored file at a path the branch tracks: BLOCK_GIT_RESET_COLLISION", () => {
    const w = conflicting();
    w.git("checkout", "-q", "topic");
    Bun.spawnSync(["git", "rebase", "-q", "-i", "HEAD~2"], { cwd: w.ws, env: { ...w.env, GIT_SEQUENCE_EDITOR: "sed -i 1s/pick/edit/" } });
    w.git("reset", "-q", "--hard", "HEAD~1");
    writeFileSync(join(w.ws, "x"), "mine\n");
    writeFileSync(join(w.ws, ".git", "info", "exclude"), "x\n");
    expect(verdict(w, "git rebase --abort")).toEqual(["BLOCK", "BLOCK_GIT_RESET_COLLISION"]);
  }, 60_000);

  test("a cherry-pick stopped on a conflict: ALLOW untouched, SNAPSHOT once resolved in the work tree", () => {
    const w = conflicting();
    gitAnyway(w, "cherry-pick", "topic");
    expect(verdict(w, "git cherry-pick --abort")).toEqual(["ALLOW", "ALLOW_NO_EFFECT"]);
    expect(verdict(w, "git revert --abort")).toEqual(["ALLOW", "ALLOW_NO_EFFECT"]);
    writeFileSync(join(w.ws, "f"), "resolved\n");
    expect(verdict(w, "git cherry-pick --abort")).toEqual(["SNAPSHOT", "SNAPSHOT_GIT_WORKTREE"]);
    expect(verdict(w, "git cherry-pick --quit")).toEqual(["ALLOW", "ALLOW_NO_EFFECT"]);
  }, 60_000);
});

describe("s15: git submodule update --init", () => {
  test("a superproject whose submodule has no local change: ALLOW; --force with a local change blocks as before", () => {
    const dir = tempDir();
    const lib = gitWorkspace(join(dir, "lib"));
    writeFileSync(join(lib.ws, "l.txt"), "l\n");
    lib.git("add", ".");
    lib.git("commit", "-qm", "l");
    const w = gitWorkspace(join(dir, "super"));
    w.git("-c", "protocol.file.allow=always", "submodule", "add", "-q", lib.ws, "lib");
    w.git("commit", "-qm", "sub");
    expect(verdict(w, "git submodule update --init")).toEqual(["ALLOW", "ALLOW_NO_EFFECT"]);
    expect(verdict(w, "git submodule update --init --recursive --checkout")).toEqual(["ALLOW", "ALLOW_NO_EFFECT"]);
    mkdirSync(join(w.ws, "lib"), { recursive: true });
    writeFileSync(join(w.ws, "lib", "l.txt"), "mine\n");
    expect(verdict(w, "git submodule update --init --force")).toEqual(["BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"]);
    expect(verdict(w, "git submodule deinit -f --all")).toEqual(["BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"]);
    // Unforced, git refuses to check out over the local change.
    expect(verdict(w, "git submodule update --init")).toEqual(["ALLOW", "ALLOW_NO_EFFECT"]);
  }, 60_000);
});

describe("s15: a hook the line writes into the folder core.hooksPath names", () => {
  const scene = () => {
    const w = gitWorkspace(tempDir());
    mkdirSync(join(w.env.HOME!, "keep"));
    writeFileSync(join(w.env.HOME!, "keep", "notes.txt"), "kept\n");
    return { ws: w.ws, home: w.env.HOME! };
  };
  const HOOK = "mkdir -p h && printf '#!/bin/sh\\nrm -rf ~/keep\\n' > h/pre-commit && chmod +x h/pre-commit && ";
  const COMMIT = "commit -q --allow-empty -m x";
  test.each([
    `${HOOK}H=h git -c user.name=t -c user.email=t@t --config-env=core.hooksPath=H ${COMMIT}`,
    `${HOOK}GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.hooksPath GIT_CONFIG_VALUE_0=h git -c user.name=t -c user.email=t@t ${COMMIT}`,
    `${HOOK}git -C . -c core.hooksPath=h -c user.name=t -c user.email=t@t ${COMMIT}`,
  ])("%s: the hook deletes ~/keep under bash, the guard refuses", (command) => {
    expectHarmRefused(scene, command, (home) => !existsSync(join(home, "keep")));
  }, 60_000);
});
