import { afterAll, describe, expect, test } from "bun:test";
import { chownSync, existsSync, mkdirSync, renameSync, mkdtempSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { classify } from "../../../lib/guard/classify.ts";
import { repoRoot } from "../../../lib/guard/git-preflight.ts";
import { discoverRepoRoot } from "../../../lib/guard/repo-root.ts";

// The repository top level the reset, restore, branch and stash preflights need is found in
// process for a plain layout and by `git rev-parse --show-toplevel` for everything else: each
// layout below is compared with what git itself prints there.

// A GIT_* variable of the test runner's own environment would send every row to git.
const steering = Object.keys(process.env).filter((k) => /^GIT_/.test(k) && !/^GIT_(SSL|HTTP|CURL|PROXY|PS1)_/.test(k));
const saved = Object.fromEntries(steering.map((k) => [k, process.env[k]]));
for (const k of steering) delete process.env[k];
const root = mkdtempSync(join(tmpdir(), "leogriel-repo-root-"));
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  Object.assign(process.env, saved);
});

function git(cwd: string, ...args: string[]): void {
  const proc = Bun.spawnSync(["git", "-c", "user.name=t", "-c", "user.email=t@t", "-c", "init.defaultBranch=main", ...args], { cwd, stderr: "pipe" });
  if (proc.exitCode !== 0) throw new Error(`git ${args.join(" ")}: ${proc.stderr.toString()}`);
}

/** What git prints in `dir`, with the environment the guard's own git call gets. */
function gitAnswer(dir: string): string | null {
  // git cannot start in a folder that is not there (the guard then starts none either).
  if (statSync(dir, { throwIfNoEntry: false })?.isDirectory() !== true) return null;
  const proc = Bun.spawnSync(["git", "rev-parse", "--show-toplevel"], { cwd: dir, stdout: "pipe", stderr: "ignore", env: { ...process.env, GIT_OPTIONAL_LOCKS: "0", LC_ALL: "C" } });
  return proc.exitCode === 0 ? proc.stdout.toString().replace(/\n$/, "") : null;
}

function repo(path: string, commit = false): string {
  mkdirSync(path, { recursive: true });
  git(path, "init", "-q");
  if (commit) {
    writeFileSync(join(path, "a.txt"), "a\n");
    git(path, "add", ".");
    git(path, "commit", "-qm", "one");
  }
  return path;
}

const at = (...parts: string[]) => join(root, ...parts);
const dir = (path: string) => (mkdirSync(path, { recursive: true }), path);

// Layouts. Each row: the folder asked about, and whether the answer comes without git ("fast"),
// from git ("git"), or either (a temp directory on its own file system ends the walk early).
const plain = repo(at("plain"), true);
dir(at("plain", "a", "b"));
dir(at("plain", "with space "));
const inner = repo(at("plain", "a", "inner"));
dir(at("plain", "a", "inner", "x"));
symlinkSync(at("plain", "a"), at("link"));
const cloned = at("cloned");
git(root, "clone", "-q", plain, cloned);
git(plain, "worktree", "add", "-q", at("worktree"));
const lib = repo(at("lib"), true);
const host = repo(at("host"), true);
git(host, "-c", "protocol.file.allow=always", "submodule", "add", "-q", lib, "sub");
const bare = at("bare.git");
git(root, "init", "-q", "--bare", bare);
const worktreeCfg = repo(at("worktree-config"));
dir(at("worktree-config", "elsewhere"));
git(worktreeCfg, "config", "core.worktree", at("worktree-config", "elsewhere"));
const bareCfg = repo(at("bare-config"));
git(bareCfg, "config", "core.bare", "true");
const included = repo(at("included"));
git(included, "config", "include.path", "extra");
const format2 = repo(at("format2"));
git(format2, "config", "core.repositoryformatversion", "2");
const badLine = repo(at("bad-line"));
writeFileSync(at("bad-line", ".git", "config"), "[core]\n\trepositoryformatversion = 0\n\tbare = false\n this is not a config line\n");
const badBool = repo(at("bad-bool"));
git(badBool, "config", "core.filemode", "maybe");
const nbsp = repo(at("nbsp"));
writeFileSync(at("nbsp", ".git", "config"), "[core]\n\u00a0bare = false\n");
const bareKey = repo(at("bare-key"));
writeFileSync(at("bare-key", ".git", "config"), "[core]\n\trepositoryformatversion = 0\n[user]\n\temail\n");
const crlf = repo(at("crlf"));
writeFileSync(at("crlf", ".git", "config"), "\uFEFF[core]\r\n\tbare = false\r\n[remote \"origin\"]\r\n\turl = ../plain # a comment\r\n");
// The [core] lines git init writes, which the discovery takes without parsing (repo-root.ts
// INIT_CORE_LINES): as written on macOS and Windows, and under a section that is not core.
const initLines = repo(at("init-lines"));
writeFileSync(at("init-lines", ".git", "config"), "[core]\n\trepositoryformatversion = 0\n\tfilemode = false\n\tbare = false\n\tlogallrefupdates = true\n\tsymlinks = false\n\tignorecase = true\n\tprecomposeunicode = true\n");
const initLinesElsewhere = repo(at("init-lines-elsewhere"));
writeFileSync(at("init-lines-elsewhere", ".git", "config"), "[core]\n\trepositoryformatversion = 0\n[user]\n\tbare = false\n");
const noHead = repo(at("nohead-parent"));
mkdirSync(at("nohead-parent", "child", ".git", "objects"), { recursive: true });
mkdirSync(at("nohead-parent", "child", ".git", "refs"), { recursive: true });
const headFile = repo(at("head-file"));
dir(at("head-file", "sub"));
writeFileSync(at("head-file", "sub", "HEAD"), "ref: refs/heads/main\n");
const dotGitLink = dir(at("dotgit-link"));
repo(at("dotgit-target"));
symlinkSync(at("dotgit-target", ".git"), at("dotgit-link", ".git"));
const commonDir = repo(at("commondir"));
writeFileSync(at("commondir", ".git", "commondir"), "../../plain/.git\n");
const detached = repo(at("detached"), true);
git(detached, "checkout", "-q", "--detach");
const badHead = repo(at("bad-head-parent"));
dir(at("bad-head-parent", "child"));
git(at("bad-head-parent", "child"), "init", "-q");
writeFileSync(at("bad-head-parent", "child", ".git", "HEAD"), "not a ref\n");
dir(at("none"));
writeFileSync(at("file"), "x\n");
// The configuration as something other than a plain file in `.git` (repo-root.ts _readConfig):
// a symlink is followed as git follows it; the rest is git's to judge (a named pipe, on which git
// itself would wait, is the last row below).
const configLink = repo(at("config-link"));
renameSync(at("config-link", ".git", "config"), at("config-link", "kept-config"));
symlinkSync(at("config-link", "kept-config"), at("config-link", ".git", "config"));
const configDir = repo(at("config-dir"));
rmSync(at("config-dir", ".git", "config"));
dir(at("config-dir", ".git", "config"));
const configLarge = repo(at("config-large"));
writeFileSync(at("config-large", ".git", "config"), `[core]\n\tbare = false\n${"# a comment line of the large configuration\n".repeat(2000)}`);
const configMissing = repo(at("config-missing"));
rmSync(at("config-missing", ".git", "config"));
// A plain configuration of a given size in bytes: below 4 KiB it is read into the buffer reused
// across discoveries, from 4 KiB on into one made for it (repo-root.ts _readConfig).
function plainConfigOf(name: string, bytes: number): string {
  const path = repo(at(name));
  const head = "[core]\n\trepositoryformatversion = 0\n\tbare = false\n";
  writeFileSync(at(name, ".git", "config"), head + "#".repeat(bytes - head.length - 1) + "\n");
  expect(statSync(at(name, ".git", "config")).size).toBe(bytes);
  return path;
}
const config4095 = plainConfigOf("config-4095", 4095);
const config4096 = plainConfigOf("config-4096", 4096);
const config5000 = plainConfigOf("config-5000", 5000);
// An empty HEAD, read into the buffer an earlier discovery filled with a valid one.
const emptyHead = repo(at("empty-head"));
writeFileSync(at("empty-head", ".git", "HEAD"), "");

const cases: [string, string, "fast" | "git" | "either"][] = [
  ["plain repository at the folder", plain, "fast"],
  ["a subdirectory", at("plain", "a", "b"), "fast"],
  ["a name ending in a space", at("plain", "with space "), "fast"],
  ["a nested repository", inner, "fast"],
  ["inside a nested repository", at("plain", "a", "inner", "x"), "fast"],
  ["a symlinked path", at("link"), "fast"],
  ["a symlinked path into a nested repository", join(at("link"), "inner", "x"), "fast"],
  ["a clone (remote and branch sections)", cloned, "fast"],
  ["a detached HEAD", detached, "fast"],
  ["a linked worktree", at("worktree"), "git"],
  ["a submodule", join(host, "sub"), "git"],
  ["the submodule's parent", host, "fast"],
  ["a bare repository", bare, "git"],
  ["inside a bare repository", join(bare, "refs", "heads"), "git"],
  ["inside .git", join(plain, ".git"), "git"],
  ["inside .git/objects", join(plain, ".git", "objects"), "git"],
  ["core.worktree set", worktreeCfg, "git"],
  ["core.bare true", bareCfg, "git"],
  ["an include", included, "git"],
  ["repository format 2", format2, "git"],
  ["a config line git rejects", badLine, "git"],
  ["a config value git rejects", badBool, "git"],
  ["a config line indented with a no-break space", nbsp, "git"],
  ["a user key without a value", bareKey, "git"],
  ["a config with a byte order mark, CRLF and a comment", crlf, "fast"],
  ["git init's core lines of every system", initLines, "fast"],
  ["a core line of git init under another section", initLinesElsewhere, "git"],
  ["a .git folder without HEAD", at("nohead-parent", "child"), "git"],
  ["a .git folder with an invalid HEAD", at("bad-head-parent", "child"), "git"],
  ["a HEAD file below the repository", at("head-file", "sub"), "git"],
  ["a .git symlink", dotGitLink, "git"],
  ["a commondir file", commonDir, "git"],
  ["a config symlink", configLink, "fast"],
  ["a config folder", configDir, "git"],
  ["a config larger than 64 KiB", configLarge, "git"],
  ["no config", configMissing, "git"],
  ["a plain config of 4095 bytes", config4095, "fast"],
  ["a plain config of 4096 bytes", config4096, "fast"],
  ["a plain config of 5000 bytes", config5000, "fast"],
  ["an empty HEAD after valid ones", emptyHead, "git"],
  ["not a repository", at("none"), "either"],
  ["a file", at("file"), "git"],
  ["a missing folder", at("missing"), "git"],
];

describe("repoRoot gives git's answer", () => {
  test.each(cases)("%s", (_name, path, how) => {
    const expected = gitAnswer(path);
    const found = discoverRepoRoot(path);
    if (how !== "either") expect(found === undefined ? "git" : "fast").toBe(how);
    if (found !== undefined) expect(found).toBe(expected);
    expect(repoRoot(path)).toBe(expected);
  });

  test("the real path, as git prints it", () => {
    expect(discoverRepoRoot(at("link"))).toBe(realpathSync(plain));
    expect(gitAnswer(at("link"))).toBe(realpathSync(plain));
  });

  test("the spelling git prints on a case-insensitive file system", () => {
    const upper = at("PLAIN");
    if (!existsSync(upper)) return; // case-sensitive: nothing to compare
    expect(discoverRepoRoot(upper)).toBe(gitAnswer(upper));
  });

  test("environment that steers git: GIT_DIR, GIT_WORK_TREE, ceilings, configuration", () => {
    for (const [name, value] of [
      ["GIT_DIR", join(lib, ".git")],
      ["GIT_WORK_TREE", at("none")],
      ["GIT_CEILING_DIRECTORIES", root],
      ["GIT_DISCOVERY_ACROSS_FILESYSTEM", "1"],
      ["GIT_COMMON_DIR", join(lib, ".git")],
      ["GIT_CONFIG_PARAMETERS", "'core.bare'='true'"],
      ["GIT_CONFIG_COUNT", "1"],
      ["GIT_TEST_ASSUME_DIFFERENT_OWNER", "1"],
      ["GIT_DIR", ""],
    ] as const) {
      process.env[name] = value;
      try {
        for (const path of [at("plain", "a", "b"), at("none")]) {
          expect(discoverRepoRoot(path)).toBeUndefined();
          expect(repoRoot(path)).toBe(gitAnswer(path));
        }
      } finally {
        delete process.env[name];
      }
    }
    // Identity, editor and transport settings leave the layout alone.
    process.env.GIT_EDITOR = "true";
    process.env.GIT_SSL_CAINFO = "/dev/null";
    try {
      expect(discoverRepoRoot(at("plain", "a", "b"))).toBe(gitAnswer(at("plain", "a", "b")));
    } finally {
      delete process.env.GIT_EDITOR;
      delete process.env.GIT_SSL_CAINFO;
    }
  });

  test("a short config read after a longer one is read alone (the reused buffer)", () => {
    // The longer one ends in a section the discovery leaves to git; the short one read with any
    // of its bytes would end in it too.
    const long = repo(at("buffer-long"));
    writeFileSync(at("buffer-long", ".git", "config"), `[core]\n\tbare = false\n${"# padding\n".repeat(100)}[extensions]\n\tworktreeConfig = true\n`);
    const short = repo(at("buffer-short"));
    writeFileSync(at("buffer-short", ".git", "config"), "[core]\n\tbare = false\n");
    expect(discoverRepoRoot(long)).toBeUndefined();
    expect(discoverRepoRoot(short)).toBe(gitAnswer(short)!);
    expect(discoverRepoRoot(long)).toBeUndefined();
  });

  test("a config that is a named pipe is git's to judge, and is read without waiting", () => {
    const fifo = repo(at("config-fifo"));
    rmSync(at("config-fifo", ".git", "config"));
    if (Bun.spawnSync(["mkfifo", at("config-fifo", ".git", "config")]).exitCode !== 0) return;
    expect(discoverRepoRoot(fifo)).toBeUndefined();
  });

  // Only root can hand a folder to another user; elsewhere the rows are skipped.
  const asRoot = process.geteuid?.() === 0;
  test.skipIf(!asRoot)("a repository or work tree owned by another user (safe.directory)", () => {
    const theirs = repo(at("theirs-git"));
    chownSync(join(theirs, ".git"), 4242, 4242);
    const theirTree = repo(at("theirs-tree"));
    chownSync(theirTree, 4242, 4242);
    for (const path of [theirs, theirTree]) {
      expect(discoverRepoRoot(path)).toBeUndefined();
      expect(repoRoot(path)).toBe(gitAnswer(path));
    }
  });
});

describe("the plain layout starts no process", () => {
  function spawnsDuring(run: () => void): number {
    const original = Bun.spawnSync;
    let spawns = 0;
    (Bun as { spawnSync: unknown }).spawnSync = (...args: Parameters<typeof Bun.spawnSync>) => {
      spawns++;
      return original(...args);
    };
    try {
      run();
    } finally {
      (Bun as { spawnSync: unknown }).spawnSync = original;
    }
    return spawns;
  }

  test("repoRoot in a repository's subdirectory", () => {
    const answers: (string | null)[] = [];
    expect(spawnsDuring(() => answers.push(repoRoot(at("plain", "a", "b"))))).toBe(0);
    expect(answers).toEqual([gitAnswer(at("plain", "a", "b"))]);
  });

  test("a worktree falls back to git", () => {
    expect(spawnsDuring(() => repoRoot(at("worktree")))).toBe(1);
  });

  test("`git reset --hard` and `git restore .` are judged without git", () => {
    const env = { HOME: at("home"), PATH: process.env.PATH };
    for (const command of ["git reset --hard", "git restore ."]) {
      let code = "";
      expect(spawnsDuring(() => (code = classify({ command, cwd: plain, env }).reason))).toBe(0);
      expect(code).toBe("SNAPSHOT_GIT_WORKTREE");
    }
  });
});
