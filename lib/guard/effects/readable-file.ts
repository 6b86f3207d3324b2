import { lstatSync, readFileSync, realpathSync, statSync } from "node:fs";
import { dirname } from "node:path";
import { shownRealFolder } from "../paths.ts";

// Kernel and device trees: their "regular" files may block a read forever (`/proc/kmsg`,
// `trace_pipe`) or never end.
const KERNEL_TREES = /^\/(proc|sys|dev)(\/|$)/;

/** A path spelled inside /proc, /sys or /dev (the guard reads no file there). */
export function inKernelTree(path: string): boolean {
  return KERNEL_TREES.test(path);
}

/**
 * The text of a small regular file the guard reads to judge a command (a sed or awk program, an
 * SQL script), or null: missing, not a regular file (a named pipe would block the check until the
 * hook times out), larger than `max`, or resolving (through any symlink) into /proc, /sys or /dev.
 * `inRealFolder`: the file's folder is its own real path (no symlink on the way to it), as the
 * caller has shown or paths.ts shows (the working directory, the folders above it, a folder that
 * is no symlink in one of them); then a file that is no symlink is its own real path, and one
 * lstat answers what realpath and stat do.
 */
export function readSmallFile(path: string, max: number, inRealFolder = shownRealFolder(dirname(path))): string | null {
  try {
    if (KERNEL_TREES.test(path)) return null;
    let entry = inRealFolder ? lstatSync(path, { throwIfNoEntry: false }) : undefined;
    if (inRealFolder && entry === undefined) return null;
    if (entry === undefined || entry.isSymbolicLink()) {
      if (KERNEL_TREES.test(realpathSync(path))) return null;
      entry = statSync(path);
    }
    return entry.isFile() && entry.size <= max ? readFileSync(path, "utf8") : null;
  } catch {
    return null;
  }
}
