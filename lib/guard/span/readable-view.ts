import { detectSecrets, locateFindings, type SecretFinding } from "../../core/secrets/detect.ts";
import { charFields, decimalFields, insideHexDump, MAX_TYPES, OFFSETLESS_DECIMAL_WIDTHS } from "../../core/secrets/hex-dump.ts";
import { RULES } from "../../core/secrets/rules/index.ts";
import { charTable, HEX_DIGIT, isIn } from "../../core/secrets/rules/shape.ts";
import type { SecretRule } from "../../core/secrets/types.ts";
import { Windows } from "../../core/secrets/windows.ts";
import { wrappedTokenFindings } from "./joins.ts";

/** Terminal escapes: CSI (colours, cursor moves), OSC (hyperlinks, titles; capped), and two-character ESC sequences. */
const TERMINAL_ESCAPE = /\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b\n]{0,2048}(?:\x07|\x1b\\)?|[@-Z\\-_])/y;
/** The JSON escapes `\uXXXX` and `\/`. */
const JSON_ESCAPE = /\\(?:u([0-9a-fA-F]{4})|(\/))/y;
/** HTML character references: numeric (the `;` optional, as browsers read them) and the named ones a token's characters have. */
const HTML_ENTITY = /&(?:#(?:[xX]([0-9a-fA-F]{1,6})|(\d{1,7}));?|([A-Za-z]{2,8});)/y;
const NAMED: Record<string, string> = {
  amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", lowbar: "_", UnderBar: "_", sol: "/", plus: "+",
  equals: "=", period: ".", hyphen: "-", dash: "-", colon: ":", commat: "@", num: "#", percnt: "%", excl: "!", quest: "?", ast: "*",
};
/** Characters Markdown escapes with a backslash that tokens hold (`ghp\_…`); decoded only between token characters. */
const MARKDOWN_ESCAPED = charTable("_-+.=~*");
const TOKEN_CHAR = charTable("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-+.=~/");
const DIGIT = charTable("0123456789");
const NON_ASCII = /[^\x00-\x7f]/;
const NON_ASCII_ALL = /[^\x00-\x7f]+/g;
/** Standard base64 characters (the alphabet `base64` and `openssl base64` wrap), by character code. */
const BASE64 = charTable("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/");
/** Line widths of wrapped base64: PEM and `openssl` use 64, GNU `base64` 76. */
const MIN_WRAP = 60;
const MAX_WRAP = 128;

/** One change the view makes: `put` (possibly empty) at `at` in the view stands for `from`..`to` of the original. */
interface ViewEdit {
  at: number;
  put: number;
  from: number;
  to: number;
}

/** The text as a reader sees it, and its edits (sorted) to map offsets back to the original. */
export interface ReadableView {
  text: string;
  edits: ViewEdit[];
}

/**
 * The findings in `text`, in its readable view ({@link readableView}) and of the tokens
 * hard-wrapped or split in that view (joins.ts), in original offsets: sorted, disjoint (overlaps
 * merge, named by the most confident; a counted finding wins over an exempted one), with lines
 * and columns of `text`.
 */
export function spanFindings(text: string, exemptSha256?: ReadonlySet<string>): SecretFinding[] {
  const found = detectSecrets(text, { exemptSha256 });
  const view = readableView(text);
  const seen = wrappedTokenFindings(view?.text ?? text, exemptSha256);
  // The view equals the text outside its changes: only the regions around them are read again.
  if (view !== undefined) {
    for (const [from, to] of changedRegions(view)) {
      for (const f of detectSecrets(view.text.slice(from, to), { exemptSha256 })) seen.push({ ...f, start: f.start + from, end: f.end + from });
    }
  }
  if (seen.length === 0) return found;
  const mapped = view === undefined ? seen : seen.map((f) => ({ ...f, start: originalOffset(view, f.start), end: originalOffset(view, f.end, true) }));
  const merged = mergeFindings([...found, ...mapped]);
  locateFindings(text, merged);
  return merged;
}

/**
 * `text` without what hides a token from the detector but not from a reader: terminal escapes,
 * invisible characters, JSON `\uXXXX`/`\/` escapes, HTML character references and Markdown's
 * backslash before `_-+.=~*` inside a token (decoded), the line breaks inside a block of
 * wrapped base64 (joined, so the block decodes as one run), with a BEGIN line before the tail
 * of a private key that lost its own, and with offsets before the lines of a dump that has none
 * (`od -An`, `xxd -i`), which the detector then reads as a dump. Undefined when there is none.
 */
export function readableView(text: string): ReadableView | undefined {
  const changes = _hiddenChanges(text);
  const dumpLines: number[] = [];
  const breaks = _wrappedBase64Breaks(text, dumpLines);
  const tails = _keyTails(text);
  const dumps = dumpLines.length > 0 ? _offsetlessDumps(text, dumpLines) : [];
  if (changes.length === 0 && breaks.length === 0 && tails.length === 0 && dumps.length === 0) return undefined;
  const all = changes.concat(breaks, tails, dumps).sort((a, b) => a[0] - b[0]);
  const parts: string[] = [];
  const edits: ViewEdit[] = [];
  let length = 0;
  let from = 0;
  for (const [start, to, put] of all) {
    if (start < from) continue; // a JSON escape inside an OSC sequence already removed
    parts.push(text.slice(from, start), put);
    length += start - from;
    edits.push({ at: length, put: put.length, from: start, to });
    length += put.length;
    from = to;
  }
  parts.push(text.slice(from));
  return { text: parts.join(""), edits };
}

/**
 * The original offset of view offset `i`. A start inside a decoded escape maps to the escape's
 * start; an end maps to just after the last character it covers, so a removed escape right
 * after a finding (a colour reset) stays.
 */
export function originalOffset(view: ReadableView, i: number, end = false): number {
  let lo = 0;
  let hi = view.edits.length;
  // The first edit at or after i (an end: after i), so edits[lo - 1] is the last one before.
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const at = view.edits[mid]!.at;
    if (end ? at < i : at <= i) lo = mid + 1;
    else hi = mid;
  }
  const edit = view.edits[lo - 1];
  if (edit === undefined) return i;
  return i < edit.at + edit.put ? edit.from : i - edit.at - edit.put + edit.to;
}

/**
 * What the view removes or decodes: found from `indexOf` of ESC, backslash and `&`, and a
 * character-class search only in text that is not all ASCII (a regex over all three runs at a
 * fifth of the speed on ordinary output).
 */
function _hiddenChanges(text: string): [from: number, to: number, put: string][] {
  const changes: [number, number, string][] = [];
  for (let i = text.indexOf("\x1b"); i >= 0; i = text.indexOf("\x1b", i + 1)) {
    TERMINAL_ESCAPE.lastIndex = i;
    const m = TERMINAL_ESCAPE.exec(text);
    if (m) changes.push([i, i + m[0].length, ""]);
  }
  // The character after a backslash or `&` is tested before a regex runs: code holds many of both
  // (`\n` in strings, `&&`), and few are escapes.
  for (let i = text.indexOf("\\"); i >= 0; i = text.indexOf("\\", i + 1)) {
    const next = text.charCodeAt(i + 1);
    if (next === 117 || next === 47) {
      JSON_ESCAPE.lastIndex = i;
      const m = JSON_ESCAPE.exec(text);
      if (m) {
        changes.push([i, i + m[0].length, m[1] !== undefined ? String.fromCharCode(Number.parseInt(m[1], 16)) : "/"]);
        continue;
      }
    }
    if (isIn(MARKDOWN_ESCAPED, next) && isIn(TOKEN_CHAR, text.charCodeAt(i - 1)) && isIn(TOKEN_CHAR, text.charCodeAt(i + 2))) changes.push([i, i + 1, ""]);
  }
  for (let i = text.indexOf("&"); i >= 0; i = text.indexOf("&", i + 1)) {
    const next = text.charCodeAt(i + 1) | 32; // `#` stays `#`, a letter becomes lower case
    if (next !== 35 && (next < 97 || next > 122)) continue;
    HTML_ENTITY.lastIndex = i;
    const m = HTML_ENTITY.exec(text);
    const put = m === null ? undefined : m[3] !== undefined ? NAMED[m[3]] : _codePoint(m[1] !== undefined ? Number.parseInt(m[1], 16) : Number(m[2]));
    if (put !== undefined) changes.push([i, i + m![0].length, put]);
  }
  if (NON_ASCII.test(text)) {
    for (const m of text.matchAll(NON_ASCII_ALL)) {
      for (let i = 0; i < m[0].length; i++) if (_isInvisible(m[0].charCodeAt(i))) changes.push([m.index + i, m.index + i + 1, ""]);
    }
  }
  return changes;
}

/** Invisible format characters: soft hyphen, zero-width spaces and joiners, word joiner, BOM, bidi controls (a regex per character cost more). */
function _isInvisible(c: number): boolean {
  return c === 0xad || c === 0x180e || (c >= 0x200b && c <= 0x200f) || (c >= 0x202a && c <= 0x202e) || (c >= 0x2060 && c <= 0x2064) || (c >= 0x2066 && c <= 0x2069) || c === 0xfeff;
}

/** The character of a numeric reference, or undefined for a NUL, a surrogate or beyond Unicode. */
function _codePoint(n: number): string | undefined {
  return n === 0 || n > 0x10ffff || (n >= 0xd800 && n <= 0xdfff) ? undefined : String.fromCodePoint(n);
}

/** A private key's END line; a key body line (base64, or a PGP checksum `=XXXX`). */
const KEY_END = /^-----END[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----/;
const KEY_LINE = /^=?[A-Za-z0-9+/=]{4,}$/;
/** Body lines a key tail may have (the private-key rule reads 400 lines after BEGIN). */
const MAX_KEY_LINES = 400;

/**
 * The tail of a private key whose BEGIN line is gone (`tail id_rsa`, an output cut at the head):
 * a BEGIN line is put before its body lines, so the private-key rule reads the rest as a key.
 */
function _keyTails(text: string): [from: number, to: number, put: string][] {
  const tails: [number, number, string][] = [];
  for (let i = text.indexOf("-----END"); i >= 0; i = text.indexOf("-----END", i + 8)) {
    if (!KEY_END.test(text.slice(i, i + 140))) continue;
    let at = text.lastIndexOf("\n", i - 1) + 1;
    let lines = 0;
    for (; at > 0 && lines < MAX_KEY_LINES; lines++) {
      const prev = text.lastIndexOf("\n", at - 2) + 1;
      if (!KEY_LINE.test(text.slice(prev, at - 1).trim())) break;
      at = prev;
    }
    const before = at > 0 ? text.slice(text.lastIndexOf("\n", at - 2) + 1, at) : "";
    if (lines >= 2 && !before.includes("BEGIN")) tails.push([at, at, "-----BEGIN PRIVATE KEY-----\n"]);
  }
  return tails;
}

/**
 * Whether the line break before `at` (a line start) lies inside a block of wrapped base64, which
 * the view joins: the line before is a full-width base64 line and the line at `at` continues it.
 */
export function insideWrappedBase64(text: string, at: number): boolean {
  if (at < 2 || text.charCodeAt(at - 1) !== 10) return false;
  const prevStart = text.lastIndexOf("\n", at - 2) + 1;
  const prevEnd = _contentEnd(text, prevStart, at - 1);
  const width = prevEnd - prevStart;
  if (width < MIN_WRAP || width > MAX_WRAP || width % 4 !== 0 || text.charCodeAt(prevEnd - 1) === 61 || !_isBase64(text, prevStart, prevEnd)) return false;
  const nl = text.indexOf("\n", at);
  const nextEnd = _contentEnd(text, at, nl < 0 ? text.length : nl);
  return nextEnd > at && nextEnd - at <= width && _isBase64(text, at, nextEnd);
}

/** Whether the line before the one at `start` is a PEM BEGIN line (escapes may split it) or a PEM header. */
function _pemArmor(text: string, start: number): boolean {
  if (start === 0) return false;
  const line = text.slice(text.lastIndexOf("\n", start - 2) + 1, start - 1);
  return line.includes("BEGIN") || /^(?:Proc-Type|DEK-Info):/.test(line);
}

/** Where a line's content ends (before a `\r`). */
function _contentEnd(text: string, start: number, end: number): number {
  return end > start && text.charCodeAt(end - 1) === 13 ? end - 1 : end;
}

/** Whether `text[start, end)` is base64 characters with up to two `=` of padding. */
function _isBase64(text: string, start: number, end: number): boolean {
  let stop = end;
  while (stop > start && end - stop < 2 && text.charCodeAt(stop - 1) === 61) stop--;
  for (let i = start; i < stop; i++) {
    const c = text.charCodeAt(i);
    if (c >= 128 || BASE64[c] === 0) return false;
  }
  return true;
}

/**
 * The line breaks inside blocks of base64 lines of one width (the last line may be shorter). The
 * same pass collects in `dumpLines` the starts of lines that may begin a dump without offsets
 * ({@link _offsetlessDumps}): a test of their first characters, so no text pays a second line scan.
 */
function _wrappedBase64Breaks(text: string, dumpLines: number[]): [number, number, string][] {
  const breaks: [number, number, string][] = [];
  let width = 0; // the open block's line width, 0 when none is open
  let prevEnd = -1; // where the previous line's content ended
  for (let start = 0; start < text.length; ) {
    const nl = text.indexOf("\n", start);
    const end = nl < 0 ? text.length : nl;
    const contentEnd = _contentEnd(text, start, end);
    const len = contentEnd - start;
    // A PEM body is left as lines: the private-key rule reads it so, also when cut off.
    const candidate = width > 0 ? len > 0 && len <= width : len >= MIN_WRAP && len <= MAX_WRAP && len % 4 === 0;
    if (candidate && _isBase64(text, start, contentEnd) && (width > 0 || !_pemArmor(text, start))) {
      if (width > 0) breaks.push([prevEnd, start, ""]);
      const full = width === 0 || len === width;
      width = full && text.charCodeAt(contentEnd - 1) !== 61 ? len : 0;
    } else {
      width = 0;
    }
    if (len >= 3 && text.charCodeAt(start) === 32 && _mayStartDump(text, start, len)) dumpLines.push(start);
    prevEnd = contentEnd;
    start = end + 1;
  }
  return breaks;
}

/**
 * Lines of dumps without an offset column: `od -An` with `-t x1` (bytes), `-x`, `-t x4`, `-t x8`
 * (little-endian words), no format (octal words), `-c` (characters) and `-b` (octal bytes, read as `-c`'s
 * fields), also with a `z` suffix and with several types (session 11: {@link _typedDump}), and
 * `xxd -i` (C include lines). od's are given the offset
 * `0000000` and xxd's are rewritten as `xxd -g1` lines, so the detector's dump reader
 * (hex-dump.ts) reads the block and a finding covers it whole.
 */
// Up to 64 bytes a line (`od -w64`; review B: wider lines were not read).
const OD_BYTES = /^(?: [0-9a-f]{2}){1,64}(?: +>.*<)? *$/;
// Words of 2 bytes (`-x`), and since session 10 of 4 and 8 (`-t x4`, `-t x8`; one width a line:
// the dump reader refuses a line of mixed widths).
const OD_WORDS = /^(?: (?:[0-9a-f]{16}|[0-9a-f]{8}|[0-9a-f]{4})){1,32}(?: +>.*<)? *$/;
/** od -An with no format: little-endian 16-bit words in octal (session 8). */
const OD_OCTAL = /^(?: [0-7]{6}){1,32}(?: +>.*<)? *$/;
const OD_CHARS = /^(?: {3}[^ ]| {2}\\[0abtnvfr]| [0-7]{3}| {4}){1,64}$/;
const XXD_INCLUDE = /^ {2}((?:0[xX][0-9a-fA-F]{2}, ){0,63}0[xX][0-9a-fA-F]{2}),?$/;
/** od -An's decimal forms (`-t u1`, `-t d1`, `-d`, `-i`, …: session 9), read as hex-dump.ts's decimalFields reads them. */
const OD_DECIMAL = { test: (line: string): boolean => line.length <= 1400 && /^ +-?\d/.test(line) && decimalFields(_zless(line), []) };
const DUMP_FORMATS: ReadonlyArray<{ test(line: string): boolean }> = [OD_BYTES, OD_WORDS, OD_OCTAL, OD_CHARS, XXD_INCLUDE, OD_DECIMAL];
/** The fewest bytes a block must show: the detector decodes 16 bytes and more. */
const MIN_DUMP_BYTES = 16;

/**
 * An od line without the characters a `z` type suffix adds (`-t x1z`: `  >BEGIN harmless s<`,
 * session 11); the formats above read the rest, and the detector's dump reader the whole line.
 */
function _zless(line: string): string {
  if (line.charCodeAt(line.length - 1) !== 60) return line;
  const at = line.indexOf("  >");
  return at < 0 ? line : line.slice(0, at);
}

/**
 * Whether the line at `start` (`len` characters, the first a space) may be the first of a dump
 * without offsets: ` 2d 2d`/` 2d2d` (od), `   -` (od -c: three spaces and a character) or
 * `  0x2d` (xxd -i). Indented code fails at the second to fourth character.
 */
function _mayStartDump(text: string, start: number, len: number): boolean {
  const c1 = text.charCodeAt(start + 1);
  if (c1 !== 32) return isIn(HEX_DIGIT, c1) && isIn(HEX_DIGIT, text.charCodeAt(start + 2)) && (len === 3 || text.charCodeAt(start + 3) === 32 || (len >= 5 && isIn(HEX_DIGIT, text.charCodeAt(start + 3))));
  const c2 = text.charCodeAt(start + 2);
  if (c2 === 48 && (text.charCodeAt(start + 3) | 32) === 120) return true; // `  0x`
  if (c2 === 32 && len % 4 === 0 && len <= 128 && text.charCodeAt(start + 3) !== 32) return true;
  return _decimalStart(text, start, len);
}

/**
 * Whether a line (its first character a blank) may be the first of an `od -An` decimal dump
 * (`  72 101 108`, `   -1  101`): it holds whole fields of one of od's widths, two at least, and
 * its first is blanks and a number right-aligned in it. A few character reads for an indented
 * line of code or JSON: the length decides most.
 */
function _decimalStart(text: string, start: number, len: number): boolean {
  // Its last character is a digit (a line of code ends with `;`, `{`, `,`…): one read for most;
  // a `z` suffix's characters (`  >…<`) are left out of the widths.
  if (text.charCodeAt(start + len - 1) === 60) len = _zless(text.slice(start, start + len)).trimEnd().length;
  if (!isIn(DIGIT, text.charCodeAt(start + len - 1))) return false;
  for (const width of OFFSETLESS_DECIMAL_WIDTHS) {
    if (len < 2 * width) return false;
    if (len % width !== 0 || text.charCodeAt(start + width) !== 32 || !isIn(DIGIT, text.charCodeAt(start + width - 1))) continue;
    let k = start + width - 1;
    while (k > start && isIn(DIGIT, text.charCodeAt(k - 1))) k--;
    if (k > start && text.charCodeAt(k - 1) === 45) k--;
    let blank = start;
    while (blank < k && text.charCodeAt(blank) === 32) blank++;
    if (blank === k && k > start) return true;
  }
  return false;
}

/**
 * Whether the line at `at` (a line start) continues a dump without offsets: the line before it
 * and this one are lines of one format (a stream segment cut there would split the dump).
 */
export function insideOffsetlessDump(text: string, at: number): boolean {
  if (at < 2 || text.charCodeAt(at - 1) !== 10) return false;
  const prevStart = text.lastIndexOf("\n", at - 2) + 1;
  const before = text.slice(prevStart, _contentEnd(text, prevStart, at - 1));
  if (before.length < 3 || before.charCodeAt(0) !== 32) return false;
  const nl = text.indexOf("\n", at);
  const here = text.slice(at, _contentEnd(text, at, nl < 0 ? text.length : nl));
  const format = DUMP_FORMATS.find((f) => f.test(before));
  if (format !== undefined && (format.test(here) || (here === "*" && format !== XXD_INCLUDE))) return true;
  // od -An with several types (session 11): padded lines of the other types between the lines of
  // one format. Inside when `here` is such a format's line or a `*` and `before` a padded one, or
  // both padded and a format's line is among the lines of its group before.
  const typed = (line: string) => line === "*" || _anTypeLine(line);
  const odLine = (line: string) => line !== "*" && DUMP_FORMATS.some((f) => f !== XXD_INCLUDE && f.test(line));
  if (!typed(here) || !typed(before)) return false;
  if (odLine(here)) return true;
  let from = prevStart;
  let line = before;
  for (let n = 0; n < MAX_TYPES && typed(line); n++) {
    if (odLine(line)) return true;
    if (from === 0) break;
    from = text.lastIndexOf("\n", from - 2) + 1;
    line = text.slice(from, _contentEnd(text, from, text.indexOf("\n", from)));
  }
  return false;
}

/** The edits that give the dump blocks starting at `starts` offsets (xxd -i: rewritten lines). */
function _offsetlessDumps(text: string, starts: number[]): [from: number, to: number, put: string][] {
  const edits: [number, number, string][] = [];
  let done = -1; // where the last block ended: a later start inside it is one of its lines
  for (const first of starts) {
    if (first <= done) continue;
    const before = done;
    const block: [number, number, string][] = [];
    let format: { test(line: string): boolean } | undefined;
    let bytes = 0;
    let shown: string[] | undefined; // od -c lines, for two types of that shape
    let at = first;
    for (; at < text.length; ) {
      const nl = text.indexOf("\n", at);
      const end = nl < 0 ? text.length : nl;
      const line = text.slice(at, _contentEnd(text, at, end));
      format ??= DUMP_FORMATS.find((f) => f.test(line));
      if (format === undefined) break;
      if (line === "*" && format !== XXD_INCLUDE) {
        block.push([at, at, ""]);
      } else if (format === XXD_INCLUDE) {
        const m = XXD_INCLUDE.exec(line);
        if (m === null) break;
        const hex = m[1]!.replace(/0[xX]|, /g, (s) => (s === ", " ? " " : ""));
        bytes += (hex.length + 1) / 3;
        block.push([at, at + line.length, `00000000: ${hex.toLowerCase()}`]);
      } else {
        if (!format.test(line)) break;
        bytes += _lineBytes(format, line);
        block.push([at, at, "0000000"]);
        if (format === OD_CHARS) (shown ??= []).push(line);
      }
      done = end;
      if (nl < 0) break;
      at = nl + 1;
    }
    // `od -An -t o1 -t c` (`-c -b`): two types whose lines are both `-c`'s shape, each pair the same bytes.
    if (shown !== undefined && shown.length >= 2 && shown.length % 2 === 0 && _pairsRepeat(shown)) {
      let n = 0;
      for (const e of block) if (e[2] !== "" && n++ % 2 === 1) e[2] = "      ";
      bytes /= 2;
    }
    // One line of a format, the next of none: perhaps od -An with several types (session 11).
    if (block.length === 1 && format !== undefined && format !== XXD_INCLUDE && at < text.length) {
      // A padded line may read as a format too (`  41  42` as `-t u1`): then the next line is the widest type's.
      const nl = text.indexOf("\n", at);
      const second = text.slice(at, _contentEnd(text, at, nl < 0 ? text.length : nl));
      const other = DUMP_FORMATS.find((f) => f !== XXD_INCLUDE && f !== format && f.test(second));
      const typed = _typedDump(text, first, format, before) ?? (other === undefined ? undefined : _typedDump(text, at, other, before));
      if (typed !== undefined) {
        edits.push(...typed.edits);
        done = typed.end;
        continue;
      }
    }
    if (bytes >= MIN_DUMP_BYTES) for (const e of block) if (e[2] !== "") edits.push(e);
  }
  return edits;
}

/**
 * Whether each pair of `od -c`-shaped lines shows the same bytes: `-t o1` (`-b`) prints every
 * byte as `-c` prints those it cannot show (` 102`), so `od -An -t o1 -t c` is lines of one shape.
 */
function _pairsRepeat(lines: string[]): boolean {
  for (let i = 0; i < lines.length; i += 2) if (_charBytes(lines[i]!) !== _charBytes(lines[i + 1]!)) return false;
  return true;
}

/** The bytes of an `od -c`-shaped line (hex-dump.ts charFields), as a string. */
function _charBytes(line: string): string {
  const out: number[] = [];
  charFields(line, out);
  return out.join();
}

/** The bytes one od -An line of `format` shows. */
function _lineBytes(format: { test(line: string): boolean }, od: string): number {
  const line = format === OD_CHARS ? od : _zless(od);
  return format === OD_BYTES ? line.trimEnd().length / 3 : format === OD_WORDS ? _hexDigits(line) / 2 : format === OD_OCTAL ? (line.trimEnd().length / 7) * 2 : format === OD_DECIMAL ? _decimalBytes(line) : line.length / 4;
}

/**
 * A line od -An prints for a type other than the one read, padded to the widest type's width:
 * numbers in hex, octal or decimal (`  42  45`, `    4542`, `  -1`, a `z` suffix's characters
 * after them), or `-t c`'s characters, escapes and octal codes each after blanks (`    B    E`).
 */
const OD_NUMBERS = /^[ 0-9a-f-]*[0-9a-f][ 0-9a-f-]*$/;
const OD_PADDED_CHARS = /^(?: +(?:[0-7]{3}|\\[0abtnvfr]|[^ ]))+ *$/;
const _anTypeLine = (line: string): boolean => line.length >= 3 && line.length <= 400 && line.charCodeAt(0) === 32 && (OD_NUMBERS.test(_zless(line)) || OD_PADDED_CHARS.test(line));

/**
 * `od -An` with several types (`-t x1 -t c`, `-x -c`, `-t x1 -t x4`): od prints each 16 bytes
 * once per type, a line each, every type's fields padded to the widest type's line, so the
 * widest type's lines are lines of one of the formats above (`format`, the line at `first`) and
 * the others are padded lines of blanks and fields. The type count `k` is the distance to the
 * next line of `format`; the lines of the first group before `first` are those (after `done`) as
 * long as the same type's line of the next group. The view gives each line of `format` the
 * offset `0000000` and every other line six blanks, so the detector reads the block as a dump of
 * several types with offsets (hex-dump.ts: the bytes are those of `format`'s lines, type lines
 * covered); the first group's earlier lines are replaced by the first offset, and a `*` (groups
 * left out) is left out. Undefined when the lines do not repeat so or show fewer than 16 bytes.
 */
function _typedDump(text: string, first: number, format: { test(line: string): boolean }, done: number): { edits: [number, number, string][]; end: number } | undefined {
  // The lines from `first` on, as far as one group may reach (more are read below).
  const starts: number[] = [];
  const lines: string[] = [];
  const read = (at: number) => {
    const nl = text.indexOf("\n", at);
    const end = nl < 0 ? text.length : nl;
    starts.push(at);
    lines.push(text.slice(at, _contentEnd(text, at, end)));
    return nl < 0 ? text.length + 1 : nl + 1;
  };
  let next = read(first);
  let k = 0;
  // The lengths of the other types' lines up to the next line of `format`.
  const widths: number[] = [];
  while (k === 0 && widths.length < MAX_TYPES && next <= text.length) {
    next = read(next);
    const line = lines[lines.length - 1]!;
    if (widths.length > 0 && format.test(line)) k = widths.length + 1;
    else if (_anTypeLine(line)) widths.push(line.length);
    else if (line !== "*") return undefined;
  }
  if (k === 0) return undefined;
  // The first group's lines before `first`: each as long as its type's line in the next group.
  let lead = first;
  let p = 0;
  while (p < k - 1 && lead > 0) {
    const start = text.lastIndexOf("\n", lead - 2) + 1;
    const line = text.slice(start, _contentEnd(text, start, lead - 1));
    if (start <= done || !_anTypeLine(line) || format.test(line) || line.length !== widths[k - p - 2]) break;
    lead = start;
    p++;
  }
  const edits: [number, number, string][] = [[lead, first, "0000000"]];
  let bytes = _lineBytes(format, lines[0]!);
  let end = first + lines[0]!.length;
  // After each line of `format`: k - 1 lines of the other types, and `*` where od left out repeated groups.
  let others = 0;
  let pending: [number, number, string][] = [];
  for (let i = 1; ; i++) {
    if (i === lines.length) {
      if (next > text.length) break;
      next = read(next);
    }
    const line = lines[i]!;
    const at = starts[i]!;
    if (others === k - 1 && format.test(line)) {
      edits.push(...pending, [at, at, "0000000"]);
      pending = [];
      bytes += _lineBytes(format, line);
      end = at + line.length;
      others = 0;
    } else if (line === "*") {
      // Left out of the view: the detector reads no bytes from it, and the lines of the types
      // around it then count as in any other group.
      const nl = text.indexOf("\n", at);
      pending.push([at, nl < 0 ? text.length : nl + 1, ""]);
    } else if (others < k - 1 && _anTypeLine(line)) {
      pending.push([at, at, "      "]);
      others++;
      // The last group's lines after its line of `format` (k - 1 - p of them) end the block.
      if (others <= k - 1 - p) {
        edits.push(...pending);
        pending = [];
        end = at + line.length;
      }
    } else break;
  }
  if (bytes < MIN_DUMP_BYTES) return undefined;
  return { edits, end };
}

/** The hex digits of an od -An word line (its blanks left out). */
function _hexDigits(line: string): number {
  let n = 0;
  for (let i = 0; i < line.length; i++) if (line.charCodeAt(i) !== 32) n++;
  return n;
}

/** The bytes an od -An decimal line shows. */
function _decimalBytes(line: string): number {
  const out: number[] = [];
  decimalFields(line, out);
  return out.length;
}

/** Findings of one text, sorted and disjoint: overlaps merge, named by the most confident; a counted finding wins over an exempted one. */
export function mergeFindings(findings: SecretFinding[]): SecretFinding[] {
  const out: SecretFinding[] = [];
  for (const f of findings.sort((a, b) => a.start - b.start || b.end - a.end)) {
    const last = out[out.length - 1];
    if (!last || f.start >= last.end) {
      out.push(f);
      continue;
    }
    const best = Boolean(last.exempted) !== Boolean(f.exempted) ? (last.exempted ? f : last) : f.confidence > last.confidence ? f : last;
    out[out.length - 1] = { ...best, start: last.start, end: Math.max(last.end, f.end) };
  }
  return out;
}

/**
 * Rules whose window reaches more lines after its keyword than {@link CONTEXT_LINES} (a private
 * key: 400): a region is widened to the whole window of each of their keywords in or before it.
 */
const LONG_LINES = 16;
const LONG_RULES = RULES.filter((r) => (r.extraLines ?? 0) > LONG_LINES || r.windowEnd !== undefined);
/**
 * Their keywords (lower case, matched in any case), each with its lead of characters that have
 * no case (`-----`) to search for, and its rule (a private key's window is 400 lines, a
 * pretty-printed HAR cookies list's ends at its `]`: each keyword's own window is walked).
 */
const LONG_KEYWORDS = LONG_RULES.flatMap((r) =>
  r.keywords.map((k) => ({ k, rule: r, lead: /^[^a-z]*/.exec(k)![0], extra: r.extraLines ?? 0, search: /^[a-z]/.test(k) ? new RegExp(k.replace(/[^\w]/g, "\\$&"), "gi") : undefined })),
);
/** Lines around a change read again: as many as the other rules' windows reach after their keyword's line. */
const CONTEXT_LINES = Math.max(0, ...RULES.map((r) => r.extraLines ?? 0).filter((n) => n <= LONG_LINES));
/** Lines a region may step back or on to hold a whole dump (16 bytes a line, a block is read up to 64 KiB). */
const MAX_DUMP_LINES = 4100;

/**
 * The parts of the view to read again, as `[from, to)` of whole lines, sorted and disjoint: what
 * the full view holds that the text as it is does not lies around a change. Every rule window
 * that holds a change lies inside one: the lines around it (a window is its keyword's line and at
 * most {@link CONTEXT_LINES} more), the whole window of a long rule's keyword (a private key)
 * that reaches a region or starts in it, and a dump a region starts or ends inside. Encoded runs
 * lie inside a line. Outside these the view's text is the text's, and so are its findings.
 */
export function changedRegions(view: ReadableView): [from: number, to: number][] {
  const text = view.text;
  const regions: [number, number][] = [];
  let lineEnd = -1; // the end of the last change's line: more changes on it add nothing
  for (const e of view.edits) {
    if (e.at + e.put <= lineEnd) continue;
    lineEnd = _linesOn(text, e.at + e.put, 0);
    const from = _linesBack(text, e.at, CONTEXT_LINES);
    const to = _linesOn(text, e.at + e.put, CONTEXT_LINES);
    const last = regions[regions.length - 1];
    if (last !== undefined && from <= last[1]) last[1] = Math.max(last[1], to);
    else regions.push([from, to]);
  }
  // Each long rule's keyword with its window's end, walked once (not once per region and pass).
  const keywords: Array<[at: number, end: number]> = [];
  let windows: Windows | undefined;
  const add = (rule: SecretRule, at: number, extra: number) => keywords.push([at, rule.windowEnd?.(text, at) ?? (windows ??= new Windows(text)).end(at, extra)]);
  for (const { k, rule, lead, extra, search } of LONG_KEYWORDS) {
    // No lead (`cookies`): a case-insensitive search (lowering the whole text cost more), and
    // only the hits where the rule may match (a HAR list's `cookies": [`) open a window.
    if (lead.length === 0) {
      search!.lastIndex = 0;
      for (let m = search!.exec(text); m !== null; m = search!.exec(text)) if (rule.mayMatchAt === undefined || rule.mayMatchAt(text, m.index)) add(rule, m.index, extra);
      continue;
    }
    for (let i = text.indexOf(lead); i >= 0; i = text.indexOf(lead, i + 1)) if (text.slice(i, i + k.length).toLowerCase() === k) add(rule, i, extra);
  }
  keywords.sort((a, b) => a[0] - b[0]);
  for (const region of regions) {
    for (let changed = true; changed; ) {
      changed = false;
      for (const [at, end] of keywords) {
        if (at < region[0] && end > region[0]) (region[0] = text.lastIndexOf("\n", at) + 1), (changed = true);
        if (at >= region[0] && at <= region[1] && end > region[1]) (region[1] = _linesOn(text, end, 0)), (changed = true);
      }
      for (let tries = 0; tries < MAX_DUMP_LINES && insideHexDump(text, region[0]); tries++) (region[0] = text.lastIndexOf("\n", region[0] - 2) + 1), (changed = true);
      for (let tries = 0; tries < MAX_DUMP_LINES && insideHexDump(text, region[1] + 1); tries++) (region[1] = _linesOn(text, region[1] + 1, 0)), (changed = true);
    }
  }
  regions.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const r of regions) {
    const last = merged[merged.length - 1];
    if (last !== undefined && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else merged.push(r);
  }
  return merged;
}

/** The start of the line `lines` lines before the one holding `at`. */
function _linesBack(text: string, at: number, lines: number): number {
  let i = at;
  for (let n = 0; n <= lines; n++) {
    i = text.lastIndexOf("\n", i - 1);
    if (i < 0) return 0;
  }
  return i + 1;
}

/** The end (before its line break) of the line `lines` lines after the one holding `at`. */
function _linesOn(text: string, at: number, lines: number): number {
  let i = at;
  for (let n = 0; n <= lines; n++) {
    const nl = text.indexOf("\n", i);
    if (nl < 0) return text.length;
    if (n === lines) return nl;
    i = nl + 1;
  }
  return i;
}
