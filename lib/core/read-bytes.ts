import { closeSync, openSync, readSync } from "node:fs";

/** Up to `size` bytes from the start of an open file (fewer when the file is shorter). */
export function readFdBytes(fd: number, size: number): Buffer {
  const buffer = Buffer.alloc(size);
  let off = 0;
  while (off < size) {
    const n = readSync(fd, buffer, off, size - off, off);
    if (n === 0) break;
    off += n;
  }
  return buffer.subarray(0, off);
}

/**
 * Up to `size` bytes from the start of the file at `path`.
 * @throws {Error} the file system error when the file cannot be opened or read
 */
export function readBytesUpTo(path: string, size: number): Buffer {
  const fd = openSync(path, "r");
  try {
    return readFdBytes(fd, size);
  } finally {
    closeSync(fd);
  }
}
