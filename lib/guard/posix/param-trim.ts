import { ASCII_LINE } from "./line-filter.ts";

/**
 * bash's prefix and suffix removal, `${X#w}`, `${X##w}`, `${X%w}`, `${X%%w}`, for a known value
 * (`for f in src/*.js; do mv "$f" "${f%.js}.ts"; done`): X without the shortest (`#`, `%`) or
 * longest (`##`, `%%`) prefix or suffix the pattern w matches, X itself when none does.
 *
 * Computed only where the result cannot depend on the shell's settings or locale: the value and
 * the pattern are printable ASCII, and the pattern is plain text, `*` and `?`, or text that is
 * wholly quoted. Brackets (their ranges follow the locale's collation), extglob groups, `~`,
 * backslashes and mixed quoting are unknown (null). A result that would differ with
 * `nocasematch` set is unknown too, and so is a value holding `{}`: find's -exec replaces it
 * with each match (`find . -exec sh -c 'X={}; rm -rf "${X%/*}"' \;` removes the match's
 * folder), and the policy judges a `{}` template as the match itself.
 */
export function trimmed(value: string, op: string, raw: string, unquoted: string): string | null {
  const source = _patternSource(raw, unquoted);
  if (source === null || value.length > MAX_VALUE || !ASCII_LINE.test(value) || value.includes("{}")) return null;
  const exact = _trim(value, op, new RegExp(`^${source}$`, "s"));
  return exact === _trim(value, op, new RegExp(`^${source}$`, "si")) ? exact : null;
}

const MAX_VALUE = 4096;
// Pattern text read as written: letters, digits, a few punctuation marks, and the `*` and `?` wildcards.
const PLAIN = /^[A-Za-z0-9_.,/+=:@%^ *?-]*$/;
// Text that is all quoted: single quotes, or double quotes with nothing expanded inside.
const QUOTED = /^(?:'[^']*'|"[^"$`\\]*"|[A-Za-z0-9_.,/+=:-])*$/;

/** The pattern as a regular expression source, or null when it cannot be read soundly. */
function _patternSource(raw: string, unquoted: string): string | null {
  if (PLAIN.test(raw)) return raw.replace(/[.+^$|\\()[\]{}/]/g, "\\$&").replace(/\*/g, ".*").replace(/\?/g, ".");
  if (QUOTED.test(raw) && ASCII_LINE.test(unquoted)) return unquoted.replace(/[.*+?^$|\\()[\]{}/]/g, "\\$&");
  return null;
}

function _trim(value: string, op: string, re: RegExp): string {
  const n = value.length;
  if (op === "#") for (let i = 0; i <= n; i++) if (re.test(value.slice(0, i))) return value.slice(i);
  if (op === "##") for (let i = n; i >= 0; i--) if (re.test(value.slice(0, i))) return value.slice(i);
  if (op === "%") for (let i = n; i >= 0; i--) if (re.test(value.slice(i))) return value.slice(0, i);
  if (op === "%%") for (let i = 0; i <= n; i++) if (re.test(value.slice(i))) return value.slice(0, i);
  return value;
}
