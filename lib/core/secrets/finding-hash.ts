/**
 * The per-process key: finding hashes correlate findings within one run (and across runs only
 * when a caller passes its own key), so a hash printed in a log cannot be brute-forced offline
 * against a list of candidate tokens.
 */
const PROCESS_KEY = crypto.getRandomValues(new Uint8Array(32));

// Bun.CryptoHasher rather than node:crypto: loading node:crypto costs ~10 ms, and every tool
// loads this file at start-up through the redactor.

/** HMAC-SHA256 of `ruleId:secret` under `key` (default: the per-process key), lowercase hex. */
export function findingHash(ruleId: string, secret: string, key: Uint8Array = PROCESS_KEY): string {
  return new Bun.CryptoHasher("sha256", key).update(`${ruleId}:${secret}`).digest("hex");
}

/** Plain sha256 of the secret value, lowercase hex: what `.agent-guard/exfil-allow.toml` lists. */
export function valueSha256(secret: string): string {
  return new Bun.CryptoHasher("sha256").update(secret).digest("hex");
}
