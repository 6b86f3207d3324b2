import { expect, test } from "bun:test";
import { chmodSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { classify } from "../../../lib/guard/classify.ts";
import { useTempDirs } from "../../support/temp-dir.ts";

// The git the guard starts to judge a command (git clean's dry run, the files a reset would
// overwrite, the stash list) reads the index, and a repository's core.fsmonitor is a program git
// runs on every index read: judging `git clean -f` ran it (found in session 5, confirmed in a
// sandbox). The guard's own git questions switch it off.
const tempDir = useTempDirs("leogriel-fsmonitor-");

test("judging git commands never runs the repository's core.fsmonitor program", () => {
  const root = tempDir();
  const ws = join(root, "ws");
  mkdirSync(ws);
  const git = (...args: string[]) => Bun.spawnSync(["git", "-c", "user.name=t", "-c", "user.email=t@t", ...args], { cwd: ws, env: { ...process.env, HOME: root } });
  git("init", "-q");
  writeFileSync(join(ws, "a.txt"), "one\n");
  git("add", "a.txt");
  git("commit", "-qm", "init");
  const marker = join(root, "fsmonitor-ran");
  const monitor = join(root, "monitor.sh");
  writeFileSync(monitor, `#!/bin/sh\ntouch '${marker}'\nexit 1\n`);
  chmodSync(monitor, 0o755);
  git("config", "core.fsmonitor", monitor);
  writeFileSync(join(ws, "untracked.txt"), "x\n");
  // The program runs when git itself reads the index (so the test can tell it would run).
  git("status", "--porcelain");
  expect(existsSync(marker)).toBe(true);
  Bun.spawnSync(["rm", "-f", marker]);
  const env = { HOME: root, TMPDIR: "/tmp", PATH: process.env.PATH };
  for (const command of ["git clean -f", "git reset --hard HEAD~0", "git stash drop", "git branch -D main"]) classify({ command, cwd: ws, env });
  expect(existsSync(marker)).toBe(false);
});
