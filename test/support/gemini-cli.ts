import { join } from "node:path";
import { REPO } from "./run-cli.ts";

/** The real Gemini CLI from the devDependency @google/gemini-cli: a Node script bundle. */
export const GEMINI = join(REPO, "node_modules", "@google", "gemini-cli", "bundle", "gemini.js");

/**
 * The user settings a headless run needs besides the hooks: the API-key auth (the CLI refuses to
 * start without a selected auth type), and no usage statistics, telemetry or update checks.
 */
export const GEMINI_SETTINGS = {
  security: { auth: { selectedType: "gemini-api-key" } },
  privacy: { usageStatisticsEnabled: false },
  general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
  telemetry: { enabled: false },
};

/**
 * The environment that points the CLI at a loopback mock of the Gemini API
 * (GOOGLE_GEMINI_BASE_URL replaces generativelanguage.googleapis.com) with a made-up key.
 */
export function geminiMockEnv(apiUrl: string): Record<string, string> {
  return { GOOGLE_GEMINI_BASE_URL: apiUrl, GEMINI_API_KEY: "mock-key", GEMINI_TELEMETRY_ENABLED: "false", GEMINI_CLI_NO_RELAUNCH: "true" };
}
