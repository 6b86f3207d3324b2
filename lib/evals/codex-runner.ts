import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { codexExecArgs, resolveCodexBinary, runCodexChild } from "../core/codex-child.ts";
import { LeogrielError } from "../core/errors.ts";
import { redactText } from "../core/redact.ts";
import type {
  AgentRunner,
  ArmWorkspace,
  JudgeRequest,
  JudgeVerdict,
  PolicyRequest,
  RunRequest,
  RunResult,
  RunnerAuth,
  RunnerDetection,
} from "./agent-runner.ts";
import { codexChildEnv, codexPolicyOverrides, loadCodexBaseConfig, resolveCodexAuth } from "./codex-config.ts";
import { CodexTraceBuilder, type CodexTrace } from "./codex-events.ts";
import { explicitSkillEvidence } from "./codex-rollout.ts";
import { detectSkillUse } from "./codex-trigger.ts";
import { judgePrompt, parseJudgeAnswer } from "./judge-prompt.ts";
import { atLeast, probeVersion } from "./runner-version.ts";

/** The oldest Codex whose `exec --json` events and config keys this runner was verified against. */
export const MIN_CODEX_VERSION = "0.171.0";
/** A stdout line longer than this stops the run (a runaway event). */
const MAX_LINE_BYTES = 16 * 1024 * 1024;

/**
 * The Codex CLI as an AgentRunner (research/evals-catalog-plugins.md §1.6): every run gets its
 * own HOME and CODEX_HOME, `-a never`, the workspace-write sandbox and the network policy as
 * explicit `-c` overrides, and the prompt on stdin.
 */
export class CodexRunner implements AgentRunner {
  readonly id = "codex" as const;
  readonly #env: Record<string, string | undefined>;

  constructor(env: Record<string, string | undefined> = process.env) {
    this.#env = env;
  }

  async detect(): Promise<RunnerDetection> {
    const base = { runner: this.id, capabilities: [] as string[], experimental: false };
    let codex: string;
    try {
      codex = resolveCodexBinary(this.#env);
    } catch (err) {
      return { ...base, available: false, reason: (err as Error).message };
    }
    // A throwaway HOME: `--version` must not read or write the user's Codex state.
    const home = mkdtempSync(join(tmpdir(), "leogriel-codex-probe-"));
    const probe = await probeVersion(codex, { PATH: this.#env.PATH ?? "", HOME: home, CODEX_HOME: home }).finally(() =>
      rmSync(home, { recursive: true, force: true }),
    );
    if (!probe.version) return { ...base, available: false, reason: `Cannot run Codex: ${probe.reason}` };
    if (!atLeast(probe.version, MIN_CODEX_VERSION)) {
      return { ...base, available: false, version: probe.version, reason: `Cannot run Codex ${probe.version}: version ${MIN_CODEX_VERSION} or newer is required` };
    }
    return {
      ...base,
      available: true,
      version: probe.version,
      capabilities: ["isolated-home", "network-deny", "network-allow", "sandbox-workspace-write", "trigger-evidence:command-heuristic", "trigger-evidence:rollout-explicit"],
    };
  }

  resolveAuth(): RunnerAuth {
    return resolveCodexAuth(this.#env, loadCodexBaseConfig(this.#env));
  }

  preflight(_request: PolicyRequest): void {
    // Both network policies map onto settings passed on the command line; what could weaken
    // them is a base config key, and loading the base config refuses those.
    loadCodexBaseConfig(this.#env);
  }

  async run(request: RunRequest): Promise<RunResult> {
    const ws = request.workspace;
    const trace = await this.#exec(ws, ws.configRoot, request, request.prompt);
    const implicit = detectSkillUse(trace.trace.commands, ws.root, ws.mountDir);
    const explicit = ws.mounted ? explicitSkillEvidence(ws.configRoot, join(ws.mountDir, "SKILL.md")) : [];
    const evidence = [...implicit, ...explicit];
    return {
      status: trace.status,
      exitCode: trace.exitCode,
      durationMs: trace.durationMs,
      finalMessage: trace.trace.finalMessage,
      commands: trace.trace.commands,
      usage: trace.trace.usage,
      skillTriggered: evidence.some((e) => e.tier === "confirmed"),
      triggerEvidence: evidence,
      toolActivity: { webSearches: trace.trace.webSearches, mcpToolCalls: trace.trace.mcpToolCalls },
      foreignSkillCopies: [
        join(ws.configRoot, "skills", request.skill),
        join(ws.configRoot, "skills", ".system", request.skill),
        join(ws.home, ".agents", "skills", request.skill),
      ].filter((p) => existsSync(p)),
      ...(trace.error ? { error: trace.error } : {}),
    };
  }

  async judge(request: JudgeRequest): Promise<JudgeVerdict> {
    // The judge gets its own private homes, beside the arm's, and a read-only sandbox.
    const home = mkdtempSync(join(request.workspace.root, "..", "judge-home-"));
    const configRoot = mkdtempSync(join(request.workspace.root, "..", "judge-config-"));
    const run = await this.#exec(
      { ...request.workspace, home, configRoot },
      configRoot,
      { model: request.model, network: "deny", timeoutMs: request.timeoutMs, auth: request.auth },
      judgePrompt(request.rubric, request.finalMessage),
      "read-only",
    );
    if (run.status !== "completed") return { pass: null, evidence: `the judge run did not complete: ${run.error ?? run.status}` };
    return parseJudgeAnswer(run.trace.finalMessage);
  }

  async #exec(
    ws: ArmWorkspace,
    codexHome: string,
    request: PolicyRequest & { timeoutMs: number; auth: RunnerAuth },
    prompt: string,
    sandbox: "workspace-write" | "read-only" = "workspace-write",
  ): Promise<{ status: RunResult["status"]; exitCode: number | null; durationMs: number; trace: CodexTrace; error?: string }> {
    const base = loadCodexBaseConfig(this.#env);
    mkdirSync(codexHome, { recursive: true });
    if (base) writeFileSync(join(codexHome, "config.toml"), base.text);
    for (const [name, bytes] of Object.entries(request.auth.files)) writeFileSync(join(codexHome, name), bytes, { mode: 0o600 });
    const builder = new CodexTraceBuilder();
    const args = [...codexPolicyOverrides(request.network), ...codexExecArgs({ model: request.model, sandbox, root: ws.root })];
    let child;
    try {
      child = await runCodexChild({
        codex: resolveCodexBinary(this.#env),
        args,
        cwd: ws.root,
        env: codexChildEnv(this.#env, { home: ws.home, codexHome }, request.auth),
        stdin: prompt,
        timeoutMs: request.timeoutMs,
        onLine: (line) => builder.push(line),
        maxLineBytes: MAX_LINE_BYTES,
      });
    } catch (err) {
      const message = err instanceof LeogrielError ? err.message : `Cannot run Codex: ${(err as Error).message}`;
      return { status: "failed", exitCode: null, durationMs: 0, trace: builder.trace, error: redactText(message) };
    }
    const trace = builder.trace;
    if (child.timedOut) return { status: "timed_out", exitCode: child.exitCode, durationMs: child.durationMs, trace, error: `no result within ${request.timeoutMs} ms` };
    if (child.exitCode === 0 && trace.turnCompleted) return { status: "completed", exitCode: 0, durationMs: child.durationMs, trace };
    const why = trace.failure ?? `codex exited with ${child.exitCode ?? child.signal}`;
    return { status: "failed", exitCode: child.exitCode, durationMs: child.durationMs, trace, error: redactText(why) };
  }
}
