import { lstatSync, readlinkSync, statSync, type Stats } from "node:fs";
import { join, relative, sep } from "node:path";
import { LeogrielError, isErrno } from "../../core/errors.ts";
import type { Layout } from "../layout.ts";

/**
 * Checks every agent skills folder before anything is written: each folder from the project (or
 * home) directory down to `.claude/skills` must be a real directory or not exist yet. A symlinked
 * `.claude` in a cloned repository would otherwise make an install write wherever it points.
 * Symlinks are accepted when the user's own config file sets `install.allowSymlinkedFolders`.
 * @throws {LeogrielError} `unsafe_target`, `target_not_directory` (exit 2)
 */
export function guardTargets(layout: Layout): void {
  for (const t of layout.targets) {
    let cur = layout.rootDir;
    for (const part of relative(layout.rootDir, t.dir).split(sep)) {
      cur = join(cur, part);
      const st = _lstat(cur);
      if (!st) break;
      _checkFolder(layout, cur, st, `the agent folder ${t.dir}`);
    }
  }
}

/**
 * Checks the folders one skill would be written to or removed from: `<target>/<name>` may be
 * missing or a real directory (what is in it is copy-state.ts's business), never a symlink.
 * @throws {LeogrielError} `unsafe_target` (exit 2)
 */
export function guardSkillFolders(layout: Layout, name: string): void {
  for (const t of layout.targets) {
    const dir = join(t.dir, name);
    const st = _lstat(dir);
    if (st?.isSymbolicLink() && !layout.allowSymlinkedFolders) throw _symlinked(dir, `the skill folder ${dir}`);
  }
}

function _checkFolder(layout: Layout, path: string, st: Stats, what: string): void {
  let real = st;
  if (st.isSymbolicLink()) {
    if (!layout.allowSymlinkedFolders) throw _symlinked(path, what);
    try {
      real = statSync(path);
    } catch {
      throw new LeogrielError("target_not_directory", `Cannot use ${what}: ${path} is a symlink to nothing`);
    }
  }
  if (!real.isDirectory()) throw new LeogrielError("target_not_directory", `Cannot use ${what}: ${path} exists and is not a directory`, { details: { path } });
}

function _symlinked(path: string, what: string): LeogrielError {
  let target = "?";
  try {
    target = readlinkSync(path);
  } catch {
    // the link vanished meanwhile; the path is still named
  }
  return new LeogrielError(
    "unsafe_target",
    `Cannot write through ${what}: ${path} is a symlink (to ${target}), which could lead outside the project; remove it, or set install.allowSymlinkedFolders in your user config file to allow it`,
    { details: { path } },
  );
}

function _lstat(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch (err) {
    if (isErrno(err, "ENOENT")) return undefined;
    throw new LeogrielError("target_not_directory", `Cannot use ${path}: ${(err as Error).message}`);
  }
}
