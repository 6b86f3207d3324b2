import type { ReadableStreamDefaultReader } from "node:stream/web";
import { LeogrielError } from "./errors.ts";

/** A reader over a child's stdout or stderr pipe. */
export type ByteReader = ReadableStreamDefaultReader<Uint8Array<ArrayBuffer>>;

/** Size and SHA-256 commitment of a byte stream a child wrote. */
export interface StreamSummary {
  sha256: string;
  bytes: number;
  /** Newline count, plus one for a final line without a newline. */
  lines: number;
}

/**
 * Reads a byte stream to its end, calling `onLine` with each line (without its `\n`) and
 * hashing everything. A line longer than `maxLineBytes`, or an `onLine` that throws, is handed
 * to `onFailure` once; reading goes on so the pipe drains.
 */
export async function readLines(
  reader: ByteReader,
  options: { onLine: (line: Uint8Array) => void; maxLineBytes: number },
  onFailure: (err: unknown) => void,
): Promise<StreamSummary> {
  const hasher = new Bun.CryptoHasher("sha256");
  let bytes = 0;
  let lines = 0;
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let failed = false;
  let last = 10;
  const emit = (line: Uint8Array) => {
    if (failed) return;
    try {
      options.onLine(line);
    } catch (err) {
      failed = true;
      onFailure(err);
    }
  };
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    const chunk = next.value;
    hasher.update(chunk);
    bytes += chunk.length;
    last = chunk.at(-1) ?? last;
    let from = 0;
    for (let nl = chunk.indexOf(10); nl !== -1; nl = chunk.indexOf(10, from)) {
      lines++;
      if (!failed) emit(_concat([...pending, chunk.subarray(from, nl)]));
      pending = [];
      pendingBytes = 0;
      from = nl + 1;
    }
    // After a failure the rest is only drained and hashed, never buffered.
    if (from < chunk.length && !failed) {
      pending.push(chunk.slice(from));
      pendingBytes += chunk.length - from;
      if (pendingBytes > options.maxLineBytes) {
        failed = true;
        onFailure(new LeogrielError("codex_output_too_large", `Cannot record Codex output: a line is over ${options.maxLineBytes} bytes`, { exitCode: 1 }));
      }
    }
  }
  if (last !== 10) lines++;
  if (pendingBytes > 0 && !failed) emit(_concat(pending));
  return { sha256: hasher.digest("hex"), bytes, lines };
}

/** Reads a byte stream to its end and returns only its commitment: sha256, bytes and lines. */
export async function summarizeStream(reader: ByteReader): Promise<StreamSummary> {
  const hasher = new Bun.CryptoHasher("sha256");
  let bytes = 0;
  let newlines = 0;
  let last = 10;
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    const chunk = next.value;
    hasher.update(chunk);
    bytes += chunk.length;
    for (const b of chunk) if (b === 10) newlines++;
    last = chunk.at(-1) ?? last;
  }
  return { sha256: hasher.digest("hex"), bytes, lines: newlines + (last === 10 ? 0 : 1) };
}

function _concat(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
