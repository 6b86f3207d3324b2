import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join, posix } from "node:path";
import { LeogrielError } from "../core/errors.ts";
import { checkEntryPath } from "./dir-integrity.ts";

/** One file of a skill held in memory (from a tarball or a git tree). */
export interface TreeFile {
  path: string;
  type: "file" | "exec" | "symlink";
  /** Content for files. */
  data?: Uint8Array;
  /** Target for symlinks. */
  target?: string;
  /** Size of a file that lives on disk instead of in `data`. */
  size?: number;
}

/** Size ceilings for one skill, whatever its source. */
export interface TreeLimits {
  maxFiles: number;
  maxBytes: number;
}

/** Default ceilings: far above any real skill, low enough to stop a bomb. */
export const DEFAULT_TREE_LIMITS: TreeLimits = { maxFiles: 10_000, maxBytes: 256 * 1024 * 1024 };

/**
 * Checks a symlink inside a skill: its target must be relative and stay inside the skill root,
 * so a skill can never make an agent read or run something outside itself.
 * @throws {LeogrielError} `unsafe_symlink` (exit 2)
 */
export function checkSymlinkTarget(path: string, target: string): void {
  const fail = (why: string) => new LeogrielError("unsafe_symlink", `Cannot install the symlink ${path} -> ${target}: ${why}`);
  if (target === "" || target.includes("\0")) throw fail("empty target");
  if (target.startsWith("/") || target.includes("\\") || /^[A-Za-z]:/.test(target)) throw fail("absolute targets are not allowed");
  const resolved = posix.normalize(posix.join(posix.dirname(path), target));
  if (resolved === ".." || resolved.startsWith("../")) throw fail("the target is outside the skill");
}

/**
 * Checks a whole tree before anything is written: valid paths, no duplicates, nothing below a
 * file or a symlink (the classic "symlink then file through it" escape), safe symlinks, limits.
 * @throws {LeogrielError} `tree_invalid_path`, `unsafe_symlink`, `tree_too_large` (exit 2)
 */
export function checkTree(files: readonly TreeFile[], limits: TreeLimits = DEFAULT_TREE_LIMITS): void {
  if (files.length > limits.maxFiles) throw new LeogrielError("tree_too_large", `Cannot install the skill: ${files.length} files is over the ${limits.maxFiles}-file limit`);
  const leaves = new Set<string>();
  let bytes = 0;
  for (const f of files) {
    checkEntryPath(f.path);
    if (leaves.has(f.path)) throw new LeogrielError("tree_invalid_path", `Cannot install the skill: ${f.path} appears twice`);
    leaves.add(f.path);
    bytes += f.data?.length ?? f.size ?? 0;
    if (f.type === "symlink") checkSymlinkTarget(f.path, f.target ?? "");
  }
  if (bytes > limits.maxBytes) throw new LeogrielError("tree_too_large", `Cannot install the skill: ${bytes} bytes is over the ${limits.maxBytes}-byte limit`);
  for (const f of files) {
    for (let dir = posix.dirname(f.path); dir !== "."; dir = posix.dirname(dir)) {
      if (leaves.has(dir)) throw new LeogrielError("tree_invalid_path", `Cannot install the skill: ${f.path} is below the file or symlink ${dir}`);
    }
  }
}

/**
 * Writes a checked tree into `dest`, which must not exist. Files get mode 0644 or 0755.
 * @throws {LeogrielError} as checkTree; file system errors as thrown
 */
export function writeTree(files: readonly TreeFile[], dest: string, limits?: TreeLimits): void {
  checkTree(files, limits);
  mkdirSync(dest);
  for (const f of files) {
    const abs = join(dest, ...f.path.split("/"));
    mkdirSync(dirname(abs), { recursive: true });
    if (f.type === "symlink") {
      symlinkSync(f.target!, abs);
    } else {
      const mode = f.type === "exec" ? 0o755 : 0o644;
      writeFileSync(abs, f.data ?? new Uint8Array(), { flag: "wx", mode });
      chmodSync(abs, mode);
    }
  }
}
