import { describe, expect, test } from "bun:test";
import { RULES } from "../../../../lib/core/secrets/rules/index.ts";
import { scanToolOutput } from "../../../../lib/guard/hooks/scan-output.ts";
import { decideSpan } from "../../../../lib/guard/span/decide.ts";
import { changedRegions, readableView } from "../../../../lib/guard/span/readable-view.ts";
import { ALNUM, charsOf, token } from "../../core/secrets/fixtures.ts";
import { DUMPS } from "../../core/secrets/hex-dumps.ts";

const chars = charsOf(4108);

// The readable view is read again only around its changes (docs/check-span.md, "Performance"):
// these rows fail when a region is narrower than what a rule reads around a change. Every key
// and token is generated at run time and fake.
const keyLines = Array.from({ length: 40 }, () => chars(64, `${ALNUM}+/`));
const pem = `-----BEGIN RSA PRIVATE KEY-----\n${keyLines.join("\n")}\n-----END RSA PRIVATE KEY-----\n`;
const ghp = token(["gh", "p_"], chars(36));
const filler = Array.from({ length: 30 }, (_, i) => `line ${i} of ordinary output`).join("\n");

describe("findings of the view far from its change", () => {
  test("the tail of an indented key 40 lines long is redacted to its END line (the inserted BEGIN line's window)", () => {
    // Indented, so its lines are not joined as wrapped base64 (each join a change of its own).
    const tail = pem.split("\n").slice(1, -1).map((l) => `  ${l}`).join("\n");
    expect(decideSpan(`${filler}\n${tail}\n${filler}\n`).text).toBe(`${filler}\n[REDACTED:private-key]\n${filler}\n`);
  });

  test("an xxd dump of a key coloured in its middle is read from its first line", () => {
    const dump = DUMPS.xxd!(new TextEncoder().encode(pem)).split("\n");
    // A colour around one group of hex digits in the middle line: the text as it is has a dump
    // broken there, the view a whole one.
    const middle = dump.length >> 1;
    dump[middle] = dump[middle]!.replace(/^(\w{8}: )(\w{4})/, "$1\x1b[32m$2\x1b[0m");
    const text = `${filler}\n${dump.join("\n")}\n${filler}\n`;
    expect(decideSpan(text).text).toBe(`${filler}\n[REDACTED:private-key]\n${filler}\n`);
  });

  test("a change far from a token leaves the token to the text's own read", () => {
    const text = `\\u0041 escaped\n${filler}\ntoken ${ghp}\n`;
    const view = readableView(text)!;
    // The changed line and the 6 after it (the most a rule's window reaches past its keyword's line, a private key's aside).
    expect(changedRegions(view)).toEqual([[0, view.text.indexOf("\nline 6 ")]]);
    expect(decideSpan(text).text).toBe(`\\u0041 escaped\n${filler}\ntoken [REDACTED:github-pat]\n`);
  });
});

describe("a value read behind its property name", () => {
  const password = `${chars(12)}7`;
  test.each([
    ["a secret name", "password"],
    ["a name a zero-width space splits", "pass\u200bword"],
    ["a name an HTML reference hides", "pass&#119;ord"],
  ])("%s makes the value a credential", (_what, name) => {
    expect(scanToolOutput({ [name]: password }, { mode: "block" }).reason).toBe("BLOCK_SECRET");
  });

  test("a name without a keyword is not read again, and the value alone is no credential", () => {
    expect(scanToolOutput({ stdout: password }, { mode: "block" }).reason).toBe("ALLOW_NO_SECRET");
  });

  test("no keyword holds a quote or a colon and a space, so one that starts in a name ends there", () => {
    expect(RULES.flatMap((r) => r.keywords).filter((k) => k.includes('"') || k.includes(": "))).toEqual([]);
  });
});
