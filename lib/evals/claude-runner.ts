import { readFileSync } from "node:fs";
import { LeogrielError } from "../core/errors.ts";
import type { AgentRunner, JudgeVerdict, RunResult, RunnerAuth, RunnerDetection } from "./agent-runner.ts";
import { atLeast, probeVersion } from "./runner-version.ts";

/** 2.1.187 added `sandbox.credentials`, which keeps credentials away from sandboxed commands. */
export const MIN_CLAUDE_VERSION = "2.1.187";

/**
 * The experimental Claude Code runner (seed 000). Detection is complete: it fails closed on a
 * platform whose sandbox Claude Code does not support (anything but macOS, Linux and WSL2), on
 * a missing executable, and on a version older than 2.1.187. Runs are not implemented yet, so
 * preflight refuses every request rather than running one without the isolation the contract
 * demands.
 */
export class ClaudeCodeRunner implements AgentRunner {
  readonly id = "claude-code" as const;
  readonly #env: Record<string, string | undefined>;
  readonly #platform: NodeJS.Platform;
  readonly #procVersion: () => string;

  constructor(
    env: Record<string, string | undefined> = process.env,
    platform: NodeJS.Platform = process.platform,
    procVersion: () => string = () => readFileSync("/proc/version", "utf8"),
  ) {
    this.#env = env;
    this.#platform = platform;
    this.#procVersion = procVersion;
  }

  async detect(): Promise<RunnerDetection> {
    const base = { runner: this.id, capabilities: [] as string[], experimental: true };
    const platform = claudePlatformProblem(this.#platform, this.#procVersion);
    if (platform) return { ...base, available: false, reason: `Cannot run Claude Code: ${platform}` };
    const exe = this.#env.LEOGRIEL_CLAUDE || Bun.which("claude", { PATH: this.#env.PATH ?? "" });
    if (!exe) return { ...base, available: false, reason: "Cannot run Claude Code: no claude executable on PATH (or LEOGRIEL_CLAUDE)" };
    const probe = await probeVersion(exe, { PATH: this.#env.PATH ?? "" });
    if (!probe.version) return { ...base, available: false, reason: `Cannot run Claude Code: ${probe.reason}` };
    if (!atLeast(probe.version, MIN_CLAUDE_VERSION)) {
      return { ...base, available: false, version: probe.version, reason: `Cannot run Claude Code ${probe.version}: version ${MIN_CLAUDE_VERSION} or newer is required` };
    }
    return { ...base, available: true, version: probe.version, capabilities: ["detection-only"] };
  }

  resolveAuth(): RunnerAuth {
    return { source: "none", env: {}, files: {} };
  }

  preflight(): void {
    throw new LeogrielError("runner_policy_rejected", "Cannot run Claude Code: the experimental runner detects Claude Code but does not run it yet; use runner: codex");
  }

  run(): Promise<RunResult> {
    return Promise.reject(this.#refused());
  }

  judge(): Promise<JudgeVerdict> {
    return Promise.reject(this.#refused());
  }

  #refused(): LeogrielError {
    return new LeogrielError("runner_policy_rejected", "Cannot run Claude Code: runs are not supported by the experimental runner");
  }
}

/**
 * Why Claude Code's sandbox cannot be relied on here, or undefined: macOS and Linux are
 * supported, and under Windows only WSL2 (a Linux kernel whose version names WSL2); WSL1 and
 * native Windows are refused.
 */
export function claudePlatformProblem(platform: NodeJS.Platform, procVersion: () => string): string | undefined {
  if (platform === "darwin") return undefined;
  if (platform !== "linux") return `its sandbox does not support ${platform} (only macOS, Linux and WSL2)`;
  let version: string;
  try {
    version = procVersion();
  } catch {
    return undefined;
  }
  if (/microsoft/i.test(version) && !/WSL2/i.test(version)) return "its sandbox does not support WSL1 (only macOS, Linux and WSL2)";
  return undefined;
}
