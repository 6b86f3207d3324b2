import { readFileSync, realpathSync, statSync } from "node:fs";

// Kernel and device trees: their "regular" files may block a read forever (`/proc/kmsg`,
// `trace_pipe`) or never end.
const KERNEL_TREES = /^\/(proc|sys|dev)(\/|$)/;

/**
 * The text of a small regular file the guard reads to judge a command (a sed or awk program, an
 * SQL script), or null: missing, not a regular file (a named pipe would block the check until the
 * hook times out), larger than `max`, or resolving (through any symlink) into /proc, /sys or /dev.
 */
export function readSmallFile(path: string, max: number): string | null {
  try {
    if (KERNEL_TREES.test(path) || KERNEL_TREES.test(realpathSync(path))) return null;
    const st = statSync(path);
    return st.isFile() && st.size <= max ? readFileSync(path, "utf8") : null;
  } catch {
    return null;
  }
}
