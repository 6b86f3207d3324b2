import { z } from "zod";
import { Budget, NetworkPolicy, Runner, TriggerExpectation } from "./test-file-schema.ts";

/**
 * The leogriel-test report (the `data` of the `--json` envelope and of the saved artifact).
 * Names follow seed 004 (`SkillEvalCaseConfigResult`, `SkillEvalConfigBenchmark`,
 * `SkillEvalBenchmark`); Leogriel adds the run status, trigger evidence, the baseline
 * isolation check and the gate.
 */

export const ArmConfig = z.enum(["with_skill", "without_skill"]);

export const AssertionResult = z.strictObject({
  assertion: z.string(),
  type: z.string(),
  verdict: z.enum(["pass", "fail"]),
  method: z.enum(["mechanical", "llm_judge"]),
  evidence: z.string(),
  graded: z.boolean(),
});

export const TriggerEvidence = z.strictObject({
  kind: z.enum(["read", "script", "explicit", "reference"]),
  tier: z.enum(["confirmed", "attempted", "weak"]),
  itemId: z.string(),
  command: z.string(),
});

export const ArmResult = z.strictObject({
  caseId: z.string(),
  config: ArmConfig,
  status: z.enum(["completed", "failed", "timed_out"]),
  exitCode: z.int().nullable(),
  /** The agent's final message. */
  output: z.string(),
  skillTriggered: z.boolean(),
  triggerEvidence: z.array(TriggerEvidence),
  /** Seed 004: always true for the baseline; see the isolation check instead. */
  triggeringCorrect: z.boolean(),
  timing: z.strictObject({ totalTokens: z.int().nonnegative(), durationMs: z.int().nonnegative() }),
  usage: z.strictObject({ inputTokens: z.int(), cachedInputTokens: z.int(), outputTokens: z.int(), totalTokens: z.int() }),
  commandCount: z.int().nonnegative(),
  changedPaths: z.array(z.string()),
  assertionResults: z.array(AssertionResult),
  grading: z.strictObject({ passed: z.int(), failed: z.int(), total: z.int(), passRate: z.number().min(0).max(1) }),
  error: z.string().optional(),
});
export type ArmResult = z.infer<typeof ArmResult>;

export const CaseReport = z.strictObject({
  name: z.string(),
  trigger: TriggerExpectation,
  runner: Runner,
  model: z.string(),
  /** The effective network policy the runs were held to. */
  network: NetworkPolicy,
  timeoutMs: z.int(),
  budget: Budget,
  /** A commitment to the prompt; the prompt itself is never written out. */
  promptSha256: z.string().regex(/^[0-9a-f]{64}$/),
  runs: z.array(ArmResult),
});
export type CaseReport = z.infer<typeof CaseReport>;

export const ConfigBenchmark = z.strictObject({
  config: ArmConfig,
  passRate: z.number().min(0).max(1),
  triggeringAccuracy: z.number().min(0).max(1),
  totalTokens: z.int().nonnegative(),
  totalDurationMs: z.int().nonnegative(),
});
export type ConfigBenchmark = z.infer<typeof ConfigBenchmark>;

export const Benchmark = z.strictObject({
  withSkill: ConfigBenchmark,
  withoutSkill: ConfigBenchmark,
  passRateDelta: z.number(),
  triggeringAccuracyDelta: z.number(),
  totalTokensDelta: z.int(),
  totalDurationMsDelta: z.int(),
});
export type Benchmark = z.infer<typeof Benchmark>;

export const IsolationCheck = z.strictObject({
  case: z.string(),
  check: z.enum(["not_mounted", "not_used", "no_other_copy"]),
  passed: z.boolean(),
  evidence: z.string(),
});
export type IsolationCheck = z.infer<typeof IsolationCheck>;

export const Gate = z.strictObject({
  status: z.enum(["passed", "failed", "inconclusive"]),
  threshold: z.number().min(0).max(1),
  /** Why the gate is not `passed` (empty when it is). */
  reasons: z.array(z.string()),
});
export type Gate = z.infer<typeof Gate>;

export const FileReport = z.strictObject({
  testFile: z.string(),
  skill: z.strictObject({ name: z.string(), source: z.enum(["test-folder", "lock"]), path: z.string() }),
  runners: z.array(z.strictObject({ runner: Runner, version: z.string(), experimental: z.boolean(), auth: z.string() })),
  trust: z.enum(["flag", "interactive", "not_needed"]),
  cases: z.array(CaseReport),
  benchmark: Benchmark,
  isolation: z.strictObject({ passed: z.boolean(), checks: z.array(IsolationCheck) }),
  gate: Gate,
});
export type FileReport = z.infer<typeof FileReport>;

export const TestReport = z
  .strictObject({
    reportVersion: z.literal(1),
    threshold: z.number().min(0).max(1),
    gate: Gate,
    files: z.array(FileReport),
    /** Where --save wrote the artifact, relative to the project. */
    artifact: z.string().optional(),
  })
  .meta({
    id: "test-report-v1",
    title: "leogriel-test report v1",
    description: "Paired with/without-skill results per case, graded assertions with evidence, per-config benchmark and deltas (seed 004), baseline isolation and the gate.",
  });
export type TestReport = z.infer<typeof TestReport>;
