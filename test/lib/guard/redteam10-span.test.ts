import { describe, expect, test } from "bun:test";
import { valueSha256 } from "../../../lib/core/secrets/finding-hash.ts";
import { decideSpan } from "../../../lib/guard/span/decide.ts";
import { originalOffset, readableView } from "../../../lib/guard/span/readable-view.ts";
import { decideStream, safeCut } from "../../../lib/guard/span/stream.ts";
import { ALNUM, chars, HEX, token } from "../core/secrets/fixtures.ts";

// Red-team pass 10 (docs/check-span.md): forms a terminal or a JSON reader shows as a plain
// credential but that hid it from the detector. Every value is generated at run time.
const ghp = token(["gh", "p_"], chars(36));
const keyLines = Array.from({ length: 25 }, () => chars(64, `${ALNUM}+/`));
const pem = `-----BEGIN RSA PRIVATE KEY-----\n${keyLines.join("\n")}\n-----END RSA PRIVATE KEY-----\n`;
const wrapped = (s: string, width: number) => s.match(new RegExp(`.{1,${width}}`, "g"))!.join("\n");
const pemBase64 = wrapped(Buffer.from(pem).toString("base64"), 76);
const escapeAll = (s: string) => [...s].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join("");

// [name, text, a piece of the credential that must not survive, rule]
const HIDDEN: Array<[string, string, string, string]> = [
  ["coloured by an SGR escape", `\x1b[32m${ghp}\x1b[0m`, ghp.slice(4), "github-pat"],
  ["an SGR escape inside the token", `${ghp.slice(0, 12)}\x1b[1m${ghp.slice(12)}\x1b[0m`, ghp.slice(12), "github-pat"],
  ["a hyperlink (OSC 8) around the token", `\x1b]8;;https://example.test\x07${ghp}\x1b]8;;\x07`, ghp.slice(4), "github-pat"],
  ["a zero-width space inside the token", `${ghp.slice(0, 12)}\u200b${ghp.slice(12)}`, ghp.slice(12), "github-pat"],
  ["a soft hyphen inside the token", `${ghp.slice(0, 12)}\u00ad${ghp.slice(12)}`, ghp.slice(12), "github-pat"],
  ["a JSON \\u escape inside the token", `{"t": "${ghp.replace("_", "\\u005f")}"}`, ghp.slice(4), "github-pat"],
  ["a token written all in JSON \\u escapes", `{"t": "${escapeAll(ghp)}"}`, escapeAll(ghp).slice(24), "github-pat"],
  ["a private key whose BEGIN grep coloured, cut off", `-----\x1b[01;31m\x1b[KBEGIN\x1b[m\x1b[K RSA PRIVATE KEY-----\n${keyLines.slice(0, 6).join("\n")}\n`, keyLines[2]!, "private-key"],
  ["the tail of a private key (its BEGIN line cut off)", pem.slice(pem.indexOf("\n", 300) + 1), keyLines[10]!, "private-key"],
  ["the tail of an indented private key with CRLF", pem.split("\n").slice(12).map((l) => `  ${l}`).join("\r\n"), keyLines[14]!, "private-key"],
  ["a private key piped through base64 (76 columns)", `$ base64 id_rsa\n${pemBase64}\n`, pemBase64.split("\n")[3]!, "private-key"],
  ["the same with CRLF line ends", pemBase64.replace(/\n/g, "\r\n"), pemBase64.split("\n")[3]!, "private-key"],
];

describe("red-team 10: credentials hidden by escapes, invisible characters and wrapping", () => {
  test.each(HIDDEN)("%s is redacted", (_name, text, piece, rule) => {
    const v = decideSpan(text);
    expect(v.decision).toBe("SANITIZE");
    expect(v.text).not.toContain(piece);
    expect(v.text).toContain(`[REDACTED:${rule}]`);
  });

  test.each(HIDDEN)("%s is found by the stream too", async (_name, text, piece) => {
    const v = await decideStream((async function* () {
      yield new TextEncoder().encode(`head\n${text}`);
    })());
    expect(v.decision).toBe("SANITIZE");
    expect([...v.spool!.read()].join("")).not.toContain(piece);
    v.spool!.close();
  });

  test("a stream segment never ends inside a block of wrapped base64", async () => {
    const lines = pemBase64.split("\n");
    expect(safeCut(`x\n${pemBase64}\n`, 2 + 77 * 3 + 10)).toBe(2);
    const filler = `${"lorem ipsum ".repeat(8)}\n`;
    const head = filler.repeat(Math.floor((1024 * 1024 - 77 * 5) / filler.length));
    const v = await decideStream((async function* () {
      yield new TextEncoder().encode(head);
      yield new TextEncoder().encode(`${pemBase64}\n${filler.repeat(100)}`);
    })());
    expect(v.reason).toBe("SANITIZE_SECRET");
    expect([...v.spool!.read()].join("").includes(lines[8]!)).toBe(false);
    v.spool!.close();
  });

  test("the redaction covers the escapes inside the token, and the text around is kept", () => {
    const v = decideSpan(`before \x1b[32m${ghp.slice(0, 12)}\x1b[1m${ghp.slice(12)}\x1b[0m after`);
    expect(v.text).toStartWith("before \x1b[32m[REDACTED:github-pat]");
    expect(v.text).toEndWith(" after");
    expect(v.findings[0]).toMatchObject({ line: 1, column: 13 });
  });

  test("an exempted token stays exempted when an escape hides it", () => {
    const v = decideSpan(`\x1b[32m${ghp}\x1b[0m`, { mode: "block", exemptSha256: new Set([valueSha256(ghp)]) });
    expect(v.reason).toBe("ALLOW_EXEMPTED");
  });

  test("a value judged with its property name: a secret name makes it a credential", () => {
    const secret = chars(40, `${ALNUM}/+`);
    expect(decideSpan(secret).decision).toBe("ALLOW");
    const v = decideSpan(secret, { name: "SecretAccessKey" });
    expect(v.text).toBe("[REDACTED:aws-secret-access-key]");
    expect(decideSpan(secret, { name: "description" }).decision).toBe("ALLOW");
  });
});

describe("red-team 10: harmless text is not changed by the readable view", () => {
  const png = Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 37) & 255)).toString("base64");
  const ROWS: Array<[string, string]> = [
    ["a coloured git log", `\x1b[33mcommit ${chars(40, HEX)}\x1b[m\nAuthor: a <a@b>\n`],
    ["a wrapped base64 image", wrapped(png, 76)],
    ["a PEM certificate (public)", `-----BEGIN CERTIFICATE-----\n${keyLines.slice(0, 5).join("\n")}\n-----END CERTIFICATE-----\n`],
    ["the tail of a public key", `${keyLines.slice(0, 6).join("\n")}\n-----END PUBLIC KEY-----\n`],
    ["escaped JSON text", `{"msg": "caf\\u00e9 \\/ ok \\u2014 done"}`],
    ["wrapped base64 of prose", wrapped(Buffer.from("The quick brown fox jumps over the lazy dog. ".repeat(20)).toString("base64"), 76)],
  ];
  test.each(ROWS)("%s is ALLOW", (_name, text) => {
    expect(decideSpan(text).decision).toBe("ALLOW");
  });

  test("plain text has no view; offsets of an edited view point into the original", () => {
    expect(readableView("plain words\nand lines\n")).toBeUndefined();
    const v = readableView("a\x1b[1mb\\u0063d\x1b[0m")!;
    expect(v.text).toBe("abcd");
    expect([0, 1, 2, 3].map((i) => originalOffset(v, i))).toEqual([0, 5, 6, 12]);
    expect([1, 3, 4].map((i) => originalOffset(v, i, true))).toEqual([1, 12, 13]);
  });
});
