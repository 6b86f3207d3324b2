import { describe, expect, test } from "bun:test";
import { mkdirSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { git, gitOk, gitTopLevel } from "../../../lib/core/git.ts";
import { useTempDirs } from "../../support/temp-dir.ts";

const tempDir = useTempDirs();
const ID = { GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@host.invalid", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@host.invalid" };

describe("git helper", () => {
  test("passes arguments verbatim, never through a shell", async () => {
    const dir = realpathSync(tempDir());
    await gitOk(["init", "-q"], { cwd: dir });
    const hostile = "$(touch pwned); `id` && echo 'x'";
    writeFileSync(join(dir, "f"), "x");
    await gitOk(["add", "f"], { cwd: dir });
    await gitOk(["commit", "-qm", hostile], { cwd: dir, env: ID });
    expect(await gitOk(["log", "-1", "--format=%s"], { cwd: dir })).toBe(hostile);
    expect(await gitOk(["status", "--porcelain"], { cwd: dir })).toBe("");
  });

  test("finds the top level from a subdirectory and nothing outside a repository", async () => {
    const dir = realpathSync(tempDir());
    await gitOk(["init", "-q"], { cwd: dir });
    mkdirSync(join(dir, "a", "b"), { recursive: true });
    expect(await gitTopLevel(join(dir, "a", "b"))).toBe(dir);
    expect(await gitTopLevel(realpathSync(tempDir()))).toBeUndefined();
  });

  test("feeds stdin and reports failures with a typed error", async () => {
    const dir = realpathSync(tempDir());
    await gitOk(["init", "-q"], { cwd: dir });
    const blob = await gitOk(["hash-object", "--stdin"], { cwd: dir, input: "hello\n" });
    expect(blob).toBe("ce013625030ba8dba906f756967f9e9ca394464a");
    await expect(gitOk(["rev-parse", "--verify", "nope"], { cwd: dir })).rejects.toMatchObject({ code: "git_failed" });
    expect((await git(["rev-parse", "--verify", "nope"], { cwd: dir })).exitCode).not.toBe(0);
  });

  test("reports a missing git binary as git_unavailable", async () => {
    const saved = process.env.PATH;
    process.env.PATH = tempDir();
    try {
      await expect(git(["--version"], { cwd: "/" })).rejects.toMatchObject({ code: "git_unavailable" });
    } finally {
      process.env.PATH = saved;
    }
  });
});
