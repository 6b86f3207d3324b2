import { join } from "node:path";
import { REPO } from "./run-cli.ts";

/**
 * The real Claude Code CLI from the devDependency @anthropic-ai/claude-code: the platform
 * package's binary, present even without the wrapper's postinstall (npm ci --ignore-scripts).
 */
export const CLAUDE_DIR = join(REPO, "node_modules", "@anthropic-ai", `claude-code-${process.platform}-${process.arch}`);
export const CLAUDE = join(CLAUDE_DIR, process.platform === "win32" ? "claude.exe" : "claude");

/**
 * The environment that points the CLI at a loopback mock of the Messages API and keeps it off
 * the network (research/claude-e2e.md §2): CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC stops the
 * bootstrap, telemetry and registry calls; no retries, so a dead mock fails fast.
 */
export function claudeMockEnv(apiUrl: string): Record<string, string> {
  return {
    ANTHROPIC_BASE_URL: apiUrl,
    ANTHROPIC_API_KEY: "mock-key",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    DISABLE_TELEMETRY: "1",
    DISABLE_AUTOUPDATER: "1",
    DISABLE_ERROR_REPORTING: "1",
    CLAUDE_CODE_MAX_RETRIES: "0",
    API_TIMEOUT_MS: "20000",
  };
}
