import type { EnvelopeMessage } from "../../core/envelope.ts";
import { ExitCode } from "../../core/exit-codes.ts";
import { LeogrielError } from "../../core/errors.ts";
import type { Finding } from "../audit/finding.ts";
import { runAudit } from "../audit/run-audit.ts";

/** What the audit said about one skill being installed, reported in the command's data. */
export interface SkillAuditSummary {
  name: string;
  tier: "low" | "medium" | "high";
  indicators: string[];
  /** Why the skill is blocked (empty when it is not): the high tier and blocking findings. */
  blocking: string[];
  /** True when it was blocked and installed anyway with --allow-risk. */
  allowed: boolean;
}

// Seed 000: heuristic findings never block without deterministic evidence; rules state their
// confidence, and heuristics stay below this (lib/skills/audit/finding.ts).
const DETERMINISTIC = 0.8;

/**
 * Audits each staged skill (one folder per name, the exact bytes about to be moved into place)
 * with the leogriel-audit engine and applies the install policy: a skill is blocked when its tier
 * is high (seed 004: `shell_invocation`, `hardcoded_credential`) or a deterministic finding is an
 * error. SKILL.md contract findings are left to the install's own lenient/strict check, so
 * `--strict` keeps one meaning. Blocked skills stop the whole install unless `allowRisk`, which
 * installs them and records a warning for each.
 * @throws {LeogrielError} `audit_blocked` (exit 1, seed 000 "failed audit policy")
 */
export function auditStaged(staged: ReadonlyArray<{ name: string; dir: string }>, opts: { allowRisk: boolean; warnings: EnvelopeMessage[] }): SkillAuditSummary[] {
  const summaries = staged.map(({ name, dir }) => _audit(name, dir));
  const blocked = summaries.filter((s) => s.blocking.length > 0);
  if (blocked.length === 0) return summaries;
  if (!opts.allowRisk) {
    const detail = blocked.map((s) => `${s.name}: ${s.blocking.join("; ")}`).join(" | ");
    throw new LeogrielError("audit_blocked", `Cannot install ${blocked.map((s) => s.name).join(", ")}: the audit blocks ${blocked.length === 1 ? "it" : "them"} (${detail}); review with leogriel-audit, or pass --allow-risk to install anyway`, {
      exitCode: ExitCode.domain,
      details: { skills: blocked },
    });
  }
  for (const s of blocked) {
    s.allowed = true;
    opts.warnings.push({ code: "audit_risk_allowed", message: `${s.name}: installed with --allow-risk despite ${s.blocking.join("; ")}`, path: s.name });
  }
  return summaries;
}

function _audit(name: string, dir: string): SkillAuditSummary {
  // failOn "never": the policy is this gate's, not the audit command's default.
  const report = runAudit({ root: dir, paths: [dir], strict: false, failOn: "never" });
  // A skill bundling sub-skills is as risky as the riskiest of them.
  const tier = report.skills.some((s) => s.tier === "high") ? "high" : report.skills.some((s) => s.tier === "medium") ? "medium" : "low";
  const indicators = [...new Set(report.skills.flatMap((s) => s.indicators))].sort();
  const blocking: string[] = [];
  if (tier === "high") blocking.push(`tier high (${indicators.join(", ")})`);
  for (const f of report.findings.filter(_blocks)) blocking.push(`${f.rule} at ${f.path}:${f.location.line}`);
  return { name, tier, indicators, blocking, allowed: false };
}

function _blocks(f: Finding): boolean {
  return f.severity === "error" && f.confidence >= DETERMINISTIC && !f.rule.startsWith("skill-md/");
}
