import { describe, expect, test } from "bun:test";
import { detectSecrets } from "../../../../lib/core/secrets/detect.ts";
import { hexDumpBlocks } from "../../../../lib/core/secrets/hex-dump.ts";
import type { EncodingMarks } from "../../../../lib/core/secrets/prefilter.ts";
import { RULES } from "../../../../lib/core/secrets/rules/index.ts";
import { prefilterOf } from "../../../../lib/core/secrets/scan.ts";
import { ALNUM, charsOf, token } from "./fixtures.ts";
import { DUMPS, OD_TYPES_SAMPLE, odTypes } from "./hex-dumps.ts";

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

// Session 10: GNU od 9.1's own output of a harmless text with several types (from the sandbox):
// the test's od -t x1 -t c and od -t x4 -t x8 print the same, and the dump is read whole.
describe("od with several types a line", () => {
  const REAL: Record<string, [string[], string]> = {
    "od -t x1 -t c": [["x1", "c"], "0000000  42  45  47  49  4e  20  68  61  72  6d  6c  65  73  73  20  73\n          B   E   G   I   N       h   a   r   m   l   e   s   s       s\n0000020  61  6d  70  6c  65  20  74  65  78  74  20  66  6f  72  20  6f\n          a   m   p   l   e       t   e   x   t       f   o   r       o\n0000040  64  2c  20  30  31  32  33  34  35  36  37  38  39  20  61  62\n          d   ,       0   1   2   3   4   5   6   7   8   9       a   b\n0000060  63  64  65  66  67  68  69  6a  20  41  42  43  44  45  46  47\n          c   d   e   f   g   h   i   j       A   B   C   D   E   F   G\n0000100  48  49  4a  20  78  79  7a  2e  0a\n          H   I   J       x   y   z   .  \\n\n0000111"],
    "od -t x4 -t x8": [["x4", "x8"], "0000000 49474542 6168204e 656c6d72 73207373\n         6168204e49474542  73207373656c6d72\n0000020 6c706d61 65742065 66207478 6f20726f\n         657420656c706d61  6f20726f66207478\n0000040 30202c64 34333231 38373635 62612039\n         3433323130202c64  6261203938373635\n0000060 66656463 6a696867 43424120 47464544\n         6a69686766656463  4746454443424120\n0000100 204a4948 2e7a7978 0000000a\n         2e7a7978204a4948  000000000000000a\n0000111"],
  };
  for (const [format, [types, real]] of Object.entries(REAL)) {
    test(`${format} as the real program prints it, read back into the text`, () => {
      const sample = bytes(OD_TYPES_SAMPLE);
      expect(odTypes(sample, types)).toBe(real);
      const blocks = hexDumpBlocks(`$ ${format} s.txt\n${real}\n$ echo done\n`);
      expect(blocks).toHaveLength(1);
      expect(new TextDecoder().decode(blocks[0]!.bytes).replace(/\0+$/, "")).toBe(OD_TYPES_SAMPLE);
    });
  }

  test("xxd -b as the real program prints it (session 11)", () => {
    const real = [
      "00000000: 01000010 01000101 01000111 01001001 01001110 00100000  BEGIN ",
      "00000006: 01101000 01100001 01110010 01101101 01101100 01100101  harmle",
      "0000000c: 01110011 01110011 00100000 01110011 01100001 01101101  ss sam",
      "00000012: 01110000 01101100 01100101 00100000 01110100 01100101  ple te",
      "00000018: 01111000 01110100 00100000 01100110 01101111 01110010  xt for",
      "0000001e: 00100000 01101111 01100100 00101100 00100000 00110000   od, 0",
      "00000024: 00110001 00110010 00110011 00110100 00110101 00110110  123456",
      "0000002a: 00110111 00111000 00111001 00100000 01100001 01100010  789 ab",
      "00000030: 01100011 01100100 01100101 01100110 01100111 01101000  cdefgh",
      "00000036: 01101001 01101010 00100000 01000001 01000010 01000011  ij ABC",
      "0000003c: 01000100 01000101 01000110 01000111 01001000 01001001  DEFGHI",
      "00000042: 01001010 00100000 01111000 01111001 01111010 00101110  J xyz.",
      "00000048: 00001010                                               .",
    ].join("\n");
    expect(DUMPS["xxd -b"]!(bytes(OD_TYPES_SAMPLE))).toBe(real);
    const blocks = hexDumpBlocks(`$ xxd -b s.txt\n${real}\n$ echo done\n`);
    expect(blocks).toHaveLength(1);
    expect(new TextDecoder().decode(blocks[0]!.bytes)).toBe(OD_TYPES_SAMPLE);
  });

  test("indented lines after a dump join it only as many as follow each of its lines", () => {
    const dump = odTypes(bytes(key), ["x1", "c"]);
    const text = `${dump.slice(0, dump.lastIndexOf("\n"))}\n        indented code\n        more\n`;
    const block = hexDumpBlocks(text)[0]!;
    expect(text.slice(block.end)).toStartWith("\n        indented code");
  });

  test("a `*` for repeated lines keeps the type lines of the lines after it in the block", () => {
    const data = new Uint8Array([...bytes("0123456789abcdef".repeat(2)), ...bytes(key)]);
    const lines = odTypes(data, ["x1", "c"]).split("\n");
    // od leaves out the second line, equal to the first, with its type line: `*` in their place.
    const text = [...lines.slice(0, 2), "*", ...lines.slice(4)].join("\n");
    const blocks = hexDumpBlocks(`${text}\n$ echo done\n`);
    expect(blocks).toHaveLength(1);
    expect(blocks[0]!.end).toBe(text.length);
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
