import type { ArmResult, FileReport, TestReport } from "./report-schema.ts";

/**
 * The report for people: per case, both arms side by side with their pass counts and trigger
 * result, the failed assertions with their evidence, then the benchmark deltas and the gate.
 */
export function renderReport(report: TestReport): string {
  const out: string[] = [];
  for (const file of report.files) out.push(..._file(file), "");
  out.push(`gate: ${report.gate.status.toUpperCase()} (threshold ${_pct(report.threshold)})`);
  for (const reason of report.gate.reasons) out.push(`  - ${reason}`);
  if (report.artifact) out.push(`saved ${report.artifact}`);
  return `${out.join("\n")}\n`;
}

function _file(file: FileReport): string[] {
  const runners = file.runners.map((r) => `${r.runner} ${r.version}${r.experimental ? " (experimental)" : ""}`).join(", ");
  const out = [`${file.testFile}: skill ${file.skill.name} (${file.skill.path}), runner ${runners}`];
  for (const c of file.cases) {
    out.push(`  case ${c.name} [${c.trigger}, ${c.model}, network ${c.network}]`);
    for (const run of c.runs) {
      out.push(`    ${run.config.padEnd(13)} ${_arm(run)}`);
      for (const a of run.assertionResults.filter((r) => r.verdict === "fail")) out.push(`      ✗ ${a.assertion}: ${a.evidence}`);
    }
  }
  const b = file.benchmark;
  out.push(
    "  benchmark           pass rate  trigger acc.  tokens      duration",
    `    with_skill        ${_pct(b.withSkill.passRate).padEnd(10)} ${_pct(b.withSkill.triggeringAccuracy).padEnd(13)} ${String(b.withSkill.totalTokens).padEnd(11)} ${b.withSkill.totalDurationMs} ms`,
    `    without_skill     ${_pct(b.withoutSkill.passRate).padEnd(10)} ${_pct(b.withoutSkill.triggeringAccuracy).padEnd(13)} ${String(b.withoutSkill.totalTokens).padEnd(11)} ${b.withoutSkill.totalDurationMs} ms`,
    `    delta             ${_signed(b.passRateDelta, true).padEnd(10)} ${_signed(b.triggeringAccuracyDelta, true).padEnd(13)} ${_signed(b.totalTokensDelta).padEnd(11)} ${_signed(b.totalDurationMsDelta)} ms`,
    `  baseline isolation: ${file.isolation.passed ? "ok" : "FAILED"}`,
  );
  for (const c of file.isolation.checks.filter((c) => !c.passed)) out.push(`    ✗ ${c.case}: ${c.check}: ${c.evidence}`);
  out.push(`  gate: ${file.gate.status}`);
  return out;
}

function _arm(run: ArmResult): string {
  const trigger = run.skillTriggered ? "skill used" : "skill not used";
  const status = run.status === "completed" ? "" : `, ${run.status}${run.error ? `: ${run.error}` : ""}`;
  return `${run.grading.passed}/${run.grading.total} passed, ${trigger}, ${run.timing.totalTokens} tokens, ${run.timing.durationMs} ms${status}`;
}

function _pct(x: number): string {
  return `${Math.round(x * 1000) / 10}%`;
}

function _signed(x: number, percent = false): string {
  const text = percent ? _pct(x) : String(x);
  return x > 0 ? `+${text}` : text;
}
