import { describe, expect, test } from "bun:test";
import { detectSecrets } from "../../../../lib/core/secrets/detect.ts";
import { hexDumpBlocks } from "../../../../lib/core/secrets/hex-dump.ts";
import type { EncodingMarks } from "../../../../lib/core/secrets/prefilter.ts";
import { RULES } from "../../../../lib/core/secrets/rules/index.ts";
import { prefilterOf } from "../../../../lib/core/secrets/scan.ts";
import { ALNUM, charsOf, token } from "./fixtures.ts";
import { DUMPS } from "./hex-dumps.ts";

const chars = charsOf(4101);

// Red-team pass 10 leftover (docs/check-span.md): `xxd ~/.ssh/id_rsa` and its kin print a key as
// hex or as od's characters. Every key and token here is generated at run time and fake.
const keyLines = Array.from({ length: 12 }, () => chars(64, `${ALNUM}+/`));
const key = `-----BEGIN OPENSSH PRIVATE KEY-----\n${keyLines.join("\n")}\n-----END OPENSSH PRIVATE KEY-----\n`;
const ghp = token(["gh", "p_"], chars(36));
const bytes = (s: string) => new TextEncoder().encode(s);

// `xxd -p` wraps plain hex at 60 columns: the span guard's readable view joins the lines
// (test/lib/guard/span/dumps.test.ts), the detector decodes a single line.
const FRAMED = Object.entries(DUMPS).filter(([format]) => format !== "xxd -p");

describe("a private key or a token in a dump", () => {
  for (const [format, dump] of FRAMED) {
    test(`${format} of a private key is one private-key finding over the whole dump, encoding hex`, () => {
      const text = `$ ${format} id_key\n${dump(bytes(key))}\n$ echo done\n`;
      const found = detectSecrets(text);
      expect(found.map((f) => f.ruleId)).toEqual(["private-key"]);
      expect(found[0]!.encoding).toBe("hex");
      const start = text.indexOf("\n") + 1;
      expect(found[0]).toMatchObject({ line: 2, column: 1, start });
      expect(text.slice(found[0]!.end)).toStartWith("\n$ echo done");
    });

    test(`${format} of a token file is a github-pat finding`, () => {
      expect(detectSecrets(dump(bytes(`GITHUB_TOKEN=${ghp}\n`))).map((f) => f.ruleId)).toEqual(["github-pat"]);
    });
  }

  test("a single line of hex (xxd -p -c 0, a hex-encoded value)", () => {
    expect(detectSecrets(Buffer.from(`token ${ghp}`).toString("hex")).map((f) => f.ruleId)).toEqual(["github-pat"]);
  });

  test("xxd with one-byte groups, upper-case digits and CRLF line ends", () => {
    const dump = DUMPS.xxd!(bytes(key))
      .split("\n")
      .map((l) => l.replace(/^(\w{8}: )([0-9a-f ]+?)(  )/, (_, o: string, h: string, s: string) => o + h.replace(/ /g, "").replace(/(..)(?!$)/g, "$1 ").toUpperCase() + s))
      .join("\r\n");
    expect(detectSecrets(dump).map((f) => f.ruleId)).toEqual(["private-key"]);
  });

  test("a dump cut at its head (tail -n) still starts at a line of offset 000…", () => {
    const tail = DUMPS["hexdump -C"]!(bytes(`${"x".repeat(48)}\nTOKEN=${ghp}\n`)).split("\n").slice(3).join("\n");
    expect(detectSecrets(tail).map((f) => f.ruleId)).toEqual(["github-pat"]);
  });
});

describe("dumps that hold no secret", () => {
  const random = Uint8Array.from({ length: 600 }, (_, i) => (i * 131 + 7) % 256);
  const prose = bytes("The quick brown fox jumps over the lazy dog.\n".repeat(10));
  const publicKey = bytes(`-----BEGIN PUBLIC KEY-----\n${keyLines.slice(0, 4).join("\n")}\n-----END PUBLIC KEY-----\n`);
  for (const [format, dump] of Object.entries(DUMPS)) {
    test(`${format} of binary data, prose and a public key`, () => {
      expect(detectSecrets(dump(random))).toEqual([]);
      expect(detectSecrets(dump(prose))).toEqual([]);
      expect(detectSecrets(dump(publicKey))).toEqual([]);
    });
  }

  test("the dump line starts the keyword pass marks give the same blocks as the search (session 8)", () => {
    const text = `head\n${DUMPS["od -x"]!(prose)}\nmid\n${DUMPS.xxd!(bytes(key))}\n0001 no dump\n`;
    const marks: EncodingMarks = { percent: [], dumpLines: [] };
    prefilterOf(RULES).forEach(text, () => {}, marks);
    expect(marks.dumpLines.length).toBeGreaterThan(2);
    expect(hexDumpBlocks(text, marks.dumpLines)).toEqual(hexDumpBlocks(text));
  });

  test("numbers at line starts are no dump", () => {
    expect(hexDumpBlocks("0001 first\n000 items\n0000000 done\n00000000: zz\n")).toEqual([]);
  });

  // Session 9: the readings that tell two formats of one shape apart.
  test("xxd -e is read little-endian and xxd -g4 big-endian, by the characters the line shows", () => {
    const text = bytes("deadbeef cafe 0123 and some more words after the hex-looking start\n");
    for (const format of ["xxd -e", "xxd -e -g8"]) expect(new TextDecoder().decode(hexDumpBlocks(DUMPS[format]!(text))[0]!.bytes)).toBe(new TextDecoder().decode(text));
    const g4 = DUMPS.xxd!(text).replace(/^(\w{8}: )([0-9a-f ]+?)(  )/gm, (_, o: string, h: string, sp: string) => o + h.replace(/ /g, "").replace(/(.{8})(?!$)/g, "$1 ").padEnd(h.length) + sp);
    expect(new TextDecoder().decode(hexDumpBlocks(g4)[0]!.bytes)).toBe(new TextDecoder().decode(text));
  });

  test("od -t u1 whose first line od -b could print is read as decimal; od -b stays octal", () => {
    const text = bytes("defghijknopqrstu to the end of the line\n");
    expect(DUMPS["od -t u1"]!(text).split("\n")[0]).not.toMatch(/ [0-9]{1,2}(?= |$)|[89]/);
    expect(new TextDecoder().decode(hexDumpBlocks(DUMPS["od -t u1"]!(text))[0]!.bytes)).toBe(new TextDecoder().decode(text));
    expect(new TextDecoder().decode(hexDumpBlocks(DUMPS["od -b"]!(text))[0]!.bytes)).toBe(new TextDecoder().decode(text));
  });

  test("a block is the lines of one format; the offset-only last line belongs to it", () => {
    const dump = DUMPS["od -x"]!(prose);
    const text = `${dump}\nnext line\n`;
    const [block] = hexDumpBlocks(text);
    expect(block).toMatchObject({ start: 0, end: dump.length });
    expect(new TextDecoder().decode(block!.bytes)).toBe(new TextDecoder().decode(prose));
  });
});
