import { z } from "zod";

/** Finding severities (SARIF note / warning / error). */
export const Severity = z.enum(["info", "warning", "error"]);
export type Severity = z.infer<typeof Severity>;

const RANK: Record<Severity, number> = { info: 0, warning: 1, error: 2 };

/** True when `a` is at least as severe as `b`. */
export function atLeast(a: Severity, b: Severity): boolean {
  return RANK[a] >= RANK[b];
}

/** The more severe of two severities. */
export function maxSeverity(a: Severity, b: Severity): Severity {
  return RANK[a] >= RANK[b] ? a : b;
}

/**
 * One audit finding (seed 000, Audit): the existing `rule, severity, skill, message, path,
 * location, fingerprint` plus `category, remediation, confidence, evidence`. `evidence` is
 * redacted and never holds a detected secret; `fingerprint` is never derived from one.
 */
export const Finding = z
  .strictObject({
    rule: z.string().min(1),
    severity: Severity,
    skill: z.string(),
    message: z.string(),
    /** The file, relative to the audit root, `/`-separated. */
    path: z.string(),
    location: z.strictObject({ line: z.number().int().positive(), column: z.number().int().positive() }),
    /** Stable across runs and machines: sha256 hex of rule, skill-relative path, evidence and occurrence. */
    fingerprint: z.string().regex(/^[0-9a-f]{64}$/),
    category: z.string().min(1),
    remediation: z.string(),
    /** How sure the rule is, 0..1; heuristics stay below 0.8. */
    confidence: z.number().min(0).max(1),
    evidence: z.string(),
  })
  .meta({ id: "audit-finding", title: "leogriel-audit finding", description: "Seed 000 audit finding with the additive fields." });
export type Finding = z.infer<typeof Finding>;

/** A finding before it is placed: the scanner fills in skill, path and fingerprint. */
export interface RawFinding {
  rule: string;
  severity: Severity;
  message: string;
  line: number;
  column: number;
  category: string;
  remediation: string;
  confidence: number;
  evidence: string;
}
