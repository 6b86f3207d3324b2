import { closeSync, constants, fstatSync, lstatSync, openSync, readSync, readlinkSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { LeogrielError, isErrno } from "../core/errors.ts";

/** What the repository profile records for one observed path: a regular file or a symlink. */
export const PathState = z.strictObject({
  kind: z.enum(["file", "symlink"]),
  /** SHA-256 of the content, or of the link's target text for a symlink (never followed). */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  size: z.number().int().nonnegative(),
  executable: z.boolean(),
});
export type PathState = z.infer<typeof PathState>;

/** A path is absent, a directory the profile does not look into, or an observed state. */
export type Observation = PathState | "absent" | "directory";

const CHUNK = 1024 * 1024;
// O_NONBLOCK keeps a FIFO from blocking the open; O_NOFOLLOW refuses a symlink swapped in late.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/**
 * Observes `rel` (a `/`-separated repository path) without following any symlink: a path below
 * a symlinked or missing directory is absent, as it is for git.
 * @param realDirs cache of directories known to be real (shared across one snapshot)
 * @throws {LeogrielError} `repository_profile_exceeded` for a file over `maxFileBytes`,
 *   `repository_profile_unsupported` for a FIFO, socket or device
 */
export function observePath(root: string, rel: string, maxFileBytes: number, realDirs = new Map<string, boolean>()): Observation {
  const parts = rel.split("/");
  for (let i = 1; i < parts.length; i++) {
    if (!_isRealDir(root, parts.slice(0, i).join("/"), realDirs)) return "absent";
  }
  const path = join(root, ...parts);
  let stat: ReturnType<typeof lstatSync>;
  try {
    stat = lstatSync(path);
  } catch (err) {
    if (isErrno(err, "ENOENT") || isErrno(err, "ENOTDIR")) return "absent";
    throw err;
  }
  if (stat.isDirectory()) return "directory";
  if (stat.isSymbolicLink()) return _symlink(path);
  if (!stat.isFile()) {
    throw new LeogrielError("repository_profile_unsupported", `Cannot observe ${rel}: not a regular file, directory or symlink`, {
      exitCode: 1,
      details: { path: rel },
    });
  }
  return _file(path, rel, maxFileBytes);
}

function _file(path: string, rel: string, maxFileBytes: number): Observation {
  let fd: number;
  try {
    fd = openSync(path, OPEN_FLAGS);
  } catch (err) {
    if (isErrno(err, "ENOENT")) return "absent";
    if (isErrno(err, "ELOOP")) return _symlink(path);
    throw err;
  }
  try {
    const stat = fstatSync(fd);
    if (stat.size > maxFileBytes) _tooLarge(rel, stat.size, maxFileBytes);
    const hasher = new Bun.CryptoHasher("sha256");
    const buffer = Buffer.allocUnsafe(Math.min(CHUNK, Math.max(stat.size, 1)));
    let size = 0;
    for (let n = readSync(fd, buffer, 0, buffer.length, null); n > 0; n = readSync(fd, buffer, 0, buffer.length, null)) {
      hasher.update(buffer.subarray(0, n));
      size += n;
      // The file grew while it was read.
      if (size > maxFileBytes) _tooLarge(rel, size, maxFileBytes);
    }
    return { kind: "file", sha256: hasher.digest("hex"), size, executable: (stat.mode & 0o100) !== 0 };
  } finally {
    closeSync(fd);
  }
}

function _tooLarge(rel: string, size: number, maxFileBytes: number): never {
  throw new LeogrielError("repository_profile_exceeded", `Cannot observe ${rel}: ${size} bytes is over the ${maxFileBytes}-byte file limit`, {
    exitCode: 1,
    details: { path: rel, limit: "file_max_bytes" },
  });
}

function _symlink(path: string): Observation {
  let target: Buffer;
  try {
    target = readlinkSync(path, { encoding: "buffer" });
  } catch (err) {
    if (isErrno(err, "ENOENT")) return "absent";
    throw err;
  }
  return { kind: "symlink", sha256: new Bun.CryptoHasher("sha256").update(target).digest("hex"), size: target.length, executable: false };
}

function _isRealDir(root: string, rel: string, cache: Map<string, boolean>): boolean {
  const known = cache.get(rel);
  if (known !== undefined) return known;
  let real = false;
  try {
    real = lstatSync(join(root, ...rel.split("/"))).isDirectory();
  } catch (err) {
    if (!isErrno(err, "ENOENT") && !isErrno(err, "ENOTDIR")) throw err;
  }
  cache.set(rel, real);
  return real;
}
