import { redactWithCounts } from "../../../core/redact.ts";
import type { RawFinding } from "../finding.ts";
import type { ScanFile } from "../scan-file.ts";
import { makeFinding } from "./line-rule.ts";

/**
 * Hardcoded credentials (seed 004 indicator hardcoded_credential) through the shared redactor,
 * the same detector every Leogriel output passes through, so what the audit reports is exactly
 * what would be redacted. The finding names the credential type and position; the evidence is
 * the redacted line, and nothing about the finding is derived from the value.
 */
export function secretFindings(file: ScanFile): RawFinding[] {
  const out: RawFinding[] = [];
  for (const line of file.lines) {
    if (line.decoded === "tags") continue;
    const { text, counts } = redactWithCounts(line.decoded ? line.text : line.raw);
    const types = Object.keys(counts);
    if (types.length === 0) continue;
    const at = text.indexOf("[REDACTED:");
    if (types.length === 1 && counts[types[0]!] === 1 && _placeholder(_value(line.decoded ? line.text : line.raw, text, at))) continue;
    const finding = makeFinding("secret/hardcoded", { ...line, text }, Math.max(0, at), `Hardcoded credential (${types.sort().join(", ")})`);
    out.push({ ...finding, column: line.decoded ? 1 : Math.max(1, at + 1) });
  }
  return out;
}

// The one value a single redaction replaced: what precedes and follows the marker is unchanged.
function _value(raw: string, redacted: string, at: number): string {
  const after = redacted.slice(redacted.indexOf("]", at) + 1);
  return raw.slice(at, raw.length - after.length);
}

// Documentation placeholders (`ghp_xxxx…`, `AKIA…EXAMPLE`) have the shape but not the entropy.
function _placeholder(value: string): boolean {
  return /(.)\1{7,}|example|placeholder|your[-_]|dummy|sample/i.test(value) || new Set(value).size < 8;
}
