import { join } from "node:path";
import type { EnvelopeMessage } from "../core/envelope.ts";
import { LeogrielError } from "../core/errors.ts";
import { readTextFile } from "../core/json-file.ts";
import { SKILL_NAME_PATTERN } from "./frontmatter-schema.ts";
import { parseSkillMd, SKILL_MD_MAX_BYTES, type ParsedSkillMd } from "./skill-md.ts";
import { skillSlug } from "./sources/skills-sh-source.ts";

/**
 * Checks a fetched skill's SKILL.md before it is installed as `name`. Lenient (default): only
 * what stops agents from loading it fails (no SKILL.md, unreadable frontmatter, no description),
 * as the Agent Skills client guide advises; the rest are warnings. Strict: every spec error fails.
 * @throws {LeogrielError} `invalid_skill` (exit 2)
 */
export function checkSkill(dir: string, name: string, strict: boolean, warnings: EnvelopeMessage[]): ParsedSkillMd {
  const parsed = readSkillMd(dir, name, strict);
  const errors = parsed.issues.filter((i) => i.severity === "error");
  const unloadable = parsed.raw === null || typeof parsed.raw.description !== "string" || parsed.raw.description.trim() === "";
  if (unloadable || (strict && errors.length > 0)) {
    const detail = (errors.length > 0 ? errors : parsed.issues).map((i) => `line ${i.line}: ${i.message}`).join("; ");
    throw new LeogrielError("invalid_skill", `Cannot install ${name}: its SKILL.md is not valid${detail ? `: ${detail}` : ""}`);
  }
  for (const issue of parsed.issues) {
    if (issue.severity === "info") continue;
    warnings.push({ code: issue.code, message: `${name}: ${issue.message}`, path: `${name}/SKILL.md:${issue.line}` });
  }
  return parsed;
}

/**
 * The canonical name for a skill added without `--name`: its frontmatter name, slugged the way
 * skills.sh does when it is not canonical, else the source folder's name.
 * @throws {LeogrielError} `name_required` (exit 2) when none of them is usable
 */
export function inferName(dir: string, fallback: string | undefined): string {
  const raw = readSkillMd(dir, fallback ?? "the skill", false).raw?.name;
  const candidates = [typeof raw === "string" ? raw : undefined, fallback].filter((c): c is string => c !== undefined).map(skillSlug);
  const name = candidates.find((c) => SKILL_NAME_PATTERN.test(c) && c.length <= 64);
  if (!name) throw new LeogrielError("name_required", "Cannot name the skill: neither its SKILL.md name nor its source gives a canonical lowercase-hyphen name; pass --name");
  return name;
}

function readSkillMd(dir: string, name: string, strict: boolean): ParsedSkillMd {
  let text: string;
  try {
    text = readTextFile(join(dir, "SKILL.md"), { maxBytes: SKILL_MD_MAX_BYTES, label: `${name}/SKILL.md` });
  } catch (err) {
    if (err instanceof LeogrielError && err.code === "file_not_found") {
      throw new LeogrielError("invalid_skill", `Cannot install ${name}: it has no SKILL.md at its root`);
    }
    throw err;
  }
  return parseSkillMd(text, { dirName: name, strict });
}
