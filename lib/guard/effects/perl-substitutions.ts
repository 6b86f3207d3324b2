/**
 * Perl substitutions that run their replacement's value as code: `s/…/…/ee` evaluates the
 * replacement, then evaluates the string it gave, which the guard cannot see (interpreters.ts).
 *
 * The Perl code is not lexed (the guard reads it by pattern), so every `s` that does not end a
 * name or a variable's (`as`, `$s`, `@s`) is read as the start of a substitution, in strings and
 * comments too: a reading that skipped what it took for a string could be wrong about where that
 * ends and skip a real substitution; reading each `s` on its own skips nothing. A path segment of
 * modifier letters (`"/srv/release/notes.txt"`) is no substitution's end. Perl's rules, as read:
 * - After `s`, space and `#` comments may come before the delimiter; a `#` right after `s` is the
 *   delimiter (`s#a#b#ee`) and a word character there makes a longer name (`sub`, `say`). Any
 *   other character delimits, a word character too after space (`s xaxbxee`).
 * - A backslash escapes the next character, except where the backslash is the delimiter.
 * - An opening bracket closes with its pair, nesting, and the replacement has its own delimiter
 *   after any space and comments (`s{…} # …\n {…}ee`, `s(…)<…>ee`); any other delimiter closes
 *   the pattern and the replacement (`s'…'…'ee`, `s,…,…,ee`).
 * - The modifiers follow the last delimiter at once, in any order (`eeg`, `ege`). Another word
 *   character after them is an error Perl reports before anything runs.
 * The code is read by characters, not UTF-16 units: under `use utf8` a delimiter outside ASCII is
 * one character (without it, Perl reads its first byte, which never closes before a modifier).
 *
 * Linear in the code's length: every `s` finds its parts' ends in tables built in one pass each
 * (a scan from each of many `s`s through the rest of the code would not be; opaque-code.ts).
 */

// A run of modifier letters holding two `e`s: without one there is nothing to read.
const TWO_ES = /e[msixpodualngcr]*e/;
const MODIFIERS = new Set("msixpodualngcre");
const PAIRS = new Map([["(", ")"], ["[", "]"], ["{", "}"], ["<", ">"]]);
const OPENERS = new Map([...PAIRS].map(([open, close]) => [close, open]));
// The space Perl skips before a delimiter (ASCII only: another space character is a delimiter).
const SPACE = new Set(" \t\n\r\f\v");
const WORD = /^\w$/;
// Before `s`, what makes it part of a name (`as`, `$s[0]`, `@s`), not the operator (`$x %s/…/…/ee` is one).
const NAMED = /^[\w$@]$/;

interface Tables {
  chars: string[];
  /** For each character, the next one like it that is not escaped: where a quote it opens closes (-1: none). */
  next: Int32Array;
  /** For each unescaped opening bracket, the unescaped bracket that closes it (-1: none). */
  closes: Int32Array;
  /** For each index, the first one from it on that is neither space nor in a `#` comment. */
  gapEnd: Int32Array;
  /** For each index, how many `e`s the run of modifier letters starting there holds (at most 2; one past the end: 0). */
  es: Uint8Array;
}

/** Whether Perl code holds a substitution with two `e` modifiers. */
export function evalSubstitution(code: string): boolean {
  if (!TWO_ES.test(code)) return false;
  const t = _tables(code);
  const { chars } = t;
  for (let i = 0; i < chars.length; i++) {
    if (chars[i] !== "s" || (i > 0 && NAMED.test(chars[i - 1]!))) continue;
    const end = _substitutionEnd(i + 1, t);
    if (end >= 0 && t.es[end] === 2) return true;
  }
  return false;
}

/** Where the modifiers of a substitution whose `s` is just before `at` start, or -1 when none closes. */
function _substitutionEnd(at: number, t: Tables): number {
  const open = _delimiter(at, t, true);
  const middle = open < 0 ? -1 : _close(open, t);
  if (middle < 0) return -1;
  // A bracketed pattern: the replacement has its own delimiters.
  const second = PAIRS.has(t.chars[open]!) ? _delimiter(middle + 1, t, false) : middle;
  const end = second < 0 ? -1 : _close(second, t);
  return end < 0 ? -1 : end + 1;
}

/** The delimiter at or after `at`, past space and comments; right after the operator, see above. */
function _delimiter(at: number, t: Tables, afterOperator: boolean): number {
  const c = t.chars[at];
  if (c === undefined) return -1;
  if (afterOperator && !SPACE.has(c)) return WORD.test(c) ? -1 : at;
  const found = t.gapEnd[at]!;
  return found < t.chars.length ? found : -1;
}

/** Where the quote the delimiter at `open` starts closes, or -1. */
function _close(open: number, t: Tables): number {
  return PAIRS.has(t.chars[open]!) ? t.closes[open]! : t.next[open]!;
}

function _tables(code: string): Tables {
  const chars = Array.from(code);
  const n = chars.length;
  const escaped = new Uint8Array(n);
  for (let k = 1; k < n; k++) escaped[k] = chars[k - 1] === "\\" && !escaped[k - 1] ? 1 : 0;
  const next = new Int32Array(n);
  const gapEnd = new Int32Array(n);
  const es = new Uint8Array(n + 1);
  const later = new Map<string, number>();
  let newline = n;
  for (let k = n - 1; k >= 0; k--) {
    const c = chars[k]!;
    next[k] = later.get(c) ?? -1;
    // An escaped character closes nothing; a backslash delimiter escapes nothing, so every backslash closes it.
    if (!escaped[k] || c === "\\") later.set(c, k);
    if (c === "\n") newline = k;
    gapEnd[k] = SPACE.has(c) ? (k + 1 < n ? gapEnd[k + 1]! : n) : c === "#" ? (newline < n ? gapEnd[newline]! : n) : k;
    es[k] = MODIFIERS.has(c) ? Math.min(2, es[k + 1]! + (c === "e" ? 1 : 0)) : 0;
  }
  return { chars, next, closes: _brackets(chars, escaped), gapEnd, es };
}

/** Each unescaped opening bracket's closing pair, nested as Perl nests a quote's brackets of one kind. */
function _brackets(chars: string[], escaped: Uint8Array): Int32Array {
  const closes = new Int32Array(chars.length).fill(-1);
  const open = new Map<string, number[]>([...PAIRS.keys()].map((c) => [c, []]));
  for (let k = 0; k < chars.length; k++) {
    if (escaped[k]) continue;
    const c = chars[k]!;
    if (PAIRS.has(c)) open.get(c)!.push(k);
    else if (OPENERS.has(c)) {
      const from = open.get(OPENERS.get(c)!)!.pop();
      if (from !== undefined) closes[from] = k;
    }
  }
  return closes;
}
