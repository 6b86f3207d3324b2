import * as ed from "@noble/ed25519";
import { sha512 } from "@noble/hashes/sha2.js";
import { LeogrielError } from "./errors.ts";
import { sha256Hex } from "./hash.ts";

// noble's synchronous API needs a SHA-512; set it once here and nowhere else.
ed.hashes.sha512 = sha512;

export interface KeyPair {
  /** 32-byte ed25519 seed. */
  secretKey: Uint8Array;
  /** 32-byte ed25519 public key. */
  publicKey: Uint8Array;
}

/** A fresh ed25519 key pair from the system's secure random source. */
export function generateKeyPair(): KeyPair {
  const { secretKey, publicKey } = ed.keygen();
  return { secretKey, publicKey };
}

/**
 * The public key of a 32-byte secret key.
 * @throws {LeogrielError} `invalid_key` when the secret key is not 32 bytes
 */
export function publicKeyOf(secretKey: Uint8Array): Uint8Array {
  _expectLength(secretKey, 32, "secret key");
  return ed.getPublicKey(secretKey);
}

/** The key id: lowercase hex SHA-256 of the raw 32-byte public key. */
export function keyIdOf(publicKey: Uint8Array): string {
  _expectLength(publicKey, 32, "public key");
  return sha256Hex(publicKey);
}

/**
 * A 64-byte ed25519 signature of `message`.
 * @throws {LeogrielError} `invalid_key` when the secret key is not 32 bytes
 */
export function sign(message: Uint8Array, secretKey: Uint8Array): Uint8Array {
  _expectLength(secretKey, 32, "secret key");
  return ed.sign(message, secretKey);
}

/**
 * Whether `signature` is a valid ed25519 signature of `message` by `publicKey`.
 * @throws {LeogrielError} `invalid_signature` / `invalid_key` when a length is wrong
 */
export function verify(signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array): boolean {
  if (signature.length !== 64) {
    throw new LeogrielError("invalid_signature", `Cannot verify signature: expected 64 bytes, got ${signature.length}`);
  }
  _expectLength(publicKey, 32, "public key");
  try {
    return ed.verify(signature, message, publicKey);
  } catch {
    // A public key that is not a curve point cannot have signed anything.
    return false;
  }
}

function _expectLength(bytes: Uint8Array, length: number, what: string): void {
  if (bytes.length !== length) {
    throw new LeogrielError("invalid_key", `Cannot use ${what}: expected ${length} bytes, got ${bytes.length}`);
  }
}
