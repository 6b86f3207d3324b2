import { closeSync, constants, fstatSync, openSync, readSync } from "node:fs";
import { LeogrielError, isErrno } from "../core/errors.ts";

// O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer for ever.
// O_NOFOLLOW: a symlink swapped in after the caller's lstat checks is refused, not followed.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

// ignoreBOM keeps a leading U+FEFF in the text, so strict parsers see it and refuse it
// instead of the decoder dropping it silently.
const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * Reads a control file (a request or a receipt) that must be a regular file of at most
 * `maxBytes`: the type and size are checked on the open descriptor, so a FIFO, socket, device,
 * directory or late-swapped symlink is refused without blocking and without a read.
 * @throws {LeogrielError} `file_not_found`, `not_regular_file`, `file_too_large`, `invalid_utf8`,
 *   `file_unreadable`
 */
export function readRegularFile(path: string, options: { maxBytes: number; label: string }): string {
  const { maxBytes, label } = options;
  let fd: number;
  try {
    fd = openSync(path, OPEN_FLAGS);
  } catch (err) {
    if (isErrno(err, "ENOENT")) throw new LeogrielError("file_not_found", `Cannot read ${label}: no such file`);
    if (isErrno(err, "ELOOP")) throw _notRegular(label, "a symbolic link");
    throw new LeogrielError("file_unreadable", `Cannot read ${label}: ${isErrno(err, "EACCES") ? "permission denied" : "not readable"}`);
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw _notRegular(label, stat.isDirectory() ? "a directory" : "a FIFO, socket or device");
    if (stat.size > maxBytes) throw new LeogrielError("file_too_large", `Cannot read ${label}: ${stat.size} bytes is over the ${maxBytes}-byte limit`);
    // One byte more than the limit shows a file that grew after the fstat.
    const buffer = Buffer.alloc(Math.min(stat.size, maxBytes) + 1);
    let length = 0;
    while (length < buffer.length) {
      const n = readSync(fd, buffer, length, buffer.length - length, null);
      if (n === 0) break;
      length += n;
    }
    if (length > maxBytes) throw new LeogrielError("file_too_large", `Cannot read ${label}: it grew past the ${maxBytes}-byte limit while it was read`);
    try {
      return utf8.decode(buffer.subarray(0, length));
    } catch {
      throw new LeogrielError("invalid_utf8", `Cannot read ${label}: not valid UTF-8`);
    }
  } finally {
    closeSync(fd);
  }
}

function _notRegular(label: string, what: string): LeogrielError {
  return new LeogrielError("not_regular_file", `Cannot read ${label}: it is ${what}, not a regular file`);
}
