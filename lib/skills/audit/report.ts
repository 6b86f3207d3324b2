import { z } from "zod";
import { SkillResource } from "../resources.ts";
import { Finding, Severity } from "./finding.ts";
import { RiskIndicator, RiskTier } from "./indicators.ts";

/** What a registry decides next (seed 004 lifecycle): approve, send to review, or reject. */
export const LifecycleRecommendation = z.enum(["approve", "review", "reject"]);
export type LifecycleRecommendation = z.infer<typeof LifecycleRecommendation>;

const Counts = z.strictObject({ error: z.number().int().nonnegative(), warning: z.number().int().nonnegative(), info: z.number().int().nonnegative() });

/** The Xema governance facts of one audited skill. */
export const SkillAudit = z.strictObject({
  /** Frontmatter name, else the folder name. */
  name: z.string(),
  /** The skill folder relative to the audit root, `/`-separated. */
  path: z.string(),
  /** Directory integrity `sha256:<64hex>` (skilldirhash-1, as the lock records), null if the tree cannot be hashed. */
  checksum: z.string().nullable(),
  tier: RiskTier,
  indicators: z.array(RiskIndicator),
  lifecycle: LifecycleRecommendation,
  resources: z.array(SkillResource),
  counts: Counts,
});
export type SkillAudit = z.infer<typeof SkillAudit>;

/** `data` of the `--json` envelope and of the saved artifact. */
export const AuditReport = z
  .strictObject({
    /** The audit root every path is relative to (absolute). */
    root: z.string(),
    /** Where the targets came from. */
    source: z.enum(["paths", "lock", "discovery"]),
    strict: z.boolean(),
    /** The policy: findings at or above this severity fail the audit ("never" never fails). */
    failOn: z.union([Severity, z.literal("never")]),
    passed: z.boolean(),
    skills: z.array(SkillAudit),
    findings: z.array(Finding),
    summary: z.strictObject({ skills: z.number().int().nonnegative(), files: z.number().int().nonnegative(), bytes: z.number().int().nonnegative(), findings: Counts }),
  })
  .meta({ id: "audit-report", title: "leogriel-audit report", description: "The data of `leogriel-audit --json` and of audit artifacts." });
export type AuditReport = z.infer<typeof AuditReport>;
