import { hexDumpBlocks } from "./hex-dump.ts";
import type { EncodingMarks } from "./prefilter.ts";
import { charTable, HEX_DIGIT, isIn } from "./rules/shape.ts";

/**
 * Encoded text that may hide a secret: base64 runs (and base32 ones), hex runs (`xxd -p`, a hex-encoded value),
 * the dumps of `xxd`, `hexdump` and `od`, and percent-encoded runs. Each run is decoded so the
 * detector can scan it again; percent-decoding keeps a map back to the original offsets, the
 * others do not (their findings cover the whole run).
 *
 * Both searches are linear scans with character tables. The regexes they replace
 * (`[A-Za-z0-9+/_-]{32,}` and a percent run with a leading `[...]*`) restarted at every
 * character of every word, which cost half the detector's time on ordinary text.
 */
export interface EncodedRun {
  start: number;
  end: number;
  encoding: "base64" | "url" | "hex" | "base32";
  decoded: string;
  /** For `url`: original offset of each decoded character, plus one entry for the end. */
  offsets?: number[];
}

// 32 characters encode 24 bytes, the shortest token worth finding again.
const MIN_BASE64 = 32;
const MIN_PERCENT = 12;
const MAX_RUN = 64 * 1024;
const EQUALS = 61;
const PERCENT = 37;

/** Base64 (standard and URL-safe) alphabet, indexed by any UTF-16 unit so lookups need no range check. */
const BASE64 = charTable("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/_-", 65536);
/** Characters a percent-encoded run may hold besides `%XX`. */
const URL_CHAR = charTable("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.~!*'()+=&:;@/?,$-");
/** The value of each hex digit, -1 for other ASCII codes (a code past the table is none). */
const HEX_VALUE = new Int8Array(128).fill(-1);
for (const [i, c] of [..."0123456789abcdef"].entries()) (HEX_VALUE[c.charCodeAt(0)] = i), (HEX_VALUE[c.toUpperCase().charCodeAt(0)] = i);
/** The 6-bit value of each base64 character (both alphabets), -1 for others. */
const VALUE = new Int8Array(128).fill(-1);
for (const [i, c] of [..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"].entries()) VALUE[c.charCodeAt(0)] = i;
/** The 5-bit value of each base32 character, -1 for others. */
const BASE32_VALUE = new Int8Array(128).fill(-1);
for (const [i, c] of [..."ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"].entries()) BASE32_VALUE[c.charCodeAt(0)] = i;
VALUE["-".charCodeAt(0)] = 62;
VALUE["_".charCodeAt(0)] = 63;

/**
 * The decodable runs of `text` (base64, hex and dumps only where the bytes are printable text).
 * `marks` are the `%` and dump line starts the detector's keyword pass saw, else they are searched.
 */
export function encodedRuns(text: string, marks?: EncodingMarks): EncodedRun[] {
  const runs: EncodedRun[] = [];
  _base64Runs(text, runs);
  _percentRuns(text, runs, marks?.percent);
  for (const block of hexDumpBlocks(text, marks?.dumpLines)) {
    const decoded = printableText(block.bytes);
    if (decoded !== undefined) runs.push({ start: block.start, end: block.end, encoding: "hex", decoded });
  }
  return runs;
}

/**
 * Maximal runs of 32+ base64 characters, with up to two `=` of padding. The search probes the
 * 32nd character ahead and steps back only to the last non-base64 character before it, so on
 * ordinary text (short words) it reads a few characters per 32 instead of every one.
 */
function _base64Runs(text: string, runs: EncodedRun[]): void {
  const n = text.length;
  // `from` always follows a non-base64 character (or is 0): a run that reaches the probe starts there.
  let from = 0;
  while (from + MIN_BASE64 <= n) {
    let back = from + MIN_BASE64 - 1;
    while (back >= from && BASE64[text.charCodeAt(back)] === 1) back--;
    if (back >= from) {
      from = back + 1;
      continue;
    }
    let end = from + MIN_BASE64;
    while (end < n && BASE64[text.charCodeAt(end)] === 1) end++;
    const padded = Math.min(n, end + 2);
    let stop = end;
    while (stop < padded && text.charCodeAt(stop) === EQUALS) stop++;
    if (end - from <= MAX_RUN && !(stop === end && _decodeHex(text, from, end, runs)) && !(_mayBePrintable(text, from, end) && _decodeBase64(text, from, stop, runs))) _decodeBase32(text, from, end, runs);
    from = stop;
  }
}

function _decodeBase64(text: string, start: number, end: number, runs: EncodedRun[]): boolean {
  const encoded = text.slice(start, end);
  const decoded = printableText(Buffer.from(encoded, /[-_]/.test(encoded) ? "base64url" : "base64"));
  if (decoded !== undefined) runs.push({ start, end, encoding: "base64", decoded });
  return decoded !== undefined;
}

/**
 * A run of base32 characters (RFC 4648: `base32`, `basenc --base32`; upper-case letters and 2-7,
 * which base64's alphabet holds too) that decodes to text: added as a base32 run (session 11: a
 * key printed by `base32` passed). Any other character (a lower-case letter, 0, 1, 8, 9, `+`)
 * ends the test at once, so a base64 run pays a few reads. The `=` padding is left out.
 */
function _decodeBase32(text: string, start: number, end: number, runs: EncodedRun[]): void {
  for (let i = start; i < end; i++) if ((BASE32_VALUE[text.charCodeAt(i)] ?? -1) < 0) return;
  const bytes = new Uint8Array(Math.floor(((end - start) * 5) / 8));
  let bits = 0;
  let value = 0;
  let n = 0;
  for (let i = start; i < end; i++) {
    const v = BASE32_VALUE[text.charCodeAt(i)]!;
    value = ((value << 5) | v) & 0xfff;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes[n++] = (value >> bits) & 0xff;
    }
  }
  const decoded = printableText(bytes.subarray(0, n));
  if (decoded !== undefined) runs.push({ start, end, encoding: "base32", decoded });
}

/**
 * A run of hex digits (even length) that decodes to text: added as a hex run, and true. Printable
 * bytes have a high digit of 2 to 7 (0 for a tab or a line break), so a digest fails at once.
 */
function _decodeHex(text: string, start: number, end: number, runs: EncodedRun[]): boolean {
  if ((end - start) % 2 !== 0) return false;
  const limit = (end - start) / 40;
  let bad = 0;
  for (let i = start; i < end; i += 2) {
    // Past the table (a code over 127) is no hex digit.
    const high = HEX_VALUE[text.charCodeAt(i)] ?? -1;
    if (high < 0 || (HEX_VALUE[text.charCodeAt(i + 1)] ?? -1) < 0 || ((high < 2 || high > 7) && ++bad > limit)) return false;
  }
  const decoded = printableText(Buffer.from(text.slice(start, end), "hex"));
  if (decoded === undefined) return false;
  runs.push({ start, end, encoding: "hex", decoded });
  return true;
}

/**
 * A bound that never rejects what `printableText` accepts, checked before paying for a decode. In
 * each group of four characters the first holds the top 6 bits of the first byte, and only values
 * 2 to 31 (`C`-`Z`, `a`-`f`) start a printable byte, a tab or a line break; the third holds the
 * top bit of the third byte, which printable text never sets. Identifiers and paths fail it.
 */
function _mayBePrintable(text: string, start: number, end: number): boolean {
  // The count only grows: stop once it is over the bound (random data and identifiers pass it
  // within their first groups; a long run of them was read to its end).
  const limit = Math.floor(Math.floor(((end - start) * 3) / 4) / 20);
  let bad = 0;
  for (let i = start; i < end; i += 4) {
    const first = VALUE[text.charCodeAt(i)]!;
    if (first < 2 || first > 31) bad++;
    if (i + 3 < end && (VALUE[text.charCodeAt(i + 2)]! & 2) !== 0) bad++;
    if (bad > limit) return false;
  }
  return true;
}

/** Maximal runs of URL characters and `%XX` escapes that hold at least one escape (`percents`: every `%` of the text, when known). */
function _percentRuns(text: string, runs: EncodedRun[], percents: readonly number[] | undefined): void {
  let j = 0; // the next of `percents` to look at
  const nextPercent = (from: number) => {
    if (percents === undefined) return text.indexOf("%", from);
    while (j < percents.length && percents[j]! < from) j++;
    return j < percents.length ? percents[j]! : -1;
  };
  for (let at = nextPercent(0); at >= 0; at = nextPercent(at + 1)) {
    if (!_isEscape(text, at)) continue;
    let start = at;
    while (start > 0 && isIn(URL_CHAR, text.charCodeAt(start - 1))) start--;
    let end = at;
    for (;;) {
      if (_isEscape(text, end)) end += 3;
      else if (end < text.length && isIn(URL_CHAR, text.charCodeAt(end))) end++;
      else break;
    }
    if (end - start >= MIN_PERCENT && end - start <= MAX_RUN) runs.push({ start, end, encoding: "url", ..._percentDecode(text, start, end) });
    at = end - 1;
  }
}

/** The bytes as text when nearly all are printable ASCII (a secret decodes to text). */
function printableText(bytes: Uint8Array): string | undefined {
  if (bytes.length < 16) return undefined;
  let bad = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if ((b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) || b > 0x7e) bad++;
  }
  return bad * 20 > bytes.length ? undefined : Buffer.from(bytes).toString("latin1");
}

function _percentDecode(text: string, start: number, end: number): { decoded: string; offsets: number[] } {
  let decoded = "";
  const offsets: number[] = [];
  for (let i = start; i < end; ) {
    offsets.push(i);
    if (_isEscape(text, i)) {
      decoded += String.fromCharCode(Number.parseInt(text.slice(i + 1, i + 3), 16));
      i += 3;
    } else {
      decoded += text[i];
      i += 1;
    }
  }
  offsets.push(end);
  return { decoded, offsets };
}

function _isEscape(text: string, at: number): boolean {
  return text.charCodeAt(at) === PERCENT && isIn(HEX_DIGIT, text.charCodeAt(at + 1)) && isIn(HEX_DIGIT, text.charCodeAt(at + 2));
}
