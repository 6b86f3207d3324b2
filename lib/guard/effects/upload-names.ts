import type { Word } from "../syntax.ts";

// How curl and httpie name the files they upload, where the name is not the option's plain value
// (network.ts uploadSources): curl's -T globs, -F's quoted names, `name@file` forms, and
// httpie's request items. Each answers file names, or null when the guard cannot tell them.

// The most names a -T glob is expanded to; a bigger one is unknown data.
const MAX_GLOB_NAMES = 100;

/**
 * The files curl's `-T` uploads: it expands `{a,b}` sets and `[a-z]`/`[1-9]`/`[01-10:2]` ranges
 * in the name (curl(1) "globbing"), unless `-g`/`--globoff`. null: a glob the guard cannot read.
 */
export function uploadGlob(name: string, globOff: boolean): string[] | null {
  if (globOff || !/[{[]/.test(name)) return [name];
  let names = [""];
  for (let i = 0; i < name.length; ) {
    const c = name[i]!;
    let parts: string[] | null;
    if (c === "\\" && i + 1 < name.length) {
      parts = [name[i + 1]!];
      i += 2;
    } else if (c === "{" || c === "[") {
      const end = name.indexOf(c === "{" ? "}" : "]", i);
      if (end < 0) return null;
      parts = c === "{" ? name.slice(i + 1, end).split(",") : _range(name.slice(i + 1, end));
      i = end + 1;
    } else {
      parts = [c];
      i++;
    }
    if (parts === null || names.length * parts.length > MAX_GLOB_NAMES) return null;
    names = names.flatMap((n) => parts!.map((p) => n + p));
  }
  return names;
}

/** A curl range's members: `a-z`, `0-9`, `001-100` (padded as written), with an optional `:step`. */
function _range(spec: string): string[] | null {
  const m = /^(?:([a-zA-Z])-([a-zA-Z])|(\d+)-(\d+))(?::(\d+))?$/.exec(spec);
  if (!m) return null;
  const step = m[5] === undefined ? 1 : Number(m[5]);
  const [from, to] = m[1] ? [m[1].charCodeAt(0), m[2]!.charCodeAt(0)] : [Number(m[3]), Number(m[4])];
  if (step < 1 || to < from || (to - from) / step >= MAX_GLOB_NAMES) return null;
  const out: string[] = [];
  for (let n = from; n <= to; n += step) out.push(m[1] ? String.fromCharCode(n) : String(n).padStart(m[3]!.length, "0"));
  return out;
}

/**
 * The file a `-F` part's `@file`/`<file` names, which curl lets quote (`f=@"a;b.txt";type=…`,
 * with `\"` and `\\` escapes); unquoted it ends at `;` or `,`. null for an unclosed quote.
 */
export function formFile(rest: string): string | null {
  if (!rest.startsWith('"')) return /^[^,;]*/.exec(rest)![0];
  let name = "";
  for (let i = 1; i < rest.length; i++) {
    const c = rest[i]!;
    if (c === '"') return name;
    if (c === "\\" && (rest[i + 1] === '"' || rest[i + 1] === "\\")) name += rest[++i];
    else name += c;
  }
  return null;
}

/**
 * The file `--data-urlencode` and `--variable` read: the value's first `@` or `=` decides
 * (curl's tool_getparam.c, strpbrk "@="): `name@file` or `@file` read the file, `name=text` not.
 */
export function namedFile(value: string): string | undefined {
  const m = /^[^@=]*([@=])(.*)$/s.exec(value);
  return m?.[1] === "@" ? m[2] : undefined;
}

// httpie's and xh's options that take the next word as their value (`-a user:pass`, `-o FILE`).
const HTTPIE_VALUED = /^(-[aAoPps]|--(auth|auth-type|bearer|output|print|history-print|pretty|style|session|session-read-only|verify|cert|cert-key|cert-key-pass|proxy|timeout|max-redirects|boundary|format-options|response-charset|response-mime|raw|ssl|ciphers|default-scheme|http-version|resolve|interface|unix-socket))$/;
// A request item reading a file: `field@file` (a form upload), `field=@file`, `field:=@file`
// (its text as a string or as JSON), `Header:@file`; `\` escapes a separator in the field name.
const FILE_ITEM = /^(?:[^\\=:@]|\\.)*(?:=|:=|:)?@(.+)$/s;
const PLAIN_FIELD = /^[\w.-]+(?:==|:=|=|:)(?!@)/;

/**
 * The files httpie's and xh's request items read (`http POST URL f@key.pem data=@body.json`):
 * the words after the URL (and the method before it), skipping options and their values.
 * A computed item that may read a file: null.
 */
export function httpieItemFiles(args: Word[]): string[] | null {
  const positional: Word[] = [];
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === "--") {
      positional.push(...args.slice(i + 1));
      break;
    }
    if (v.startsWith("-") && !args[i]!.dynamic) {
      if (HTTPIE_VALUED.test(v)) i++;
    } else positional.push(args[i]!);
  }
  // A first word of letters only is the method when a URL follows it.
  const method = positional.length > 1 && /^[a-zA-Z]+$/.test(positional[0]!.value) ? 1 : 0;
  const files: string[] = [];
  for (const item of positional.slice(method + 1)) {
    // A computed value after a plain field's separator (`title="$T"`) is text; elsewhere it may name a file.
    if (item.dynamic) {
      if (PLAIN_FIELD.test(item.value)) continue;
      return null;
    }
    const m = FILE_ITEM.exec(item.value);
    if (m) files.push(m[1]!);
  }
  return files;
}
