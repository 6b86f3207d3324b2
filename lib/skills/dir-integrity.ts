import { closeSync, lstatSync, openSync, readdirSync, readlinkSync, readSync, statSync } from "node:fs";
import { join } from "node:path";
import { LeogrielError } from "../core/errors.ts";

/**
 * Directory integrity `sha256:<64hex>`, algorithm `skilldirhash-1` (frozen contract:
 * docs/contracts/directory-integrity-v1.md). One line per non-directory entry, sorted by the
 * UTF-8 bytes of its path, so the value is the same on every OS and locale; fixed-width hashes
 * and newline-free paths make the manifest unambiguous; the exec bit and symlink targets count.
 */
export const DIR_HASH_HEADER = "skilldirhash-1\n";

export type DirEntryType = "file" | "exec" | "symlink";

export interface DirEntry {
  /** Relative to the root, `/`-separated, as stored (no Unicode normalisation). */
  path: string;
  type: DirEntryType;
  /** Lowercase hex SHA-256 of the content, or of the symlink target's bytes. */
  sha256: string;
  /** Content bytes (target bytes for a symlink). */
  size: number;
  /** The symlink target, for symlinks only. */
  target?: string;
}

export interface HashLimits {
  maxFiles?: number;
  maxBytes?: number;
}

/** Names the algorithm never covers: git metadata is not part of a skill. */
const EXCLUDED_NAMES = new Set([".git"]);
const CHUNK = Buffer.allocUnsafe(1024 * 1024);
const utf8 = new TextDecoder("utf-8", { fatal: true });

/** The manifest text the integrity is the SHA-256 of (sorted here, paths checked). */
export function integrityManifest(entries: readonly DirEntry[]): string {
  const keyed = entries.map((e) => {
    checkEntryPath(e.path);
    return { e, key: Buffer.from(e.path, "utf8") };
  });
  keyed.sort((a, b) => Buffer.compare(a.key, b.key));
  let text = DIR_HASH_HEADER;
  for (let i = 0; i < keyed.length; i++) {
    if (i > 0 && Buffer.compare(keyed[i - 1]!.key, keyed[i]!.key) === 0) {
      throw new LeogrielError("tree_invalid_path", `Cannot hash the skill tree: ${keyed[i]!.e.path} appears twice`);
    }
    const { type, sha256, path } = keyed[i]!.e;
    text += `${type} ${sha256} ${path}\n`;
  }
  return text;
}

/** `sha256:<64hex>` of a set of entries. */
export function integrityOf(entries: readonly DirEntry[]): string {
  return `sha256:${new Bun.CryptoHasher("sha256").update(integrityManifest(entries)).digest("hex")}`;
}

/**
 * Hashes the directory at `root` (the root may be a symlink; nothing below it is followed).
 * @throws {LeogrielError} `tree_invalid_path`, `tree_unsupported_type`, `tree_too_large`,
 *   `tree_unreadable` (exit 2)
 */
export function hashDirectory(root: string, limits: HashLimits = {}): { integrity: string; entries: DirEntry[] } {
  let rootStat;
  try {
    rootStat = statSync(root);
  } catch (err) {
    throw new LeogrielError("tree_unreadable", `Cannot hash ${root}: ${(err as Error).message}`);
  }
  if (!rootStat.isDirectory()) throw new LeogrielError("tree_unreadable", `Cannot hash ${root}: not a directory`);
  const entries: DirEntry[] = [];
  const budget = { files: limits.maxFiles ?? Number.POSITIVE_INFINITY, bytes: limits.maxBytes ?? Number.POSITIVE_INFINITY };
  _walk(root, "", entries, budget);
  return { integrity: integrityOf(entries), entries };
}

/**
 * Checks that a relative path can be hashed and installed anywhere: valid components, no
 * characters that break the manifest or mean a separator on some OS.
 * @throws {LeogrielError} `tree_invalid_path`
 */
export function checkEntryPath(path: string): void {
  const bad = (why: string) => new LeogrielError("tree_invalid_path", `Cannot use the path ${JSON.stringify(path)} in a skill: ${why}`);
  if (path === "" || path.startsWith("/")) throw bad("it must be relative and not empty");
  if (/[\0\n\r\\]/.test(path)) throw bad("it contains NUL, a newline, a carriage return or a backslash");
  if (!path.isWellFormed()) throw bad("it is not valid Unicode");
  for (const part of path.split("/")) {
    if (part === "" || part === "." || part === "..") throw bad("it has an empty, '.' or '..' component");
  }
}

/** SHA-256 hex of a file's bytes, read in 1 MiB chunks. */
export function sha256FileSync(path: string): { sha256: string; size: number } {
  const hasher = new Bun.CryptoHasher("sha256");
  const fd = openSync(path, "r");
  let size = 0;
  try {
    for (;;) {
      const n = readSync(fd, CHUNK, 0, CHUNK.length, null);
      if (n === 0) break;
      hasher.update(CHUNK.subarray(0, n));
      size += n;
    }
  } finally {
    closeSync(fd);
  }
  return { sha256: hasher.digest("hex"), size };
}

function _walk(dir: string, rel: string, out: DirEntry[], budget: { files: number; bytes: number }): void {
  let names: Buffer[];
  try {
    names = readdirSync(dir, { encoding: "buffer" });
  } catch (err) {
    throw new LeogrielError("tree_unreadable", `Cannot hash ${dir}: ${(err as Error).message}`);
  }
  for (const raw of names) {
    let name: string;
    try {
      name = utf8.decode(raw);
    } catch {
      throw new LeogrielError("tree_invalid_path", `Cannot hash ${dir}: a file name is not valid UTF-8`);
    }
    if (EXCLUDED_NAMES.has(name)) continue;
    const path = rel === "" ? name : `${rel}/${name}`;
    const abs = join(dir, name);
    const st = lstatSync(abs);
    if (st.isDirectory()) {
      _walk(abs, path, out, budget);
      continue;
    }
    checkEntryPath(path);
    if (--budget.files < 0) throw new LeogrielError("tree_too_large", `Cannot hash the skill tree: more than the allowed number of files`);
    if (st.isSymbolicLink()) {
      const target = readlinkSync(abs, { encoding: "buffer" });
      const sha256 = new Bun.CryptoHasher("sha256").update(target).digest("hex");
      out.push({ path, type: "symlink", sha256, size: target.length, target: target.toString("utf8") });
    } else if (st.isFile()) {
      budget.bytes -= st.size;
      if (budget.bytes < 0) throw new LeogrielError("tree_too_large", `Cannot hash the skill tree: over the allowed total size`);
      out.push({ path, type: (st.mode & 0o111) !== 0 ? "exec" : "file", ...sha256FileSync(abs) });
    } else {
      throw new LeogrielError("tree_unsupported_type", `Cannot hash ${path}: only files, directories and symlinks can be in a skill`);
    }
  }
}
