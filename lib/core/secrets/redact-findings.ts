import type { SecretFinding } from "./types.ts";

/**
 * `text` with each finding's span replaced by `[REDACTED:<rule>]` (exempted findings stay) and
 * the count per rule. Findings must come from `detectSecrets` on the same text (sorted, disjoint).
 */
export function redactFindings(text: string, findings: readonly SecretFinding[]): { text: string; counts: Record<string, number> } {
  const counts: Record<string, number> = {};
  let out = "";
  let at = 0;
  for (const f of findings) {
    if (f.exempted || f.start < at) continue;
    out += `${text.slice(at, f.start)}[REDACTED:${f.ruleId}]`;
    at = f.end;
    counts[f.ruleId] = (counts[f.ruleId] ?? 0) + 1;
  }
  return { text: at === 0 ? text : out + text.slice(at), counts };
}
