import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { LeogrielError } from "../core/errors.ts";
import type { RunnerAuth } from "./agent-runner.ts";
import type { NetworkPolicy } from "./test-file-schema.ts";

/**
 * The Codex configuration a run gets. Each run has a fresh CODEX_HOME; the only settings it
 * may inherit come from a base config.toml the user names in LEOGRIEL_CODEX_CONFIG (a model
 * provider, a model catalog), and only keys that cannot widen what the agent may do. Anything
 * else (MCP servers, extra skill roots, permission profiles, trusted projects, sandbox or
 * approval settings) is refused, not dropped: dropping it would run a different test than asked.
 */

/** Top-level base-config keys that pick a model endpoint or shape its output, nothing more. */
export const BASE_CONFIG_KEYS: ReadonlySet<string> = new Set([
  "model_provider",
  "model_providers",
  "model_catalog_json",
  "model_reasoning_effort",
  "model_reasoning_summary",
  "model_verbosity",
  "model_context_window",
  "model_auto_compact_token_limit",
  "model_supports_reasoning_summaries",
  "openai_base_url",
  "chatgpt_base_url",
  "preferred_auth_method",
  "forced_login_method",
  "cli_auth_credentials_store",
  "hide_agent_reasoning",
  "show_raw_agent_reasoning",
  "disable_response_storage",
]);

/** Credentials Codex reads from the environment, besides a provider's own `env_key`. */
const AUTH_ENV = ["OPENAI_API_KEY", "CODEX_API_KEY"];

export interface CodexBaseConfig {
  /** The file's bytes, copied verbatim into each run's CODEX_HOME. */
  text: string;
  /** Environment variables its providers read their keys from. */
  envKeys: string[];
}

/**
 * The base config named by LEOGRIEL_CODEX_CONFIG, or undefined when none is set.
 * @throws {LeogrielError} `runner_policy_rejected` (exit 2) for an unreadable or widening file
 */
export function loadCodexBaseConfig(env: Record<string, string | undefined>): CodexBaseConfig | undefined {
  const path = env.LEOGRIEL_CODEX_CONFIG;
  if (!path) return undefined;
  const reject = (why: string) => new LeogrielError("runner_policy_rejected", `Cannot use LEOGRIEL_CODEX_CONFIG ${path}: ${why}`);
  let text: string;
  let parsed: Record<string, unknown>;
  try {
    text = readFileSync(path, "utf8");
    parsed = Bun.TOML.parse(text) as Record<string, unknown>;
  } catch (err) {
    throw reject(`not a readable TOML file (${(err as Error).message.split("\n")[0]})`);
  }
  const refused = Object.keys(parsed).filter((k) => !BASE_CONFIG_KEYS.has(k));
  if (refused.length > 0) throw reject(`it sets ${refused.join(", ")}, which a test run may not inherit (only model and provider settings)`);
  const providers = parsed.model_providers;
  const envKeys: string[] = [];
  if (providers && typeof providers === "object") {
    for (const p of Object.values(providers as Record<string, unknown>)) {
      const key = (p as { env_key?: unknown } | null)?.env_key;
      if (typeof key === "string" && key !== "") envKeys.push(key);
    }
  }
  return { text, envKeys };
}

/**
 * The credentials for a Codex run: API keys from the environment (the provider's `env_key`,
 * OPENAI_API_KEY, CODEX_API_KEY), else the user's `auth.json` (a ChatGPT login), which goes only
 * into the run's private CODEX_HOME. Values never leave the returned object.
 */
export function resolveCodexAuth(env: Record<string, string | undefined>, base: CodexBaseConfig | undefined): RunnerAuth {
  const names = [...new Set([...(base?.envKeys ?? []), ...AUTH_ENV])].filter((n) => env[n]);
  if (names.length > 0) {
    return { source: names.map((n) => `env:${n}`).join(","), env: Object.fromEntries(names.map((n) => [n, env[n]!])), files: {} };
  }
  const authFile = join(env.CODEX_HOME || join(env.HOME || homedir(), ".codex"), "auth.json");
  if (existsSync(authFile)) return { source: "file:auth.json", env: {}, files: { "auth.json": new Uint8Array(readFileSync(authFile)) } };
  return { source: "none", env: {}, files: {} };
}

/**
 * `-c` overrides that enforce a run's policy whatever the base config says: no bundled system
 * skills and no plugins (they would sit in both arms and could shadow the skill under test;
 * Codex 0.171 also fetches its plugin list from github.com), no analytics, and with network
 * denied, no network for commands and no web search tool.
 */
export function codexPolicyOverrides(network: NetworkPolicy): string[] {
  const overrides = ["skills.bundled.enabled=false", "features.plugins=false", "analytics.enabled=false", `sandbox_workspace_write.network_access=${network === "allow"}`];
  if (network === "deny") overrides.push('web_search="disabled"');
  return overrides.flatMap((o) => ["-c", o]);
}

/** The child's whole environment: an allowlist, never the caller's environment as a whole. */
export function codexChildEnv(
  env: Record<string, string | undefined>,
  homes: { home: string; codexHome: string },
  auth: RunnerAuth,
): Record<string, string> {
  const out: Record<string, string> = { PATH: env.PATH ?? "/usr/bin:/bin", HOME: homes.home, CODEX_HOME: homes.codexHome, TERM: "dumb" };
  for (const name of ["LANG", "LC_ALL", "LC_CTYPE", "TZ", "SSL_CERT_FILE", "SSL_CERT_DIR", "SYSTEMROOT"]) {
    if (env[name]) out[name] = env[name]!;
  }
  // A proxy may be needed to reach the model API, but one with user:password in it is a secret.
  for (const name of ["HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "http_proxy", "NO_PROXY", "no_proxy"]) {
    const value = env[name];
    if (value && !/\/\/[^/]*@/.test(value)) out[name] = value;
  }
  return { ...out, ...auth.env };
}
