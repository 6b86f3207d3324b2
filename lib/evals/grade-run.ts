import type { AgentRunner, ArmWorkspace, RunResult, RunnerAuth } from "./agent-runner.ts";
import { runAuthorCommand } from "./author-command.ts";
import { gradeFileAssertion, type Verdict } from "./grade-files.ts";
import { gradeBudget, gradeTraceAssertion } from "./grade-trace.ts";
import type { EffectiveCase } from "./load-test-file.ts";
import type { Assertion } from "./test-file-schema.ts";

/** Seed 004 `SkillAssertionResult`, plus the assertion type and whether a verdict was reached. */
export interface AssertionResult {
  /** The assertion, written out from the test case. */
  assertion: string;
  type: Assertion["type"] | "budget";
  verdict: "pass" | "fail";
  method: "mechanical" | "llm_judge";
  evidence: string;
  /** False when no verdict could be reached (a judge that did not answer); the gate is then inconclusive. */
  graded: boolean;
}

export interface GradeInput {
  kase: EffectiveCase;
  result: RunResult;
  workspace: ArmWorkspace;
  changed: string[];
  runner: AgentRunner;
  auth: RunnerAuth;
}

/**
 * Grades every assertion of a case against one arm's run, in the order written, then the
 * budgets. Author commands run last, after every file has been read, because they may change
 * the workspace; their results still keep their written position.
 */
export async function gradeRun(input: GradeInput): Promise<AssertionResult[]> {
  const { kase, result, workspace, changed } = input;
  const results: Array<AssertionResult | undefined> = kase.assertions.map((a) => {
    if (a.type === "command_exits_zero" || a.type === "llm_judge") return undefined;
    const v =
      a.type === "file_exists" || a.type === "file_absent" || a.type === "file_contains" || a.type === "file_matches" || a.type === "json_valid"
        ? gradeFileAssertion(a, workspace.root)
        : gradeTraceAssertion(a, result, changed);
    return _result(a, v, "mechanical");
  });
  for (const [i, a] of kase.assertions.entries()) {
    if (a.type === "llm_judge") {
      const v = await input.runner.judge({ model: a.judge, rubric: a.rubric, timeoutMs: kase.timeoutMs, workspace, auth: input.auth, finalMessage: result.finalMessage });
      results[i] = { ..._result(a, { pass: v.pass === true, evidence: v.evidence }, "llm_judge"), graded: v.pass !== null };
    }
  }
  for (const [i, a] of kase.assertions.entries()) {
    if (a.type === "command_exits_zero") results[i] = _result(a, await runAuthorCommand(a.run, workspace, kase.timeoutMs), "mechanical");
  }
  const budgets = gradeBudget(kase.budget, kase.timeoutMs, result).map(({ assertion, verdict }) => ({
    assertion,
    type: "budget" as const,
    verdict: verdict.pass ? ("pass" as const) : ("fail" as const),
    method: "mechanical" as const,
    evidence: verdict.evidence,
    graded: true,
  }));
  return [...(results as AssertionResult[]), ...budgets];
}

/** The assertion as one line of text: its type and its operands. */
export function assertionText(a: Assertion): string {
  switch (a.type) {
    case "skill_triggered":
    case "skill_not_triggered":
      return a.type;
    case "file_exists":
    case "file_absent":
      return `${a.type} ${a.path}`;
    case "file_contains":
      return `file_contains ${a.path} ${JSON.stringify(a.value)}`;
    case "file_matches":
      return `file_matches ${a.path} /${a.pattern}/`;
    case "json_valid":
      return `json_valid ${a.path}${a.schema ? " (against a schema)" : ""}`;
    case "output_contains":
    case "output_not_contains":
      return `${a.type} ${JSON.stringify(a.value)}`;
    case "command_ran":
    case "command_not_ran":
      return `${a.type} /${a.pattern}/`;
    case "workspace_changes":
      return `workspace_changes allow [${a.allow.join(", ")}]`;
    case "command_exits_zero":
      return `command_exits_zero ${JSON.stringify(a.run)}`;
    case "llm_judge":
      return `llm_judge (${a.judge}) ${JSON.stringify(a.rubric.length > 120 ? `${a.rubric.slice(0, 117)}...` : a.rubric)}`;
  }
}

function _result(a: Assertion, v: Verdict, method: AssertionResult["method"]): AssertionResult {
  return { assertion: assertionText(a), type: a.type, verdict: v.pass ? "pass" : "fail", method, evidence: v.evidence, graded: true };
}
