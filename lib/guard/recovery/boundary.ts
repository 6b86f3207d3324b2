import { realpathSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { LeogrielError } from "../../core/errors.ts";
import { quarantineRoot } from "./plan.ts";

/**
 * The boundary of a transaction (seed 0.2.4): every path it moves or restores lies strictly inside
 * its workspace, outside the quarantine and not above it, and is reached without leaving the
 * workspace through a symlinked folder. Journals store workspace-relative `/` paths.
 */
export function relativeInside(workspace: string, target: string): string {
  if (!isAbsolute(target)) throw _outside("is not an absolute path");
  const rel = relative(resolve(workspace), resolve(target));
  return toJournalPath(workspace, rel);
}

/** The absolute path of a journal path, after checking it against the boundary. */
export function resolveInside(workspace: string, journalRel: string): string {
  const rel = toJournalPath(workspace, journalRel.split("/").join(sep));
  return join(resolve(workspace), ...rel.split("/"));
}

/**
 * Checks that the folder holding `target` resolves (through any symlinks) inside the workspace.
 * Folders that do not exist yet are judged by their nearest existing ancestor.
 */
export function assertReachableInside(workspace: string, target: string): void {
  const root = realpathSync(workspace);
  let dir = dirname(target);
  for (;;) {
    let real: string | undefined;
    try {
      real = realpathSync(dir);
    } catch {
      const up = dirname(dir);
      if (up === dir) throw _outside("has no existing folder");
      dir = up;
      continue;
    }
    if (real !== root && !real.startsWith(root + sep)) throw _outside("is reached through a symlink that leaves the workspace");
    return;
  }
}

function toJournalPath(workspace: string, rel: string): string {
  const parts = rel.split(sep);
  if (rel === "" || isAbsolute(rel) || parts.some((p) => p === ".." || p === "." || p === "")) {
    throw _outside("is not inside the workspace");
  }
  const journalRel = parts.join("/");
  const quarantine = relative(resolve(workspace), quarantineRoot(resolve(workspace))).split(sep).join("/");
  if (journalRel === quarantine || journalRel.startsWith(`${quarantine}/`) || quarantine.startsWith(`${journalRel}/`)) {
    throw _outside("is the quarantine, inside it or above it");
  }
  return journalRel;
}

function _outside(detail: string): LeogrielError {
  return new LeogrielError("path_outside_boundary", `Cannot use a path of this transaction: it ${detail}`, { exitCode: 2 });
}
