import { afterEach, describe, expect, test } from "bun:test";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { classify } from "../../../lib/guard/classify.ts";
import { closeGitFacts, gitContentFact, openGitFacts } from "../../../lib/guard/git-preflight.ts";
import { gitProgram } from "../../../lib/guard/git-program.ts";
import { runCheck } from "../../../lib/guard/run-check.ts";
import { filterDrivers } from "../../../lib/guard/git-safe.ts";
import { git, GIT_ENV } from "../../support/git-run.ts";
import { armFilters, armPrograms, hostileRepo, touchContent, useGlobalGitConfig, type HostileRepo } from "../../support/hostile-repo.ts";
import { useTempDirs } from "../../support/temp-dir.ts";
import { OK, RELOCATE, UNKNOWN } from "../../support/verdict-rows.ts";

// Session 6: the git the guard starts while it judges a command (git clean's dry run, the files a
// reset would overwrite, a submodule's status, the branch and stash lists, the `git ls-files` and
// `git diff --name-only` listings read at parse time) ran programs a hostile repository names:
// the filter drivers' clean and process programs on `git status` and `git diff`, and before
// session 5 core.fsmonitor. Each run now switches them off (lib/guard/git-safe.ts); a listing
// that compares file content stays unknown where a tracked file's attributes name a configured
// filter driver.
const tempDir = useTempDirs("leogriel-git-safe-");
const ENV = { HOME: "/nonexistent-home", TMPDIR: "/tmp", PATH: process.env.PATH };

// Every command whose judging starts git, and what git it starts.
const JUDGED = [
  "git clean -f", // clean -n
  "git clean -fdx", // clean -n -d -x
  "git reset --hard side", // ls-tree, ls-files
  "git reset --hard --recurse-submodules", // config, status (with a submodule: below)
  "git checkout -f side", // ls-tree, ls-files
  "git stash drop", // stash list
  "git stash clear",
  "git branch -D side", // for-each-ref
  "rm -f $(git ls-files -m)", // the listing, content compared
  "npx prettier --write $(git diff --name-only)",
  "npx eslint --fix $(git diff --name-only --cached)",
  "git diff --name-only | xargs rm -f",
  "rm -rf $(git ls-files src)",
  "npx prettier --write $(git grep -l a)", // grep reads files raw: no filter, no textconv
  "git grep -l a | xargs rm -f",
  "git branch --merged | xargs git branch -d",
];

function armed(): HostileRepo {
  const repo = hostileRepo(tempDir());
  armPrograms(repo);
  armFilters(repo);
  return repo;
}

describe("judging a command runs no program the repository names", () => {
  test("the fixture is live: the user's own git runs them", () => {
    const repo = armed();
    git(repo.ws, "status", "--porcelain");
    git(repo.ws, "diff", "--name-only");
    git(repo.ws, "update-ref", "refs/x", "HEAD");
    expect(repo.ran()).toEqual(["clean", "fsmonitor", "hook-post-index-change", "hook-reference-transaction", "process"]);
  });

  for (const command of JUDGED) {
    test(command, () => {
      const repo = armed();
      repo.clear();
      classify({ command, cwd: repo.ws, env: ENV });
      expect(repo.ran()).toEqual([]);
    });
  }

  describe("nor one the guard's own environment names", () => {
    const saved = { ...process.env };
    afterEach(() => {
      for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
      Object.assign(process.env, saved);
    });
    test("GIT_CONFIG_COUNT, GIT_CONFIG_PARAMETERS, GIT_EXTERNAL_DIFF", () => {
      const repo = hostileRepo(tempDir());
      git(repo.ws, "config", "filter.evil.required", "true");
      touchContent(repo.ws);
      Object.assign(process.env, {
        GIT_CONFIG_COUNT: "2",
        GIT_CONFIG_KEY_0: "core.fsmonitor",
        GIT_CONFIG_VALUE_0: repo.program("env-fsmonitor"),
        GIT_CONFIG_KEY_1: "filter.evil.clean",
        GIT_CONFIG_VALUE_1: repo.program("env-clean"),
        GIT_CONFIG_PARAMETERS: `'core.hooksPath'='${join(repo.ws, "..")}' 'filter.evil.smudge'='${repo.program("env-smudge")}'`,
        GIT_EXTERNAL_DIFF: repo.program("env-external-diff"),
      });
      for (const command of JUDGED) classify({ command, cwd: repo.ws, env: ENV });
      expect(repo.ran()).toEqual([]);
    });
  });
});

describe("nor a git the project puts on PATH (red team 13: direnv's PATH_add bin)", () => {
  const saved = restorePathAfterEach();
  // A fake git in the work tree that marks its run and fails.
  function withProjectGit(): HostileRepo {
    const repo = hostileRepo(tempDir());
    mkdirSync(join(repo.ws, "bin"));
    writeFileSync(join(repo.ws, "bin", "git"), `#!/bin/sh\n${repo.program("project-git")} </dev/null\nexit 1\n`, { mode: 0o755 });
    return repo;
  }
  test("an absolute, a relative and an empty PATH entry in the repository are skipped", () => {
    const repo = withProjectGit();
    const answers = JUDGED.map((command) => classify({ command, cwd: repo.ws, env: ENV }).decision);
    process.env.PATH = [join(repo.ws, "bin"), "bin", "", saved].join(":");
    repo.clear();
    expect(JUDGED.map((command) => classify({ command, cwd: repo.ws, env: ENV }).decision)).toEqual(answers);
    expect(repo.ran()).toEqual([]);
  });
  test("the git found is the first one outside the repository; none there is none at all", () => {
    const repo = withProjectGit();
    const system = gitProgram(repo.ws, saved);
    expect(system).not.toBeNull();
    expect(gitProgram(repo.ws, [join(repo.ws, "bin"), saved].join(":"))).toBe(system);
    expect(gitProgram(join(repo.ws, "bin"), [join(repo.ws, "bin"), "."].join(":"))).toBeNull();
  });
  test("a repository made between two checks makes its programs the project's at the next one", () => {
    // A folder beside the working one holds a git; once `.git` appears above both, that git is
    // the project's. A long-lived caller (one process, many checks) must not keep the old answer.
    const root = tempDir();
    const [work, tools] = [join(root, "work"), join(root, "tools")];
    mkdirSync(work);
    mkdirSync(tools);
    writeFileSync(join(tools, "git"), "#!/bin/sh\nexit 1\n", { mode: 0o755 });
    const path = [tools, saved].join(":");
    expect(gitProgram(work, path)).toBe(join(tools, "git"));
    mkdirSync(join(root, ".git"));
    expect(gitProgram(work, path)).toBe(gitProgram(work, saved));
  });
  test("a check keeps its answers for itself: one inside it asks anew, and none is kept after it", () => {
    // classify() opens and closes the memo (git-preflight.ts openGitFacts); a check started while
    // another runs has its own, and the outer one's answers come back when it ends.
    const root = tempDir();
    const [work, tools] = [join(root, "work"), join(root, "tools")];
    mkdirSync(work);
    mkdirSync(tools);
    writeFileSync(join(tools, "git"), "#!/bin/sh\nexit 1\n", { mode: 0o755 });
    const [path, project, system] = [[tools, saved].join(":"), join(tools, "git"), gitProgram(work, saved)];
    const outer = openGitFacts();
    try {
      expect(gitProgram(work, path)).toBe(project);
      mkdirSync(join(root, ".git"));
      expect(gitProgram(work, path)).toBe(project);
      const inner = openGitFacts();
      expect(gitProgram(work, path)).toBe(system);
      closeGitFacts(inner);
      expect(gitProgram(work, path)).toBe(project);
    } finally {
      closeGitFacts(outer);
    }
    expect(gitProgram(work, path)).toBe(system);
  });
});

describe("what the guard answers for a repository with filter drivers", () => {
  const verdict = (ws: string, command: string) => {
    const r = classify({ command, cwd: ws, env: ENV });
    return [r.decision, r.reason];
  };

  test("a listing that compares file content stays unknown (without the filter it may leave a name out)", () => {
    const repo = armed();
    mkdirSync(join(repo.ws, "src"));
    writeFileSync(join(repo.ws, "src", "c.js"), "c\n");
    git(repo.ws, "add", "src");
    repo.clear();
    expect(verdict(repo.ws, "npx prettier --write $(git diff --name-only)")).toEqual(UNKNOWN);
    expect(verdict(repo.ws, "rm -f $(git ls-files -m)")).toEqual(UNKNOWN);
    // A listing of the index alone runs no filter: it is read as before.
    expect(verdict(repo.ws, "npx eslint --fix $(git diff --name-only --cached)")).toEqual(OK);
    expect(verdict(repo.ws, "rm -rf $(git ls-files src)")).toEqual(RELOCATE);
    expect(repo.ran()).toEqual([]);
  });

  test("the same listings in a repository without one are read", () => {
    const repo = hostileRepo(tempDir());
    armPrograms(repo);
    touchContent(repo.ws);
    expect(verdict(repo.ws, "npx prettier --write $(git diff --name-only)")).toEqual(OK);
    expect(repo.ran()).toEqual([]);
  });

  describe("a driver no tracked file's attributes name runs on no file: the listing is read", () => {
    const useGlobal = useGlobalGitConfig();
    const lfsUser = () => {
      const repo = hostileRepo(tempDir());
      const global = join(repo.ws, "..", "gitconfig");
      // What `git lfs install` writes into the user's global config, for every repository.
      writeFileSync(global, `[filter "lfs"]\n\tprocess = ${repo.program("lfs")}\n\trequired = true\n`);
      useGlobal(global);
      touchContent(repo.ws);
      return repo;
    };
    test("git-lfs installed for the user, not used here", () => {
      const repo = lfsUser();
      expect(verdict(repo.ws, "npx prettier --write $(git diff --name-only)")).toEqual(OK);
      expect(repo.ran()).toEqual([]);
    });
    test("used here (a pattern names it) it stays unknown", () => {
      const repo = lfsUser();
      writeFileSync(join(repo.ws, ".gitattributes"), "*.txt filter=lfs\n");
      expect(verdict(repo.ws, "npx prettier --write $(git diff --name-only)")).toEqual(UNKNOWN);
      expect(repo.ran()).toEqual([]);
    });
    test("named through an attribute macro too", () => {
      const repo = lfsUser();
      writeFileSync(join(repo.ws, ".gitattributes"), "[attr]big filter=lfs\n*.dat big\n");
      expect(verdict(repo.ws, "rm -f $(git ls-files -m)")).toEqual(UNKNOWN);
      expect(repo.ran()).toEqual([]);
    });
    test("a driver name pathspec magic cannot match counts as used", () => {
      const repo = lfsUser();
      git(repo.ws, "config", "filter.Evil.x.clean", repo.program("clean"));
      expect(verdict(repo.ws, "npx prettier --write $(git diff --name-only)")).toEqual(UNKNOWN);
      expect(repo.ran()).toEqual([]);
    });
  });

  test("a driver named in a checked-out submodule only counts too", () => {
    const { ws, sub, repo } = withSubmodule();
    git(sub, "config", "filter.sub.clean", repo.program("sub-clean"));
    writeFileSync(join(sub, ".gitattributes"), "*.txt filter=sub\n");
    touchContent(sub);
    repo.clear();
    expect(verdict(ws, "npx prettier --write $(git diff --name-only)")).toEqual(UNKNOWN);
    // The submodule's changes are still seen, with its filter off: the reset would lose them.
    expect(verdict(ws, "git reset --hard --recurse-submodules")).toEqual(["BLOCK", "BLOCK_GIT_RESET_COLLISION"]);
    expect(repo.ran()).toEqual([]);
  });

  test("a driver named with dots and capitals is switched off by its name", () => {
    const repo = hostileRepo(tempDir());
    writeFileSync(join(repo.ws, ".gitattributes"), "*.txt filter=Evil.x\n");
    git(repo.ws, "config", "filter.Evil.x.clean", repo.program("clean"));
    touchContent(repo.ws);
    git(repo.ws, "status", "--porcelain");
    expect(repo.ran()).toEqual(["clean"]);
    repo.clear();
    expect(gitContentFact(repo.ws, ["status", "--porcelain"], "disable")).toContain("a.txt");
    expect(repo.ran()).toEqual([]);
  });

  test("so does one in a repository committed as a gitlink without .gitmodules (git status and diff enter it)", () => {
    const root = tempDir();
    const repo = hostileRepo(root, "super");
    const inner = hostileRepo(join(root, "super"), "inner");
    git(repo.ws, "add", "inner");
    git(repo.ws, "commit", "-qm", "embedded");
    git(inner.ws, "config", "filter.evil.clean", repo.program("inner-clean"));
    touchContent(inner.ws);
    git(repo.ws, "diff", "--name-only");
    expect(repo.ran()).toEqual(["inner-clean"]);
    repo.clear();
    expect(verdict(repo.ws, "npx prettier --write $(git diff --name-only)")).toEqual(UNKNOWN);
    expect(repo.ran()).toEqual([]);
  });

  test("a driver name git's -c cannot carry leaves the answer unknown", () => {
    const repo = hostileRepo(tempDir());
    git(repo.ws, "config", "filter.a=b.clean", repo.program("clean"));
    const run = (dir: string, args: string[]) => {
      const p = Bun.spawnSync(["git", ...args], { cwd: dir });
      return { exitCode: p.exitCode!, stdout: p.stdout.toString() };
    };
    expect(filterDrivers(repo.ws, run)).toBeNull();
    git(repo.ws, "config", "--unset", "filter.a=b.clean");
    git(repo.ws, "config", "filter.lfs.process", "git-lfs filter-process");
    expect(filterDrivers(repo.ws, run)).toEqual([{ name: "lfs", repo: repo.ws, repository: true }]);
    // A file the repository's config includes is the repository's too.
    const included = join(repo.ws, "..", "included");
    writeFileSync(included, `[filter "Evil.x"]\n\tsmudge = ${repo.program("smudge")}\n`);
    git(repo.ws, "config", "include.path", included);
    expect(filterDrivers(repo.ws, run)).toEqual([
      { name: "lfs", repo: repo.ws, repository: true },
      { name: "Evil.x", repo: repo.ws, repository: true },
    ]);
  });
});

// Listing a repository's filter drivers takes two git runs (more with submodules): a check lists
// them once per repository however many of its facts ask, a snapshot's compensation once for its
// plan and its record; the next check lists them again (the repository may have changed).
describe("the filter drivers are listed once per check", () => {
  const saved = restorePathAfterEach();
  // A git on PATH (outside the repository) that logs each run's arguments, then runs the real one.
  function logged(): { ws: string; listings: () => number } {
    const repo = hostileRepo(tempDir());
    const bin = join(tempDir(), "bin");
    const log = join(bin, "..", "runs.log");
    mkdirSync(bin);
    writeFileSync(log, "");
    writeFileSync(join(bin, "git"), `#!/bin/sh\nprintf '%s\\n' "$*" >> '${log}'\nexec '${gitProgram(repo.ws, saved)}' "$@"\n`, { mode: 0o755 });
    process.env.PATH = `${bin}:${saved}`;
    touchContent(repo.ws);
    const listings = () => readFileSync(log, "utf8").split("\n").filter((l) => l.includes("--get-regexp ^filter")).length;
    return { ws: repo.ws, listings };
  }

  test("a line with a content listing and a reset's submodule status", () => {
    const { ws, listings } = logged();
    writeFileSync(join(ws, ".gitmodules"), "");
    const command = "rm -f $(git ls-files -m); git reset --hard --recurse-submodules";
    classify({ command, cwd: ws, env: { ...ENV, PATH: process.env.PATH } });
    expect(listings()).toBe(1);
    classify({ command, cwd: ws, env: { ...ENV, PATH: process.env.PATH } });
    expect(listings()).toBe(2);
  });

  test("a snapshot's compensation", async () => {
    const { ws, listings } = logged();
    const { json } = await runCheck({ command: "git reset --hard", cwd: ws, apply: true, env: { ...ENV, HOME: join(ws, ".."), PATH: process.env.PATH } });
    expect(json.decision).toBe("SNAPSHOT");
    expect(listings()).toBe(1);
  });
});

/** The PATH before the tests of the describe around the call, put back after each of them (returned). */
function restorePathAfterEach(): string | undefined {
  const saved = process.env.PATH;
  afterEach(() => {
    process.env.PATH = saved;
  });
  return saved;
}

/** A superproject `ws` with a checked-out submodule `sub` (its own hostile config armed), `submodule.recurse` on. */
function withSubmodule(): { ws: string; sub: string; repo: HostileRepo } {
  const root = tempDir();
  const repo = hostileRepo(root, "upstream");
  const ws = join(root, "super");
  mkdirSync(ws);
  git(ws, "init", "-q", "-b", "main");
  Bun.spawnSync(["git", "-c", "protocol.file.allow=always", "submodule", "add", "-q", repo.ws, "sub"], { cwd: ws, env: GIT_ENV });
  git(ws, "commit", "-qm", "sub");
  const sub = join(ws, "sub");
  git(sub, "config", "core.fsmonitor", repo.program("sub-fsmonitor"));
  return { ws, sub, repo };
}
