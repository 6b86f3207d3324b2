/**
 * Text normalisation that defeats the cheap evasions seen in the wild (research/audit.md §3.4):
 * look-alike letters, quote- and backslash-split command names, and command names held in
 * variables. Each function keeps one output line per input line, so positions stay meaningful.
 */

// Cyrillic and Greek letters that render like Latin ones (Unicode TR39 confusables, the subset
// attackers use in command names and paths).
const CONFUSABLES: Record<string, string> = {
  а: "a", в: "b", е: "e", к: "k", м: "m", н: "h", о: "o", р: "p", с: "c", т: "t", у: "y", х: "x", і: "i", ј: "j", ѕ: "s", ԁ: "d", ɡ: "g", һ: "h", ӏ: "l", ԛ: "q", ԝ: "w",
  А: "A", В: "B", Е: "E", К: "K", М: "M", Н: "H", О: "O", Р: "P", С: "C", Т: "T", Х: "X", І: "I", Ј: "J", Ѕ: "S",
  α: "a", ο: "o", ρ: "p", ν: "v", τ: "t", ι: "i", κ: "k", χ: "x", υ: "u",
  Α: "A", Β: "B", Ε: "E", Η: "H", Ι: "I", Κ: "K", Μ: "M", Ν: "N", Ο: "O", Ρ: "P", Τ: "T", Χ: "X", Υ: "Y", Ζ: "Z",
};
const CONFUSABLE_RE = new RegExp(`[${Object.keys(CONFUSABLES).join("")}]`, "g");
/** One Cyrillic or Greek letter that renders like a Latin one. */
export const CONFUSABLE = new RegExp(`[${Object.keys(CONFUSABLES).join("")}]`);

/** Latin look-alikes in place of Cyrillic and Greek letters. */
export function foldConfusables(text: string): string {
  return text.replace(CONFUSABLE_RE, (c) => CONFUSABLES[c] ?? c);
}

/**
 * Shell words as the shell sees them: `cu'r'l`, `cu"r"l` and `cur\l` all run curl. Only quotes
 * glued between word characters and backslashes before a letter are dropped, so ordinary quoted
 * arguments keep their quotes.
 */
export function unsplitShellWords(line: string): string {
  return line
    .replace(/(?<=[A-Za-z0-9_])(?:''|"")(?=[A-Za-z0-9_])/g, "")
    .replace(/(?<=[A-Za-z0-9_])'([A-Za-z0-9_]+)'(?=[A-Za-z0-9_])/g, "$1")
    .replace(/(?<=[A-Za-z0-9_])"([A-Za-z0-9_]+)"(?=[A-Za-z0-9_])/g, "$1")
    .replace(/(?<=[A-Za-z0-9_])\\(?=[A-Za-z])/g, "");
}

const ASSIGNMENT = /^\s*(?:export\s+|local\s+|readonly\s+)?([A-Za-z_][A-Za-z0-9_]*)=(['"]?)([A-Za-z0-9_./-]{1,64})\2\s*(?:[;#].*)?$/;
const SHELL_VAR = /\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/g;

/**
 * Replaces `$VAR` / `${VAR}` with the single word a plain `VAR=word` assignment earlier in the
 * file gave it, so `C=curl; $C -d @~/.ssh/id_rsa` reads as the curl it is.
 */
export function resolveShellVariables(lines: readonly string[]): string[] {
  const known = new Map<string, string>();
  return lines.map((line) => {
    const out = known.size > 0 && line.includes("$") ? line.replace(SHELL_VAR, (m, name: string) => known.get(name) ?? m) : line;
    if (!line.includes("=")) return out;
    for (const part of line.split(";")) {
      const assign = ASSIGNMENT.exec(part);
      if (assign) known.set(assign[1]!, assign[3]!);
    }
    return out;
  });
}

const BASE64_MIN = 20;
const BASE64_CHAR = new Uint8Array(128);
for (const c of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/") BASE64_CHAR[c.charCodeAt(0)] = 1;
const _isBase64 = (c: number) => c < 128 && BASE64_CHAR[c] === 1;

/**
 * Every run of 20+ base64 characters in `text` (start, end). Looks at one character in 20: any
 * run that long covers one of them, and only around those that are base64 does it look further.
 */
export function base64Runs(text: string): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  const n = text.length;
  for (let i = BASE64_MIN - 1; i < n; ) {
    if (!_isBase64(text.charCodeAt(i))) {
      i += BASE64_MIN;
      continue;
    }
    let start = i;
    while (start > 0 && _isBase64(text.charCodeAt(start - 1))) start--;
    let end = i + 1;
    while (end < n && _isBase64(text.charCodeAt(end))) end++;
    if (end - start >= BASE64_MIN) out.push([start, end]);
    // The next run starts after `end`, so a 20-character run covers `end + 20`.
    i = end + BASE64_MIN;
  }
  return out;
}

/**
 * The printable text a base64 run of 20+ characters hides (decode-and-rescan, as gitleaks and
 * trufflehog do), or undefined when it decodes to binary.
 */
export function decodeBase64Run(run: string): string | undefined {
  if (run.length % 4 === 1) return undefined;
  const bytes = Buffer.from(run, "base64");
  if (bytes.length < 12) return undefined;
  const text = bytes.toString("utf8");
  return /^[\x09\x0a\x0d\x20-\x7e]+$/.test(text) && /[ ./|;(]/.test(text) ? text : undefined;
}

/** The ASCII text a run of Unicode tag characters (U+E0000–E007F) spells, or "" when none. */
export function decodeTagCharacters(text: string): string {
  let out = "";
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (cp >= 0xe0020 && cp <= 0xe007e) out += String.fromCharCode(cp - 0xe0000);
  }
  return out;
}

/** Invisible and control characters written as `\u{…}` escapes, so evidence shows them. */
export function showInvisible(text: string): string {
  return text.replace(/[\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF\u00AD]|[\u{E0000}-\u{E007F}]|[\u0000-\u0008\u000B-\u001F\u007F]/gu, (c) => `\\u{${c.codePointAt(0)!.toString(16).toUpperCase()}}`);
}
