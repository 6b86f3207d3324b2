/**
 * The shared allowlist: values that are shaped like a secret but are a placeholder, a template
 * reference or a documented example. Applied to the secret (not the line) after the regex, so a
 * real token next to a `${VAR}` is still caught.
 */

const TEMPLATE = [
  /^\$\{\{[^}]*\}\}$/, // ${{ secrets.X }} (GitHub Actions)
  /^\$\{[^}]*\}$/, // ${VAR}
  /^\$\(?[A-Za-z_][A-Za-z0-9_]*\)?$/, // $VAR, $(VAR)
  /^\$\d+$/, // $1
  /^\{\{[^}]*\}\}$/, // {{ .Values.x }}
  /^%[A-Za-z_][A-Za-z0-9_]*%$/, // %VAR%
  /^@[A-Za-z_][A-Za-z0-9_]*@$/, // @VAR@
  /^<[^<>]+>$/, // <YOUR_TOKEN>
  /^\[[^\[\]]+\]$/, // [PASSWORD]
];

/** Words that only occur in values someone wrote to stand in for a secret. */
const PLACEHOLDER_WORDS =
  /example|placeholder|changeme|change_me|change-me|replace[_-]?(?:me|with)|your[_-]?(?:own[_-]?)?(?:api[_-]?)?(?:key|token|secret|password)|insert[_-]?(?:your|key|token)|dummy|redacted|x{5}|\*{3}|\.{3}|#{4}|<[a-z_ -]+>/i;

/** True when `secret` is a template reference, a placeholder or a documented example. */
export function isPlaceholder(secret: string): boolean {
  if (secret.length === 0) return true;
  if (/^(?:true|false|null|none|undefined|nil)$/i.test(secret)) return true;
  if (_isRepeated(secret)) return true;
  if (TEMPLATE.some((re) => re.test(secret))) return true;
  if (secret.includes("${") || secret.includes("{{")) return true;
  if (/0123456789|abcdefghij|ABCDEFGHIJ|qwertyuiop/.test(secret)) return true; // a keyboard or alphabet run
  return PLACEHOLDER_WORDS.test(secret);
}

/** True for `aaaa`, `****`, `0000` and other single-character runs (case-insensitive). */
function _isRepeated(secret: string): boolean {
  const first = secret[0]!.toLowerCase();
  for (let i = 1; i < secret.length; i++) if (secret[i]!.toLowerCase() !== first) return false;
  return true;
}
