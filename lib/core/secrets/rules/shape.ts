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
