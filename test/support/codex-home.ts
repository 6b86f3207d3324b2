/**
 * The real Codex CLI from npm, set up for hermetic tests: the native binary from the pinned
 * devDependency and an isolated CODEX_HOME whose config points Codex at a loopback mock of the
 * Responses API (research/receipts.md §2.2). Shared by the capture and behavioral-test suites.
 */
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const ROOT = join(import.meta.dir, "..", "..");

const TRIPLES: Record<string, string> = {
  "linux-x64": "x86_64-unknown-linux-musl",
  "linux-arm64": "aarch64-unknown-linux-musl",
  "darwin-x64": "x86_64-apple-darwin",
  "darwin-arm64": "aarch64-apple-darwin",
  "win32-x64": "x86_64-pc-windows-msvc",
  "win32-arm64": "aarch64-pc-windows-msvc",
};

/**
 * The native codex binary of the installed `@openai/codex` platform package. Tests run it
 * directly, without the package's Node launcher, so a signal reaches Codex itself.
 * @throws {Error} when the devDependency is not installed for this platform
 */
export function codexBinary(): string {
  const platform = `${process.platform}-${process.arch}`;
  const triple = TRIPLES[platform];
  const exe = process.platform === "win32" ? "codex.exe" : "codex";
  const path = triple && join(ROOT, "node_modules", "@openai", `codex-${platform}`, "vendor", triple, "bin", exe);
  if (!path || !existsSync(path)) {
    throw new Error(`Cannot find the Codex CLI for ${platform}: run npm ci (devDependency @openai/codex)`);
  }
  return path;
}

/** The env var the mock provider reads its (dummy) API key from. */
export const MOCK_KEY_ENV = "LEOGRIEL_MOCK_API_KEY";

/**
 * A fresh CODEX_HOME whose config.toml selects a `mock` provider at `baseUrl`, with retries off
 * so a failing turn fails at once instead of backing off, and (`offline`) plugins and analytics
 * off: Codex 0.171 otherwise runs `git ls-remote https://github.com/openai/plugins.git` and
 * resolves ab.chatgpt.com (seen with strace; session 19), and a test reaches nothing but the
 * mock. leogriel-test's runner turns them off itself and refuses them in the base config it is
 * given (lib/evals/codex-config.ts), so its tests pass `offline: false`.
 * @returns the CODEX_HOME path
 */
export function makeCodexHome(baseUrl: string, dir = mkdtempSync(join(tmpdir(), "leogriel-codex-home-")), offline = true): string {
  const config = [
    'model_provider = "mock"',
    "",
    "[model_providers.mock]",
    'name = "mock"',
    `base_url = "${baseUrl}"`,
    'wire_api = "responses"',
    `env_key = "${MOCK_KEY_ENV}"`,
    "supports_websockets = false",
    "request_max_retries = 0",
    "stream_max_retries = 0",
    "",
    ...(offline ? ["[features]", "plugins = false", "", "[analytics]", "enabled = false", ""] : []),
  ].join("\n");
  writeFileSync(join(dir, "config.toml"), config);
  return dir;
}

/** The environment a Codex child needs to talk to the mock and nothing else. */
export function codexEnv(codexHome: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: codexHome,
    CODEX_HOME: codexHome,
    [MOCK_KEY_ENV]: "dummy",
    ...extra,
  };
}
