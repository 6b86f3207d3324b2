import { chmodSync, linkSync, lstatSync, mkdirSync, readdirSync, renameSync, utimesSync } from "node:fs";
import { dirname, join } from "node:path";
import { fsyncDirSync } from "../../core/atomic-write.ts";
import { removeTree } from "./move.ts";
import type { TreeLimits } from "./plain-tree.ts";

// A folder too large to copy that the line reads before it deletes it (`tar czf dist.tgz dist &&
// rm -rf dist` with a big dist): its files are hard-linked into the quarantine, which costs one
// link per file and no bytes, and the folder stays in place for the line to read. The line's
// `rm -rf` then removes only the workspace's names; the quarantine's names keep the files. What
// the quarantine holds is each file as it is when the line deletes it: a write into a file in
// place before that (`>`, an editor saving in place) reaches both names (relocate.ts uses a link
// tree only for a folder no other target of the line lies in).

/**
 * The largest folder kept in place by a link tree: entries only (linking costs no bytes). About
 * 15 ms per 1,000 files here; above it the folder is moved as before.
 */
export const LINK_FOLDER_LIMITS: TreeLimits = { entries: 20_000, bytes: Number.POSITIVE_INFINITY };

/**
 * Builds `dest` as a tree of folders holding hard links to `src`'s files (a plain tree:
 * plain-tree.ts isSmallPlainTree), via `partial`, each folder fsynced, and renames it into place
 * once every name links the same file as the original's. The original is left alone.
 * @throws {Error} a link error (EPERM where the system forbids linking another user's file, EXDEV)
 *   or `copy_mismatch` when the folder changed during the walk; the partial tree is removed
 */
export function linkTreeVerified(src: string, dest: string, partial = `${dest}.partial`): void {
  removeTree(partial);
  try {
    _link(src, partial);
    if (!_sameFiles(src, partial)) throw Object.assign(new Error(`Cannot keep ${src}: it changed while it was linked`), { code: "copy_mismatch" });
    renameSync(partial, dest);
  } catch (err) {
    removeTree(partial);
    throw err;
  }
  fsyncDirSync(dirname(dest));
}

function _link(src: string, dest: string): void {
  const st = lstatSync(src);
  if (!st.isDirectory()) {
    if (!st.isFile()) throw Object.assign(new Error(`Cannot keep ${src}: not a file or folder`), { code: "copy_mismatch" });
    linkSync(src, dest);
    return;
  }
  mkdirSync(dest, { mode: 0o700 });
  for (const name of readdirSync(src)) _link(join(src, name), join(dest, name));
  chmodSync(dest, st.mode & 0o7777);
  utimesSync(dest, st.atime, st.mtime);
  fsyncDirSync(dest);
}

/** Whether both trees hold the same names, each folder a folder and each file the same file (inode). */
function _sameFiles(a: string, b: string): boolean {
  const sa = lstatSync(a);
  const sb = lstatSync(b);
  if (sa.isDirectory() !== sb.isDirectory()) return false;
  if (!sa.isDirectory()) return sa.isFile() && sa.ino === sb.ino && sa.dev === sb.dev;
  const names = readdirSync(a).sort();
  const other = readdirSync(b).sort();
  return names.length === other.length && names.every((n, i) => n === other[i] && _sameFiles(join(a, n), join(b, n)));
}
