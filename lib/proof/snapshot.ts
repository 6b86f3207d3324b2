import { LeogrielError } from "../core/errors.ts";
import { gitBytes } from "../core/git.ts";
import { isGitSegment } from "./changes.ts";
import type { Limits } from "./limits.ts";
import { observePath, type PathState } from "./observe-path.ts";

/**
 * One observation of the repository under the supported repository profile
 * (docs/capture-verify.md): tracked files, untracked files, and ignored files git lists one by
 * one are observed; wholly ignored directories and nested repositories are named, not entered.
 */
export interface Snapshot {
  /** Observed paths (repository-relative, `/`-separated) and their states. */
  entries: Map<string, PathState>;
  /** Directories the profile does not look into, each with a trailing `/`, sorted. */
  unobserved: string[];
  /** Bytes hashed. */
  bytes: number;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Snapshots the work tree of `root`, skipping the paths `exclude` selects (capture's own output).
 * @throws {LeogrielError} `repository_profile_exceeded` (file count, file size, total bytes),
 *   `repository_profile_unsupported` (a path name that is not UTF-8, a FIFO, socket or device)
 */
export async function takeSnapshot(root: string, limits: Limits, exclude: (rel: string) => boolean = () => false): Promise<Snapshot> {
  const listed = await _listPaths(root, ["ls-files", "-z", "--cached", "--others", "--exclude-standard"]);
  const ignored = await _listPaths(root, ["ls-files", "-z", "--others", "--ignored", "--exclude-standard", "--directory"]);
  const unobserved = new Set<string>();
  const paths = [...new Set([...listed, ...ignored])].filter((p) => {
    const rel = p.replace(/\/$/, "");
    const segments = rel.split("/");
    const git = segments.findIndex(isGitSegment);
    // git lists no `.git` segment in its own letter case, but does list `.GIT/` on a
    // case-sensitive filesystem. No receipt may name such a path: it is named, not entered.
    if (git !== -1) unobserved.add(`${segments.slice(0, git + 1).join("/")}/`);
    return git === -1 && !exclude(rel);
  });
  if (paths.length > limits.observed_max_files) {
    _exceeded(`${paths.length} paths is over the ${limits.observed_max_files}-path limit`, "observed_max_files");
  }
  const entries = new Map<string, PathState>();
  const realDirs = new Map<string, boolean>();
  let bytes = 0;
  for (const path of paths) {
    const rel = path.replace(/\/$/, "");
    const seen = observePath(root, rel, limits.file_max_bytes, realDirs);
    if (seen === "absent") continue;
    if (seen === "directory") {
      unobserved.add(`${rel}/`);
      continue;
    }
    bytes += seen.kind === "file" ? seen.size : 0;
    if (bytes > limits.snapshot_max_bytes) _exceeded(`over ${limits.snapshot_max_bytes} bytes of observed content`, "snapshot_max_bytes");
    entries.set(rel, seen);
  }
  return { entries, unobserved: [...unobserved].sort(), bytes };
}

async function _listPaths(root: string, args: string[]): Promise<string[]> {
  const result = await gitBytes(args, { cwd: root });
  if (result.exitCode !== 0) {
    throw new LeogrielError("git_failed", `Cannot list repository files: git ${args[0]} exited ${result.exitCode}`, { exitCode: 1 });
  }
  const paths: string[] = [];
  let from = 0;
  for (let nul = result.stdout.indexOf(0); nul !== -1; nul = result.stdout.indexOf(0, from)) {
    paths.push(_decode(result.stdout.subarray(from, nul)));
    from = nul + 1;
  }
  return paths;
}

function _decode(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw new LeogrielError("repository_profile_unsupported", "Cannot snapshot the repository: a path name is not valid UTF-8", { exitCode: 1 });
  }
}

function _exceeded(why: string, limit: string): never {
  throw new LeogrielError("repository_profile_exceeded", `Cannot snapshot the repository: ${why}`, { exitCode: 1, details: { limit } });
}
