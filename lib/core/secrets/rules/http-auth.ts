import { shannonEntropy } from "../entropy.ts";
import { isPlaceholder } from "../placeholders.ts";
import type { SecretRule } from "../types.ts";

/** Passwords that are documentation, not credentials. */
const WEAK = /^(?:change(?:it|me)|pass(?:word)?|pwd|test|token|secret|x+|\*+)$/i;

/** The user:password given to curl: accepts it when the secret half is a real value. */
function _isDocumentedUser(credential: string): boolean {
  if (/[<>[\]]/.test(credential)) return true;
  const plain = credential.replace(/["']/g, "");
  const colon = plain.indexOf(":");
  const user = plain.slice(0, colon);
  const password = plain.slice(colon + 1);
  const secret = password.length > 0 ? password : user;
  if (secret.length < 3 || WEAK.test(secret)) return true;
  return secret.startsWith("$") || isPlaceholder(secret) || isPlaceholder(user.length > 0 ? user : secret);
}

/** Set-Cookie's attributes, which hold no secret. */
const COOKIE_ATTRIBUTE = /^(?:domain|path|expires|max-age|samesite|priority)$/i;

/**
 * One `name=value` of a cookie header that looks like a session: 16+ characters with a digit
 * (a value without one is a word or a setting) and above 3.2 bits of entropy, not a placeholder.
 */
function _isSessionCookie(pair: string): boolean {
  const eq = pair.indexOf("=");
  if (eq < 0 || COOKIE_ATTRIBUTE.test(pair.slice(0, eq).trim())) return false;
  const value = pair.slice(eq + 1).trim().replace(/^"|"$/g, "");
  return value.length >= 16 && !/[\s,]/.test(value) && /\d/.test(value) && shannonEntropy(value) > 3.2 && !isPlaceholder(value);
}

/** Whether one `name=value` of a cookie string (a header's value, `document.cookie`'s) is a session. */
const _holdsSession = (cookies: string) => cookies.split(";").some(_isSessionCookie);

/** A string literal of 16 to 4096 characters (the value group: `"…"`, `'…'` or a template without `${`). */
const LITERAL = String.raw`(?:"([^\n"\\]{16,4096})"|'([^\n'\\]{16,4096})'|\x60([^\n\x60\\$]{16,4096})\x60)`;
/** A short string literal (a cookie's name), not captured. */
const NAME = String.raw`(?:"[^\n"\\]{1,64}"|'[^\n'\\]{1,64}')`;
/** `name: value` and `name=value` pairs with quoted values in a dict, an object or `dict(…)`. */
const QUOTED_PAIR = /["']?([\w.-]{1,64})["']?[ \t]*[:=][ \t]*(?:"([^"\n]*)"|'([^'\n]*)')/g;
/** A HAR cookie's value long enough to be a session. */
const HAR_VALUE = /"value"[ \t]*:[ \t]*"([^"\n]{16,4096})"/g;

/**
 * Whether `text` from `at` holds blanks, the character `sep`, blanks, then (when `open` is
 * given) that character and blanks, and a line break: a pretty-printed JSON value's start.
 */
function _opensAfter(text: string, at: number, sep: number, open?: number): boolean {
  const blanks = () => {
    while (text.charCodeAt(at) === 32 || text.charCodeAt(at) === 9) at++;
  };
  blanks();
  if (text.charCodeAt(at++) !== sep) return false;
  blanks();
  if (open !== undefined) {
    if (text.charCodeAt(at++) !== open) return false;
    blanks();
  }
  if (text.charCodeAt(at) === 13) at++;
  return text.charCodeAt(at) === 10;
}

/**
 * Whether the keyword at `at` opens a quoted name: a quote before it, or before the `Proxy-` or
 * `Set-` of `prefix` characters (the dash last) that may precede it.
 */
function _quotedName(text: string, at: number, prefix: number): boolean {
  return text.charCodeAt(at - 1) === 34 || (text.charCodeAt(at - 1) === 45 && text.charCodeAt(at - prefix - 1) === 34);
}

/** HTTP credentials: Authorization headers (in logs, curl, code) and `curl -u user:password`. */
export const httpAuthRules: SecretRule[] = [
  {
    id: "authorization-header",
    description: "Credential in an HTTP Authorization header",
    keywords: ["authorization"],
    pattern:
      /\b(?:Proxy-)?Authorization["']?[ \t]*[:=][ \t]*["']?(?:Basic[ \t]+([A-Za-z0-9+/]{8,}={0,3})|(?:Bearer|Token|Bot|Api-Token)[ \t]+([\w=~@.+/-]{8,})|([\w=~@.+/-]{16,}))(?=["'\s,;})\]]|\\[nrt]|$)/gi,
    entropy: 2.75,
    confidence: 0.85,
  },
  {
    // An Authorization header as a name and value pair (session 9): a HAR file's headers, on one
    // line or pretty-printed with the value on the next (`{"name": "authorization",` then
    // `"value": "Bearer …"`), and Postman's `{"key": "Authorization", "value": "…"}`.
    id: "authorization-header",
    description: "Credential in an HTTP Authorization header given as a name and value",
    keywords: ["authorization"],
    wordPrefix: 6,
    extraLines: 1,
    mayMatchAt: (text, at) => text.charCodeAt(at + 13) === 34,
    pattern:
      /(?:Proxy-)?Authorization"[ \t]*,[ \t]*(?:\r?\n[ \t]*)?"value"[ \t]*:[ \t]*"(?:Basic[ \t]+([A-Za-z0-9+/]{8,}={0,3})|(?:Bearer|Token|Bot|Api-Token)[ \t]+([\w=~@.+/-]{8,})|([\w=~@.+/-]{16,}))"/gi,
    entropy: 2.75,
    confidence: 0.85,
  },
  {
    // The same pair given value first (session 10): `{"value": "Bearer …", "name":
    // "Authorization"}`, on one line or with the name on the next (a HAR written by a tool that
    // orders its keys so, Postman's `"key"`). The keyword ends the shape, so the window starts a
    // line before it; only a name quoted whole (`"authorization"`, `"proxy-authorization"`) opens one.
    id: "authorization-header",
    description: "Credential in an HTTP Authorization header given as a value and name",
    keywords: ["authorization"],
    linesBefore: 1,
    mayMatchAt: (text, at) => text.charCodeAt(at + 13) === 34 && _quotedName(text, at, 6),
    pattern:
      /"value"[ \t]*:[ \t]*"(?:Basic[ \t]+([A-Za-z0-9+/]{8,}={0,3})|(?:Bearer|Token|Bot|Api-Token)[ \t]+([\w=~@.+/-]{8,})|([\w=~@.+/-]{16,}))"[ \t]*,[ \t]*(?:\r?\n[ \t]*)?"(?:name|key)"[ \t]*:[ \t]*"(?:Proxy-)?Authorization"/gi,
    entropy: 2.75,
    confidence: 0.85,
  },
  {
    // A `Cookie:` or `Set-Cookie:` header (curl -v's `> `/`< ` lines, a saved request, code) or
    // curl's `--cookie` with a cookie whose value is long and random enough to be a session: the
    // header's whole value is the secret, so every cookie in it is redacted (one pass over the
    // line, no look-behind).
    id: "cookie-session",
    description: "Session value in a Cookie or Set-Cookie header",
    keywords: ["cookie"],
    pattern: /(?:(?:Set-)?Cookie["']?[ \t]*[:=][ \t]*["']?([^\n"'\\]{16,4096})|--cookie(?:[ \t]+|=)(?:"([^\n"\\]{16,4096})"|'([^\n'\\]{16,4096})'|([^\s"'\\]{16,4096})))/gi,
    // Tried at the word's start only: `document.cookie` and `req.headers.cookie` are code.
    wordPrefix: 4,
    allow: (value) => !value.split(";").some(_isSessionCookie),
    ownAllowlistOnly: true,
    confidence: 0.8,
  },
  {
    // curl's `-b` with the cookie on the command line: alone, last of a group of short flags
    // (`-sSb`) or glued to its value (`-bsid=…`), on curl's line or any of the five after it
    // (a continued line, but no backslash is required: a `-b` of another command that close is
    // read too, which errs toward redacting). A value without a session (`-b cookies.txt` names a
    // cookie file) is no secret.
    id: "cookie-session",
    description: "Session cookie passed to curl -b",
    keywords: ["curl"],
    extraLines: 5,
    pattern: /\bcurl\b[^\n]{0,400}?(?:\n[^\n]{0,400}?){0,5}[ \t]-[A-Za-z]{0,8}b(?:[ \t]{1,5})?(?:"([^\n"\\]{16,4096})"|'([^\n'\\]{16,4096})'|([^\s"'\\]{16,4096}))/gi,
    allow: (value) => !value.split(";").some(_isSessionCookie),
    ownAllowlistOnly: true,
    confidence: 0.8,
  },
  {
    // A Netscape cookie file (curl's `-c` jar, wget's `--save-cookies`, a browser's export):
    // domain, subdomains, path, secure, expiry, name and value, separated by tabs; `#HttpOnly_`
    // marks an HttpOnly cookie. A value that looks like a session is the secret.
    id: "cookie-session",
    description: "Session value in a Netscape cookie file",
    keywords: ["\ttrue\t", "\tfalse\t"],
    pattern: /^(?:#HttpOnly_)?[^\s#][^\t\n]*\t(?:TRUE|FALSE)\t[^\t\n]*\t(?:TRUE|FALSE)\t\d+\t[^\t\n]+\t([^\t\r\n]{16,4096})\r?$/gm,
    allow: (value) => !_isSessionCookie(`cookie=${value}`),
    ownAllowlistOnly: true,
    confidence: 0.8,
  },
  {
    // Cookies set in code with a literal session (session 8). Each expression is tried once, at
    // the start of the word that holds `cookie` (a word of letters, digits, `_`, `.`, `-`), as the
    // header rule is, so a long line full of `cookie` costs one try per word. A cookie string
    // (`name=value; …`) assigned to a `.cookie` property (`document.cookie = "sid=…"`) or given
    // as a Cookie or Set-Cookie header's value (`setHeader("Set-Cookie", "…")`,
    // `headers["Cookie"] = "…"`, a HAR header `{"name": "Cookie", "value": "…"}`).
    id: "cookie-session",
    description: "Session cookie string set in code",
    keywords: ["cookie"],
    pattern: new RegExp(
      String.raw`(?:[\w.-]{0,64}?\.cookie[ \t]*=(?!=)[ \t]*|(?:set-)?cookie["'](?:[ \t]*,[ \t]*(?:["']?value["']?[ \t]*:[ \t]*)?|\][ \t]*=(?!=)[ \t]*))${LITERAL}`,
      "gi",
    ),
    wordPrefix: 64,
    allow: (value) => !_holdsSession(value),
    ownAllowlistOnly: true,
    confidence: 0.8,
  },
  {
    // One cookie's value: a call given its name and value (`res.cookie("sid", "…")`,
    // `set_cookie`, `setcookie`, `setCookie`, `cookies.set`, `new Cookie`), or a name and value
    // object given to such a call (Selenium's `add_cookie({"name": "sid", "value": "…"})`,
    // Playwright's `addCookies([{ name, value }])`), and Python's printed cookie jar (`<Cookie sid=… for host/>`).
    // A value from a variable is no literal; a literal that is no session (a setting) passes.
    id: "cookie-session",
    description: "Session cookie value set in code",
    keywords: ["cookie"],
    pattern: new RegExp(
      String.raw`(?:[\w.-]{0,64}?cookies?(?:\.set)?[ \t]*\([ \t]*(?:${NAME}[ \t]*,[ \t]*|\[?[ \t]*\{[ \t]*["']?name["']?[ \t]*:[ \t]*${NAME}[ \t]*,[ \t]*["']?value["']?[ \t]*:[ \t]*)${LITERAL}|Cookie [^\s=]{1,64}=([^\s<>]{16,4096}) for )`,
      "gi",
    ),
    wordPrefix: 64,
    allow: (value) => !_isSessionCookie(`cookie=${value}`),
    ownAllowlistOnly: true,
    confidence: 0.8,
  },
  {
    // The cookies of a request as a dict, an object or a one-line list (`requests.get(url,
    // cookies={"sessionid": "…"})`, `cookies=dict(sid="…")`, `cookies: {sid: "…"}`, a HAR entry's
    // `"cookies": [{"name": "sid", "value": "…"}]`): a quoted value that looks like a session is
    // the secret, and the whole literal is redacted.
    id: "cookie-session",
    description: "Session cookie in a cookies dict or list in code",
    keywords: ["cookie"],
    pattern: /[\w.-]{0,64}?cookies["']?[ \t]*[:=][ \t]*(\{[^\n{}]{1,4096}\}|dict\([^\n()]{1,4096}\)|\[[^\n[\]]{1,4096}\])/gi,
    wordPrefix: 64,
    allow: (literal) => ![...literal.matchAll(QUOTED_PAIR)].some((m) => _isSessionCookie(`${m[1]}=${m[2] ?? m[3]}`)),
    ownAllowlistOnly: true,
    confidence: 0.8,
  },
  {
    // A HAR file as browsers' devtools export it (session 9): pretty-printed, `"cookies": [`
    // ends its line and each cookie's `"name"`, `"value"`, `"path"`, … are lines of their own.
    // The list is read whole (its window ends at the list's `]`, 64 KiB at most) as the one-line
    // list above is, a quoted value that looks like a session makes it the secret. An empty or
    // one-line list is the rule above's.
    id: "cookie-session",
    description: "Session cookie in a pretty-printed HAR cookies list",
    // (No keyword holds a quote: decide.ts reads a property's name before its value.)
    keywords: ["cookies"],
    wordPrefix: 0,
    windowEnd: (text, at) => {
      const close = text.indexOf("]", at);
      return Math.min(close < 0 ? text.length : close + 1, at + 64 * 1024);
    },
    // Only `": [` and a line break after the keyword open such a list: other hits cut no window.
    mayMatchAt: (text, at) => text.charCodeAt(at + 7) === 34 && _opensAfter(text, at + 8, 58, 91),
    pattern: /cookies"[ \t]*:[ \t]*(\[[ \t]*\r?\n[^[\]]{1,65536}\])/gi,
    // Each cookie's `"value"` of 16 characters or more (what a session needs): a search for
    // `"value"`, not a pair tried at every character of a long list.
    allow: (literal) => ![...literal.matchAll(HAR_VALUE)].some((m) => _isSessionCookie(`value=${m[1]}`)),
    ownAllowlistOnly: true,
    confidence: 0.8,
  },
  {
    // A pretty-printed HAR's Cookie or Set-Cookie header (session 9): `"name": "cookie",` on one
    // line and `"value": "…"` on the next, the request's cookies or the response's session as
    // one string (the one-line form is the code rule's, above).
    id: "cookie-session",
    description: "Session cookie in a pretty-printed HAR header",
    keywords: ["cookie"],
    wordPrefix: 4,
    extraLines: 1,
    mayMatchAt: (text, at) => text.charCodeAt(at + 6) === 34 && _opensAfter(text, at + 7, 44),
    pattern: /(?:set-)?cookie"[ \t]*,[ \t]*\r?\n[ \t]*"value"[ \t]*:[ \t]*"([^\n"\\]{16,4096})"/gi,
    allow: (value) => !_holdsSession(value),
    ownAllowlistOnly: true,
    confidence: 0.8,
  },
  {
    // A HAR's Cookie or Set-Cookie header given value first (session 10), on one line or with the
    // name on the next: `{"value": "sid=…", "name": "Cookie"}`. As above, the window starts a line
    // before the keyword, and only a name quoted whole (`"cookie"`, `"set-cookie"`) opens one.
    id: "cookie-session",
    description: "Session cookie in a HAR header given as a value and name",
    keywords: ["cookie"],
    linesBefore: 1,
    mayMatchAt: (text, at) => text.charCodeAt(at + 6) === 34 && _quotedName(text, at, 4),
    pattern: /"value"[ \t]*:[ \t]*"([^\n"\\]{16,4096})"[ \t]*,[ \t]*(?:\r?\n[ \t]*)?"(?:name|key)"[ \t]*:[ \t]*"(?:set-)?cookie"/gi,
    allow: (value) => !_holdsSession(value),
    ownAllowlistOnly: true,
    confidence: 0.8,
  },
  {
    id: "curl-auth-header",
    description: "API key header passed to curl",
    keywords: ["curl"],
    extraLines: 5,
    pattern:
      /\bcurl\b[^\n]{0,400}?(?:\n[^\n]{0,400}?){0,5}[ \t](?:-H|--header)(?:=|[ \t]{1,5})["'](?:X-(?:[A-Za-z]+-)?)?(?:Api-?)?(?:Key|Token):[ \t]{0,5}([\w=~@.+/-]{8,})["']/gi,
    entropy: 2.75,
    confidence: 0.85,
  },
  {
    id: "curl-auth-user",
    description: "User and password passed to curl",
    keywords: ["curl"],
    extraLines: 5,
    pattern:
      /\bcurl\b[^\n]{0,400}?(?:\n[^\n]{0,400}?){0,5}[ \t](?:-u|--user)(?:=|[ \t]{1,5})("[^"\n]*:[^"\n]*"|'[^'\n]*:[^'\n]*'|(?:"[^"\n]{3,}"|'[^'\n]{3,}'|[\w$@.{}-]+):(?:"[^"\n]{3,}"|'[^'\n]{3,}'|[^\s"']+))(?=\s|$)/gi,
    entropy: 2,
    allow: (credential) => _isDocumentedUser(credential),
    ownAllowlistOnly: true,
    confidence: 0.8,
  },
];
