import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { z } from "zod";
import { Config, loadConfigSection, userConfigPath } from "../core/config.ts";
import { readJsonFile, validateDocument } from "../core/json-file.ts";
import { LOCK_FILE } from "./lockfile.ts";
import { MANIFEST_FILE } from "./manifest.ts";

/**
 * Skill folders per agent, project-relative and home-relative (research/skills.md §2).
 * `agents` (.agents/skills, read by Codex, Gemini CLI, Copilot, Cursor, OpenCode, goose, Amp…)
 * and `claude` are always installed; the others are opt-in through the config file.
 */
export const AGENT_FOLDERS = {
  agents: { project: ".agents/skills", global: ".agents/skills" },
  claude: { project: ".claude/skills", global: ".claude/skills" },
  codex: { project: ".codex/skills", global: ".codex/skills" },
  copilot: { project: ".github/skills", global: ".copilot/skills" },
  cursor: { project: ".cursor/skills", global: ".cursor/skills" },
  gemini: { project: ".gemini/skills", global: ".gemini/skills" },
  goose: { project: ".goose/skills", global: ".config/goose/skills" },
  kiro: { project: ".kiro/skills", global: ".kiro/skills" },
  opencode: { project: ".opencode/skills", global: ".config/opencode/skills" },
  windsurf: { project: ".windsurf/skills", global: ".codeium/windsurf/skills" },
} as const;
export type AgentId = keyof typeof AGENT_FOLDERS;
export const DEFAULT_AGENTS: readonly AgentId[] = ["agents", "claude"];

/** The `install` section of `.leogriel/config.json` (config schema version 1, additive). */
export const InstallConfig = z
  .strictObject({
    /** Agents whose skill folders get a copy too, beside `.agents/skills` and `.claude/skills`. */
    agents: z.array(z.enum(Object.keys(AGENT_FOLDERS) as [AgentId, ...AgentId[]])).optional(),
    /** Validate SKILL.md in the Agent Skills spec's strict mode by default. */
    strict: z.boolean().optional(),
    /**
     * Let agent folders (`.claude`, `.agents/skills`…) and skill folders be symlinks, even ones
     * leading outside the project or home directory. Honoured in the user config file only.
     */
    allowSymlinkedFolders: z.boolean().optional(),
  })
  .meta({ id: "install-config", title: "leogriel-install configuration section", description: "The `install` section of the Leogriel configuration file." });
export type InstallConfig = z.infer<typeof InstallConfig>;

/** Where one install reads and writes. */
export interface Layout {
  global: boolean;
  /** The project directory, or the home directory with --global. */
  rootDir: string;
  manifestDir: string;
  manifestPath: string;
  lockPath: string;
  /** Install state (transaction journal, cross-process lock): `.leogriel/install` in the project, else under XDG_STATE_HOME. */
  stateDir: string;
  /** Absolute skill folders, one per agent, `.agents/skills` first. */
  targets: Array<{ agent: AgentId; dir: string }>;
  /** The portable path recorded as `canonicalPath` for a skill. */
  canonicalPath: (name: string) => string;
  config: InstallConfig;
  /** `install.allowSymlinkedFolders` from the user config file (target-guard.ts). */
  allowSymlinkedFolders: boolean;
}

/**
 * The layout for a project directory, or for the user with `global` (skills under the home
 * directory; manifest and lock in `${XDG_CONFIG_HOME:-~/.config}/leogriel/`).
 * @throws {LeogrielError} `invalid_json` / `invalid_document` for a bad config file (exit 2)
 */
export function resolveLayout(options: { cwd: string; global: boolean; env: Record<string, string | undefined> }): Layout {
  const cwd = resolve(options.cwd);
  // A global install is the user's, wherever it is run from: a project's config does not steer it.
  const config = validateDocument(InstallConfig, loadConfigSection("install", options.global ? null : cwd, options.env), "the install section of the Leogriel config");
  const home = options.env.HOME || homedir();
  const rootDir = options.global ? home : cwd;
  const manifestDir = options.global ? join(options.env.XDG_CONFIG_HOME || join(home, ".config"), "leogriel") : cwd;
  const agents = [...DEFAULT_AGENTS, ...(config.agents ?? []).filter((a) => !DEFAULT_AGENTS.includes(a))];
  const unique = [...new Set(agents)];
  return {
    global: options.global,
    rootDir,
    manifestDir,
    manifestPath: join(manifestDir, MANIFEST_FILE),
    lockPath: join(manifestDir, LOCK_FILE),
    stateDir: options.global ? join(options.env.XDG_STATE_HOME || join(home, ".local", "state"), "leogriel", "install") : join(cwd, ".leogriel", "install"),
    targets: unique.map((agent) => ({ agent, dir: join(rootDir, ...AGENT_FOLDERS[agent][options.global ? "global" : "project"].split("/")) })),
    canonicalPath: (name) => `${options.global ? "~/" : ""}${AGENT_FOLDERS.agents[options.global ? "global" : "project"]}/${name}`,
    config,
    allowSymlinkedFolders: _userAllowsSymlinks(options.env),
  };
}

// A cloned project could ship both `.claude -> /elsewhere` and the setting that allows it, so the
// opt-in is read from the user's own file alone.
function _userAllowsSymlinks(env: Record<string, string | undefined>): boolean {
  const path = userConfigPath(env);
  if (!existsSync(path)) return false;
  const section = readJsonFile(path, Config, { label: path }).install ?? {};
  return validateDocument(InstallConfig, section, `the install section of ${path}`).allowSymlinkedFolders === true;
}
