import { sha256Hex } from "../../core/hash.ts";
import type { RawFinding } from "./finding.ts";

/**
 * Fingerprints that survive line moves, re-runs and other machines: sha256 over the rule, the
 * skill name, the path inside the skill, the (already redacted) evidence and the occurrence
 * number among identical keys. Never the line number, never an absolute path, never a secret.
 */
export function fingerprintAll(skill: string, findings: ReadonlyArray<RawFinding & { rel: string }>): string[] {
  const seen = new Map<string, number>();
  return findings.map((f) => {
    const key = ["leogriel-audit/v1", f.rule, skill, f.rel, f.evidence.replace(/\s+/g, " ").trim()].join("\u0000");
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    return sha256Hex(`${key}\u0000${n}`);
  });
}
