import { realpathSync } from "node:fs";
import { git } from "../core/git.ts";
import { sha256Hex } from "../core/hash.ts";

/** Where a repository id came from (seed 003 result semantics). */
export type RepositoryIdSource = "remote.origin.url" | "path";

export interface RepositoryIdentity {
  /** `sha256:` + hex SHA-256 of `<source>\n<value>`: a commitment, never the URL or path itself. */
  repository_id: string;
  repository_id_source: RepositoryIdSource;
}

/**
 * The repository id: a commitment to `remote.origin.url`, or, when there is none, to the
 * absolute real path of the work tree, so the same repository elsewhere on disk gets another id.
 */
export async function repositoryIdentity(root: string): Promise<RepositoryIdentity> {
  const origin = await git(["config", "--get", "remote.origin.url"], { cwd: root });
  const url = origin.exitCode === 0 ? origin.stdout.replace(/\n$/, "") : "";
  const [source, value]: [RepositoryIdSource, string] = url !== "" ? ["remote.origin.url", url] : ["path", realpathSync(root)];
  return { repository_id: `sha256:${sha256Hex(`${source}\n${value}`)}`, repository_id_source: source };
}

/** The commit HEAD points at, or null in a repository without commits. */
export async function headCommit(root: string): Promise<string | null> {
  const result = await git(["rev-parse", "--verify", "--quiet", "HEAD^{commit}"], { cwd: root });
  return result.exitCode === 0 ? result.stdout.trim() : null;
}
