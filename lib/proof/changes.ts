import { z } from "zod";
import { PathState } from "./observe-path.ts";
import type { Snapshot } from "./snapshot.ts";

/**
 * A repository-relative path as a receipt records it: `/`-separated, never absolute, no empty,
 * `.` or `..` segment, no NUL. Verify reads paths from untrusted receipts, so this is checked.
 */
export const RepoPath = z
  .string()
  .min(1)
  .refine((p) => !p.includes("\0") && p.split("/").every((s) => s !== "" && s !== "." && s !== ".."), "not a plain repository-relative path");

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
