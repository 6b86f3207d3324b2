import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import type { PathContext } from "../paths.ts";

/**
 * Whether `file`, a regular file with more than one name, is a hard link to protected storage: the
 * guard's and the agents' control files, a configured protected file, or a file of the workspace's
 * Git folder (`config`, `HEAD`, `index`, `hooks/*`, `info/*`). Writing through such a name writes
 * the protected file itself (red team 9 C9: `ln .git/config gc`, then an edit of `gc` set
 * `core.fsmonitor`). Only these few files are compared (by device and inode), and only when the
 * edited file has several names.
 */
export function linksProtectedFile(file: string, pc: PathContext): boolean {
  const st = statSync(file, { throwIfNoEntry: false });
  if (!st?.isFile() || st.nlink < 2) return false;
  return _protectedFiles(pc).some((p) => {
    const other = statSync(p, { throwIfNoEntry: false });
    return other !== undefined && other.ino === st.ino && other.dev === st.dev;
  });
}

function _protectedFiles(pc: PathContext): string[] {
  const git = join(pc.workspace, ".git");
  const controls = pc.controlFiles ? [...pc.controlFiles.config, ...pc.controlFiles.hooks] : [];
  return [...controls, ...pc.protectedPaths, git, join(git, "hooks"), join(git, "info")].flatMap(_filesAt);
}

/** The path itself when it is a file, the files directly inside it when it is a folder. */
function _filesAt(path: string): string[] {
  try {
    return readdirSync(path, { withFileTypes: true }).filter((e) => e.isFile()).map((e) => join(path, e.name));
  } catch {
    return [path];
  }
}
