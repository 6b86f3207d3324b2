import { expect, test } from "bun:test";
import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { runEntry } from "../../support/run-cli.ts";
import { useTempDirs } from "../../support/temp-dir.ts";

const tempDir = useTempDirs("leogriel-unstattable-");

test.each([
  ["a symlink to itself", "rm -rf loop", 3, "RELOCATE_TREE"],
  ["a path through a symlink loop", "rm -rf loop/x", 2, undefined],
  ["a write onto a symlink loop", "echo x > loop", undefined, undefined],
])("a path the file system cannot stat never crashes the check: %s", (_name, command, exit, reason) => {
  const ws = tempDir();
  Bun.spawnSync(["git", "init", "-q"], { cwd: ws });
  symlinkSync("loop", join(ws, "loop"));
  const result = runEntry("check", ["--cwd", ws, "--json", "--", command]);
  expect(result.exitCode).not.toBe(1);
  if (exit !== undefined) expect(result.exitCode).toBe(exit);
  const decision = JSON.parse(result.stdout);
  if (reason) expect(decision.reason).toBe(reason);
  expect(result.stderr).not.toContain(ws);
});

test.each([
  ["echo x | tee /dev/null", 0],
  ["echo x | tee -a /dev/stderr", 0],
  ["echo x | tee /dev/null /etc/passwd", 2],
])("tee to an output sink changes nothing: %s", (command, exit) => {
  const ws = tempDir();
  expect(runEntry("check", ["--cwd", ws, "--", command]).exitCode).toBe(exit);
});
