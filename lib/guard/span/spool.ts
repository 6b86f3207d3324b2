import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const MEMORY_LIMIT = 4 * 1024 * 1024;

/**
 * Holds the checked text until the verdict is known, in memory while small and in a private
 * temporary file (mode 0600, removed on close) beyond that, so 50 MiB of input never sits in
 * memory and nothing is written to stdout before the whole input passed.
 */
export class Spool {
  #chunks: string[] = [];
  #size = 0;
  #fd: number | undefined;
  #dir: string | undefined;

  write(text: string): void {
    if (text === "") return;
    if (this.#fd === undefined && this.#size + text.length <= MEMORY_LIMIT) {
      this.#chunks.push(text);
      this.#size += text.length;
      return;
    }
    if (this.#fd === undefined) {
      this.#dir = mkdtempSync(join(tmpdir(), "leogriel-span-"));
      this.#fd = openSync(join(this.#dir, "text"), "w+", 0o600);
      for (const chunk of this.#chunks.splice(0)) writeSync(this.#fd, chunk);
    }
    writeSync(this.#fd, text);
  }

  /** The text, in chunks, in order. */
  *read(): Generator<string> {
    if (this.#fd === undefined) {
      yield* this.#chunks;
      return;
    }
    const buffer = Buffer.alloc(1024 * 1024);
    const decoder = new TextDecoder();
    for (let pos = 0; ; ) {
      const n = readSync(this.#fd, buffer, 0, buffer.length, pos);
      if (n === 0) break;
      pos += n;
      yield decoder.decode(buffer.subarray(0, n), { stream: true });
    }
    yield decoder.decode();
  }

  close(): void {
    if (this.#fd !== undefined) closeSync(this.#fd);
    if (this.#dir !== undefined) rmSync(this.#dir, { recursive: true, force: true });
    this.#fd = undefined;
    this.#dir = undefined;
    this.#chunks = [];
  }
}
