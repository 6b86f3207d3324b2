import { z } from "zod";
import { LeogrielError } from "../core/errors.ts";
import { sameState } from "./changes.ts";
import type { Limits } from "./limits.ts";
import { observePath, PathState } from "./observe-path.ts";
import { repositoryIdentity } from "./repository-identity.ts";
import type { SessionPredicate } from "./session-predicate.ts";

/** One path whose current state differs from the receipt's final commitment. */
export const Difference = z.strictObject({
  path: z.string(),
  expected: PathState.nullable(),
  /** The current state: null when absent; `directory` or `unobservable` when out of profile. */
  actual: z.union([PathState, z.null(), z.enum(["directory", "unobservable"])]),
});
export type Difference = z.infer<typeof Difference>;

export const RepositoryMatch = z.strictObject({
  result: z.enum(["MATCH", "MISMATCH"]),
  /** Whether the current repository has the receipt's repository_id (see seed 003 on paths). */
  repository_id_matches: z.boolean(),
  checked_paths: z.number().int().nonnegative(),
  differences: z.array(Difference),
});
export type RepositoryMatch = z.infer<typeof RepositoryMatch>;

/**
 * Compares the receipt's final commitments for its changed paths with the repository now.
 * MATCH says only that: those paths hold the recorded content (deleted ones are still absent)
 * in a repository with the recorded id. It says nothing about other paths.
 */
export async function matchRepository(root: string, predicate: SessionPredicate, limits: Limits): Promise<RepositoryMatch> {
  const identity = await repositoryIdentity(root);
  const repositoryIdMatches = identity.repository_id === predicate.repository.repository_id;
  const differences: Difference[] = [];
  const realDirs = new Map<string, boolean>();
  for (const change of predicate.changes) {
    const actual = _observe(root, change.path, limits, realDirs);
    const current = actual === "absent" ? null : actual;
    if (typeof current === "string" || !sameState(change.after, current)) {
      differences.push({ path: change.path, expected: change.after, actual: current });
    }
  }
  return {
    result: repositoryIdMatches && differences.length === 0 ? "MATCH" : "MISMATCH",
    repository_id_matches: repositoryIdMatches,
    checked_paths: predicate.changes.length,
    differences,
  };
}

function _observe(root: string, path: string, limits: Limits, realDirs: Map<string, boolean>) {
  try {
    return observePath(root, path, limits.file_max_bytes, realDirs);
  } catch (err) {
    if (err instanceof LeogrielError && err.code.startsWith("repository_profile_")) return "unobservable" as const;
    throw err;
  }
}
