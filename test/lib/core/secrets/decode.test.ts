import { describe, expect, test } from "bun:test";
import { type EncodedRun, encodedRuns } from "../../../../lib/core/secrets/decode.ts";
import type { EncodingMarks } from "../../../../lib/core/secrets/prefilter.ts";
import { RULES } from "../../../../lib/core/secrets/rules/index.ts";
import { prefilterOf } from "../../../../lib/core/secrets/scan.ts";
import { seeded } from "./fixtures.ts";

/**
 * The straightforward definition the linear scans must keep: regex searches, every base64 run
 * decoded and kept when nearly all its bytes are printable. Slow, so it lives only here.
 */
function reference(text: string): Array<Pick<EncodedRun, "start" | "end" | "encoding" | "decoded">> {
  const out: Array<Pick<EncodedRun, "start" | "end" | "encoding" | "decoded">> = [];
  const printable = (bytes: Buffer) => [...bytes].filter((b) => (b < 0x20 && b !== 9 && b !== 10 && b !== 13) || b > 0x7e).length * 20 <= bytes.length;
  for (const m of text.matchAll(/[A-Za-z0-9+/_-]{32,}={0,2}/g)) {
    if (m[0].length > 64 * 1024) continue;
    // A run of hex digits that decodes to text is a hex run (`xxd -p`), else it is read as base64.
    const hex = /^(?:[0-9a-fA-F]{2})+$/.test(m[0]) ? Buffer.from(m[0], "hex") : undefined;
    if (hex && printable(hex)) {
      out.push({ start: m.index, end: m.index + m[0].length, encoding: "hex", decoded: hex.toString("latin1") });
      continue;
    }
    const bytes = Buffer.from(m[0], /[-_]/.test(m[0]) ? "base64url" : "base64");
    if (printable(bytes)) {
      out.push({ start: m.index, end: m.index + m[0].length, encoding: "base64", decoded: bytes.toString("latin1") });
      continue;
    }
    // Session 11: else a run of base32 characters (its `=` padding left out) that decodes to text.
    const b32 = /^[A-Z2-7]*/.exec(m[0])![0];
    if (b32.length === m[0].replace(/=+$/, "").length && b32.length > 0) {
      const decoded = base32Decode(b32);
      if (decoded.length >= 16 && printable(decoded)) out.push({ start: m.index, end: m.index + b32.length, encoding: "base32", decoded: decoded.toString("latin1") });
    }
  }
  // This regex restarts at every character of every word: quadratic, hence the guard.
  if (!text.includes("%")) return out;
  for (const m of text.matchAll(/[\w.~!*'()+=&:;@/?,$-]*(?:%[0-9A-Fa-f]{2}[\w.~!*'()+=&:;@/?,$-]*)+/g)) {
    if (m[0].length < 12 || m[0].length > 64 * 1024) continue;
    out.push({ start: m.index, end: m.index + m[0].length, encoding: "url", decoded: decodeURIComponentLoose(m[0]) });
  }
  return out;
}

/** RFC 4648 base32 without padding, the straightforward way. */
function base32Decode(run: string): Buffer {
  const bits = [...run].map((c) => "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".indexOf(c).toString(2).padStart(5, "0")).join("");
  return Buffer.from(Array.from({ length: Math.floor(bits.length / 8) }, (_, i) => Number.parseInt(bits.slice(i * 8, i * 8 + 8), 2)));
}

function decodeURIComponentLoose(run: string): string {
  return run.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** What the detector's keyword pass marks in `text`. */
function marksOf(text: string): EncodingMarks {
  const marks: EncodingMarks = { percent: [], dumpLines: [] };
  prefilterOf(RULES).forEach(text, () => {}, marks);
  return marks;
}

const plain = (runs: EncodedRun[]) => runs.map(({ start, end, encoding, decoded }) => ({ start, end, encoding, decoded }));
const b64 = (s: string) => Buffer.from(s).toString("base64");
/** RFC 4648 base32 of the text's bytes (latin1), padded, as `base32` prints it (unwrapped). */
const b32 = (s: string) => {
  const bits = [...Buffer.from(s, "latin1")].map((b) => b.toString(2).padStart(8, "0")).join("");
  const out = Array.from({ length: Math.ceil(bits.length / 5) }, (_, i) => "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"[Number.parseInt(bits.slice(i * 5, i * 5 + 5).padEnd(5, "0"), 2)]).join("");
  return out.padEnd(Math.ceil(out.length / 8) * 8, "=");
};

describe("encodedRuns", () => {
  // [what the row shows, text]: each must agree with the reference definition.
  const rows: Array<[string, string]> = [
    ["a base64 sentence", `payload ${b64("export TOKEN=some value here!!")} end`],
    ["padding kept, at most two characters of it", `x ${b64("a sentence of thirty-one chars.")}=== y`],
    ["URL-safe base64", `v=${Buffer.from("text that is long enough to matter").toString("base64url")}`],
    ["a run of exactly 32 characters", b64("exactly twenty-four byte")],
    ["a run of 31 characters is too short", "A".repeat(31)],
    ["random bytes are not text", Buffer.from(Array.from({ length: 60 }, (_, i) => (i * 97 + 13) % 256)).toString("base64")],
    ["a long identifier is not text", "const thisIsAVeryLongIdentifierNameWithoutAnyBreak = 1"],
    ["a hex-encoded sentence (xxd -p)", `hex: ${Buffer.from("export TOKEN=some value here!!").toString("hex")} end`],
    ["a hex digest is not text", `sha256 ${Buffer.from(Array.from({ length: 32 }, (_, i) => (i * 73 + 200) % 256)).toString("hex")}`],
    ["an odd run of hex digits is read as base64", `${Buffer.from("sixteen bytes!!!").toString("hex")}a`],
    ["runs glued to padding and more base64", `${b64("first part of the encoded text")}=${b64("second part of the encoded text")}`],
    ["a run longer than 64 KiB is skipped", b64("x".repeat(50_000))],
    ["percent escapes in a query", "GET /a?token%3Dvalue%26next%3D1 HTTP/1.1"],
    ["a broken escape ends the run", "a%4%41bcdefghijklmn%zz%41%41"],
    ["a doubled percent sign", "%%41%41%41%41%41bcd"],
    ["a short percent run is skipped", "x%20y"],
    ["non-ASCII text around escapes", "\u00e9t\u00e9%41%42%43%44%45 \u20ac"],
    ["empty text", ""],
    // Session 11: base32 (`base32`, `basenc --base32`), with its padding.
    ["a base32 sentence", `b32 ${b32("export TOKEN=some value here!!")} end`],
    ["base32 of random bytes is not text", b32(String.fromCharCode(...Array.from({ length: 40 }, (_, i) => (i * 97 + 13) % 256)))],
    ["upper-case words are not base32 text", "THE_QUICK_BROWN_FOX_JUMPS_OVER_THE_LAZY_DOG"],
  ];
  test.each(rows)("agrees with the regex definition: %s", (_what, text) => {
    expect(plain(encodedRuns(text))).toEqual(reference(text));
    expect(plain(encodedRuns(text, marksOf(text)))).toEqual(reference(text));
  });

  test("agrees with the regex definition on random mixes of words, base64 and escapes (seeded)", () => {
    const rand = seeded(11);
    const piece = (): string => {
      const r = rand();
      const n = 1 + Math.floor(rand() * 60);
      if (r < 0.3) return b64(Array.from({ length: n }, () => String.fromCharCode(32 + Math.floor(rand() * 95))).join(""));
      if (r < 0.4) return Array.from({ length: n }, () => "ABCxyz019+/_-="[Math.floor(rand() * 14)]).join("");
      if (r < 0.5) return Buffer.from(Array.from({ length: n }, () => String.fromCharCode(32 + Math.floor(rand() * 95))).join("")).toString("hex");
      if (r < 0.55) return b32(Array.from({ length: n }, () => String.fromCharCode(32 + Math.floor(rand() * 95))).join(""));
      if (r < 0.7) return Array.from({ length: n }, () => ["%41", "%4", "%", "a", ".", "="][Math.floor(rand() * 6)]).join("");
      return [" ", "\n", "\u00e9", "\"", ":"][Math.floor(rand() * 5)]!;
    };
    for (let round = 0; round < 400; round++) {
      const text = Array.from({ length: 1 + Math.floor(rand() * 8) }, piece).join("");
      expect(plain(encodedRuns(text))).toEqual(reference(text));
      // Session 8: the detector hands over the `%` and `\n000` its keyword pass saw.
      expect(plain(encodedRuns(text, marksOf(text)))).toEqual(reference(text));
    }
  });

  test("percent runs map each decoded character back to its original offset", () => {
    const text = "q=a%3Db%26c%3Dd1234";
    const [run] = encodedRuns(text);
    expect(run?.decoded).toBe("q=a=b&c=d1234");
    expect(run?.offsets?.slice(0, 5)).toEqual([0, 1, 2, 3, 6]);
    expect(run?.offsets?.at(-1)).toBe(text.length);
  });
});
