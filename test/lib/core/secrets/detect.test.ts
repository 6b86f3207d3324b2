import { describe, expect, test } from "bun:test";
import { valueSha256 } from "../../../../lib/core/secrets/finding-hash.ts";
import { detectSecrets } from "../../../../lib/core/secrets/detect.ts";
import { redactFindings } from "../../../../lib/core/secrets/redact-findings.ts";
import { chars, seeded, token } from "./fixtures.ts";

const ghp = token(["gh", "p_"], chars(36));
const npm = token(["np", "m_"], chars(36));

describe("detectSecrets", () => {
  test("reports 1-based line and column of each finding", () => {
    const text = `first line\n  second ${ghp}\nthird ${npm}`;
    const found = detectSecrets(text);
    expect(found.map((f) => [f.ruleId, f.line, f.column])).toEqual([
      ["github-pat", 2, 10],
      ["npm-access-token", 3, 7],
    ]);
    expect(text.slice(found[0]!.start, found[0]!.end)).toBe(ghp);
  });

  test("finds a token hidden in base64 and covers the whole encoded run", () => {
    const encoded = Buffer.from(`export TOKEN=${ghp}`).toString("base64");
    const text = `payload: ${encoded} end`;
    const [finding] = detectSecrets(text);
    expect(finding).toMatchObject({ ruleId: "github-pat", encoding: "base64", start: 9, end: 9 + encoded.length });
  });

  test("finds a token hidden in URL encoding and maps it back to the original characters", () => {
    const text = `GET /hook?payload=token%3D${ghp}%26x%3D1`;
    const [finding] = detectSecrets(text);
    expect(finding?.encoding).toBe("url");
    expect(text.slice(finding!.start, finding!.end)).toBe(ghp);
  });

  test("does not decode when decoding is switched off", () => {
    const text = Buffer.from(`TOKEN=${ghp}`).toString("base64");
    expect(detectSecrets(text, { maxDecodeDepth: 0 })).toEqual([]);
  });

  test("merges overlapping matches into one finding named by the most specific rule", () => {
    const found = detectSecrets(`git remote add o https://x-access-token:${ghp}@github.com/o/r`);
    expect(found.map((f) => f.ruleId)).toEqual(["github-pat"]);
  });

  test("marks exempted values and keeps the others", () => {
    const found = detectSecrets(`${ghp} ${npm}`, { exemptSha256: new Set([valueSha256(ghp)]) });
    expect(found.map((f) => [f.ruleId, f.exempted ?? false])).toEqual([
      ["github-pat", true],
      ["npm-access-token", false],
    ]);
  });

  test("hashes are keyed: the same secret hashes alike under one key and differently under another", () => {
    const key = new Uint8Array(32).fill(7);
    const a = detectSecrets(ghp, { hashKey: key })[0]!.hash;
    expect(detectSecrets(`x ${ghp}`, { hashKey: key })[0]!.hash).toBe(a);
    expect(detectSecrets(ghp, { hashKey: new Uint8Array(32).fill(8) })[0]!.hash).not.toBe(a);
    expect(a).not.toBe(valueSha256(ghp));
  });

  test("redaction removes every planted token from random text (seeded property test)", () => {
    const rand = seeded(99);
    const planted = [ghp, npm, token(["AK", "IA"], "Q7W3E4R5T6Y7U2I3")];
    for (let round = 0; round < 200; round++) {
      const parts: string[] = [];
      for (let i = 0; i < 30; i++) {
        const r = rand();
        if (r < 0.1) parts.push(planted[Math.floor(rand() * planted.length)]!);
        else if (r < 0.2) parts.push("\n");
        else parts.push(String.fromCharCode(...Array.from({ length: 1 + Math.floor(rand() * 12) }, () => 32 + Math.floor(rand() * 95))));
      }
      const text = parts.join(" ");
      const found = detectSecrets(text);
      for (let i = 1; i < found.length; i++) expect(found[i]!.start).toBeGreaterThanOrEqual(found[i - 1]!.end);
      for (const f of found) expect(f.end).toBeLessThanOrEqual(text.length);
      const safe = redactFindings(text, found).text;
      for (const p of planted) expect(safe).not.toContain(p);
    }
  });

  test("hostile input stays bounded: a long line, many keywords, a huge base64 run", () => {
    const hostile = [
      "var a=b.key(c),d=e.token;".repeat(40_000), // a minified line: thousands of hits, no line break
      "key=".repeat(100_000),
      `key=${"a".repeat(200_000)}`,
      "token ".repeat(50_000),
      "A".repeat(300_000),
      `${"-----BEGIN PRIVATE KEY-----\n".repeat(2000)}`,
      "%41".repeat(50_000),
    ];
    for (const text of hostile) expect(Array.isArray(detectSecrets(text))).toBe(true);
  });
});
