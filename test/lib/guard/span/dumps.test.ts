import { describe, expect, test } from "bun:test";
import { SpanResult } from "../../../../lib/guard/span/contract-schemas.ts";
import { decideSpan } from "../../../../lib/guard/span/decide.ts";
import { spanReport } from "../../../../lib/guard/span/report.ts";
import { decideStream, safeCut } from "../../../../lib/guard/span/stream.ts";
import { ALNUM, charsOf, token } from "../../core/secrets/fixtures.ts";
import { DUMPS, OFFSETLESS_DUMPS } from "../../core/secrets/hex-dumps.ts";

const chars = charsOf(4102);

// Red-team pass 10 leftover (docs/check-span.md): a key dumped by xxd, hexdump or od reaches the
// agent redacted, and the report stays inside the contract (no new `encoding` value).
const keyLines = Array.from({ length: 12 }, () => chars(64, `${ALNUM}+/`));
const key = `-----BEGIN OPENSSH PRIVATE KEY-----\n${keyLines.join("\n")}\n-----END OPENSSH PRIVATE KEY-----\n`;
const ghp = token(["gh", "p_"], chars(36));
const bytes = (s: string) => new TextEncoder().encode(s);

describe("dumps through the span guard", () => {
  test.each(Object.keys(DUMPS))("%s of a private key is redacted whole", (format) => {
    const v = decideSpan(`$ ${format} id_key\n${DUMPS[format]!(bytes(key))}\n$ echo done\n`);
    expect(v.text).toBe(`$ ${format} id_key\n[REDACTED:private-key]\n$ echo done\n`);
  });

  test("xxd -p of a token file: the wrapped hex lines are joined and decoded", () => {
    expect(decideSpan(DUMPS["xxd -p"]!(bytes(`GITHUB_TOKEN=${ghp}\n`))).text).toBe("[REDACTED:github-pat]");
  });

  test("a stream segment never ends inside a dump", async () => {
    // od -x shows no characters, so no BEGIN line keeps the cut out of it.
    const dump = DUMPS["od -x"]!(bytes(key));
    expect(safeCut(`x\n${dump}\n`, 2 + 48 * 5 + 10)).toBe(2);
    const filler = `${"lorem ipsum ".repeat(8)}\n`;
    const head = filler.repeat(Math.floor((1024 * 1024 - 48 * 6) / filler.length));
    const v = await decideStream((async function* () {
      yield bytes(head);
      yield bytes(`${dump}\n${filler.repeat(100)}`);
    })());
    expect(v.reason).toBe("SANITIZE_SECRET");
    expect([...v.spool!.read()].join("").includes(dump.split("\n")[9]!)).toBe(false);
    v.spool!.close();
  });

  test("a stream segment never ends inside a dump of several types, nor at a type line (session 10)", () => {
    for (const format of ["od -t x1 -t c", "od -t x4 -t x8"]) {
      const dump = DUMPS[format]!(bytes(key));
      const lines = dump.split("\n");
      // A cut asked for inside the sixth line (a type line: blank offset) steps back to the dump's first.
      const target = 2 + lines.slice(0, 5).reduce((n, l) => n + l.length + 1, 0) + 3;
      expect(safeCut(`x\n${dump}\n`, target)).toBe(2);
    }
  });

  test("the stream finds a dumped key, and its --json report is valid without an encoding", async () => {
    const v = await decideStream((async function* () {
      yield bytes(`head\n${DUMPS["od -c"]!(bytes(key))}\n`);
    })());
    expect(v.decision).toBe("SANITIZE");
    expect([...v.spool!.read()].join("")).toBe("head\n[REDACTED:private-key]\n");
    v.spool!.close();
    const report = spanReport(v, "sanitize", { file: null, sha256: new Set(), diagnostics: [] });
    expect(SpanResult.safeParse(report).success).toBe(true);
    expect(report.findings[0]).not.toHaveProperty("encoding");
  });
});

// Session 7: dumps without offsets are read in the span guard's readable view (docs/check-span.md).
describe("dumps without an offset column through the span guard", () => {
  test.each(Object.keys(OFFSETLESS_DUMPS))("%s of a private key is redacted whole", (format) => {
    const dump = OFFSETLESS_DUMPS[format]!(bytes(key));
    const v = decideSpan(`$ ${format} id_key\n${dump}\n$ echo done\n`);
    const expected = format === "xxd -i" ? dump.replace(/\n {2}0x[\s\S]*\n\};/, "\n[REDACTED:private-key]\n};") : "[REDACTED:private-key]";
    expect(v.text).toBe(`$ ${format} id_key\n${expected}\n$ echo done\n`);
  });

  test.each(Object.keys(OFFSETLESS_DUMPS))("%s of a token file is a github-pat finding", (format) => {
    const v = decideSpan(OFFSETLESS_DUMPS[format]!(bytes(`GITHUB_TOKEN=${ghp}\n`)));
    expect(v.findings.map((f) => f.ruleId)).toEqual(["github-pat"]);
  });

  const random = Uint8Array.from({ length: 600 }, (_, i) => (i * 131 + 7) % 256);
  const prose = bytes("The quick brown fox jumps over the lazy dog.\n".repeat(10));
  test.each(Object.keys(OFFSETLESS_DUMPS))("%s of binary data and of prose is ALLOW", (format) => {
    expect(decideSpan(OFFSETLESS_DUMPS[format]!(random)).decision).toBe("ALLOW");
    expect(decideSpan(OFFSETLESS_DUMPS[format]!(prose)).decision).toBe("ALLOW");
  });

  test.each(Object.keys(OFFSETLESS_DUMPS))("a stream segment never ends inside %s", (format) => {
    const dump = OFFSETLESS_DUMPS[format]!(bytes(key));
    const lines = dump.split("\n");
    const first = format === "xxd -i" ? 1 : 0; // the header line is no dump line
    const start = 2 + lines.slice(0, first).reduce((n, l) => n + l.length + 1, 0);
    const target = start + lines.slice(first, first + 5).reduce((n, l) => n + l.length + 1, 0) + 3;
    expect(safeCut(`x\n${dump}\n`, target)).toBe(start);
  });

  test("indented code, numbered columns and C arrays of numbers are no dump", () => {
    const texts = ["  0x10, 0x20 are flags", "   a   b   c", " 12 34 56 78", "static const int t[] = {\n  0x01, 0x02, 0x03,\n  0x04\n};"];
    for (const text of texts) expect(decideSpan(text).decision).toBe("ALLOW");
  });
});
