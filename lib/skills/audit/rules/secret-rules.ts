import { detectSecrets } from "../../../core/secrets/detect.ts";
import type { SecretFinding } from "../../../core/secrets/types.ts";
import type { RawFinding } from "../finding.ts";
import { makeFinding } from "./line-rule.ts";

const HEURISTIC_BELOW = 0.8;

/**
 * Hardcoded credentials (seed 004 indicator hardcoded_credential) through the shared secret
 * detector (lib/core/secrets), on the file as written. A finding names the credential type and
 * where it starts; the evidence is its line with every detected span replaced, and nothing about
 * the finding (message, evidence, fingerprint) is derived from the value.
 */
export function secretFindings(text: string, isScript: boolean): RawFinding[] {
  const found = detectSecrets(text).filter((f) => !f.exempted);
  if (found.length === 0) return [];
  const starts = _lineStarts(text);
  const out: RawFinding[] = [];
  const seen = new Set<number>();
  for (const secret of found) {
    if (seen.has(secret.line)) continue;
    seen.add(secret.line);
    const lineText = _maskedLine(text, starts, secret.line, found);
    const line = { no: secret.line, raw: lineText, text: lineText, lower: "", region: "code" as const };
    const types = [...new Set(found.filter((f) => f.line === secret.line).map((f) => f.ruleId))].sort().join(", ");
    const encoded = secret.encoding ? ` inside ${secret.encoding}-encoded text` : "";
    // A token in a provider's own format is deterministic evidence, and so is a secret-like value
    // a script carries (error); the heuristic match in documentation or data, where examples
    // live (`secret: your-256-bit-key`), is a warning (seed 000).
    const severity = secret.confidence >= HEURISTIC_BELOW || isScript ? "error" : "warning";
    const finding = makeFinding("secret/hardcoded", line, Math.max(0, lineText.indexOf("[REDACTED")), `Hardcoded credential (${types})${encoded}`, { severity, confidence: secret.confidence });
    out.push({ ...finding, column: secret.column });
  }
  return out;
}

function _lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
  return starts;
}

// One line of the file with every secret span that touches it replaced; a multi-line secret
// (a private key) masks the part of it on this line.
function _maskedLine(text: string, starts: readonly number[], line: number, found: readonly SecretFinding[]): string {
  const from = starts[line - 1] ?? 0;
  const to = (starts[line] ?? text.length + 1) - 1;
  let out = "";
  let at = from;
  for (const f of found) {
    if (f.end <= from || f.start >= to || f.start < at) continue;
    out += `${text.slice(at, Math.max(at, f.start))}[REDACTED:${f.ruleId}]`;
    at = Math.min(to, f.end);
  }
  return (out + text.slice(at, to)).replace(/\r$/, "");
}
