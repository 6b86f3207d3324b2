import { describe, expect, test } from "bun:test";
import { SpanResult } from "../../../../lib/guard/span/contract-schemas.ts";
import { decideSpan } from "../../../../lib/guard/span/decide.ts";
import { spanReport } from "../../../../lib/guard/span/report.ts";
import { decideStream, safeCut } from "../../../../lib/guard/span/stream.ts";
import { ALNUM, charsOf, token } from "../../core/secrets/fixtures.ts";
import { hexDumpBlocks } from "../../../../lib/core/secrets/hex-dump.ts";
import { readableView } from "../../../../lib/guard/span/readable-view.ts";
import { DUMPS, OD_TYPES_SAMPLE, odTypes, OFFSETLESS_DUMPS } from "../../core/secrets/hex-dumps.ts";

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
    const report = spanReport({ ...v, total: v.findings.length }, "sanitize", { file: null, sha256: new Set(), diagnostics: [] });
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

// Session 11: `od -An` with several types, and with a `z` suffix (docs/check-span.md). GNU od
// 9.1's own output of a harmless text (from the sandbox): the test's odTypes and odZ print the
// same, and the view reads it whole.
describe("od -An with several types, and with a z suffix", () => {
  const REAL: Record<string, [string[], string]> = {
    "od -An -t x1 -t c": [["x1", "c"], "  42  45  47  49  4e  20  68  61  72  6d  6c  65  73  73  20  73\n   B   E   G   I   N       h   a   r   m   l   e   s   s       s\n  61  6d  70  6c  65  20  74  65  78  74  20  66  6f  72  20  6f\n   a   m   p   l   e       t   e   x   t       f   o   r       o\n  64  2c  20  30  31  32  33  34  35  36  37  38  39  20  61  62\n   d   ,       0   1   2   3   4   5   6   7   8   9       a   b\n  63  64  65  66  67  68  69  6a  20  41  42  43  44  45  46  47\n   c   d   e   f   g   h   i   j       A   B   C   D   E   F   G\n  48  49  4a  20  78  79  7a  2e  0a\n   H   I   J       x   y   z   .  \\n"],
    "od -An -t x1 -t x4": [["x1", "x4"], " 42 45 47 49 4e 20 68 61 72 6d 6c 65 73 73 20 73\n    49474542    6168204e    656c6d72    73207373\n 61 6d 70 6c 65 20 74 65 78 74 20 66 6f 72 20 6f\n    6c706d61    65742065    66207478    6f20726f\n 64 2c 20 30 31 32 33 34 35 36 37 38 39 20 61 62\n    30202c64    34333231    38373635    62612039\n 63 64 65 66 67 68 69 6a 20 41 42 43 44 45 46 47\n    66656463    6a696867    43424120    47464544\n 48 49 4a 20 78 79 7a 2e 0a\n    204a4948    2e7a7978    0000000a"],
    "od -An -d -c": [["u2", "c"], "   17730   18759    8270   24936   28018   25964   29555   29472\n   B   E   G   I   N       h   a   r   m   l   e   s   s       s\n   28001   27760    8293   25972   29816   26144   29295   28448\n   a   m   p   l   e       t   e   x   t       f   o   r       o\n   11364   12320   12849   13363   13877   14391    8249   25185\n   d   ,       0   1   2   3   4   5   6   7   8   9       a   b\n   25699   26213   26727   27241   16672   17218   17732   18246\n   c   d   e   f   g   h   i   j       A   B   C   D   E   F   G\n   18760    8266   31096   11898      10\n   H   I   J       x   y   z   .  \\n"],
  };
  const sample = new TextEncoder().encode(OD_TYPES_SAMPLE);
  for (const [format, [types, real]] of Object.entries(REAL)) {
    test(`${format} as the real program prints it, read back into the text`, () => {
      expect(odTypes(sample, types, 0)).toBe(real);
      const view = readableView(`$ ${format} s.txt\n${real}\n$ echo done\n`)!;
      const blocks = hexDumpBlocks(view.text);
      expect(blocks).toHaveLength(1);
      expect(new TextDecoder().decode(blocks[0]!.bytes).replace(/\0+$/, "")).toBe(OD_TYPES_SAMPLE);
    });
  }

  // od's `z` suffix (`-t x1z`): the characters after the fields; GNU od 9.1's output of the sample.
  const Z: Record<string, string> = {
    "od -An -t x1z": " 42 45 47 49 4e 20 68 61 72 6d 6c 65 73 73 20 73  >BEGIN harmless s<\n 61 6d 70 6c 65 20 74 65 78 74 20 66 6f 72 20 6f  >ample text for o<\n 64 2c 20 30 31 32 33 34 35 36 37 38 39 20 61 62  >d, 0123456789 ab<\n 63 64 65 66 67 68 69 6a 20 41 42 43 44 45 46 47  >cdefghij ABCDEFG<\n 48 49 4a 20 78 79 7a 2e 0a                       >HIJ xyz..<",
    "od -An -t d1z": "   66   69   71   73   78   32  104   97  114  109  108  101  115  115   32  115  >BEGIN harmless s<\n   97  109  112  108  101   32  116  101  120  116   32  102  111  114   32  111  >ample text for o<\n  100   44   32   48   49   50   51   52   53   54   55   56   57   32   97   98  >d, 0123456789 ab<\n   99  100  101  102  103  104  105  106   32   65   66   67   68   69   70   71  >cdefghij ABCDEFG<\n   72   73   74   32  120  121  122   46   10                                     >HIJ xyz..<",
    "od -An -t o2z": " 042502 044507 020116 060550 066562 062554 071563 071440  >BEGIN harmless s<\n 066541 066160 020145 062564 072170 063040 071157 067440  >ample text for o<\n 026144 030040 031061 032063 033065 034067 020071 061141  >d, 0123456789 ab<\n 062143 063145 064147 065151 040440 041502 042504 043506  >cdefghij ABCDEFG<\n 044510 020112 074570 027172 000012                       >HIJ xyz..<",
  };
  for (const [format, real] of Object.entries(Z)) {
    test(`${format} as the real program prints it, read back into the text`, () => {
      expect(OFFSETLESS_DUMPS[format]!(sample)).toBe(real);
      const blocks = hexDumpBlocks(readableView(`$ ${format} s.txt\n${real}\n$ echo done\n`)!.text);
      expect(blocks).toHaveLength(1);
      expect(new TextDecoder().decode(blocks[0]!.bytes).replace(/\0+$/, "")).toBe(OD_TYPES_SAMPLE);
    });
  }

  test("a `*` for repeated groups, and od's partial last group", () => {
    // As od -An -t x1 -t c prints 48 bytes of `A` and more: the second and third groups left out.
    const data = new Uint8Array([...bytes("A".repeat(48)), ...bytes(`\nTOKEN=${ghp}\n`)]);
    const lines = odTypes(data, ["x1", "c"], 0).split("\n");
    const text = [...lines.slice(0, 2), "*", ...lines.slice(6)].join("\n");
    expect(decideSpan(`${text}\n$ echo done\n`).text).toBe("[REDACTED:github-pat]\n$ echo done\n");
  });

  test("indented lines around the dump stay out of it", () => {
    const dump = OFFSETLESS_DUMPS["od -An -t x1 -t c"]!(bytes(key));
    const v = decideSpan(`  before: 1\n${dump}\n  after: 2\n  and more\n`);
    expect(v.text).toBe("  before: 1\n[REDACTED:private-key]\n  after: 2\n  and more\n");
  });

  test("indented text of alternating shapes is no dump", () => {
    const texts = ["   a   b   c   d\n  foo(bar)\n   e   f   g   h\n  baz(qux)", " 12 34 56 78 90 ab cd ef 12 34 56 78 90 ab cd ef\n  - item\n 12 34 56 78 90 ab cd ef 12 34 56 78 90 ab cd ef\n  - item"];
    for (const text of texts) expect(decideSpan(text).decision).toBe("ALLOW");
  });
});

// Session 11: `base32 FILE` (`basenc --base32`) printed a key or a token file the detector did not
// decode; its lines (76 columns) are joined as wrapped base64 are, and the run decoded as base32.
describe("base32 through the span guard", () => {
  const base32 = (s: string) => {
    const bits = [...bytes(s)].map((b) => b.toString(2).padStart(8, "0")).join("");
    const out = Array.from({ length: Math.ceil(bits.length / 5) }, (_, i) => "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"[Number.parseInt(bits.slice(i * 5, i * 5 + 5).padEnd(5, "0"), 2)]).join("");
    return out.padEnd(Math.ceil(out.length / 8) * 8, "=").match(/.{1,76}/g)!.join("\n");
  };
  test("a private key is redacted whole", () => {
    expect(decideSpan(`$ base32 id_key\n${base32(key)}\n$ echo done\n`).text).toBe("$ base32 id_key\n[REDACTED:private-key]\n$ echo done\n");
  });
  test("a token file is a github-pat finding, reported without an encoding", () => {
    const v = decideSpan(base32(`GITHUB_TOKEN=${ghp}\n`));
    expect(v.findings.map((f) => [f.ruleId, f.encoding])).toEqual([["github-pat", "base32"]]);
    const report = spanReport({ ...v, total: v.findings.length }, "sanitize", { file: null, sha256: new Set(), diagnostics: [] });
    expect(SpanResult.safeParse(report).success).toBe(true);
    expect(report.findings[0]).not.toHaveProperty("encoding");
  });
  test("prose and random data are ALLOW", () => {
    expect(decideSpan(base32("The quick brown fox jumps over the lazy dog.\n".repeat(10))).decision).toBe("ALLOW");
    expect(decideSpan(base32(String.fromCharCode(...Array.from({ length: 600 }, (_, i) => (i * 131 + 7) % 128)))).decision).toBe("ALLOW");
  });
});
