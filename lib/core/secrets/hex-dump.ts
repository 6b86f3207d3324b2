/**
 * The dumps `xxd`, `hexdump -C`, `hexdump` (also `-x`, `-o`, `-b`), `od` (octal words, as with no
 * option), `od -c`, `od -b`, `od -x`, `od -t x1[z]`, `-t x4` and `-t x8` print (of a key file, a token file): blocks of lines that start with an offset, read back into the bytes they show.
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
const XXD = /^[0-9a-fA-F]{8}: ((?:[0-9a-fA-F]{2})+(?: (?:[0-9a-fA-F]{2})+)*)(?: {2}|$)/;
// hexdump -C: bytes, an extra space after the eighth, then `|characters|`.
const CANONICAL = /^[0-9a-f]{8} {2}((?:[0-9a-f]{2} {1,2})+) *\|/;
// od -x, hexdump, hexdump -x (four spaces), od -t x4 and -t x8: little-endian words of 2, 4 or 8
// bytes in hex; od -t x1: bytes (offsets octal, decimal or hex, 6 to 8 digits with od's -A;
// hexdump pads its last line with spaces; od's `z` adds `>characters<`).
const WORDS = /^[0-9a-f]{6,8}((?: {1,4}(?:[0-9a-f]{16}|[0-9a-f]{8}|[0-9a-f]{4}))+)(?: +>.*<)? *$/;
const BYTES = /^[0-9a-f]{6,8}((?: [0-9a-f]{2})+)(?: +>.*<)? *$/;
// od with no format (also `-o`, `-t o2`) and hexdump -o (two spaces): little-endian 16-bit words
// in octal, 6 digits. (od -b's octal bytes are od -c fields: CHARS reads them.)
const OCTAL_WORDS = /^[0-9a-f]{6,8}((?: {1,2}[0-7]{6})+) *$/;
// od -c: 4-column fields, a character, a backslash escape or three octal digits.
const CHARS = /^[0-9a-f]{6,8}((?: {3}[^ ]| {2}\\[0abtnvfr]| [0-7]{3}| {4})+)$/;
const ESCAPES: Record<string, number> = { "0": 0, a: 7, b: 8, t: 9, n: 10, v: 11, f: 12, r: 13 };

const READERS: LineReader[] = [
  (line, out) => _hexPairs(XXD.exec(line)?.[1], out),
  (line, out) => _hexPairs(CANONICAL.exec(line)?.[1], out),
  (line, out) => _littleEndian(WORDS.exec(line)?.[1], 16, out),
  (line, out) => _hexPairs(BYTES.exec(line)?.[1], out),
  (line, out) => _littleEndian(OCTAL_WORDS.exec(line)?.[1], 8, out),
  (line, out) => {
    const m = CHARS.exec(line);
    if (!m) return false;
    for (let i = 0; i < m[1]!.length; i += 4) {
      const field = m[1]!.slice(i, i + 4);
      if (field[1] !== " ") out.push(Number.parseInt(field.slice(1), 8));
      else if (field[2] === "\\") out.push(ESCAPES[field[3]!]!);
      else out.push(field.charCodeAt(3));
    }
    return true;
  },
];

/** A line that only carries an offset (a dump's last line) or `*` (repeated lines left out). */
const FILLER = /^(?:[0-9a-fA-F]{6,8}|\*)$/;
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

/** The block whose first line starts at `start`, or undefined when that line is no dump line. */
function _block(text: string, start: number): DumpBlock | undefined {
  const bytes: number[] = [];
  let reader: LineReader | undefined;
  let end = start;
  for (let line = start; line < text.length && bytes.length < MAX_BYTES; ) {
    const nl = text.indexOf("\n", line);
    const stop = nl < 0 ? text.length : nl;
    const content = text.slice(line, stop > line && text.charCodeAt(stop - 1) === 13 ? stop - 1 : stop);
    if (reader === undefined) reader = READERS.find((read) => read(content, bytes));
    else if (!reader(content, bytes) && !(FILLER.test(content) && bytes.length > 0)) break;
    if (reader === undefined) return undefined;
    end = stop;
    line = stop + 1;
  }
  return { start, end, bytes: Uint8Array.from(bytes) };
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
  const before = line(text.lastIndexOf("\n", at - 2) + 1);
  const here = line(at);
  const scratch: number[] = [];
  const reader = READERS.find((read) => read(before, scratch));
  return reader !== undefined && (reader(here, scratch) || FILLER.test(here));
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
