/**
 * Regex building blocks shared by the rule families. Provider tokens are matched as whole words:
 * no letter or digit may touch either end, so a longer random string is not taken for a token.
 */

/** A provider token: `body` with no alphanumeric character right before or after it. */
export function tokenPattern(body: string, flags = ""): RegExp {
  return new RegExp(String.raw`(?<![A-Za-z0-9.])(${body})(?![A-Za-z0-9])`, `g${flags}`);
}

/**
 * The separators between a name and its value: `=`, `:`, `:=`, `=>`, `.=`, `?=`, `||`, an XML
 * element's `>`, and `,` before a quoted value (`setProperty("KEY", "value")`).
 */
export const ASSIGN = String.raw`[ \t.]{0,5}["'\x60]?[ \t]{0,3}(?:=>|:{1,3}=|\?=|\|\||=|:|>|,(?=[ \t]*["'\x60]))[ \t]{0,5}["'\x60]?`;

/** Characters that may stand between a name's keyword and ASSIGN's operator: name characters (`[\w.-]`), blanks, dots, quotes. */
const BEFORE_ASSIGN = charTable("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.- \t\"'\x60");
/** The characters ASSIGN's operator starts with. */
const ASSIGN_START = charTable("=:?|>,");

/** Characters ASSIGN may read before its operator: `[ \t.]{0,5}`, a quote, `[ \t]{0,3}`. */
const ASSIGN_LEAD = 9;

/**
 * Whether ASSIGN may follow a name that holds the keyword at `at` and ends at most `reach`
 * characters after it: the first character after `at` that is no name character, blank, dot or
 * quote starts ASSIGN's operator, within `reach` and ASSIGN's lead. A `name ASSIGN` pattern holds
 * only such characters between its keyword and the operator, so this never rejects a match; in
 * code most keywords (`key`, `token`, `api` in calls and properties) fail it.
 */
export function mayAssignAfter(text: string, at: number, reach: number): boolean {
  const stop = Math.min(text.length, at + reach + ASSIGN_LEAD + 1);
  let i = at;
  while (i < stop && isIn(BEFORE_ASSIGN, text.charCodeAt(i))) i++;
  return i < stop && isIn(ASSIGN_START, text.charCodeAt(i));
}

/** The hex digits, by character code (isIn). */
export const HEX_DIGIT = charTable("0123456789abcdefABCDEF");

/** Whether `count` hex digits stand at `at`. */
export function hexDigitsAt(text: string, at: number, count: number): boolean {
  if (at + count > text.length) return false;
  for (let i = at; i < at + count; i++) if (!isIn(HEX_DIGIT, text.charCodeAt(i))) return false;
  return true;
}

/** Whether the character code `c` is one of an ASCII `table`'s (charTable). */
export function isIn(table: Uint8Array, c: number): boolean {
  return c < 128 && table[c] === 1;
}

/** A lookup table of `chars` by character code (128 entries unless `size` says more), for isIn. */
export function charTable(chars: string, size = 128): Uint8Array {
  const table = new Uint8Array(size);
  for (let i = 0; i < chars.length; i++) table[chars.charCodeAt(i)] = 1;
  return table;
}
