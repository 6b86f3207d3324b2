import { projectConfigPath, userConfigPath } from "../core/config-paths.ts";
import { hookSettingsPaths } from "./install/hook-targets.ts";
import { hookScriptFolders } from "./agent-files.ts";

/**
 * `config`: Leogriel's configuration files, whose folders are protected as their ancestors
 * whether or not the file exists yet (a folder linked elsewhere would carry a new file past the
 * rule). `hooks`: the agents' hook settings, whose folders are ancestors only while the file is
 * there (`rm -rf .claude` without settings loses no hook).
 */
export interface ControlFiles {
  readonly config: readonly string[];
  readonly hooks: readonly string[];
}

/**
 * The files that decide what the guard checks: Leogriel's configuration (its `allow` rules and
 * `protectedPaths`, check-config.ts) and the agents' hook settings that `install-hook` writes
 * and those the agents read beside them (install/hook-targets.ts hookSettingsPaths), project and
 * user scope. A command that writes, moves, deletes or re-permissions one of them can authorise
 * itself or switch the guard off for every later command (red team 6 C1, C2), so they are
 * protected like the quarantine; reading them is not.
 */
export function controlFiles(workspace: string, home: string, env: Readonly<Record<string, string | undefined>>): ControlFiles {
  // Every check asks (classify.ts): the ~15 joined paths depend on these five values only, so one
  // frozen object serves every check with them (paths.ts also caches what it derives per object).
  const claude = env.CLAUDE_CONFIG_DIR ?? "";
  const codex = env.CODEX_HOME ?? "";
  const xdg = env.XDG_CONFIG_HOME ?? "";
  // The values of the last call first: a caller checks in one place, and the key below is a new
  // string to hash every time.
  const last = _last;
  if (last !== undefined && last.workspace === workspace && last.home === home && last.claude === claude && last.codex === codex && last.xdg === xdg) return last.cf;
  const key = `${workspace}\0${home}\0${claude}\0${codex}\0${xdg}`;
  let cf = _memo.get(key);
  if (!cf) {
    if (_memo.size >= 64) _memo.clear();
    _memo.set(key, (cf = _controlFiles(workspace, home, env)));
  }
  _last = { workspace, home, claude, codex, xdg, cf };
  return cf;
}

const _memo = new Map<string, ControlFiles>();
let _last: { workspace: string; home: string; claude: string; codex: string; xdg: string; cf: ControlFiles } | undefined;

function _controlFiles(workspace: string, home: string, env: Readonly<Record<string, string | undefined>>): ControlFiles {
  const config = [projectConfigPath(workspace), userConfigPath({ XDG_CONFIG_HOME: env.XDG_CONFIG_HOME, HOME: home })];
  // The hook scripts the settings name beside them are as powerful (agent-files.ts, session 14).
  const hooks = [...hookSettingsPaths(workspace, { HOME: home, CLAUDE_CONFIG_DIR: env.CLAUDE_CONFIG_DIR, CODEX_HOME: env.CODEX_HOME }), ...hookScriptFolders(workspace, home, env.CLAUDE_CONFIG_DIR)];
  // The arrays are readonly by type and only read (spread, mapped); freezing them would cost the
  // compiled hook 128-320 KiB of Bun's code (docs/check.md "Session 9: hook memory").
  return Object.freeze({ config, hooks });
}
