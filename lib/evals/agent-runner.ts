import type { NetworkPolicy, Runner } from "./test-file-schema.ts";

/**
 * The AgentRunner contract (seed 000): structured detection, runner-owned authentication,
 * a policy preflight that refuses (never weakens) what it cannot enforce, and one isolated run
 * with a structured result. The suite only ever talks to a runner through this interface.
 */
export interface AgentRunner {
  readonly id: Runner;
  /** Whether the agent can run here, which version, what it can do, and why not when it cannot. */
  detect(): Promise<RunnerDetection>;
  /**
   * The credentials a run will get, found by the runner itself. Their values go only into the
   * child's environment or its private config root, never into a workspace, artifact or log.
   */
  resolveAuth(): RunnerAuth;
  /**
   * Checks that a run can be made exactly as requested.
   * @throws {LeogrielError} `runner_policy_rejected` (exit 2) for a setting it cannot enforce
   */
  preflight(request: PolicyRequest): void;
  /** One run in a prepared workspace; a failing agent is a result, not an exception. */
  run(request: RunRequest): Promise<RunResult>;
  /** One read-only judging run over a finished workspace (llm_judge assertions). */
  judge(request: JudgeRequest): Promise<JudgeVerdict>;
}

export interface RunnerDetection {
  runner: Runner;
  available: boolean;
  version?: string;
  /** Stable words for what the runner supports, e.g. `isolated-home`, `network-deny`. */
  capabilities: string[];
  /** Why the runner cannot be used, when `available` is false. */
  reason?: string;
  experimental: boolean;
}

export interface RunnerAuth {
  /** Names the kind of credential found (`env:OPENAI_API_KEY`, `file:auth.json`, `none`), never its value. */
  source: string;
  env: Record<string, string>;
  /** Files to place in the run's private config root: name → content. */
  files: Record<string, Uint8Array>;
}

export interface PolicyRequest {
  model: string;
  network: NetworkPolicy;
}

/** The two configurations of seed 004. */
export type ArmConfig = "with_skill" | "without_skill";

/** A workspace made for one arm: the git-initialised fixture and the private homes. */
export interface ArmWorkspace {
  config: ArmConfig;
  /** The fixture copy the agent works in (a fresh git repository). */
  root: string;
  /** A fresh HOME and a fresh agent config root, both outside `root`. */
  home: string;
  configRoot: string;
  /** Where the skill is (with_skill) or would be (without_skill) mounted. */
  mountDir: string;
  /** Whether the skill folder existed in `root` before the run. */
  mounted: boolean;
}

export interface RunRequest extends PolicyRequest {
  prompt: string;
  timeoutMs: number;
  skill: string;
  workspace: ArmWorkspace;
  auth: RunnerAuth;
}

export interface JudgeRequest {
  model: string;
  rubric: string;
  timeoutMs: number;
  workspace: ArmWorkspace;
  auth: RunnerAuth;
  /** The agent's final message, quoted to the judge. */
  finalMessage: string;
}

export interface JudgeVerdict {
  /** null when the judge gave no usable answer. */
  pass: boolean | null;
  evidence: string;
}

export interface ObservedCommand {
  id: string;
  command: string;
  exitCode: number | null;
  status: string;
}

/** Where a trigger decision comes from; `weak` evidence is reported but never counted. */
export interface TriggerEvidence {
  kind: "read" | "script" | "explicit" | "reference";
  tier: "confirmed" | "attempted" | "weak";
  itemId: string;
  command: string;
}

export interface RunResult {
  /** `failed`: the runner could not complete the run (start-up, model or protocol failure). */
  status: "completed" | "failed" | "timed_out";
  exitCode: number | null;
  durationMs: number;
  finalMessage: string;
  commands: ObservedCommand[];
  usage: { inputTokens: number; cachedInputTokens: number; outputTokens: number; totalTokens: number };
  /** Whether the skill under test was used, by the runner's rule, and the evidence. */
  skillTriggered: boolean;
  triggerEvidence: TriggerEvidence[];
  /** Network-shaped tool activity observed (web searches, MCP tool calls). */
  toolActivity: { webSearches: number; mcpToolCalls: number };
  /** Skill folders of the same name the agent could see outside the mount (isolation). */
  foreignSkillCopies: string[];
  /** The runner's failure, redacted, when status is not `completed`. */
  error?: string;
}
