import { isPlaceholder } from "../placeholders.ts";
import type { SecretRule } from "../types.ts";

/** Passwords that are documentation, not credentials. */
const WEAK = /^(?:pass(?:word)?|passwd|pwd|secret|changeme|changeit|test|token|x+|\*+)$/i;
const _documented = (secret: string) => WEAK.test(secret) || secret.startsWith("$") || isPlaceholder(secret);

// `.netrc` tokens are separated by any white space, so an entry may span lines.
const WS = String.raw`[ \t\r\n]+`;
const OTHER = String.raw`(?:${WS}(?:account|port|protocol)${WS}\S+)*`;

/**
 * A `.pgpass` host: `*`, a name with a letter, an IPv4 address, an IPv6 address (its colons
 * escaped `\:` as libpq reads them, in brackets, or unescaped with a `::`), or a Unix socket
 * directory (an absolute path whose last part has no dot: grep's `/dir/file.ts:line:` is no host;
 * a relative path never is, so grep's `file:line:col:` is none either).
 */
const PG_HOST = String.raw`(?:\*|(?=[\w.-]{0,253}[A-Za-z])[\w.-]{1,253}|\d{1,3}(?:\.\d{1,3}){3}|${[
  String.raw`[0-9A-Fa-f]{0,4}(?:\\:[0-9A-Fa-f.]{0,15}){2,8}(?:%[\w.-]{1,32})?`,
  String.raw`\[[0-9A-Fa-f:.]{2,45}(?:%[\w.-]{1,32})?\]`,
  String.raw`(?=[0-9A-Fa-f:.]{0,45}::)[0-9A-Fa-f:.]{2,45}(?:%[\w.-]{1,32})?`,
  String.raw`/(?:(?:\\.|[^\s:\\/])*/)*(?:\\.|[^\s:\\/.])*`,
].join("|")})`;

/** Credential files a tool prints whole (`cat ~/.netrc`, `cat ~/.pgpass`): their password field. */
export const credentialFileRules: SecretRule[] = [
  {
    id: "netrc-password",
    description: "Password of a .netrc entry (machine or default, with a login)",
    // `default` alone is in every other line of code: the default entry is found with its login.
    keywords: ["machine", "default login", "default\n", "default\r\n"],
    // The login before the password (as `.netrc` files are written) or after it.
    pattern: new RegExp(
      String.raw`(?:machine${WS}\S+|default)${OTHER}(?:${WS}login${WS}\S+${OTHER}${WS}password${WS}(\S+)|${WS}password${WS}(\S+)${OTHER}${WS}login${WS}\S)`,
      "gi",
    ),
    wordPrefix: 0,
    extraLines: 6,
    allow: _documented,
    confidence: 0.8,
  },
  {
    // hostname:port:database:username:password, one entry per line; `\:` and `\\` are escapes.
    // The keywords are a colon and two digits (`:00` to `:99`, the start of any port field) and
    // `:*:`: the keyword pass costs the same however many keywords there are, and a colon before
    // two digits is rare in source code (1,660 in 20 MiB, against 200,000 colons), where a
    // trigger regex for `:port:` cost a sixth of the detector's time.
    id: "pgpass-password",
    description: "Password of a .pgpass line",
    keywords: [...Array.from({ length: 100 }, (_, i) => `:${String(i).padStart(2, "0")}`), ":*:"],
    pattern: new RegExp(String.raw`^[ \t]*${PG_HOST}:(?:\d{2,5}|\*):(?:\\.|[^\s:\\])+:(?:\\.|[^\s:\\])+:((?:\\.|[^\s:\\]){4,256})[ \t]*\r?$`, "gm"),
    entropy: 2.5,
    allow: _documented,
    confidence: 0.75,
  },
];
