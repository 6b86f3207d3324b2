import { join, posix } from "node:path";
import { LeogrielError } from "../../core/errors.ts";
import { readTextFile } from "../../core/json-file.ts";
import { parseSkillMd, SKILL_MD_MAX_BYTES } from "../skill-md.ts";
import { fetchGithubTree, lockedGithub } from "./github-source.ts";
import { ensureCommit, githubUrl, listPaths, readBlob, resolveRef } from "./git-store.ts";
import { parseSpecifier } from "../specifier.ts";
import type { SkillSource } from "./source.ts";

/**
 * `skills.sh/owner/repo/skill`: the GitHub repository `owner/repo` and, in it, the skill whose
 * frontmatter name slugs to `skill` (skills.sh slugs names, not folders, so
 * `vercel-react-best-practices` lives in `skills/react-best-practices`). Locked like `github:`,
 * with provenance type `skills.sh`; the skills.sh download snapshot is never used.
 */
export const skillsShSource: SkillSource<"skills.sh"> = {
  async resolve(spec, _name, ctx) {
    const label = `skills.sh/${spec.owner}/${spec.repo}`;
    const url = githubUrl(spec.owner, spec.repo, ctx.env);
    const commit = await resolveRef(url, label, spec.ref, ctx);
    const gitDir = await ensureCommit(url, label, commit, ctx);
    const candidates: string[] = [];
    const skillFiles = (await listPaths(gitDir, commit, ctx)).filter((p) => posix.basename(p) === "SKILL.md");
    for (const path of skillFiles) {
      const text = Buffer.from(await readBlob(gitDir, commit, path, ctx)).toString("utf8");
      const name = parseSkillMd(text).raw?.name;
      if (typeof name === "string" && skillSlug(name) === spec.skill) candidates.push(posix.dirname(path));
    }
    if (candidates.length === 0) {
      throw new LeogrielError("skill_not_found", `Cannot find the skill ${spec.skill} in ${label}: no SKILL.md there has that name`);
    }
    // Deterministic choice when a repository ships the same skill twice: the shallowest path, then byte order.
    candidates.sort((a, b) => _depth(a) - _depth(b) || Buffer.compare(Buffer.from(a), Buffer.from(b)));
    if (candidates.length > 1) {
      ctx.warnings.push({ code: "skill_ambiguous", message: `${label} has ${candidates.length} skills named ${spec.skill}; using ${candidates[0]}` });
    }
    const path = candidates[0] === "." ? "" : candidates[0]!;
    return fetchGithubTree(spec.owner, spec.repo, path, commit, ctx, {
      type: "skills.sh",
      skill: spec.skill,
      ...(spec.ref === undefined ? {} : { requestedRef: spec.ref }),
    });
  },
  async fetchLocked(entry, ctx) {
    const { owner, repo, path, commit } = lockedGithub(entry);
    const fetched = await fetchGithubTree(owner, repo, path, commit, ctx, entry.provenance);
    // The lock chooses the folder; the specifier still decides which skill it must be.
    const spec = parseSpecifier(entry.specifier);
    const name = _frontmatterName(fetched.dir);
    if (spec.kind === "skills.sh" && (name === undefined || skillSlug(name) !== spec.skill)) {
      throw new LeogrielError("lock_mismatch", `Cannot use the lock entry of ${entry.name}: ${path || "the repository root"} at ${commit} holds ${name === undefined ? "no named skill" : `the skill ${JSON.stringify(name)}`}, not ${spec.skill}`);
    }
    return fetched;
  },
};

function _frontmatterName(dir: string): string | undefined {
  let text: string;
  try {
    text = readTextFile(join(dir, "SKILL.md"), { maxBytes: SKILL_MD_MAX_BYTES });
  } catch {
    return undefined;
  }
  const name = parseSkillMd(text).raw?.name;
  return typeof name === "string" ? name : undefined;
}

/** skills.sh's slug of a frontmatter name: lowercase, spaces and `_` to `-`, other symbols dropped. */
export function skillSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[\s_]+/g, "-")
    .replace(/[^a-z0-9-]/g, "")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
}

function _depth(path: string): number {
  return path === "." ? 0 : path.split("/").length;
}
