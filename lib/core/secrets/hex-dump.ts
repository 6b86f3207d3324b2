/**
 * The dumps `xxd` (also `-e` and `-b`), `hexdump -C`, `hexdump` (also `-x`, `-o`, `-b`, `-d`), `od` (octal words, as with no
 * option), `od -c`, `od -b`, `od -x`, `od -t x1[z]`, `-t x4` and `-t x8`, and od's decimal forms (`-t u1`/`d1`, `-d`,
 * `-s`, `-i`, `-l`, `-t u2|d2|u4|d4|u8|d8`), also with several types a line (`od -t x1 -t c`) and
 * with the `z` suffix's characters (`-t x1z`, `-t d1z`), print (of a key file, a token file): blocks of lines that start with an offset, read back into the bytes they show.
 * The detector decodes those bytes and scans them again, so `xxd ~/.ssh/id_rsa` is a private key.
 */

/** One block of dump lines: where it is in the text, and the bytes it shows. */
export interface DumpBlock {
  start: number;
  end: number;
  bytes: Uint8Array;
}

/** Reads one line of a dump into `out`; false when the line is not of that format. */
type LineReader = (line: string, out: number[]) => boolean;

// The part after the offset. xxd: groups of hex digits (`-g`), then two spaces and the characters.
// (`xxd -e` right-aligns a partial group: a last line of one to three bytes starts with blanks.)
const XXD = /^[0-9a-fA-F]{8}: +((?:[0-9a-fA-F]{2})+(?: (?:[0-9a-fA-F]{2})+)*)(?: {2}|$)/;
// hexdump -C: bytes, an extra space after the eighth, then `|characters|`.
const CANONICAL = /^[0-9a-f]{8} {2}((?:[0-9a-f]{2} {1,2})+) *\|/;
// od -x, hexdump, hexdump -x (four spaces), od -t x4 and -t x8: little-endian words of 2, 4 or 8
// bytes in hex; od -t x1: bytes (offsets octal, decimal or hex, 6 to 8 digits with od's -A;
// hexdump pads its last line with spaces; od's `z` adds `>characters<`). With several types
// (`od -t x4 -t c`) od pads every field to the widest type's width per byte (5, `-t d1`'s), so a
// word may follow up to 5 blanks a byte (session 10).
const WORDS = /^[0-9a-f]{6,8}((?: {1,40}(?:[0-9a-f]{16}|[0-9a-f]{8}|[0-9a-f]{4}))+)(?: +>.*<)? *$/;
const BYTES = /^[0-9a-f]{6,8}((?: {1,4}[0-9a-f]{2})+)(?: +>.*<)? *$/;
// od with no format (also `-o`, `-t o2`) and hexdump -o (two spaces): little-endian 16-bit words
// in octal, 6 digits (od's `z` suffix adds the characters: session 11, also to the decimal forms). (od -b's octal bytes are od -c fields: CHARS reads them.)
const OCTAL_WORDS = /^[0-9a-f]{6,8}((?: {1,2}[0-7]{6})+)(?: +>.*<)? *$/;
// od -c: 4-column fields, a character, a backslash escape or three octal digits.
const CHARS = /^[0-9a-f]{6,8}((?: {3}[^ ]| {2}\\[0abtnvfr]| [0-7]{3}| {4})+)$/;
const ESCAPES: Record<string, number> = { "0": 0, a: 7, b: 8, t: 9, n: 10, v: 11, f: 12, r: 13 };

// od's decimal forms: numbers right-aligned in fields whose width gives the word's size (od
// pads each to the widest value of its type and one space): `-t u1` 4, `-t d1` 5, `-d`/`-t u2`
// 6, `-s`/`-t d2` 7, `-t u4` 11, `-i`/`-t d4` 12, `-l`/`-t u8`/`-t d8` 21; hexdump -d: 8 (3
// spaces and 5 digits with zeros). A negative value is the word's two's complement.
const DECIMAL = /^[0-9a-f]{6,8}((?: +-?\d+)+)(?: +>.*<)? *$/;
const DECIMAL_FIELDS: ReadonlyArray<[width: number, size: number]> = [[4, 1], [5, 1], [6, 2], [7, 2], [8, 2], [11, 4], [12, 4], [21, 8]];
/** The widths `od -An` prints, ascending: all of DECIMAL_FIELDS' but hexdump -d's 8 (hexdump always prints offsets). */
export const OFFSETLESS_DECIMAL_WIDTHS: readonly number[] = DECIMAL_FIELDS.map(([width]) => width).filter((width) => width !== 8);

const READERS: LineReader[] = [
  (line, out) => _xxd(line, out),
  (line, out) => _hexPairs(CANONICAL.exec(line)?.[1], out),
  (line, out) => _littleEndian(WORDS.exec(line)?.[1], 16, out),
  (line, out) => _hexPairs(BYTES.exec(line)?.[1], out),
  (line, out) => _littleEndian(OCTAL_WORDS.exec(line)?.[1], 8, out),
  (line, out) => {
    const m = CHARS.exec(line);
    if (m) charFields(m[1]!, out);
    return m !== null;
  },
  (line, out) => decimalFields(DECIMAL.exec(line)?.[1], out),
];

/**
 * Pushes the bytes of od -c's 4-column fields (`fields`, as CHARS takes them): a character, a
 * backslash escape or three octal digits (od -b's bytes).
 */
export function charFields(fields: string, out: number[]): void {
  for (let i = 0; i + 4 <= fields.length; i += 4) {
    const field = fields.slice(i, i + 4);
    if (field[1] !== " ") out.push(Number.parseInt(field.slice(1), 8));
    else if (field[2] === "\\") out.push(ESCAPES[field[3]!]!);
    else out.push(field.charCodeAt(3));
  }
}

/** A line that only carries an offset (a dump's last line) or `*` (repeated lines left out). */
const FILLER = /^(?:[0-9a-fA-F]{6,8}|\*)$/;
/**
 * od with several types (`od -t x1 -t c`, `-x -c`, `-t x4 -t x8`) prints each line's bytes once
 * per type: the first type after the offset, each other on a line of its own whose offset is
 * blanks (6 to 8). Those lines show the same bytes (in `-t c`, as characters): a block takes up to
 * {@link MAX_TYPES} - 1 of them after each line it reads, and its bytes are the read lines'.
 */
export const MAX_TYPES = 8;
const _blankOffsetLine = (line: string): boolean => line.startsWith("      ") && line.length > 8 && line.length <= 400 && line.trim() !== "";
/** Bytes read per block at most: a key is a few KiB. */
const MAX_BYTES = 64 * 1024;

/**
 * The dump blocks of `text`. A block starts at a line whose offset begins with `000` (any dump of
 * a file under 4 KiB, and every line of one under 64 KiB in hex) and takes the following lines of
 * the same format; `indexOf("\n000")` finds the candidates, so text without dumps costs one search,
 * or none when the detector's keyword pass gives their `lineStarts`.
 */
export function hexDumpBlocks(text: string, lineStarts?: readonly number[]): DumpBlock[] {
  const blocks: DumpBlock[] = [];
  let j = 0; // the next of `lineStarts` to look at
  // The start of the next line after the break at or after `from` that begins with `000`, or -1.
  const nextCandidate = (from: number) => {
    if (lineStarts === undefined) {
      const nl = text.indexOf("\n000", from);
      return nl < 0 ? -1 : nl + 1;
    }
    while (j < lineStarts.length && lineStarts[j]! <= from) j++;
    return j < lineStarts.length ? lineStarts[j]! : -1;
  };
  for (let at = text.startsWith("000") ? 0 : nextCandidate(0); at >= 0; ) {
    const block = _block(text, at);
    if (block !== undefined) blocks.push(block);
    at = nextCandidate(block === undefined ? at : block.end);
  }
  return blocks;
}

/**
 * The block whose first line starts at `start`, or undefined when that line is no dump line. A
 * line two formats read (`od -b`'s ` 150 145` is `od -t u1`'s too) gives the block the format
 * that reads the most lines after it (the first on a tie).
 */
function _block(text: string, start: number): DumpBlock | undefined {
  let best: DumpBlock | undefined;
  for (const reader of READERS) {
    const bytes: number[] = [];
    let end = -1;
    // Lines of other types since the last line read, and how many may follow one: as many as
    // followed the first (od prints every type each time; known at the next line, a `*` for
    // repeated lines or the final offset), none after the final offset.
    let types = 0;
    let limit: number | undefined;
    for (let line = start; line < text.length && bytes.length < MAX_BYTES; ) {
      const nl = text.indexOf("\n", line);
      const stop = nl < 0 ? text.length : nl;
      const content = text.slice(line, stop > line && text.charCodeAt(stop - 1) === 13 ? stop - 1 : stop);
      if (reader(content, bytes)) {
        if (end >= 0) limit ??= types;
        types = 0;
      } else if (end >= 0 && FILLER.test(content) && bytes.length > 0) {
        limit = content === "*" ? (limit ?? types) : 0;
        types = 0;
      } else if (end >= 0 && types < (limit ?? MAX_TYPES - 1) && _blankOffsetLine(content)) types++;
      else break;
      end = stop;
      line = stop + 1;
    }
    if (end >= 0 && (best === undefined || end > best.end)) best = { start, end, bytes: Uint8Array.from(bytes) };
  }
  return best;
}

/**
 * Whether the line at `at` (a line start) continues a dump: the line before it and this one are
 * lines of one format (a stream segment cut there would split the dump's bytes).
 */
export function insideHexDump(text: string, at: number): boolean {
  if (at < 2 || text.charCodeAt(at - 1) !== 10) return false;
  const line = (start: number) => {
    const nl = text.indexOf("\n", start);
    const stop = nl < 0 ? text.length : nl;
    return text.slice(start, stop > start && text.charCodeAt(stop - 1) === 13 ? stop - 1 : stop);
  };
  let from = text.lastIndexOf("\n", at - 2) + 1;
  let before = line(from);
  const here = line(at);
  // Lines of od's other types (blank offsets) belong to the dump line above them.
  for (let n = 0; n < MAX_TYPES - 1 && from > 0 && _blankOffsetLine(before); n++) before = line((from = text.lastIndexOf("\n", from - 2) + 1));
  const scratch: number[] = [];
  return READERS.some((read) => read(before, scratch) && (read(here, scratch) || FILLER.test(here) || _blankOffsetLine(here)));
}

/**
 * Pushes the bytes of little-endian words (hex: 2, 4 or 8 bytes, octal: 2 bytes) separated by
 * spaces; false when there are none, when the words differ in width or an octal word is over
 * 16 bits (no dump line then; nothing is pushed).
 */
function _littleEndian(groups: string | undefined, radix: 8 | 16, out: number[]): boolean {
  if (groups === undefined) return false;
  const words = groups.trim().split(/ +/);
  const width = words[0]!.length;
  if (words.some((w) => w.length !== width || (radix === 8 && Number.parseInt(w, 8) > 0xffff))) return false;
  for (const w of words) {
    if (radix === 8) {
      const n = Number.parseInt(w, 8);
      out.push(n & 0xff, n >> 8);
    } else {
      for (let i = width - 2; i >= 0; i -= 2) out.push(Number.parseInt(w.slice(i, i + 2), 16));
    }
  }
  return true;
}

/** Pushes the bytes of hex digits grouped by spaces; false when there are none. */
function _hexPairs(groups: string | undefined, out: number[]): boolean {
  if (groups === undefined) return false;
  const digits = groups.replace(/ /g, "");
  for (let i = 0; i + 1 < digits.length; i += 2) out.push(Number.parseInt(digits.slice(i, i + 2), 16));
  return true;
}

/**
 * An xxd line: groups of hex digits, then two spaces and the bytes as characters. `xxd -e` prints
 * each group little-endian and `xxd -g4` the same shape big-endian, so the characters decide:
 * the groups are read in the order whose characters the line shows (a partial last group is
 * padded with spaces, on the left under `-e`). A line whose characters match neither order (cut
 * by a terminal, or lost) is read big-endian, its groups up to the first wide gap.
 */
function _xxd(line: string, out: number[]): boolean {
  const m = XXD.exec(line);
  if (!m) return false;
  if (_xxdBits(line, m[1]!, out)) return true;
  const big: number[] = [];
  const little: number[] = [];
  const ends: Array<[column: number, bytes: number]> = [];
  const group = / *((?:[0-9a-fA-F]{2})+)/y;
  group.lastIndex = 10;
  for (let g = group.exec(line); g !== null; g = group.exec(line)) {
    const hex = g[1]!;
    for (let i = 0; i < hex.length; i += 2) big.push(Number.parseInt(hex.slice(i, i + 2), 16));
    for (let i = hex.length - 2; i >= 0; i -= 2) little.push(Number.parseInt(hex.slice(i, i + 2), 16));
    ends.push([group.lastIndex, big.length]);
  }
  const orders = big.length === ends.length ? [big] : [big, little];
  // The characters may begin with hex digits (`  deadbeef`): fewer groups are tried too.
  for (let n = ends.length; n > 0 && n > ends.length - 16; n--) {
    const [column, count] = ends[n - 1]!;
    const rest = line.slice(column).trimEnd();
    for (const bytes of orders) {
      const shown = String.fromCharCode(...bytes.slice(0, count).map((b) => (b >= 0x20 && b <= 0x7e ? b : 0x2e))).trimEnd();
      const gap = rest.slice(0, rest.length - shown.length);
      if (rest.endsWith(shown) && (shown === "" ? rest === "" : /^ {2,}$/.test(gap))) {
        for (let i = 0; i < count; i++) out.push(bytes[i]!);
        return true;
      }
    }
  }
  return _hexPairs(m[1], out);
}

/**
 * `xxd -b`: groups of binary digits, 8 a byte (`01000010 01000101`), then the characters (session
 * 11: read as hex digits, they matched no characters and the line was noise). Taken when the
 * groups are binary and the characters after them are the bytes they give.
 */
function _xxdBits(line: string, groups: string, out: number[]): boolean {
  if (!/^[01]{8}(?:[01 ]*)$/.test(groups)) return false;
  const bytes: number[] = [];
  for (const group of groups.split(" ")) {
    if (group.length % 8 !== 0) return false;
    for (let i = 0; i < group.length; i += 8) bytes.push(Number.parseInt(group.slice(i, i + 8), 2));
  }
  const shown = String.fromCharCode(...bytes.map((b) => (b >= 0x20 && b <= 0x7e ? b : 0x2e)));
  const rest = line.slice(line.indexOf(groups, 9) + groups.length);
  if (!/^ {2,}/.test(rest) || rest.trimStart() !== shown.trimStart() || !rest.endsWith(shown)) return false;
  for (const b of bytes) out.push(b);
  return true;
}

/**
 * Pushes the bytes of od's decimal fields (and hexdump -d's): the field width is the one of
 * DECIMAL_FIELDS that cuts `fields` into right-aligned numbers each in its word's range, each
 * word pushed little-endian; false when no width does (nothing is pushed). Also read for
 * `od -An` lines by the span guard's readable view.
 */
export function decimalFields(fields: string | undefined, out: number[]): boolean {
  if (fields === undefined) return false;
  const part = fields.trimEnd();
  for (const [width, size] of DECIMAL_FIELDS) {
    if (part.length % width !== 0) continue;
    const words: bigint[] = [];
    const max = 1n << BigInt(size * 8);
    for (let at = 0; at < part.length; at += width) {
      const field = part.slice(at, at + width);
      if (!/^ +-?\d+$/.test(field)) break;
      const n = BigInt(field.trim());
      if (n >= max || n < -(max >> 1n)) break;
      words.push(n < 0n ? n + max : n);
    }
    if (words.length * width !== part.length) continue;
    for (let w of words) for (let i = 0; i < size; i++, w >>= 8n) out.push(Number(w & 0xffn));
    return true;
  }
  return false;
}
