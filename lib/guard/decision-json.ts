import type { CheckResult } from "./classify.ts";
import { type Decision, exitCodeFor } from "./decision.ts";
import { decisionOf, explain, type ReasonCode } from "./reasons.ts";
import type { CompensationResult } from "./recovery/plan.ts";

/** The `--json` answer of leogriel-check (docs/contracts/check-decision-v1.md). */
export interface DecisionJson {
  schema_version: 1;
  check_id: string;
  decision: Decision;
  reason: ReasonCode;
  reasons: Array<{ code: ReasonCode; decision: Decision; explanation: string }>;
  explanation: string;
  command: "<redacted>";
  dialect: string | null;
  ops: CheckResult["ops"];
  compensation?: {
    kind: "relocate" | "snapshot" | "refs";
    workspace: string;
    targets?: string[];
    repo?: string;
    target_count: number;
    applied?: { txid: string; covered: number; restore: string };
  };
  allowed_by_config?: ReasonCode[];
}


/** Builds the answer; the raw command never appears in it, only `<redacted>`. */
export function toDecisionJson(result: CheckResult, applied?: CompensationResult): DecisionJson {
  const failed = applied && !applied.ok ? applied.reason : undefined;
  const reason = failed ?? result.reason;
  const reasons = failed ? [failed, ...result.reasons] : result.reasons;
  const out: DecisionJson = {
    schema_version: 1,
    check_id: result.checkId,
    decision: decisionOf(reason),
    reason,
    reasons: reasons.map((code) => ({ code, decision: decisionOf(code), explanation: explain(code) })),
    explanation: explain(reason),
    command: "<redacted>",
    dialect: result.dialect,
    ops: result.ops,
  };
  const plan = result.plan;
  if (plan) {
    out.compensation = {
      kind: plan.kind,
      workspace: plan.workspace,
      ...(plan.kind === "relocate" ? { targets: plan.targets } : { repo: plan.repo }),
      target_count: plan.kind === "relocate" ? plan.targets.length : plan.kind === "refs" ? plan.refs.length : 1,
    };
    if (applied?.ok) out.compensation.applied = { txid: applied.txid, covered: applied.covered, restore: `leogriel-check restore ${applied.txid}` };
  }
  if (result.allowedByConfig.length) out.allowed_by_config = result.allowedByConfig;
  return out;
}

/** The exit code of an answer: an applied compensation proceeds (0). */
export function exitCodeOf(json: DecisionJson): number {
  if (json.compensation?.applied && json.decision !== "BLOCK") return 0;
  return exitCodeFor(json.decision);
}
