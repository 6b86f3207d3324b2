import { sha256 as nobleSha256, sha512 as nobleSha512 } from "@noble/hashes/sha2.js";
import { bytesToHex, hexToBytes } from "@noble/hashes/utils.js";
import { LeogrielError } from "./errors.ts";

const encoder = new TextEncoder();

/** Bytes of a string (UTF-8) or the bytes themselves. */
export function toBytes(data: string | Uint8Array): Uint8Array {
  return typeof data === "string" ? encoder.encode(data) : data;
}

/** SHA-256 of a small in-memory payload. */
export function sha256(data: string | Uint8Array): Uint8Array {
  return nobleSha256(toBytes(data));
}

/** SHA-512 of a small in-memory payload. */
export function sha512(data: string | Uint8Array): Uint8Array {
  return nobleSha512(toBytes(data));
}

/** Lowercase hex SHA-256 of a payload. */
export function sha256Hex(data: string | Uint8Array): string {
  return bytesToHex(sha256(data));
}

/**
 * Lowercase hex SHA-256 of a file, streamed so memory stays flat for large files.
 * @throws {Error} the file system error when the file cannot be read
 */
export async function sha256File(path: string): Promise<string> {
  const hasher = new Bun.CryptoHasher("sha256");
  for await (const chunk of Bun.file(path).stream()) hasher.update(chunk);
  return hasher.digest("hex");
}

/** Lowercase hex of bytes. */
export function toHex(bytes: Uint8Array): string {
  return bytesToHex(bytes);
}

/**
 * Bytes of a lowercase or uppercase hex string, checking the length when one is expected.
 * @throws {LeogrielError} `invalid_hex` on odd length, bad digits or the wrong length
 */
export function fromHex(hex: string, expectedBytes?: number): Uint8Array {
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(hex)) {
    throw new LeogrielError("invalid_hex", "Cannot decode hex: not an even-length hex string");
  }
  if (expectedBytes !== undefined && hex.length !== expectedBytes * 2) {
    throw new LeogrielError(
      "invalid_hex",
      `Cannot decode hex: expected ${expectedBytes} bytes, got ${hex.length / 2}`,
    );
  }
  return hexToBytes(hex);
}

/** Constant-time equality of two byte arrays. */
export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}
