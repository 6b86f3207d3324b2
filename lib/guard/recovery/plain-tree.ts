import { closeSync, lstatSync, openSync, readdirSync, readFileSync, readSync, realpathSync, type Stats } from "node:fs";
import { dirname, join } from "node:path";

// Trees of folders and regular files only: whether a folder the line deletes is small enough to be
// copied into the quarantine and left in place (relocate.ts), and whether a copy of one holds what
// the original holds (move.ts), compared without the hashing module a tree digest loads.

/** Limits of a folder kept in place: its entries (the folder itself not counted) and its files' bytes. */
export interface TreeLimits {
  entries: number;
  bytes: number;
}

/**
 * Whether `path` is a folder holding only folders and regular files, none with another hard link,
 * all on its parent's file system, within `limits`. The walk stops at the first entry over a limit
 * (`rm -rf node_modules` reads no more of it than that). A mount point, or a mount inside (the
 * line's `rm -rf` would reach the files of another file system, which a move takes along), is not
 * plain; nor is a folder the walk cannot read (a move needs no reading).
 */
export function isSmallPlainTree(path: string, limits: TreeLimits): boolean {
  const seen = { entries: 0, bytes: 0 };
  const root = lstatSync(path);
  const walk = (dir: string): boolean => {
    for (const name of readdirSync(dir)) {
      const st = lstatSync(join(dir, name));
      seen.entries++;
      if (st.dev !== root.dev) return false;
      if (st.isFile()) {
        seen.bytes += st.size;
        if (st.nlink !== 1) return false;
      } else if (!st.isDirectory() || !walk(join(dir, name))) {
        return false;
      }
      if (seen.entries > limits.entries || seen.bytes > limits.bytes) return false;
    }
    return true;
  };
  try {
    return root.isDirectory() && root.dev === lstatSync(dirname(path)).dev && !_mountsAtOrUnder(path) && walk(path);
  } catch {
    return false;
  }
}

/**
 * Whether a mount point lies at or under `path` (Linux: /proc/self/mountinfo; elsewhere the device
 * test alone). A bind mount of the same file system keeps the device number, so only the mount
 * table tells it.
 */
function _mountsAtOrUnder(path: string): boolean {
  let table: string;
  try {
    table = readFileSync("/proc/self/mountinfo", "utf8");
  } catch {
    return false;
  }
  const real = realpathSync(path);
  for (const line of table.split("\n")) {
    const point = line.split(" ")[4]?.replace(/\\([0-7]{3})/g, (_, o: string) => String.fromCharCode(parseInt(o, 8)));
    if (point !== undefined && (point === real || point.startsWith(`${real}/`))) return true;
  }
  return false;
}

/**
 * Whether two folders hold the same names, kinds, permission bits and file bytes, all the way
 * down; null when either holds anything but folders and regular files (a link: only a tree digest
 * compares those).
 */
export function samePlainTree(a: string, b: string): boolean | null {
  const sa = lstatSync(a);
  const sb = lstatSync(b);
  if (!_plain(sa) || !_plain(sb)) return null;
  if (sa.isFile() !== sb.isFile() || (sa.mode & 0o7777) !== (sb.mode & 0o7777)) return false;
  if (sa.isFile()) return sa.size === sb.size && sameBytes(a, b);
  const names = readdirSync(a).sort();
  const other = readdirSync(b).sort();
  if (names.length !== other.length || names.some((n, i) => n !== other[i])) return false;
  for (const name of names) {
    const same = samePlainTree(join(a, name), join(b, name));
    if (same !== true) return same;
  }
  return true;
}

function _plain(st: Stats): boolean {
  return st.isFile() || st.isDirectory();
}

/** Whether two files hold the same bytes, read in chunks. */
function sameBytes(a: string, b: string): boolean {
  const fa = openSync(a, "r");
  try {
    const fb = openSync(b, "r");
    try {
      const ba = Buffer.allocUnsafe(1 << 16);
      const bb = Buffer.allocUnsafe(1 << 16);
      for (;;) {
        const na = readSync(fa, ba);
        const nb = readSync(fb, bb);
        if (na !== nb || ba.compare(bb, 0, nb, 0, na) !== 0) return false;
        if (na === 0) return true;
      }
    } finally {
      closeSync(fb);
    }
  } finally {
    closeSync(fa);
  }
}
