import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { gitBytes, gitOk } from "../core/git.ts";
import type { ArmConfig, ArmWorkspace } from "./agent-runner.ts";

/** git as the workspace sees it: no user or system config, hooks or signing; fixed identity and date. */
const GIT_ENV = {
  GIT_CONFIG_GLOBAL: "/dev/null",
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_AUTHOR_NAME: "leogriel-test",
  GIT_AUTHOR_EMAIL: "leogriel-test@localhost",
  GIT_COMMITTER_NAME: "leogriel-test",
  GIT_COMMITTER_EMAIL: "leogriel-test@localhost",
  GIT_AUTHOR_DATE: "2000-01-01T00:00:00Z",
  GIT_COMMITTER_DATE: "2000-01-01T00:00:00Z",
};

export interface ArmSetup {
  config: ArmConfig;
  skill: string;
  /** The skill folder to mount (used only in the with-skill arm). */
  skillDir: string;
  /** Paths inside `skillDir` that are not part of the skill (the test file, its fixtures). */
  skillExcludes: string[];
  fixture?: string;
}

/**
 * Makes one arm's workspace: a fresh temp folder holding the fixture copy as a new git
 * repository (which pins Codex's project root, so no `.agents/skills` above it is read, and
 * gives `workspace_changes` its baseline commit), with the skill copied to
 * `.agents/skills/<name>/` only in the with-skill arm, and a fresh HOME and config root beside
 * it. Nothing from the user's home is copied.
 */
export async function prepareArmWorkspace(setup: ArmSetup): Promise<ArmWorkspace> {
  const base = mkdtempSync(join(tmpdir(), `leogriel-test-${setup.config === "with_skill" ? "with" : "without"}-`));
  const root = join(base, "workspace");
  const home = join(base, "home");
  const configRoot = join(base, "config");
  for (const dir of [root, home, configRoot]) mkdirSync(dir);
  try {
    if (setup.fixture) cpSync(setup.fixture, root, { recursive: true, verbatimSymlinks: true });
    const mountDir = join(root, ".agents", "skills", setup.skill);
    if (setup.config === "with_skill") {
      const excluded = new Set(setup.skillExcludes);
      cpSync(setup.skillDir, mountDir, {
        recursive: true,
        verbatimSymlinks: true,
        filter: (src) => !excluded.has(relative(setup.skillDir, src)),
      });
    }
    await gitOk(["init", "-q", "-b", "main"], { cwd: root, env: GIT_ENV });
    await gitOk(["add", "-A"], { cwd: root, env: GIT_ENV });
    await gitOk(["commit", "-q", "--allow-empty", "--no-verify", "-m", "fixture"], { cwd: root, env: GIT_ENV });
    return { config: setup.config, root, home, configRoot, mountDir, mounted: existsSync(mountDir) };
  } catch (err) {
    rmSync(base, { recursive: true, force: true });
    throw err;
  }
}

/** Paths (relative, forward slashes) the run added, changed or deleted since the fixture commit. */
export async function changedPaths(workspace: ArmWorkspace): Promise<string[]> {
  const result = await gitBytes(["status", "--porcelain=v1", "-z", "--untracked-files=all", "--no-renames"], {
    cwd: workspace.root,
    env: GIT_ENV,
  });
  const entries = new TextDecoder().decode(result.stdout).split("\0").filter((e) => e.length > 3);
  return [...new Set(entries.map((e) => e.slice(3)))].sort();
}

/** Removes the arm's temp folder (workspace, HOME and config root). */
export function removeArmWorkspace(workspace: ArmWorkspace): void {
  rmSync(join(workspace.root, ".."), { recursive: true, force: true });
}
