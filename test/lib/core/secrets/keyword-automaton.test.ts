import { describe, expect, test } from "bun:test";
import { KeywordAutomaton } from "../../../../lib/core/secrets/keyword-automaton.ts";
import { seeded } from "./fixtures.ts";

/** Every occurrence as `keyword@end`, sorted: what the automaton must report. */
function occurrences(keywords: readonly string[], text: string): string[] {
  const out: string[] = [];
  new KeywordAutomaton(keywords).scan(text, (k, end) => out.push(`${keywords[k]}@${end}`));
  return out.sort();
}

/** The same by brute force: every keyword compared at every end position. */
function bruteForce(keywords: readonly string[], text: string): string[] {
  const lower = text.replace(/[A-Z]/g, (c) => c.toLowerCase());
  const out: string[] = [];
  for (let end = 1; end <= text.length; end++) {
    for (const k of keywords) if (end >= k.length && lower.slice(end - k.length, end) === k) out.push(`${k}@${end}`);
  }
  return out.sort();
}

describe("KeywordAutomaton", () => {
  // [what the row shows, keywords, text, expected occurrences]
  const rows: Array<[string, string[], string, string[]]> = [
    ["finds a keyword in any letter case", ["key"], "API_KEY and key", ["key@15", "key@7"]],
    ["reports keywords nested in a longer one", ["secret_access_key", "access", "key"], "secret_access_key", ["access@13", "key@17", "secret_access_key@17"]],
    ["reports overlapping occurrences", ["aa"], "aaaa", ["aa@2", "aa@3", "aa@4"]],
    ["follows suffix links across shared prefixes", ["he", "she", "his", "hers"], "ushers", ["he@4", "hers@6", "she@4"]],
    ["restarts after a character in no keyword", ["ghp_"], "gh€p_ ghp_", ["ghp_@10"]],
    ["does not fold non-ASCII letters into ASCII (Kelvin sign)", ["key"], "\u212aey", []],
    ["matches punctuation keywords", ["://", "-----begin"], "a://b -----BEGIN", ["-----begin@16", "://@4"]],
    ["finds nothing in empty text", ["key"], "", []],
    ["finds nothing with no keywords", [], "key", []],
  ];
  test.each(rows)("%s", (_what, keywords, text, expected) => {
    expect(occurrences(keywords, text)).toEqual(expected.sort());
  });

  test("agrees with a brute-force search on random keyword sets and texts (seeded)", () => {
    const rand = seeded(7);
    const pick = (alphabet: string, n: number) => Array.from({ length: n }, () => alphabet[Math.floor(rand() * alphabet.length)]).join("");
    for (let round = 0; round < 300; round++) {
      const keywords = [...new Set(Array.from({ length: 1 + Math.floor(rand() * 12) }, () => pick("abc_-.~", 1 + Math.floor(rand() * 5))))];
      const text = pick("abcAB_-.~ \u00e9\u20ac", 300);
      expect(occurrences(keywords, text)).toEqual(bruteForce(keywords, text));
    }
  });

  test("refuses keywords it could not match case-insensitively", () => {
    expect(() => new KeywordAutomaton(["Key"])).toThrow("lower-case ASCII");
    expect(() => new KeywordAutomaton(["kéy"])).toThrow("lower-case ASCII");
  });
});
