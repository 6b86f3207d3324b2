import { relative } from "node:path";
import type { ArmWorkspace, RunResult } from "./agent-runner.ts";
import { describeEvidence } from "./grade-trace.ts";
import type { IsolationCheck } from "./report-schema.ts";

/**
 * Checks that a baseline run really ran without the skill (research: seed 004's baseline
 * triggering is "correct" by definition, which proves nothing). The skill must not have been
 * mounted, no command may have touched the path where it would be mounted, and the agent must
 * not have had another copy of a skill with that name (user skills, Codex system skills).
 */
export function baselineIsolation(caseName: string, workspace: ArmWorkspace, result: RunResult): IsolationCheck[] {
  const mount = relative(workspace.root, workspace.mountDir);
  const used = result.triggerEvidence;
  const others = result.foreignSkillCopies.map((p) => relative(workspace.root, p));
  return [
    {
      case: caseName,
      check: "not_mounted",
      passed: !workspace.mounted,
      evidence: workspace.mounted ? `${mount} existed before the run` : `${mount} did not exist before the run`,
    },
    {
      case: caseName,
      check: "not_used",
      passed: used.length === 0,
      evidence: used.length === 0 ? `no command named a path under ${mount}` : describeEvidence(used[0]!),
    },
    {
      case: caseName,
      check: "no_other_copy",
      passed: others.length === 0,
      evidence: others.length === 0 ? "no other skill of that name in the run's HOME or config root" : `also present: ${others.join(", ")}`,
    },
  ];
}
