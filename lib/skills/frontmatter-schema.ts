import { z } from "zod";

/**
 * The SKILL.md frontmatter contract: the Agent Skills specification's six fields
 * (agentskills.io/specification) plus the Xema kernel fields of seed 004. Limits are the spec's.
 */
export const SKILL_NAME_MAX = 64;
export const SKILL_DESCRIPTION_MAX = 1024;
export const SKILL_COMPATIBILITY_MAX = 500;
/** The spec recommends a SKILL.md body under 500 lines. */
export const SKILL_BODY_LINES_RECOMMENDED = 500;

/** Lowercase letters, digits and single hyphens, no hyphen at either end. */
export const SKILL_NAME_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const SkillName = z.string().min(1).max(SKILL_NAME_MAX).regex(SKILL_NAME_PATTERN, "lowercase letters, digits and single hyphens");

/** Seed 004 closed enums, value-identical. */
export const SkillKind = z.enum(["procedural", "deliverable", "system"]);
export const SkillInjectionMode = z.enum(["always", "context_dependent"]);
export const SkillSurface = z.enum(["workflow", "agent-session"]);

/** Each known field's own schema, so one bad field is one issue and the rest still validate. */
export const FRONTMATTER_FIELDS = {
  name: SkillName,
  description: z.string().trim().min(1).max(SKILL_DESCRIPTION_MAX),
  license: z.string().min(1),
  compatibility: z.string().min(1).max(SKILL_COMPATIBILITY_MAX),
  metadata: z.record(z.string(), z.string()),
  "allowed-tools": z.string(),
  kind: SkillKind,
  injectionMode: SkillInjectionMode,
  category: z.string().min(1),
  tags: z.array(z.string().min(1)),
  surfaces: z.array(SkillSurface).min(1),
} as const;

export type FrontmatterField = keyof typeof FRONTMATTER_FIELDS;

/** Fields the Agent Skills spec defines; the rest of FRONTMATTER_FIELDS are Xema's. */
export const SPEC_FIELDS: ReadonlySet<string> = new Set(["name", "description", "license", "compatibility", "metadata", "allowed-tools"]);

/**
 * A valid frontmatter. Loose: agents ignore keys they do not know (Claude Code's `argument-hint`,
 * `user-invocable` and others), so the Agent Skills contract tolerates them; the audit reports
 * them as spec deviations instead.
 */
export const SkillFrontmatter = z
  .looseObject({
    name: FRONTMATTER_FIELDS.name,
    description: FRONTMATTER_FIELDS.description,
    license: FRONTMATTER_FIELDS.license.optional(),
    compatibility: FRONTMATTER_FIELDS.compatibility.optional(),
    metadata: FRONTMATTER_FIELDS.metadata.optional(),
    "allowed-tools": FRONTMATTER_FIELDS["allowed-tools"].optional(),
    kind: SkillKind.optional(),
    injectionMode: SkillInjectionMode.optional(),
    category: FRONTMATTER_FIELDS.category.optional(),
    tags: FRONTMATTER_FIELDS.tags.optional(),
    surfaces: FRONTMATTER_FIELDS.surfaces.optional(),
  })
  .meta({
    id: "skill-frontmatter",
    title: "SKILL.md frontmatter",
    description: "Agent Skills spec fields plus the Xema kernel fields (seed 004); unknown keys are tolerated.",
  });
export type SkillFrontmatter = z.infer<typeof SkillFrontmatter>;
