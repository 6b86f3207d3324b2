import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join, posix } from "node:path";
import { LeogrielError } from "../core/errors.ts";
import { checkEntryPath } from "./dir-integrity.ts";
import { checkTreeNames, foldName } from "./sources/tree-names.ts";

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

/** Mode of every folder written into a skill (never group- or world-writable, whatever the umask). */
export const DIR_MODE = 0o755;

/**
 * Checks a symlink's text: relative, no backslash or control character, not above the skill
 * root. What the target passes through is checkSymlinks' job.
 * @throws {LeogrielError} `unsafe_symlink` (exit 2)
 */
export function checkSymlinkTarget(path: string, target: string): void {
  _walkTarget(path, target, new Set());
}

/**
 * Checks a whole tree before anything is written: valid and portable paths (tree-names.ts), no
 * duplicates, nothing below a file or a symlink (the classic "symlink then file through it"
 * escape), safe symlinks, limits.
 * @throws {LeogrielError} `tree_invalid_path`, `tree_name_collision`, `unsafe_symlink`, `tree_too_large` (exit 2)
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
  }
  if (bytes > limits.maxBytes) throw new LeogrielError("tree_too_large", `Cannot install the skill: ${bytes} bytes is over the ${limits.maxBytes}-byte limit`);
  checkTreeNames(files.map((f) => f.path));
  for (const f of files) {
    for (let dir = posix.dirname(f.path); dir !== "."; dir = posix.dirname(dir)) {
      if (leaves.has(dir)) throw new LeogrielError("tree_invalid_path", `Cannot install the skill: ${f.path} is below the file or symlink ${dir}`);
    }
  }
  checkSymlinks(files);
}

/**
 * Checks every symlink the way the OS would resolve it. Its target, resolved from the link's
 * folder, must stay inside the skill and must not reach or pass through another symlink of the
 * tree: a link to `.` beside `root -> q/q/q/../../..` reads as `.` but resolves far above the
 * skill. Refusing chains outright keeps the rule checkable from the text alone (every folder the
 * link sits in is a real folder, as checkTree guarantees), and rules out loops. Links are
 * compared by folded name, since a case- or normalisation-insensitive file system resolves `Q`
 * to the link `q`.
 * @throws {LeogrielError} `unsafe_symlink` (exit 2)
 */
export function checkSymlinks(files: readonly TreeFile[]): void {
  const links = new Set(files.filter((f) => f.type === "symlink").map((f) => foldName(f.path)));
  for (const f of files) if (f.type === "symlink") _walkTarget(f.path, f.target ?? "", links);
}

function _walkTarget(path: string, target: string, links: ReadonlySet<string>): void {
  const fail = (why: string) => new LeogrielError("unsafe_symlink", `Cannot install the symlink ${JSON.stringify(path)} -> ${JSON.stringify(target)}: ${why}`);
  if (target === "") throw fail("empty target");
  if (/[\0-\x1f\x7f-\x9f]/.test(target)) throw fail("the target contains a control character");
  if (target.startsWith("/") || target.includes("\\") || /^[A-Za-z]:/.test(target)) throw fail("absolute targets are not allowed");
  const dir = posix.dirname(path);
  const parts = dir === "." ? [] : dir.split("/");
  for (const seg of target.split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..") {
      if (parts.length === 0) throw fail("the target is outside the skill");
      parts.pop();
      continue;
    }
    parts.push(seg);
    const via = parts.join("/");
    if (links.has(foldName(via))) throw fail(`the target goes through the symlink ${JSON.stringify(via)} (symlink chains can leave the skill)`);
  }
}

/** `.git` at any depth: never installed, since the directory hash does not cover it. */
export function isGitPath(path: string): boolean {
  return path.split("/").includes(".git");
}

/**
 * Writes a checked tree into `dest`, which must not exist. Files get mode 0644 or 0755, folders
 * 0755; `.git` entries are left out.
 * @throws {LeogrielError} as checkTree; file system errors as thrown
 */
export function writeTree(files: readonly TreeFile[], dest: string, limits?: TreeLimits): void {
  const kept = files.filter((f) => !isGitPath(f.path));
  checkTree(kept, limits);
  mkdirSync(dest, { mode: DIR_MODE });
  for (const f of kept) {
    const abs = join(dest, ...f.path.split("/"));
    mkdirSync(dirname(abs), { recursive: true, mode: DIR_MODE });
    if (f.type === "symlink") {
      symlinkSync(f.target!, abs);
    } else {
      const mode = f.type === "exec" ? 0o755 : 0o644;
      writeFileSync(abs, f.data ?? new Uint8Array(), { flag: "wx", mode });
      chmodSync(abs, mode);
    }
  }
}
