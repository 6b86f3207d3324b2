import { createHash } from "node:crypto";
import { LeogrielError } from "../core/errors.ts";

/** Algorithms npm may publish in `dist.integrity`, strongest first. */
const STRENGTH = ["sha512", "sha384", "sha256", "sha1"] as const;
type Algorithm = (typeof STRENGTH)[number];

/**
 * Checks bytes against a Subresource Integrity string (`sha512-<base64>`, space-separated list
 * allowed, `?options` ignored): the strongest algorithm present decides, as npm's ssri does.
 * @throws {LeogrielError} `integrity_unsupported` when no known algorithm is listed,
 *   `tarball_integrity_mismatch` when the digest differs (both exit 2)
 */
export function verifySri(bytes: Uint8Array, sri: string, label: string): void {
  const entries = sri
    .trim()
    .split(/\s+/)
    .map((token) => /^([a-z0-9]+)-([A-Za-z0-9+/=]+)(?:\?.*)?$/.exec(token))
    .filter((m): m is RegExpExecArray => m !== null && (STRENGTH as readonly string[]).includes(m[1]!));
  if (entries.length === 0) {
    throw new LeogrielError("integrity_unsupported", `Cannot verify ${label}: no supported algorithm in its integrity ${JSON.stringify(sri)}`);
  }
  const best = STRENGTH.find((alg) => entries.some((m) => m[1] === alg)) as Algorithm;
  const actual = createHash(best).update(bytes).digest("base64");
  if (!entries.some((m) => m[1] === best && m[2] === actual)) {
    throw new LeogrielError("tarball_integrity_mismatch", `Cannot install ${label}: the download does not match its published ${best} integrity`);
  }
}
