/**
 * Encoded text that may hide a secret: base64 runs and percent-encoded runs. Each run is decoded
 * so the detector can scan it again; percent-decoding keeps a map back to the original offsets,
 * base64 does not (its findings cover the whole run).
 *
 * Both searches walk the text once with a character table. The regexes they replace
 * (`[A-Za-z0-9+/_-]{32,}` and a percent run with a leading `[...]*`) restarted at every
 * character of every word, which cost half the detector's time on ordinary text.
 */
export interface EncodedRun {
  start: number;
  end: number;
  encoding: "base64" | "url";
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
const BASE64 = _table("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/_-", 65536);
/** Characters a percent-encoded run may hold besides `%XX`. */
const URL_CHAR = _table("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.~!*'()+=&:;@/?,$-");
const HEX = _table("0123456789ABCDEFabcdef");
const QUAD_START = _table("CDEFGHIJKLMNOPQRSTUVWXYZabcdef");

/** The decodable runs of `text` (base64 only where the bytes are printable text). */
export function encodedRuns(text: string): EncodedRun[] {
  const runs: EncodedRun[] = [];
  _base64Runs(text, runs);
  if (text.includes("%")) _percentRuns(text, runs);
  return runs;
}

/** Maximal runs of 32+ base64 characters, with up to two `=` of padding. */
function _base64Runs(text: string, runs: EncodedRun[]): void {
  const n = text.length;
  let run = 0;
  for (let i = 0; i < n; i++) {
    // Branch-free on ordinary text, where base64 and other characters alternate unpredictably.
    run = BASE64[text.charCodeAt(i)]! * (run + 1);
    if (run < MIN_BASE64) continue;
    const start = i + 1 - MIN_BASE64;
    while (i + 1 < n && BASE64[text.charCodeAt(i + 1)] === 1) i++;
    run = 0;
    if (i + 1 - start > MAX_RUN || !_mayBePrintable(text, start, i + 1)) continue;
    let end = i + 1;
    while (end < n && end - i < 3 && text.charCodeAt(end) === EQUALS) end++;
    const encoded = text.slice(start, end);
    const decoded = _printable(Buffer.from(encoded, /[-_]/.test(encoded) ? "base64url" : "base64"));
    if (decoded !== undefined) runs.push({ start, end, encoding: "base64", decoded });
  }
}

/**
 * A bound that never rejects what `_printable` accepts, checked before paying for a decode: the
 * first character of each 4-character group holds the top 6 bits of a decoded byte, and only
 * `C`-`Z` and `a`-`f` (values 2 to 31) can start a printable byte, a tab or a line break. Most
 * identifiers and paths fail it, being mostly lower-case letters after `f`.
 */
function _mayBePrintable(text: string, start: number, end: number): boolean {
  let bad = 0;
  for (let i = start; i < end; i += 4) if (QUAD_START[text.charCodeAt(i)] !== 1) bad++;
  return bad * 20 <= Math.floor(((end - start) * 3) / 4);
}

/** Maximal runs of URL characters and `%XX` escapes that hold at least one escape. */
function _percentRuns(text: string, runs: EncodedRun[]): void {
  for (let at = text.indexOf("%"); at >= 0; at = text.indexOf("%", at + 1)) {
    if (!_isEscape(text, at)) continue;
    let start = at;
    while (start > 0 && _isUrlChar(text.charCodeAt(start - 1))) start--;
    let end = at;
    for (;;) {
      if (_isEscape(text, end)) end += 3;
      else if (end < text.length && _isUrlChar(text.charCodeAt(end))) end++;
      else break;
    }
    if (end - start >= MIN_PERCENT && end - start <= MAX_RUN) runs.push({ start, end, encoding: "url", ..._percentDecode(text, start, end) });
    at = end - 1;
  }
}

/** The bytes as text when nearly all are printable ASCII (a secret decodes to text). */
function _printable(bytes: Uint8Array): string | undefined {
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
  return text.charCodeAt(at) === PERCENT && _isHex(text.charCodeAt(at + 1)) && _isHex(text.charCodeAt(at + 2));
}

function _isUrlChar(c: number): boolean {
  return c < 128 && URL_CHAR[c] === 1;
}

function _isHex(c: number): boolean {
  return c < 128 && HEX[c] === 1;
}

function _table(chars: string, size = 128): Uint8Array {
  const table = new Uint8Array(size);
  for (let i = 0; i < chars.length; i++) table[chars.charCodeAt(i)] = 1;
  return table;
}
