import type { SpanResult } from "./contract-schemas.ts";
import type { Exemptions } from "./exemptions.ts";
import type { SpanMode } from "./reasons.ts";
import type { StreamVerdict } from "./stream.ts";

/** The `--json` document for a verdict, without `text` (the CLI streams that in last). */
export function spanReport(verdict: StreamVerdict, mode: SpanMode, exemptions: Exemptions): Omit<SpanResult, "text"> {
  return {
    schema_version: 1,
    decision: verdict.decision,
    reason: verdict.reason,
    reasons: [{ code: verdict.reason, explanation: verdict.explanation }],
    explanation: verdict.explanation,
    mode,
    findings: verdict.findings.map((f) => ({
      rule: f.ruleId,
      line: f.line,
      column: f.column,
      start: f.start,
      end: f.end,
      hash: f.hash,
      confidence: f.confidence,
      // The contract's closed enum holds base64 and url: a hex (or base32) finding is reported
      // without its encoding, its span covering the whole run or dump (docs/check-span.md, "Hex dumps").
      ...(f.encoding === "base64" || f.encoding === "url" ? { encoding: f.encoding } : {}),
    })),
    findings_total: verdict.total,
    redactions: { total: Object.values(verdict.counts).reduce((a, b) => a + b, 0), types: verdict.counts },
    exemption: { file: exemptions.file, exempted: verdict.exempted, diagnostics: exemptions.diagnostics },
  };
}
