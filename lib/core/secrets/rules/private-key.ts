import type { SecretRule } from "../types.ts";

// A complete PEM/PGP/OpenSSH private key block, or one cut off before its END line (a truncated
// tool output still leaks the key). The body must be at least 64 characters, so the header
// quoted alone in documentation is not a key. `\\n` allows JSON-escaped keys on one line.
const BEGIN = String.raw`-----BEGIN[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----`;
const END = String.raw`-----END[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----`;
const BODY_LINES = String.raw`(?:(?:\s|\\[nr])+[A-Za-z0-9+/=]{16,}){2,}`;

/** Private key blocks (RSA, EC, DSA, OpenSSH, PKCS#8, encrypted, PGP). */
export const privateKeyRules: SecretRule[] = [
  {
    id: "private-key",
    description: "Private key block",
    keywords: ["-----begin"],
    pattern: new RegExp(String.raw`${BEGIN}(?:[\s\S]{64,}?${END}|${BODY_LINES})`, "g"),
    extraLines: 400,
    allow: (block) => !/[A-Za-z0-9+/]{40}/.test(block),
    ownAllowlistOnly: true,
    confidence: 0.99,
  },
];
