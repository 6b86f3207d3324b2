import { readSmallFile } from "./readable-file.ts";

/** One `section.subsection.key` (section and key lowercased, as git compares them) and its value. */
export type GitConfigEntry = [string, string];

const MAX_ENTRIES = 4096;
const MAX_FILE_BYTES = 64 * 1024;
// A key or section name where parsing stands, at most 256 characters (sticky: no copy of the text).
const KEY = /[A-Za-z][A-Za-z0-9-]{0,255}/y;
const SECTION = /[A-Za-z0-9.-]{1,256}/y;
// A value without `"`, `\`, `#`, `;` or CR up to the end of its line: the text, trailing blanks dropped.
const PLAIN = /[^"\\#;\r\n]*(?=\n|$)/y;

/**
 * The entries of a git config file (`GIT_CONFIG_GLOBAL=cfg`), read as git's own parser reads them:
 * `[section]`, `[section "sub"]` and `[section.sub]` headers, `key = value` (a bare `key` is
 * true), `#`/`;` comments outside quotes, `"…"` quoting, the `\n \t \b \\ \"` escapes and a
 * backslash continuing the value on the next line. Null for text git would reject (it then stops
 * before running anything, but the guard does not bet on reading the error the same way): the
 * caller treats that as unknown configuration.
 */
export function parseGitConfig(text: string): GitConfigEntry[] | null {
  const out: GitConfigEntry[] = [];
  let section: string | null = null;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i]!;
    if (c === "\n" || c === " " || c === "\t" || c === "\r" || (i === 0 && c === "\uFEFF")) {
      i++;
      continue;
    }
    if (c === "#" || c === ";") {
      while (i < n && text[i] !== "\n") i++;
      continue;
    }
    if (c === "[") {
      const header = _header(text, i + 1);
      if (!header) return null;
      [section, i] = header;
      continue;
    }
    KEY.lastIndex = i;
    const key = KEY.exec(text)?.[0];
    if (!key || section === null) return null;
    i += key.length;
    while (text[i] === " " || text[i] === "\t") i++;
    let value = "true";
    if (text[i] === "=") {
      const parsed = _value(text, i + 1);
      if (!parsed) return null;
      [value, i] = parsed;
    } else if (i < n && text[i] !== "\n" && text[i] !== "\r" && text[i] !== "#" && text[i] !== ";") return null;
    out.push([`${section}.${key.toLowerCase()}`, value]);
    if (out.length > MAX_ENTRIES) return null;
  }
  return out;
}

/** `section]`, `section "sub"]` or `section.sub]` after the `[`: the name and where parsing goes on. */
function _header(text: string, at: number): [string, number] | null {
  SECTION.lastIndex = at;
  const name = SECTION.exec(text)?.[0];
  if (!name) return null;
  let i = at + name.length;
  if (text[i] === "]") return [name.toLowerCase(), i + 1];
  if (text[i] !== " " && text[i] !== "\t") return null;
  while (text[i] === " " || text[i] === "\t") i++;
  if (text[i] !== '"' || name.includes(".")) return null;
  let sub = "";
  for (i++; i < text.length && text[i] !== '"'; i++) {
    if (text[i] === "\n") return null;
    if (text[i] === "\\") i++;
    sub += text[i] ?? "";
  }
  if (text[i + 1] !== "]") return null;
  return [`${name.toLowerCase()}.${sub}`, i + 2];
}

/** A value after `=`, up to the end of its (possibly continued) line. */
function _value(text: string, at: number): [string, number] | null {
  let out = "";
  let spaces = "";
  let quoted = false;
  let i = at;
  while (text[i] === " " || text[i] === "\t") i++;
  // The common value: plain text to the end of the line, no quotes, escapes, comments or CR.
  PLAIN.lastIndex = i;
  const plain = PLAIN.exec(text);
  if (plain) {
    const end = i + plain[0].length;
    let last = end;
    while (last > i && (text[last - 1] === " " || text[last - 1] === "\t")) last--;
    return [text.slice(i, last), end];
  }
  for (; i < text.length; i++) {
    const c = text[i]!;
    if (c === "\n") {
      if (quoted) return null;
      break;
    }
    if (!quoted && (c === " " || c === "\t")) {
      spaces += c;
      continue;
    }
    if (!quoted && (c === "#" || c === ";")) {
      while (i < text.length && text[i] !== "\n") i++;
      break;
    }
    out += spaces;
    spaces = "";
    if (c === "\r" && text[i + 1] === "\n") continue;
    if (c === '"') {
      quoted = !quoted;
      continue;
    }
    if (c === "\\") {
      const e = text[++i];
      if (e === "\n") continue;
      if (e === "\r" && text[i + 1] === "\n") {
        i++;
        continue;
      }
      const escaped = e === "n" ? "\n" : e === "t" ? "\t" : e === "b" ? "\b" : e === "\\" || e === '"' ? e : null;
      if (escaped === null) return null;
      out += escaped;
      continue;
    }
    out += c;
  }
  if (quoted) return null;
  return [out, i];
}

/**
 * A git config file on disk (a repository's `.git/config`, `.gitmodules`) or a small file beside
 * it (`.git/HEAD`, a `gitdir:` link), read bounded (readable-file.ts): null when missing, not a
 * regular file, larger than 64 KiB or unreadable.
 */
export function readConfigFile(path: string): string | null {
  return readSmallFile(path, MAX_FILE_BYTES);
}
