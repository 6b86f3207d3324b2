import type { ArmResult, Benchmark, CaseReport, ConfigBenchmark, Gate } from "./report-schema.ts";

/** Seed 004 `SKILL_EVAL_DEFAULT_PASS_RATE_THRESHOLD`. */
export const DEFAULT_PASS_RATE_THRESHOLD = 0.8;

/** Seed 004 `SkillCaseGradingSummary`: `passRate` is passed / total, 0 with no assertions. */
export function gradingSummary(results: ArmResult["assertionResults"]): ArmResult["grading"] {
  const passed = results.filter((r) => r.verdict === "pass").length;
  const total = results.length;
  return { passed, failed: total - passed, total, passRate: total === 0 ? 0 : passed / total };
}

/**
 * Seed 004 `triggeringCorrect`. With the skill: a should_trigger case needs confirmed evidence;
 * a should_not_trigger case needs no confirmed and no attempted evidence. Without the skill it
 * is always true, as the seed defines it (the isolation check says more).
 */
export function triggeringCorrect(run: Pick<ArmResult, "config" | "triggerEvidence">, trigger: CaseReport["trigger"]): boolean {
  if (run.config === "without_skill") return true;
  const confirmed = run.triggerEvidence.some((e) => e.tier === "confirmed");
  const attempted = run.triggerEvidence.some((e) => e.tier === "attempted");
  return trigger === "should_trigger" ? confirmed : !confirmed && !attempted;
}

/** Per-config aggregates (mean pass rate and triggering accuracy, summed cost) and their deltas. */
export function benchmark(cases: CaseReport[]): Benchmark {
  const withSkill = _config(cases, "with_skill");
  const withoutSkill = _config(cases, "without_skill");
  return {
    withSkill,
    withoutSkill,
    passRateDelta: _round(withSkill.passRate - withoutSkill.passRate),
    triggeringAccuracyDelta: _round(withSkill.triggeringAccuracy - withoutSkill.triggeringAccuracy),
    totalTokensDelta: withSkill.totalTokens - withoutSkill.totalTokens,
    totalDurationMsDelta: withSkill.totalDurationMs - withoutSkill.totalDurationMs,
  };
}

/**
 * The gate: with-skill pass rate at least `threshold` and a positive pass-rate delta. It is
 * inconclusive, whatever the numbers say, when a result cannot be trusted: a run the runner
 * could not complete, a baseline that timed out (that would flatter the skill), a failed
 * isolation check, or an assertion no verdict was reached for.
 */
export function gate(cases: CaseReport[], bench: Benchmark, isolationPassed: boolean, threshold: number): Gate {
  const inconclusive: string[] = [];
  for (const c of cases) {
    for (const run of c.runs) {
      if (run.status === "failed") inconclusive.push(`${c.name} (${run.config}): the run did not complete: ${run.error ?? "runner failure"}`);
      if (run.status === "timed_out" && run.config === "without_skill") inconclusive.push(`${c.name} (without_skill): the baseline timed out`);
      for (const a of run.assertionResults) if (!a.graded) inconclusive.push(`${c.name} (${run.config}): ${a.assertion}: no verdict`);
    }
  }
  if (!isolationPassed) inconclusive.push("the baseline isolation check failed");
  if (inconclusive.length > 0) return { status: "inconclusive", threshold, reasons: inconclusive };
  const failed: string[] = [];
  if (bench.withSkill.passRate < threshold) failed.push(`with-skill pass rate ${_pct(bench.withSkill.passRate)} is below the threshold ${_pct(threshold)}`);
  if (!(bench.passRateDelta > 0)) failed.push(`the skill does not beat its baseline (pass-rate delta ${bench.passRateDelta >= 0 ? "+" : ""}${_pct(bench.passRateDelta)})`);
  return { status: failed.length > 0 ? "failed" : "passed", threshold, reasons: failed };
}

/** The overall gate of several files: failed over inconclusive over passed. */
export function combineGates(gates: Gate[], threshold: number): Gate {
  const status = gates.some((g) => g.status === "failed") ? "failed" : gates.some((g) => g.status === "inconclusive") ? "inconclusive" : "passed";
  return { status, threshold, reasons: gates.flatMap((g) => g.reasons) };
}

function _config(cases: CaseReport[], config: ConfigBenchmark["config"]): ConfigBenchmark {
  const runs = cases.map((c) => ({ c, run: c.runs.find((r) => r.config === config) })).filter((x) => x.run !== undefined);
  const n = runs.length;
  return {
    config,
    passRate: n === 0 ? 0 : _round(runs.reduce((s, x) => s + x.run!.grading.passRate, 0) / n),
    triggeringAccuracy: n === 0 ? 0 : _round(runs.filter((x) => x.run!.triggeringCorrect).length / n),
    totalTokens: runs.reduce((s, x) => s + x.run!.timing.totalTokens, 0),
    totalDurationMs: runs.reduce((s, x) => s + x.run!.timing.durationMs, 0),
  };
}

// Six decimals: enough for any suite, and stable in JSON (no 0.30000000000000004).
function _round(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}

function _pct(x: number): string {
  return `${Math.round(x * 1000) / 10}%`;
}
