import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

export const DEFAULT_REGISTRY = "https://registry.npmjs.org/";

/** The npm settings Leogriel honours: registries and credentials, as npm itself reads them. */
export interface NpmConfig {
  /** Key/value pairs, highest precedence first merged (env over project .npmrc over user .npmrc). */
  values: Map<string, string>;
}

/**
 * Reads npm's configuration the way npm does for the keys Leogriel needs: environment
 * (`npm_config_*`, case-insensitive), then the project `.npmrc`, then the user `.npmrc`
 * (`npm_config_userconfig` or `~/.npmrc`). `${VAR}` references are expanded from the environment.
 */
export function loadNpmConfig(projectDir: string, env: Record<string, string | undefined> = process.env): NpmConfig {
  const values = new Map<string, string>();
  const userrc = _env(env, "userconfig") ?? join(env.HOME || homedir(), ".npmrc");
  for (const file of [userrc, join(projectDir, ".npmrc")]) {
    if (!existsSync(file)) continue;
    for (const [k, v] of _parseNpmrc(readFileSync(file, "utf8"), env)) values.set(k, v);
  }
  for (const [name, value] of Object.entries(env)) {
    const m = /^npm_config_(.+)$/i.exec(name);
    if (m && value !== undefined) values.set(m[1]!.toLowerCase().startsWith("@") ? m[1]! : m[1]!.toLowerCase().replace(/_/g, "-"), value);
  }
  return { values };
}

/** The registry URL for a package (a scope's own registry when configured), ending in `/`. */
export function registryFor(config: NpmConfig, pkg: string): string {
  const scope = pkg.startsWith("@") ? pkg.slice(0, pkg.indexOf("/")) : undefined;
  const url = (scope && config.values.get(`${scope}:registry`)) || config.values.get("registry") || DEFAULT_REGISTRY;
  return url.endsWith("/") ? url : `${url}/`;
}

/**
 * The Authorization header npm would send to `url`: the `//host/path/:_authToken` (or `:_auth`)
 * whose prefix matches the URL longest. Never sent to a host the user did not configure.
 */
export function authHeaderFor(config: NpmConfig, url: string): Record<string, string> {
  const parsed = new URL(url);
  const nerf = `//${parsed.host}${parsed.pathname}`;
  let best: { length: number; header: string } | undefined;
  for (const [key, value] of config.values) {
    const m = /^(\/\/.+?):(_authToken|_auth)$/.exec(key);
    if (!m || !nerf.startsWith(m[1]!.endsWith("/") ? m[1]! : `${m[1]}/`)) continue;
    if (best && best.length >= m[1]!.length) continue;
    best = { length: m[1]!.length, header: m[2] === "_authToken" ? `Bearer ${value}` : `Basic ${value}` };
  }
  return best ? { authorization: best.header } : {};
}

function _env(env: Record<string, string | undefined>, key: string): string | undefined {
  for (const [name, value] of Object.entries(env)) if (name.toLowerCase() === `npm_config_${key}`) return value;
  return undefined;
}

function _parseNpmrc(text: string, env: Record<string, string | undefined>): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed === "" || trimmed.startsWith("#") || trimmed.startsWith(";")) continue;
    const eq = trimmed.indexOf("=");
    if (eq < 0) continue;
    let value = trimmed.slice(eq + 1).trim();
    if (/^".*"$/.test(value)) value = value.slice(1, -1);
    value = value.replace(/\$\{([^}]+)\}/g, (_m, name: string) => env[name] ?? "");
    out.push([trimmed.slice(0, eq).trim(), value]);
  }
  return out;
}
