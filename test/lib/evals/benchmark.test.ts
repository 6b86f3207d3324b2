import { describe, expect, test } from "bun:test";
import { benchmark, combineGates, gate, gradingSummary, triggeringCorrect } from "../../../lib/evals/benchmark.ts";
import type { ArmResult, CaseReport } from "../../../lib/evals/report-schema.ts";

function arm(config: ArmResult["config"], passed: number, total: number, extra: Partial<ArmResult> = {}): ArmResult {
  const assertionResults = Array.from({ length: total }, (_, i) => ({ assertion: `a${i}`, type: "file_exists", verdict: i < passed ? ("pass" as const) : ("fail" as const), method: "mechanical" as const, evidence: "e", graded: true }));
  return {
    caseId: "c", config, status: "completed", exitCode: 0, output: "", skillTriggered: false, triggerEvidence: [], triggeringCorrect: true,
    timing: { totalTokens: config === "with_skill" ? 1500 : 1000, durationMs: config === "with_skill" ? 700 : 500 },
    usage: { inputTokens: 0, cachedInputTokens: 0, outputTokens: 0, totalTokens: 0 }, commandCount: 0, changedPaths: [],
    assertionResults, grading: gradingSummary(assertionResults), ...extra,
  };
}

function kase(name: string, withSkill: ArmResult, without: ArmResult): CaseReport {
  return { name, trigger: "should_trigger", runner: "codex", model: "m", network: "deny", timeoutMs: 1000, budget: {}, promptSha256: "0".repeat(64), runs: [withSkill, without] };
}

describe("benchmark", () => {
  test("averages case pass rates per config, sums cost, and takes with minus without", () => {
    const cases = [kase("a", arm("with_skill", 4, 4), arm("without_skill", 1, 4)), kase("b", arm("with_skill", 2, 4, { triggeringCorrect: false }), arm("without_skill", 2, 4))];
    expect(benchmark(cases)).toEqual({
      withSkill: { config: "with_skill", passRate: 0.75, triggeringAccuracy: 0.5, totalTokens: 3000, totalDurationMs: 1400 },
      withoutSkill: { config: "without_skill", passRate: 0.375, triggeringAccuracy: 1, totalTokens: 2000, totalDurationMs: 1000 },
      passRateDelta: 0.375,
      triggeringAccuracyDelta: -0.5,
      totalTokensDelta: 1000,
      totalDurationMsDelta: 400,
    });
  });

  test("gives a pass rate of 0, not NaN, for no assertions and no cases", () => {
    expect(gradingSummary([]).passRate).toBe(0);
    expect(benchmark([]).withSkill.passRate).toBe(0);
  });
});

describe("triggeringCorrect", () => {
  const confirmed = [{ kind: "read" as const, tier: "confirmed" as const, itemId: "i", command: "c" }];
  const attempted = [{ kind: "read" as const, tier: "attempted" as const, itemId: "i", command: "c" }];
  const weak = [{ kind: "reference" as const, tier: "weak" as const, itemId: "i", command: "c" }];
  const ROWS: Array<[string, ArmResult["config"], CaseReport["trigger"], ArmResult["triggerEvidence"], boolean]> = [
    ["confirmed use where it should trigger", "with_skill", "should_trigger", confirmed, true],
    ["only an attempt where it should trigger", "with_skill", "should_trigger", attempted, false],
    ["nothing where it should trigger", "with_skill", "should_trigger", [], false],
    ["nothing where it should not trigger", "with_skill", "should_not_trigger", [], true],
    ["weak evidence where it should not trigger", "with_skill", "should_not_trigger", weak, true],
    ["an attempt where it should not trigger", "with_skill", "should_not_trigger", attempted, false],
    ["a baseline, whatever it did (seed 004)", "without_skill", "should_trigger", [], true],
  ];
  test.each(ROWS)("judges %s", (_what, config, trigger, triggerEvidence, expected) => {
    expect(triggeringCorrect({ config, triggerEvidence }, trigger)).toBe(expected);
  });
});

describe("gate", () => {
  const ROWS: Array<[string, CaseReport[], boolean, string, string]> = [
    ["passes when the skill clears the threshold and beats the baseline", [kase("a", arm("with_skill", 5, 5), arm("without_skill", 3, 5))], true, "passed", ""],
    ["fails below the threshold", [kase("a", arm("with_skill", 3, 5), arm("without_skill", 1, 5))], true, "failed", "below the threshold 80%"],
    ["fails when the skill only ties its baseline", [kase("a", arm("with_skill", 5, 5), arm("without_skill", 5, 5))], true, "failed", "does not beat its baseline (pass-rate delta +0%)"],
    ["is inconclusive when a run failed", [kase("a", arm("with_skill", 5, 5, { status: "failed", error: "401" }), arm("without_skill", 0, 5))], true, "inconclusive", "the run did not complete: 401"],
    ["is inconclusive when the baseline timed out", [kase("a", arm("with_skill", 5, 5), arm("without_skill", 0, 5, { status: "timed_out" }))], true, "inconclusive", "the baseline timed out"],
    ["counts a with-skill timeout against the skill", [kase("a", arm("with_skill", 0, 5, { status: "timed_out" }), arm("without_skill", 0, 5))], true, "failed", "below the threshold"],
    ["is inconclusive when isolation failed", [kase("a", arm("with_skill", 5, 5), arm("without_skill", 0, 5))], false, "inconclusive", "isolation check failed"],
  ];
  test.each(ROWS)("%s", (_what, cases, isolation, status, reason) => {
    const g = gate(cases, benchmark(cases), isolation, 0.8);
    expect(g.status).toBe(status as typeof g.status);
    expect(g.reasons.join("\n")).toContain(reason);
  });

  test("is inconclusive when an assertion got no verdict", () => {
    const withSkill = arm("with_skill", 5, 5);
    withSkill.assertionResults[0]!.graded = false;
    const cases = [kase("a", withSkill, arm("without_skill", 0, 5))];
    expect(gate(cases, benchmark(cases), true, 0.8).status).toBe("inconclusive");
  });

  test("combines files: failed over inconclusive over passed", () => {
    const g = (status: "passed" | "failed" | "inconclusive") => ({ status, threshold: 0.8, reasons: status === "passed" ? [] : [status] });
    expect(combineGates([g("passed"), g("inconclusive")], 0.8).status).toBe("inconclusive");
    expect(combineGates([g("inconclusive"), g("failed")], 0.8)).toEqual({ status: "failed", threshold: 0.8, reasons: ["inconclusive", "failed"] });
    expect(combineGates([g("passed")], 0.8).status).toBe("passed");
  });
});
