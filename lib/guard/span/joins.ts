import { detectSecrets, type SecretFinding } from "../../core/secrets/detect.ts";

/**
 * Tokens cut in two: hard-wrapped by a terminal or `fold` (a line break inside the token) or
 * split across two strings a reader concatenates (neighbouring items of one structured result).
 * The two pieces are joined and read again, and a finding counts only when it crosses the join
 * and comes from a rule whose match is the token's own fixed shape (a provider prefix with its
 * length and alphabet, a JWT): a name-based or entropy-based rule would take two ordinary words
 * run together for a credential.
 */

/** Characters a token is made of (base64 in both alphabets, `.` of JWTs, `~`): a join needs one on each side. */
const TOKEN = new Uint8Array(128);
for (const c of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=_-.~") TOKEN[c.charCodeAt(0)] = 1;
/** The shortest joined run worth reading: the shortest fixed-shape token (an AWS key id) is 20 characters. */
const MIN_JOINED = 20;
/** The narrowest hard wrap read: `fold -w 20`; terminals wrap at 80 columns and more. */
const MIN_WRAP = 20;
/** Characters read on each side of a join: the longest fixed-shape tokens are a few hundred. */
const MAX_SIDE = 1024;
/** Fixed-shape rules are 0.9 and above; the generic, header, URL and file rules are below. */
const MIN_CONFIDENCE = 0.9;

/** A piece of text with the cuts inside it removed: offsets of the joins in `text`, and of the cuts in the original. */
interface Joined {
  text: string;
  /** Original offset of `text[0]` (before any cut). */
  base: number;
  /** Per removed cut, sorted: its offset in `text`, and its original range. */
  joins: { at: number; from: number; to: number }[];
}

/**
 * The findings of tokens hard-wrapped or split in `text`: a line break (LF or CRLF) at a fixed
 * column with token characters right before it and at the start of the next line (no indent: a
 * wrap continues at column 1), or two string literals joined by `,` or `+`. Only the runs around
 * each cut are read again. Offsets are `text`'s.
 */
export function wrappedTokenFindings(text: string, exemptSha256?: ReadonlySet<string>): SecretFinding[] {
  const out: SecretFinding[] = [];
  for (const piece of [..._pieces(text, _wrapBreaks(text), true), ..._pieces(text, _literalSeparators(text), false)]) {
    for (const f of _crossing(piece, exemptSha256)) out.push({ ...f, start: _original(piece, f.start), end: _original(piece, f.end, true) });
  }
  return out;
}

/**
 * The findings of a token split between `text` and the string a reader reads right before it
 * (`before`) or right after it (`after`), in offsets of `text`: the part of the token `text` holds.
 */
export function neighbourFindings(text: string, before: string | undefined, after: string | undefined, exemptSha256?: ReadonlySet<string>): SecretFinding[] {
  const out: SecretFinding[] = [];
  if (before !== undefined) {
    const tail = before.slice(_runStart(before, before.length));
    const piece = { text: tail + text.slice(0, _runEnd(text, 0)), base: 0, joins: [{ at: tail.length, from: 0, to: 0 }] };
    for (const f of _crossing(piece, exemptSha256)) out.push({ ...f, start: 0, end: f.end - tail.length });
  }
  if (after !== undefined) {
    const from = _runStart(text, text.length);
    const piece = { text: text.slice(from) + after.slice(0, _runEnd(after, 0)), base: 0, joins: [{ at: text.length - from, from: 0, to: 0 }] };
    for (const f of _crossing(piece, exemptSha256)) out.push({ ...f, start: from + f.start, end: text.length });
  }
  return out;
}

/**
 * The fixed-shape findings of a joined piece that cross one of its joins, unless the part before
 * the join is that token already (a whole token at a line's end, a word on the next line: the
 * rule's open length would take the word in).
 */
function _crossing(piece: Joined, exemptSha256: ReadonlySet<string> | undefined): SecretFinding[] {
  if (piece.text.length < MIN_JOINED || piece.joins.every((j) => j.at === 0 || j.at === piece.text.length)) return [];
  return detectSecrets(piece.text, { exemptSha256 }).filter((f) => {
    const join = piece.joins.find((j) => f.start < j.at && j.at < f.end);
    if (join === undefined || f.confidence < MIN_CONFIDENCE) return false;
    return !detectSecrets(piece.text.slice(f.start, join.at)).some((g) => g.ruleId === f.ruleId);
  });
}

/** Where the run of token characters that ends at `end` starts (at most {@link MAX_SIDE} back). */
function _runStart(text: string, end: number): number {
  let i = end;
  while (i > 0 && end - i < MAX_SIDE && _isToken(text.charCodeAt(i - 1))) i--;
  return i;
}

/** Where the run of token characters that starts at `start` ends (at most {@link MAX_SIDE} on). */
function _runEnd(text: string, start: number): number {
  let i = start;
  while (i < text.length && i - start < MAX_SIDE && _isToken(text.charCodeAt(i))) i++;
  return i;
}

function _isToken(c: number): boolean {
  return c < 128 && TOKEN[c] === 1;
}

/**
 * The line breaks of hard-wrapped blocks, as `[from, to)`: a line at least {@link MIN_WRAP} long
 * followed by one no longer starts a block of that width; lines of the same width continue it,
 * and the first shorter line is its last. A break counts with token characters on both sides,
 * the two runs together at least {@link MIN_JOINED} long.
 * Lines of any other length (a short line, a word on the next line) are no wrap.
 */
function _wrapBreaks(text: string): [from: number, to: number][] {
  const cuts: [number, number][] = [];
  let width = 0; // the open block's width, 0 when none is open
  for (let start = 0, nl = text.indexOf("\n"); nl >= 0; ) {
    const next = text.indexOf("\n", nl + 1);
    const end = nl > start && text.charCodeAt(nl - 1) === 13 ? nl - 1 : nl;
    const length = end - start;
    const full = width > 0 ? length === width : length >= MIN_WRAP && (next < 0 ? text.length : next) - nl - 1 <= length;
    if (full && _isToken(text.charCodeAt(end - 1)) && _isToken(text.charCodeAt(nl + 1)) && _joinable(text, end, nl + 1)) {
      cuts.push([end, nl + 1]);
      width = length;
    } else {
      width = 0;
    }
    start = nl + 1;
    nl = next;
  }
  return cuts;
}

/**
 * The separators between two string literals (`"…", "…"` of a JSON array, `"…" + "…"` of code)
 * as `[from, to)`, with token characters on both sides.
 */
function _literalSeparators(text: string): [from: number, to: number][] {
  const cuts: [number, number][] = [];
  LITERAL_SEPARATOR.lastIndex = 0;
  for (let m = LITERAL_SEPARATOR.exec(text); m !== null; m = LITERAL_SEPARATOR.exec(text)) {
    const to = m.index + m[0].length;
    if (_isToken(text.charCodeAt(m.index - 1)) && _isToken(text.charCodeAt(to)) && _joinable(text, m.index, to)) cuts.push([m.index, to]);
  }
  return cuts;
}

/** Whether the token runs on the two sides of the cut `[from, to)` are together at least {@link MIN_JOINED} long. */
function _joinable(text: string, from: number, to: number): boolean {
  let before = from;
  while (before > 0 && from - before < MIN_JOINED && _isToken(text.charCodeAt(before - 1))) before--;
  let after = to;
  while (after < text.length && after - to + from - before < MIN_JOINED && _isToken(text.charCodeAt(after))) after++;
  return from - before + (after - to) >= MIN_JOINED;
}

/** Between two string literals: a closing quote, a comma or a plus with white space around, the same quote. */
const LITERAL_SEPARATOR = /(["'])[ \t\r\n]*[,+][ \t\r\n]*\1/g;

/**
 * The token runs around sorted cuts, joined. With `chain`, a run that reaches the next cut (a
 * token wrapped over several lines) continues across it, so one piece holds the whole token.
 */
function _pieces(text: string, cuts: [number, number][], chain: boolean): Joined[] {
  const pieces: Joined[] = [];
  for (let i = 0; i < cuts.length; ) {
    const base = _runStart(text, cuts[i]![0]);
    const parts: string[] = [];
    const joins: Joined["joins"] = [];
    let from = base;
    let length = 0;
    let end: number;
    do {
      const [cutFrom, cutTo] = cuts[i++]!;
      parts.push(text.slice(from, cutFrom));
      length += cutFrom - from;
      joins.push({ at: length, from: cutFrom, to: cutTo });
      from = cutTo;
      end = _runEnd(text, cutTo);
    } while (chain && i < cuts.length && cuts[i]![0] === end);
    parts.push(text.slice(from, end));
    pieces.push({ text: parts.join(""), base, joins });
  }
  return pieces;
}

/** The original offset of offset `i` of a piece; an end right at a join stays before the cut. */
function _original(piece: Joined, i: number, end = false): number {
  let shift = 0;
  for (const j of piece.joins) {
    if (j.at > i || (end && j.at === i)) break;
    shift += j.to - j.from;
  }
  return piece.base + i + shift;
}
