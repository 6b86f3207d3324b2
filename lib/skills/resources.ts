import { z } from "zod";

/** Seed 004 `SkillResourceType`, value-identical. */
export const SkillResourceType = z.enum(["reference", "script", "asset", "template", "sub_skill"]);
export type SkillResourceType = z.infer<typeof SkillResourceType>;

/** A non-SKILL.md entry of a skill folder (seed 004 `SkillResource`). */
export const SkillResource = z.strictObject({
  /** Forward-slash path relative to the skill folder. */
  path: z.string().min(1),
  type: SkillResourceType,
  /** Size in bytes; absent for sub-skill folders. */
  sizeBytes: z.number().int().nonnegative().optional(),
});
export type SkillResource = z.infer<typeof SkillResource>;

const SCRIPT_EXT = /\.(?:sh|bash|zsh|fish|ksh|py|pyw|js|mjs|cjs|ts|mts|cts|rb|pl|php|ps1|psm1|bat|cmd|vbs|lua|go|rs|swift|kts|groovy|jl|r)$/i;
const REFERENCE_EXT = /\.(?:md|mdx|markdown|txt|rst|adoc|org|html?)$/i;
const TEMPLATE_EXT = /\.(?:tmpl|tpl|template|j2|jinja2?|hbs|handlebars|mustache|ejs|liquid)$|\.template\./i;
const SCRIPT_DIRS = new Set(["scripts", "script", "bin", "hooks"]);
const TEMPLATE_DIRS = new Set(["templates", "template"]);

export interface ResourceFacts {
  /** Any exec bit set. */
  executable?: boolean;
  /** The file starts with `#!`. */
  shebang?: boolean;
}

/**
 * Classifies one file of a skill folder by where it sits and what it is, most specific first:
 * a template folder or extension, then anything executable (extension, exec bit, shebang, or
 * living in scripts/ or hooks/), then documentation, then everything else is an asset. Sub-skill
 * folders are recognised by the walker, which sees the SKILL.md inside them.
 */
export function classifyResource(relPath: string, facts: ResourceFacts = {}): Exclude<SkillResourceType, "sub_skill"> {
  const segments = relPath.split("/");
  const dirs = segments.slice(0, -1).map((s) => s.toLowerCase());
  const name = segments.at(-1) ?? relPath;
  if (TEMPLATE_EXT.test(name) || dirs.some((d) => TEMPLATE_DIRS.has(d))) return "template";
  if (SCRIPT_EXT.test(name) || facts.executable || facts.shebang) return "script";
  if (REFERENCE_EXT.test(name)) return "reference";
  if (dirs.some((d) => SCRIPT_DIRS.has(d))) return "script";
  return "asset";
}
