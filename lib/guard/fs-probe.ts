import { lstatSync, readlinkSync, realpathSync, statSync, type Stats } from "node:fs";
import { dirname, resolve } from "node:path";

// File-system probes for the analysis. They never throw: a path that cannot be examined (a
// symlink loop, a folder that may not be read, a name too long) reads as absent here, and the
// callers that must tell that apart from "missing" (paths.ts) keep their own probe. An error
// would end the check, and its message would carry the path, which must never reach output.

/** stat (links followed), or undefined when nothing can be seen there. */
export function statOrUndefined(path: string): Stats | undefined {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/** lstat (the entry itself), or undefined when nothing can be seen there. */
export function lstatOrUndefined(path: string): Stats | undefined {
  try {
    return lstatSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/** A directory, links followed; false when absent or not examinable. */
export function isDirectory(path: string): boolean {
  return statOrUndefined(path)?.isDirectory() === true;
}

/** The real path (every symlink followed), or null when it cannot be resolved. */
export function realPathOrNull(path: string): string | null {
  try {
    return realpathSync(path);
  } catch {
    return null;
  }
}

/**
 * Where a symlink leads: its real path, or, when it dangles, its target resolved one hop (a
 * write through it creates that file); null when `path` is no symlink or cannot be read.
 */
export function linkTargetOrNull(path: string): string | null {
  if (!lstatOrUndefined(path)?.isSymbolicLink()) return null;
  try {
    return realPathOrNull(path) ?? resolve(dirname(path), readlinkSync(path));
  } catch {
    return null;
  }
}
