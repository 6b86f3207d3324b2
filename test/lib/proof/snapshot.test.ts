import { describe, expect, test } from "bun:test";
import { chmodSync, closeSync, ftruncateSync, mkdirSync, openSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sha256Hex } from "../../../lib/core/hash.ts";
import { diffSnapshots } from "../../../lib/proof/changes.ts";
import { standardLimits } from "../../../lib/proof/limits.ts";
import { takeSnapshot } from "../../../lib/proof/snapshot.ts";
import { gitIn, makeRepo } from "../../support/proof-harness.ts";
import { useTempDirs } from "../../support/temp-dir.ts";

const tempDir = useTempDirs("leogriel-snapshot-");
const LIMITS = standardLimits();

function repo(files: Record<string, string> = { "README.md": "init\n", ".gitignore": "node_modules/\n*.log\n.env\n" }): string {
  return makeRepo(realpathSync(tempDir()), files);
}

describe("the supported repository profile", () => {
  test("observes tracked, untracked and individually ignored files, and names wholly ignored directories", async () => {
    const root = repo();
    writeFileSync(join(root, "untracked.txt"), "u\n");
    writeFileSync(join(root, "debug.log"), "log\n");
    writeFileSync(join(root, ".env"), "TOKEN=x\n");
    mkdirSync(join(root, "node_modules", "pkg"), { recursive: true });
    writeFileSync(join(root, "node_modules", "pkg", "index.js"), "x\n");
    const snap = await takeSnapshot(root, LIMITS);
    expect([...snap.entries.keys()].sort()).toEqual([".env", ".gitignore", "README.md", "debug.log", "untracked.txt"]);
    expect(snap.unobserved).toEqual(["node_modules/"]);
    expect(snap.entries.get("README.md")).toEqual({ kind: "file", sha256: sha256Hex("init\n"), size: 5, executable: false });
  });

  test("names a .git directory in another letter case instead of observing it, as no receipt may name it", async () => {
    const root = repo();
    // Below sub/ only: at the root, `.GIT` would be the real `.git` on a case-insensitive filesystem.
    for (const path of ["sub/.GIT/config", "sub/deep/.Git/hooks/pre-commit", "sub/keep.txt", "git/x", ".gitx/y"]) {
      mkdirSync(join(root, path, ".."), { recursive: true });
      writeFileSync(join(root, path), "x\n");
    }
    const snap = await takeSnapshot(root, LIMITS);
    expect([...snap.entries.keys()].sort()).toEqual([".gitignore", ".gitx/y", "README.md", "git/x", "sub/keep.txt"]);
    expect(snap.unobserved).toEqual(["sub/.GIT/", "sub/deep/.Git/"]);
  });

  test("records a symlink to /etc by its target text and never follows it", async () => {
    const root = repo();
    symlinkSync("/etc", join(root, "etc-link"));
    symlinkSync("/etc/passwd", join(root, "passwd-link"));
    const snap = await takeSnapshot(root, LIMITS);
    expect(snap.entries.get("etc-link")).toEqual({ kind: "symlink", sha256: sha256Hex("/etc"), size: 4, executable: false });
    expect(snap.entries.get("passwd-link")?.sha256).toBe(sha256Hex("/etc/passwd"));
    expect([...snap.entries.keys()].some((p) => p.startsWith("etc-link/"))).toBe(false);
  });

  test("treats a tracked file below a directory replaced by a symlink as absent", async () => {
    const root = repo({ "src/a.txt": "a\n" });
    rmSync(join(root, "src"), { recursive: true });
    const outside = realpathSync(tempDir());
    writeFileSync(join(outside, "a.txt"), "outside\n");
    symlinkSync(outside, join(root, "src"));
    const snap = await takeSnapshot(root, LIMITS);
    expect(snap.entries.has("src/a.txt")).toBe(false);
    expect(snap.entries.get("src")?.kind).toBe("symlink");
  });

  test("keeps path names with newlines, quotes and non-ASCII letters exact", async () => {
    const root = repo();
    const names = ["new\nline.txt", 'quote"d.txt', "tab\tname", "ünïcode.md", " leading space"];
    for (const name of names) writeFileSync(join(root, name), name);
    const snap = await takeSnapshot(root, LIMITS);
    for (const name of names) expect(snap.entries.get(name)?.sha256).toBe(sha256Hex(name));
  });

  test("records the executable bit, so a chmod alone is a change", async () => {
    const root = repo({ "run.sh": "echo\n" });
    const before = await takeSnapshot(root, LIMITS);
    chmodSync(join(root, "run.sh"), 0o755);
    const changes = diffSnapshots(before, await takeSnapshot(root, LIMITS));
    expect(changes).toEqual([{ path: "run.sh", status: "modified", before: expect.objectContaining({ executable: false }), after: expect.objectContaining({ executable: true }) }]);
  });

  test("names a nested repository without entering it", async () => {
    const root = repo();
    mkdirSync(join(root, "vendor"));
    makeRepo(join(root, "vendor"), { "inner.txt": "i\n" });
    const snap = await takeSnapshot(root, LIMITS);
    expect(snap.unobserved).toEqual(["vendor/"]);
    expect(snap.entries.has("vendor/inner.txt")).toBe(false);
  });

  test("skips the paths the caller excludes", async () => {
    const root = repo();
    mkdirSync(join(root, ".agentproof"));
    writeFileSync(join(root, ".agentproof", "agent-session.json"), "{}\n");
    writeFileSync(join(root, ".agentproof", "request.json"), "{}\n");
    const snap = await takeSnapshot(root, LIMITS, (p) => p === ".agentproof/agent-session.json");
    expect(snap.entries.has(".agentproof/agent-session.json")).toBe(false);
    expect(snap.entries.has(".agentproof/request.json")).toBe(true);
  });

  test("works in a repository without commits", async () => {
    const root = makeRepo(realpathSync(tempDir()), {});
    writeFileSync(join(root, "first.txt"), "1\n");
    expect([...(await takeSnapshot(root, LIMITS)).entries.keys()]).toEqual(["first.txt"]);
  });
});

describe("profile limits fail closed", () => {
  test("refuses a 2 GiB sparse file without reading it", async () => {
    const root = repo();
    const fd = openSync(join(root, "huge.bin"), "w");
    ftruncateSync(fd, 2 * 1024 ** 3);
    closeSync(fd);
    await expect(takeSnapshot(root, LIMITS)).rejects.toMatchObject({ code: "repository_profile_exceeded", details: { path: "huge.bin", limit: "file_max_bytes" } });
  });

  test.each([
    ["file count", { observed_max_files: 2 }, "observed_max_files"],
    ["total bytes", { snapshot_max_bytes: 10 }, "snapshot_max_bytes"],
  ])("refuses a repository over the %s limit", async (_name, override, limit) => {
    const root = repo({ "a.txt": "aaaaaaaa\n", "b.txt": "bbbbbbbb\n", "c.txt": "c\n" });
    await expect(takeSnapshot(root, { ...LIMITS, ...override })).rejects.toMatchObject({ code: "repository_profile_exceeded", details: { limit } });
  });

  test("refuses a tracked path replaced by a FIFO instead of blocking on it", async () => {
    const root = repo({ pipe: "was a file\n" });
    rmSync(join(root, "pipe"));
    Bun.spawnSync(["mkfifo", join(root, "pipe")]);
    await expect(takeSnapshot(root, LIMITS)).rejects.toMatchObject({ code: "repository_profile_unsupported", details: { path: "pipe" } });
  });

  test("does not see an untracked FIFO, as git does not", async () => {
    const root = repo();
    Bun.spawnSync(["mkfifo", join(root, "fifo")]);
    expect((await takeSnapshot(root, LIMITS)).entries.has("fifo")).toBe(false);
  });

  test("refuses a path name that is not UTF-8", async () => {
    const root = repo();
    Bun.spawnSync(["sh", "-c", "printf x > \"$(printf 'bad\\377name')\""], { cwd: root });
    await expect(takeSnapshot(root, LIMITS)).rejects.toMatchObject({ code: "repository_profile_unsupported" });
  });

  test("reports a failing git as git_failed", async () => {
    const root = repo();
    gitIn(root, "config", "core.repositoryformatversion", "99");
    await expect(takeSnapshot(root, LIMITS)).rejects.toMatchObject({ code: "git_failed" });
  });
});
