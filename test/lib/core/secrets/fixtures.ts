import { seededRandom } from "../../../support/seeded-random.ts";
/**
 * Token-shaped test values, generated at run time from a seeded generator so the repository
 * carries no string a secret scanner would flag, and every run sees the same values.
 */
export const seeded = seededRandom;

export const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
export const HEX = "0123456789abcdef";
export const UPPER32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
export const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

const rand = seeded(20240605);

/** `n` random characters of `alphabet`. */
export function chars(n: number, alphabet = ALNUM): string {
  return _chars(rand, n, alphabet);
}

/**
 * A `chars` with its own seeded stream: a test file that uses it leaves the shared stream, and so
 * the values of the files run after it in the same process, as they were.
 */
export function charsOf(seed: number): typeof chars {
  const own = seeded(seed);
  return (n, alphabet = ALNUM) => _chars(own, n, alphabet);
}

function _chars(random: () => number, n: number, alphabet: string): string {
  let s = "";
  for (let i = 0; i < n; i++) s += alphabet[Math.floor(random() * alphabet.length)];
  return s;
}

/** A prefix joined at run time (so `gh` + `p_` never appears whole in the source) and a body. */
export function token(prefixParts: string[], body: string): string {
  return prefixParts.join("") + body;
}
