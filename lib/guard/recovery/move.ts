import {
  chmodSync,
  closeSync,
  copyFileSync,
  constants,
  fsyncSync,
  lstatSync,
  lutimesSync,
  mkdirSync,
  openSync,
  readdirSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  utimesSync,
  type Stats,
} from "node:fs";
import { dirname, join } from "node:path";
import { fsyncDirSync } from "../../core/atomic-write.ts";
import { isErrno } from "../../core/errors.ts";
import { afterCopiedFile } from "./fault.ts";
import type { EntryKind } from "./journal-records.ts";
import { samePlainTree } from "./plain-tree.ts";
import { treeDigest } from "./tree-digest.ts";

/** The kind of an entry as lstat sees it (a symlink is a symlink, never its target). */
export function entryKind(st: Stats): EntryKind {
  if (st.isSymbolicLink()) return "symlink";
  if (st.isDirectory()) return "dir";
  if (st.isFile()) return "file";
  return "other";
}

/**
 * Moves an entry by rename, durable in both folders. Returns false when the two paths are on
 * different file systems (EXDEV), where only a copy can move it.
 * @throws {Error} any other file system error; nothing has moved then
 */
export function renameEntry(src: string, dest: string): boolean {
  try {
    renameSync(src, dest);
  } catch (err) {
    if (isErrno(err, "EXDEV")) return false;
    if (!(isErrno(err, "EACCES") || isErrno(err, "EPERM")) || !_isDir(src)) throw err;
    // Linux needs write permission on a directory to move it to a new parent (its `..` changes).
    _renameWritable(src, dest);
  }
  fsyncDirSync(dirname(src));
  fsyncDirSync(dirname(dest));
  return true;
}

/**
 * Copies an entry across file systems to `dest`, via `partial`, and renames the copy into
 * place only when its digest equals the original's. The original is left alone.
 * @throws {Error} a copy error (ENOSPC, ...) or `copy_mismatch`; the partial copy is removed
 */
export async function copyVerified(src: string, dest: string, partial = `${dest}.partial`): Promise<void> {
  removeTree(partial);
  try {
    _copy(src, partial);
    if (!(await _sameContent(src, partial))) {
      throw Object.assign(new Error(`Cannot move ${src}: the copy differs from the original`), { code: "copy_mismatch" });
    }
    renameSync(partial, dest);
  } catch (err) {
    removeTree(partial);
    throw err;
  }
  fsyncDirSync(dirname(dest));
}

/**
 * Whether a copy holds what the original holds. A regular file is compared byte by byte with its
 * permission bits, and a folder of folders and regular files entry by entry, the common cases (a
 * file or small folder kept in place): no hashing code is loaded for them, which costs a hook some
 * 3 MiB of memory. Anything else (a link) is compared by its tree digest.
 */
async function _sameContent(src: string, copy: string): Promise<boolean> {
  return samePlainTree(src, copy) ?? (await treeDigest(src)) === (await treeDigest(copy));
}

/** Removes an entry and everything below it, read-only folders included; absent is fine. */
export function removeTree(path: string): void {
  try {
    rmSync(path, { recursive: true, force: true });
  } catch (err) {
    if (!(isErrno(err, "EACCES") || isErrno(err, "EPERM"))) throw err;
    _makeWritable(path);
    rmSync(path, { recursive: true, force: true });
  }
  fsyncDirSync(dirname(path));
}

function _copy(src: string, dest: string): void {
  const st = lstatSync(src);
  if (st.isSymbolicLink()) {
    symlinkSync(readlinkSync(src), dest);
    lutimesSync(dest, st.atime, st.mtime);
    return;
  }
  if (st.isDirectory()) {
    mkdirSync(dest, { mode: 0o700 });
    for (const name of readdirSync(src)) _copy(join(src, name), join(dest, name));
    chmodSync(dest, st.mode & 0o7777);
    utimesSync(dest, st.atime, st.mtime);
    fsyncDirSync(dest);
    return;
  }
  if (!st.isFile()) throw Object.assign(new Error(`Cannot copy ${src}: not a file, folder or symlink`), { code: "EINVAL" });
  copyFileSync(src, dest, constants.COPYFILE_EXCL);
  chmodSync(dest, st.mode & 0o7777);
  utimesSync(dest, st.atime, st.mtime);
  const fd = openSync(dest, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  afterCopiedFile();
}

function _renameWritable(src: string, dest: string): void {
  const mode = lstatSync(src).mode & 0o7777;
  chmodSync(src, mode | 0o700);
  let moved = false;
  try {
    renameSync(src, dest);
    moved = true;
  } finally {
    chmodSync(moved ? dest : src, mode);
  }
}

function _makeWritable(path: string): void {
  const st = lstatSync(path, { throwIfNoEntry: false });
  if (!st?.isDirectory()) return;
  chmodSync(path, (st.mode & 0o7777) | 0o700);
  for (const name of readdirSync(path)) _makeWritable(join(path, name));
}

function _isDir(path: string): boolean {
  return lstatSync(path, { throwIfNoEntry: false })?.isDirectory() === true;
}
