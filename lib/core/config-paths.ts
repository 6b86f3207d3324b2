import { homedir } from "node:os";
import { join } from "node:path";

// The configuration and state locations, apart from the schema so that a hot path (leogriel-check
// on every agent command) can test for a configuration file without loading zod.

/** `${XDG_CONFIG_HOME:-~/.config}/leogriel/config.json`. */
export function userConfigPath(env: Record<string, string | undefined> = process.env): string {
  return join(env.XDG_CONFIG_HOME || join(env.HOME || homedir(), ".config"), "leogriel", "config.json");
}

/** `<project>/.leogriel/config.json`. */
export function projectConfigPath(projectDir: string): string {
  return join(projectDir, ".leogriel", "config.json");
}

/** `${XDG_STATE_HOME:-~/.local/state}/leogriel`: the user's state and artifact root. */
export function userStateDir(env: Record<string, string | undefined> = process.env): string {
  return join(env.XDG_STATE_HOME || join(env.HOME || homedir(), ".local", "state"), "leogriel");
}
