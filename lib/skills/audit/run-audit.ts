import type { FailOn } from "./audit-config.ts";
import { atLeast, type Finding } from "./finding.ts";
import type { AuditReport, SkillAudit } from "./report.ts";
import { scanSkill, type SkillScan } from "./scan-skill.ts";
import { resolveTargets, type TargetSource } from "./targets.ts";

export interface AuditOptions {
  root: string;
  paths: readonly string[];
  strict: boolean;
  failOn: FailOn;
}

/**
 * Audits every target skill (and the sub-skills inside them) and applies the policy: the audit
 * fails when a finding is at or above `failOn`.
 */
export function runAudit(options: AuditOptions): AuditReport {
  const { source, dirs } = resolveTargets(options.root, options.paths);
  return assembleReport(options, source, dirs, (dir) => scanSkill(dir, { root: options.root, strict: options.strict }));
}

/**
 * The report over `targets` and, breadth-first, the sub-skills inside them, each folder once and
 * in that order whoever scanned it (so a parallel audit reports exactly what a serial one does).
 */
export function assembleReport(options: AuditOptions, source: TargetSource, targets: readonly string[], scanOf: (dir: string) => SkillScan): AuditReport {
  const queue = [...targets];
  const seen = new Set<string>();
  const skills: SkillAudit[] = [];
  const findings: Finding[] = [];
  let files = 0;
  let bytes = 0;
  for (let head = 0; head < queue.length; head++) {
    const dir = queue[head]!;
    if (seen.has(dir)) continue;
    seen.add(dir);
    const scan = scanOf(dir);
    skills.push(scan.skill);
    findings.push(...scan.findings);
    queue.push(...scan.subSkills);
    files += scan.files;
    bytes += scan.bytes;
  }
  const counts = { error: 0, warning: 0, info: 0 };
  for (const f of findings) counts[f.severity]++;
  const failOn = options.failOn;
  const passed = failOn === "never" || !findings.some((f) => atLeast(f.severity, failOn));
  return { root: options.root, source, strict: options.strict, failOn, passed, skills, findings, summary: { skills: skills.length, files, bytes, findings: counts } };
}
