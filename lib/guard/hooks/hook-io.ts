import { readSync, writeSync } from "node:fs";

// The hook's payload in and its answer out by plain read(2) and write(2) on fds 0, 1 and 2: no
// stream, no thread-pool read, no event-loop turn (docs/check.md, Speed). Agents hand hooks
// blocking pipes; a descriptor these calls cannot serve (non-blocking: EAGAIN, or any other
// error) gets the rest from Bun's asynchronous reader and writer, as before.

const CHUNK_BYTES = 64 * 1024;

/** All of standard input. */
export async function readStdin(): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  for (;;) {
    const chunk = new Uint8Array(CHUNK_BYTES);
    let n: number;
    try {
      n = readSync(0, chunk);
    } catch {
      chunks.push(await Bun.stdin.bytes());
      break;
    }
    if (n === 0) break;
    chunks.push(chunk.subarray(0, n));
  }
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
}

/**
 * Writes all of `text` to fd 1 (stdout) or 2 (stderr). An ASCII answer (nearly every one: codes,
 * static text, ids) is written as the string, whose UTF-8 bytes are its characters: the Buffer
 * that the other answers are written from cost the compiled hook about 0.1-0.2 MiB of peak RSS
 * (docs/check.md "Session 9: hook memory").
 */
export async function writeOut(fd: 1 | 2, text: string): Promise<void> {
  let rest: string | Buffer = _isAscii(text) ? text : Buffer.from(text);
  while (rest.length > 0) {
    try {
      rest = typeof rest === "string" ? rest.slice(writeSync(fd, rest)) : rest.subarray(writeSync(fd, rest));
    } catch {
      await Bun.write(fd === 1 ? Bun.stdout : Bun.stderr, rest);
      return;
    }
  }
}

function _isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

