import { join } from "node:path";

// The configuration and state locations, apart from the schema so that a hot path (leogriel-check
// on every agent command) can test for a configuration file without loading zod.

/**
 * The user's home folder when HOME is unset (os.homedir()). node:os loads only then: every
 * leogriel-check hook imports this module, and loading node:os cost the compiled hook about a
 * third of a MiB of memory for a fallback a hook's environment almost never needs. It is taken
 * with process.getBuiltinModule (a built-in only, typed, synchronous), not a `require()`: the
 * guard keeps require() to its analyser loaders (effects/lazy-handler.ts).
 */
export function osHomedir(): string {
  return process.getBuiltinModule("node:os").homedir();
}

/** `${XDG_CONFIG_HOME:-~/.config}/leogriel/config.json`. */
export function userConfigPath(env: Record<string, string | undefined> = process.env): string {
  return join(env.XDG_CONFIG_HOME || join(env.HOME || osHomedir(), ".config"), "leogriel", "config.json");
}

/** `<project>/.leogriel/config.json`. */
export function projectConfigPath(projectDir: string): string {
  return join(projectDir, ".leogriel", "config.json");
}

/** `${XDG_STATE_HOME:-~/.local/state}/leogriel`: the user's state and artifact root. */
export function userStateDir(env: Record<string, string | undefined> = process.env): string {
  return join(env.XDG_STATE_HOME || join(env.HOME || osHomedir(), ".local", "state"), "leogriel");
}
