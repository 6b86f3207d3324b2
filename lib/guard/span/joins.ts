import { detectSecrets, type SecretFinding } from "../../core/secrets/detect.ts";
import { charTable, isIn } from "../../core/secrets/rules/shape.ts";

/**
 * Tokens cut in two: hard-wrapped by a terminal or `fold` (a line break inside the token) or
 * split across two strings a reader concatenates (neighbouring items of one structured result).
 * The two pieces are joined and read again, and a finding counts only when it crosses the join
 * and comes from a rule whose match is the token's own fixed shape (a provider prefix with its
 * length and alphabet, a JWT): a name-based or entropy-based rule would take two ordinary words
 * run together for a credential.
 */

/** Characters a token is made of (base64 in both alphabets, `.` of JWTs, `~`): a join needs one on each side. */
const TOKEN = charTable("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=_-.~");
/** The shortest joined run worth reading: the shortest fixed-shape token (an AWS key id) is 20 characters. */
const MIN_JOINED = 20;
/** The narrowest hard wrap read: `fold -w 20`; terminals wrap at 80 columns and more. */
const MIN_WRAP = 20;
/**
 * The shortest middle piece a chain of joins continues through: a list of short literals
 * (`["ghp_", "glpat-", "xox", "npm_", …]`, a scanner's prefixes) run together is no token.
 */
const MIN_MIDDLE = 6;
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
  for (const piece of [..._pieces(text, _wrapBreaks(text)), ..._pieces(text, _literalSeparators(text))]) {
    for (const f of _crossing(piece, exemptSha256)) out.push({ ...f, start: _original(piece, f.start), end: _original(piece, f.end, true) });
  }
  return out;
}

/**
 * The findings of a token split between `text` and the string a reader reads right before it
 * (`before`) or right after it (`after`), in offsets of `text`: the part of the token `text` holds.
 * A `text` that is token characters throughout may be the middle of a token in three or more
 * pieces: it is read with both sides at once ({@link neighbourStrings} gives sides that hold
 * several pieces).
 */
export function neighbourFindings(text: string, before: string | undefined, after: string | undefined, exemptSha256?: ReadonlySet<string>): SecretFinding[] {
  const out: SecretFinding[] = [];
  if (before !== undefined) {
    const tail = before.slice(_runStart(before, before.length));
    const head = _runEnd(text, 0);
    const through = head === text.length && head >= MIN_MIDDLE && after !== undefined ? after.slice(0, _runEnd(after, 0)) : "";
    const joins = [{ at: tail.length, from: 0, to: 0 }];
    if (through.length > 0) joins.push({ at: tail.length + text.length, from: 0, to: 0 });
    const piece = { text: tail + text.slice(0, head) + through, base: 0, joins };
    for (const f of _crossing(piece, exemptSha256)) {
      const start = Math.max(0, f.start - tail.length);
      const end = Math.min(text.length, f.end - tail.length);
      if (end > start) out.push({ ...f, start, end });
    }
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

/** Strings a neighbour side may join, at most: a token is a few hundred characters. */
const MAX_NEIGHBOURS = 16;

/**
 * The strings a reader reads right before and after item `i` of a structured result's array or
 * object values, for {@link neighbourFindings}: each side is the next string, and continues with
 * the one beyond it while the nearer one is token characters throughout and at least
 * {@link MIN_MIDDLE} long (a token cut into three or more pieces), up to {@link MAX_SIDE} characters. Undefined when neither neighbour is a string.
 */
export function neighbourStrings(items: readonly unknown[], i: number): [before: string | undefined, after: string | undefined] | undefined {
  const before = items[i - 1];
  const after = items[i + 1];
  if (typeof before !== "string" && typeof after !== "string") return undefined;
  let left = typeof before === "string" ? before : undefined;
  for (let k = i - 2; left !== undefined && k >= Math.max(0, i - MAX_NEIGHBOURS) && left.length < MAX_SIDE && _runStart(left, left.length) === 0 && (items[k + 1] as string).length >= MIN_MIDDLE; k--) {
    const next = items[k];
    if (typeof next !== "string") break;
    left = next + left;
  }
  let right = typeof after === "string" ? after : undefined;
  for (let k = i + 2; right !== undefined && k < Math.min(items.length, i + MAX_NEIGHBOURS) && right.length < MAX_SIDE && _runEnd(right, 0) === right.length && (items[k - 1] as string).length >= MIN_MIDDLE; k++) {
    const next = items[k];
    if (typeof next !== "string") break;
    right += next;
  }
  return [left, right];
}

/** Where the run of token characters that ends at `end` starts (at most {@link MAX_SIDE} back). */
function _runStart(text: string, end: number): number {
  let i = end;
  while (i > 0 && end - i < MAX_SIDE && isIn(TOKEN, text.charCodeAt(i - 1))) i--;
  return i;
}

/** Where the run of token characters that starts at `start` ends (at most {@link MAX_SIDE} on). */
function _runEnd(text: string, start: number): number {
  let i = start;
  while (i < text.length && i - start < MAX_SIDE && isIn(TOKEN, text.charCodeAt(i))) i++;
  return i;
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
    if (full && isIn(TOKEN, text.charCodeAt(end - 1)) && isIn(TOKEN, text.charCodeAt(nl + 1)) && _joinable(text, end, nl + 1)) {
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
 * as `[from, to)`, with token characters on both sides, 20 of them together, or linked to the
 * next or the one before by a literal of at least {@link MIN_MIDDLE} token characters (a token
 * in three or more literals has short ends: `'ghp_abc' + '…' + 'xyz'`).
 */
function _literalSeparators(text: string): [from: number, to: number][] {
  const cuts: [number, number][] = [];
  let prev: [number, number] | undefined; // the last separator with token characters on both sides
  let prevKept = false;
  LITERAL_SEPARATOR.lastIndex = 0;
  for (let m = LITERAL_SEPARATOR.exec(text); m !== null; m = LITERAL_SEPARATOR.exec(text)) {
    const to = m.index + m[0].length;
    if (!isIn(TOKEN, text.charCodeAt(m.index - 1)) || !isIn(TOKEN, text.charCodeAt(to))) continue;
    const cut: [number, number] = [m.index, to];
    const linked = prev !== undefined && m.index - prev[1] >= MIN_MIDDLE && _runEnd(text, prev[1]) === m.index;
    if (linked && !prevKept) cuts.push(prev!);
    prevKept = linked || _joinable(text, m.index, to);
    if (prevKept) cuts.push(cut);
    prev = cut;
  }
  return cuts;
}

/** Whether the token runs on the two sides of the cut `[from, to)` are together at least {@link MIN_JOINED} long. */
function _joinable(text: string, from: number, to: number): boolean {
  let before = from;
  while (before > 0 && from - before < MIN_JOINED && isIn(TOKEN, text.charCodeAt(before - 1))) before--;
  let after = to;
  while (after < text.length && after - to + from - before < MIN_JOINED && isIn(TOKEN, text.charCodeAt(after))) after++;
  return from - before + (after - to) >= MIN_JOINED;
}

/** Between two string literals: a closing quote, a comma or a plus with white space around, the same quote. */
const LITERAL_SEPARATOR = /(["'])[ \t\r\n]*[,+][ \t\r\n]*\1/g;

/**
 * The token runs around sorted cuts, joined. A run that reaches the next cut (a token wrapped
 * over several lines, or in three or more literals) continues across it, so one piece holds the
 * whole token, when it is at least {@link MIN_MIDDLE} characters long.
 */
function _pieces(text: string, cuts: [number, number][]): Joined[] {
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
    } while (i < cuts.length && cuts[i]![0] === end && end - from >= MIN_MIDDLE);
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
