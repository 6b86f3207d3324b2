import type { SecretRule } from "../types.ts";
import { ASSIGN, mayAssignAfter } from "./shape.ts";

// A name that says "secret" (api_key, client_secret, password...) assigned a value. The name is
// matched whole, from its first identifier character, so the regex never rescans a long name.
const PREFIX = 40;
const NAME = String.raw`(?<![\w.-])[\w.-]{0,${PREFIX}}?(?:access|auth|api|credential|creds|key|passw(?:or)?d|pwd|secret|token)[\w.-]{0,40}`;
const QUOTED = String.raw`(?<=["'\x60])([^"'\x60\s]{8,150})(?=["'\x60])`;
const BARE = String.raw`([\w.=~+/-]{10,150})(?=[\x60'"\s;,)}\]<]|\\[nrt]|$)`;

/** Names that hold an identifier, a length or a location, not a secret. */
const NOT_SECRET_NAME = new RegExp(
  [
    String.raw`(?:^|[_.-])(?:id|ids|name|names|version|url|uri|urls|endpoint|file|path|dir|length|len|size|type|alias|format|count|prefix|field|header|env|enabled|mode|index|ref|label|hint|policy|hash|algorithm|salt|expir\w*|ttl|timeout|event)$`,
    String.raw`(?:[a-z0-9]|^)(?:Id|Ids|Name|Version|Url|Uri|Endpoint|File|Path|Length|Size|Type|Alias|Format|Count|Prefix|Field|Header|Hash|Event)$`,
    "accessor|accessib|random_?access|rapid|capital|author(?!i[sz])|authority|authsource|authentication-results",
    String.raw`(?:bucket|foreign|hot|idx|natural|primary|pub|public|schema|sequence|sort|partition|cache|row|map|dict|unique)[_.-]?key`,
    String.raw`key[_.-]?(?:board|code|frame|pair|press|ring|selector|signature|stone|store|tab|word|up|down|left|right|mesh|vault|map|set|space|chain|event|stroke|listener|handler|binding|name|id|file|path|length|size|type|alias|hash|usage|spec)`,
    "keyvault|monkey|donkey|turkey|jockey|hockey|keying|csrf|xsrf|public[_.-]?token|jsonwebtoken|tokenizer|tokens?_?(?:url|uri|endpoint|type|file|count|limit|usage)",
    String.raw`(?:secret|password|passwd)[_.-]?(?:name|length|size|policy|hint|field|prompt|reset|strength|min|max|rules?|label|placeholder|manager)`,
    "credentials?[_.-]?(?:id|provider|url|type|file|path|helper|name)|withcredentials|usersecretsid",
  ].join("|"),
  "i",
);

/** Values that look like code, a version, a path or a sequence rather than a credential. */
function _isNotSecretValue(value: string): boolean {
  if (!/\d/.test(value)) return true; // no digit: a word or an identifier
  if (/^\d+$/.test(value)) return true; // a number
  if (/\d+\.\d+\.\d+/.test(value)) return true; // a version
  if (/^[a-z][a-z0-9_-]*(?:\.[a-z][a-z0-9_-]*)+$/.test(value)) return true; // a dotted name or host
  if (/^(?:\.{0,2}\/|~\/|[A-Za-z]:\\)/.test(value)) return true; // a path
  return false;
}

/** The line-level contexts where a secret-named assignment is syntax, not data. */
function _isSyntaxLine(match: string): boolean {
  return /--mount=type=secret|^\s*import\s*\{/.test(match);
}

/** `api_key = "..."`, `"client_secret": "..."` and friends, for services without a rule. */
export const genericRules: SecretRule[] = [
  {
    id: "generic-api-key",
    description: "High-entropy value assigned to a secret-like name",
    keywords: ["access", "api", "auth", "credential", "creds", "key", "passwd", "password", "pwd", "secret", "token"],
    pattern: new RegExp(`${NAME}${ASSIGN}[\\x60'"\\s=]{0,5}(?:${QUOTED}|${BARE})`, "gi"),
    entropy: 3.5,
    wordPrefix: PREFIX,
    // Two keyword hits in three in source code have no assignment after their name. The keyword
    // a match holds is a hit of its own, and from its start the name runs on at most the longest
    // keyword and 40 more characters.
    mayMatchAt: (text, at) => mayAssignAfter(text, at, "credential".length + 40),
    // `<apiToken>` on one line and the value on the next (XML configuration).
    extraLines: 1,
    allow: (value, match) => {
      const name = /^[\w.-]*/.exec(match)![0];
      return NOT_SECRET_NAME.test(name) || _isNotSecretValue(value) || _isSyntaxLine(match);
    },
    confidence: 0.6,
  },
];
