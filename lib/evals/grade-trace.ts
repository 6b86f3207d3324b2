import type { RunResult, TriggerEvidence } from "./agent-runner.ts";
import { excerpt, type Verdict } from "./grade-files.ts";
import type { Assertion, Budget } from "./test-file-schema.ts";

type TraceAssertion = Extract<
  Assertion,
  { type: "skill_triggered" | "skill_not_triggered" | "output_contains" | "output_not_contains" | "command_ran" | "command_not_ran" | "workspace_changes" }
>;

/** Grades an assertion about what the agent did (trigger evidence, final message, commands, changed paths). */
export function gradeTraceAssertion(a: TraceAssertion, result: RunResult, changed: string[]): Verdict {
  switch (a.type) {
    case "skill_triggered": {
      const hit = result.triggerEvidence.find((e) => e.tier === "confirmed");
      return hit ? { pass: true, evidence: describeEvidence(hit) } : { pass: false, evidence: _noTrigger(result) };
    }
    case "skill_not_triggered": {
      const hit = result.triggerEvidence.find((e) => e.tier !== "weak");
      return hit ? { pass: false, evidence: describeEvidence(hit) } : { pass: true, evidence: _noTrigger(result) };
    }
    case "output_contains":
    case "output_not_contains": {
      const at = result.finalMessage.indexOf(a.value);
      const where = at >= 0 ? `the final message contains it at offset ${at}: ${excerpt(result.finalMessage, at, a.value.length)}` : `the final message (${result.finalMessage.length} chars) does not contain it`;
      return { pass: (at >= 0) === (a.type === "output_contains"), evidence: where };
    }
    case "command_ran":
    case "command_not_ran": {
      const re = new RegExp(a.pattern);
      const hit = result.commands.find((c) => re.test(c.command));
      const where = hit ? `${hit.id} ran ${JSON.stringify(hit.command.slice(0, 200))} (exit ${hit.exitCode})` : `none of ${result.commands.length} commands matches`;
      return { pass: (hit !== undefined) === (a.type === "command_ran"), evidence: where };
    }
    case "workspace_changes": {
      const globs = a.allow.map((g) => new Bun.Glob(g));
      const outside = changed.filter((p) => !globs.some((g) => g.match(p)));
      const list = (paths: string[]) => (paths.length > 20 ? `${paths.slice(0, 20).join(", ")} and ${paths.length - 20} more` : paths.join(", "));
      if (outside.length > 0) return { pass: false, evidence: `changed outside the allowlist: ${list(outside)}` };
      return { pass: true, evidence: changed.length === 0 ? "no path changed" : `every changed path is allowed: ${list(changed)}` };
    }
  }
}

/** Budget checks as graded results: one per token or command budget the case sets, and a failed time budget for a run that timed out. */
export function gradeBudget(budget: Budget, timeoutMs: number, result: RunResult): Array<{ assertion: string; verdict: Verdict }> {
  const out: Array<{ assertion: string; verdict: Verdict }> = [];
  if (budget.maxTokens !== undefined) {
    const used = result.usage.totalTokens;
    out.push({ assertion: `budget maxTokens ${budget.maxTokens}`, verdict: { pass: used <= budget.maxTokens, evidence: `${used} tokens (input ${result.usage.inputTokens}, output ${result.usage.outputTokens})` } });
  }
  if (budget.maxCommands !== undefined) {
    const used = result.commands.length;
    out.push({ assertion: `budget maxCommands ${budget.maxCommands}`, verdict: { pass: used <= budget.maxCommands, evidence: `${used} commands` } });
  }
  // A run that beat its timeout has nothing to report; one that did not fails its time budget.
  if (result.status === "timed_out") out.push({ assertion: `budget timeoutMs ${timeoutMs}`, verdict: { pass: false, evidence: `no result within ${timeoutMs} ms` } });
  return out;
}

/** One line naming a piece of trigger evidence. */
export function describeEvidence(e: TriggerEvidence): string {
  const what = { read: "read SKILL.md", script: "ran a skill script", explicit: "injected the skill for a $mention", reference: "named a path in the skill" }[e.kind];
  return `${e.tier}: ${e.itemId} ${what}: ${JSON.stringify(e.command.slice(0, 200))}`;
}

function _noTrigger(result: RunResult): string {
  const weak = result.triggerEvidence.filter((e) => e.tier === "weak").length;
  return `no command read the mounted SKILL.md or ran its scripts (${result.commands.length} commands${weak ? `, ${weak} only named a path in it` : ""})`;
}
