import { z } from "zod";
import { PathState } from "./observe-path.ts";
import type { Snapshot } from "./snapshot.ts";

/**
 * Why `path` is not a repository-relative path a receipt may name, or undefined when it is one:
 * `/`-separated, never absolute, no empty, `.` or `..` segment, no NUL, and no `.git` segment in
 * any letter case (git never lists one, and on a case-insensitive filesystem `.GIT/config` is
 * the repository's own configuration). Verify reads the paths of untrusted receipts, so a path
 * that fails this is never read.
 */
export function repoPathProblem(path: string): string | undefined {
  if (path.includes("\0")) return "it holds a NUL byte";
  if (path.startsWith("/")) return "it is absolute";
  const segments = path.split("/");
  if (segments.some((s) => s === "" || s === "." || s === "..")) return "it has an empty, . or .. segment";
  if (segments.some(isGitSegment)) return "it is inside .git";
  return undefined;
}

/** Whether a path segment names git's own directory (`.git` in any letter case). */
export function isGitSegment(segment: string): boolean {
  return segment.toLowerCase() === ".git";
}

/** A repository-relative path as a receipt records it (see `repoPathProblem`). */
export const RepoPath = z
  .string()
  .min(1)
  .refine((p) => repoPathProblem(p) === undefined, "not a plain repository-relative path outside .git");

/** One changed path: its state before and after the session (null where absent). */
export const Change = z
  .strictObject({
    path: RepoPath,
    status: z.enum(["added", "modified", "deleted"]),
    before: PathState.nullable(),
    after: PathState.nullable(),
  })
  .refine((c) => (c.status === "added") === (c.before === null) && (c.status === "deleted") === (c.after === null), "status disagrees with before/after");
export type Change = z.infer<typeof Change>;

/** Whether two observations of one path are the same (kind, content and executable bit). */
export function sameState(a: PathState | null | undefined, b: PathState | null | undefined): boolean {
  if (!a || !b) return !a && !b;
  return a.kind === b.kind && a.sha256 === b.sha256 && a.executable === b.executable;
}

/** Every path whose observation differs between two snapshots, sorted by path. */
export function diffSnapshots(before: Snapshot, after: Snapshot): Change[] {
  const paths = new Set([...before.entries.keys(), ...after.entries.keys()]);
  const changes: Change[] = [];
  for (const path of [...paths].sort()) {
    const was = before.entries.get(path) ?? null;
    const now = after.entries.get(path) ?? null;
    if (sameState(was, now)) continue;
    changes.push({ path, status: was === null ? "added" : now === null ? "deleted" : "modified", before: was, after: now });
  }
  return changes;
}
