import { closeSync, fsyncSync, openSync, renameSync, unlinkSync, writeSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { randomHex } from "./random-hex.ts";

/** A private temporary path in the same directory as `path` (so a rename is atomic). */
export function tempPathFor(path: string): string {
  return join(dirname(path), `.${basename(path)}.${randomHex(6)}.tmp`);
}

/** Writes `data` to a new file created exclusively, fsynced, then closed. */
export function writeNewFileSync(path: string, data: string | Uint8Array, mode = 0o644): void {
  const fd = openSync(path, "wx", mode);
  try {
    const bytes = typeof data === "string" ? Buffer.from(data, "utf8") : data;
    let off = 0;
    while (off < bytes.length) off += writeSync(fd, bytes, off, bytes.length - off);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** fsyncs a directory so a rename or link in it survives a crash (no-op where unsupported). */
export function fsyncDirSync(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, "r");
    fsyncSync(fd);
  } catch {
    // Windows cannot open or fsync directories; the rename is still atomic there.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Replaces `path` atomically: temp file in the same directory, fsync, rename, fsync the
 * directory. A failure at any step leaves the previous file untouched and no temp file behind.
 * @throws {Error} the file system error of the step that failed
 */
export function writeFileAtomic(path: string, data: string | Uint8Array, options: { mode?: number } = {}): void {
  const temp = tempPathFor(path);
  try {
    writeNewFileSync(temp, data, options.mode ?? 0o644);
    renameSync(temp, path);
  } catch (err) {
    try {
      unlinkSync(temp);
    } catch {
      // The temp file was never created or was already renamed.
    }
    throw err;
  }
  fsyncDirSync(dirname(path));
}
