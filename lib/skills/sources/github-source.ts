import { join } from "node:path";
import { LeogrielError } from "../../core/errors.ts";
import type { LockEntry, Provenance } from "../lockfile.ts";
import { parseSpecifier } from "../specifier.ts";
import { writeTree } from "../tree-write.ts";
import { ensureCommit, githubUrl, readGitTree, resolveRef } from "./git-store.ts";
import { freshDir, type Fetched, type SkillSource, type SourceContext } from "./source.ts";

/**
 * `github:owner/repo[/path][#ref]` over the system git (so private repositories work with the
 * user's own credentials). The ref becomes a 40-hex commit; the lock's `resolved` is
 * `github:owner/repo[/path]#<commit>`, which names the same bytes on any mirror.
 */
export const githubSource: SkillSource<"github"> = {
  async resolve(spec, _name, ctx) {
    const url = githubUrl(spec.owner, spec.repo, ctx.env);
    const commit = await resolveRef(url, _label(spec.owner, spec.repo), spec.ref, ctx);
    return fetchGithubTree(spec.owner, spec.repo, spec.path, commit, ctx, {
      type: "github",
      ...(spec.ref === undefined ? {} : { requestedRef: spec.ref }),
    });
  },
  async fetchLocked(entry, ctx) {
    const { owner, repo, path, commit } = lockedGithub(entry);
    return fetchGithubTree(owner, repo, path, commit, ctx, entry.provenance);
  },
};

/** Fetches `path` of `owner/repo` at `commit` into the run's temporary directory. */
export async function fetchGithubTree(
  owner: string,
  repo: string,
  path: string,
  commit: string,
  ctx: SourceContext,
  provenance: Provenance,
): Promise<Fetched> {
  const label = _label(owner, repo);
  const gitDir = await ensureCommit(githubUrl(owner, repo, ctx.env), label, commit, ctx);
  const files = await readGitTree(gitDir, commit, path, label, ctx.limits, ctx);
  const dir = join(freshDir(ctx, "github"), "skill");
  writeTree(files, dir, ctx.limits);
  return {
    dir,
    resolved: `github:${owner}/${repo}${path === "" ? "" : `/${path}`}#${commit}`,
    provenance: { ...provenance, repository: `${owner}/${repo}`, commit, subpath: path },
  };
}

/**
 * The repository, folder and commit a lock entry pins. A legacy entry whose resolution names
 * no full commit is mutable, and a frozen install must not guess.
 * @throws {LeogrielError} `mutable_resolution` (exit 2)
 */
export function lockedGithub(entry: LockEntry): { owner: string; repo: string; path: string; commit: string } {
  let spec;
  try {
    spec = parseSpecifier(entry.resolved);
  } catch {
    spec = undefined;
  }
  const commit = spec?.kind === "github" && spec.ref && /^[0-9a-f]{40}$/.test(spec.ref) ? spec.ref : entry.provenance.commit;
  if (spec?.kind !== "github" || !commit || !/^[0-9a-f]{40}$/.test(commit)) {
    throw new LeogrielError("mutable_resolution", `Cannot install ${entry.name} from the lock: ${JSON.stringify(entry.resolved)} names no full commit; run \`leogriel-install update ${entry.name}\``);
  }
  return { owner: spec.owner, repo: spec.repo, path: entry.provenance.subpath ?? spec.path, commit };
}

function _label(owner: string, repo: string): string {
  return `github:${owner}/${repo}`;
}
