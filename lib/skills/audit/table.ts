import type { Finding } from "./finding.ts";
import type { AuditReport } from "./report.ts";

const MESSAGE_MAX = 90;

/**
 * The human report: one block per skill (tier, lifecycle, indicators), its findings as aligned
 * rows, most severe first, then one summary line. Plain text, for stderr.
 */
export function renderTable(report: AuditReport, options: { verbose?: boolean } = {}): string {
  const out: string[] = [];
  const shown = (f: Finding) => options.verbose || f.severity !== "info";
  for (const skill of report.skills) {
    const findings = report.findings.filter((f) => f.skill === skill.name && f.path.startsWith(skill.path === "." ? "" : `${skill.path}/`) && shown(f));
    const indicators = skill.indicators.length > 0 ? skill.indicators.join(", ") : "none";
    out.push(`${skill.name}  ${skill.path}`);
    out.push(`  tier ${skill.tier} · ${skill.lifecycle} · indicators: ${indicators} · ${skill.counts.error} error, ${skill.counts.warning} warning, ${skill.counts.info} info`);
    const rows = _sorted(findings).map((f) => [f.severity, f.rule, `${f.path.slice(skill.path === "." ? 0 : skill.path.length + 1)}:${f.location.line}:${f.location.column}`, _cut(f.message)]);
    out.push(..._align(rows).map((r) => `  ${r}`));
    out.push("");
  }
  const c = report.summary.findings;
  const hidden = options.verbose ? "" : " (info findings hidden; --verbose shows them)";
  out.push(`${report.summary.skills} skill${report.summary.skills === 1 ? "" : "s"}, ${report.summary.files} files: ${c.error} error, ${c.warning} warning, ${c.info} info${hidden}`);
  out.push(report.passed ? `Audit passed (fail-on ${report.failOn})` : `Audit failed: findings at or above ${report.failOn}`);
  return `${out.join("\n")}\n`;
}

const RANK = { error: 0, warning: 1, info: 2 } as const;

function _sorted(findings: Finding[]): Finding[] {
  return [...findings].sort((a, b) => RANK[a.severity] - RANK[b.severity] || (a.path < b.path ? -1 : a.path > b.path ? 1 : a.location.line - b.location.line));
}

function _align(rows: string[][]): string[] {
  if (rows.length === 0) return [];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]!))).join("  "));
}

function _cut(text: string): string {
  return text.length <= MESSAGE_MAX ? text : `${text.slice(0, MESSAGE_MAX - 1)}…`;
}
