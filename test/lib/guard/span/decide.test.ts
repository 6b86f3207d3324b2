import { expect, test } from "bun:test";
import { valueSha256 } from "../../../../lib/core/secrets/finding-hash.ts";
import { decideSpan } from "../../../../lib/guard/span/decide.ts";
import { decideStream, safeCut } from "../../../../lib/guard/span/stream.ts";
import { chars, token } from "../../core/secrets/fixtures.ts";

const ghp = token(["gh", "p_"], chars(36));
const dirty = `out: ${ghp}\n`;

// [mode, text, exempt the token?, decision, reason]
const ROWS: Array<[string, string, boolean, string, string]> = [
  ["sanitize", "plain text\n", false, "ALLOW", "ALLOW_NO_SECRET"],
  ["sanitize", dirty, false, "SANITIZE", "SANITIZE_SECRET"],
  ["ask", dirty, false, "ASK", "ASK_SECRET"],
  ["block", dirty, false, "BLOCK", "BLOCK_SECRET"],
  ["block", dirty, true, "ALLOW", "ALLOW_EXEMPTED"],
  ["sanitize", "bin\u0000ary", false, "BLOCK", "BLOCK_BINARY_INPUT"],
];

test.each(ROWS)("decideSpan in %s mode on %j (exempt: %p) is %s", (mode, text, exempt, decision, reason) => {
  const v = decideSpan(text, { mode: mode as "sanitize", exemptSha256: exempt ? new Set([valueSha256(ghp)]) : undefined });
  expect<string[]>([v.decision, v.reason]).toEqual([decision, reason]);
  expect(JSON.stringify(v.findings)).not.toContain(ghp);
  if (decision === "SANITIZE") expect(v.text).toBe("out: [REDACTED:github-pat]\n");
  if (decision === "ALLOW") expect(v.text).toBe(text);
  if (decision === "ASK" || decision === "BLOCK") expect(v.text).toBeUndefined();
});

async function* bytes(...chunks: Array<string | Uint8Array>): AsyncGenerator<Uint8Array> {
  for (const c of chunks) yield typeof c === "string" ? new TextEncoder().encode(c) : c;
}

test("the stream verdict matches decideSpan and the spooled text is the sanitized text", async () => {
  const v = await decideStream(bytes("head\n", dirty));
  expect(v.decision).toBe("SANITIZE");
  expect([...v.spool!.read()].join("")).toBe(`head\nout: [REDACTED:github-pat]\n`);
  expect(v.findings[0]).toMatchObject({ line: 2, column: 6, start: 10 });
  v.spool!.close();
});

test("a multi-byte character split across chunks decodes, invalid UTF-8 and NUL bytes block", async () => {
  const euro = new TextEncoder().encode("€ ok");
  expect((await decideStream(bytes(euro.slice(0, 1), euro.slice(1)))).decision).toBe("ALLOW");
  expect((await decideStream(bytes(new Uint8Array([0x61, 0xc3, 0x28])))).reason).toBe("BLOCK_INVALID_UTF8");
  expect((await decideStream(bytes("a", new Uint8Array([0])))).reason).toBe("BLOCK_BINARY_INPUT");
});

test("a 50 MiB stream is scanned in segments, spooled to disk and keeps stream offsets", async () => {
  const line = `${"lorem ipsum dolor sit amet ".repeat(3)}\n`;
  const block = line.repeat(Math.ceil((1024 * 1024) / line.length));
  async function* big(): AsyncGenerator<Uint8Array> {
    const enc = new TextEncoder().encode(block);
    for (let i = 0; i < 50; i++) yield enc;
    yield new TextEncoder().encode(dirty);
  }
  const v = await decideStream(big());
  expect(v.decision).toBe("SANITIZE");
  expect(v.findings[0]!.start).toBe(block.length * 50 + 5);
  expect(v.findings[0]!.line).toBe(block.split("\n").length * 50 - 50 + 1);
  let size = 0;
  for (const chunk of v.spool!.read()) size += chunk.length;
  expect(size).toBe(block.length * 50 + "out: [REDACTED:github-pat]\n".length);
  v.spool!.close();
});

test("segments end after a line, never inside an open private key block or a continued line", () => {
  expect(safeCut("aaa\nbbb\nccc", 9)).toBe(8);
  expect(safeCut("x\n-----BEGIN K-----\nbody\nbody", 20)).toBe(2);
  expect(safeCut("a\ncurl \\\n -u x:y\nz", 10)).toBe(2);
  expect(safeCut("nolinebreak", 5)).toBe(5);
});
