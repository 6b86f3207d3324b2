/**
 * What bash's printf prints: backslash escapes in the format, `%s` arguments verbatim, `%b`
 * arguments with their own escapes (`\0NNN`, and `\c` ends all output), the format reused while
 * arguments remain. A conversion it does not model (a width, a precision, `%x`, `%c`, …) makes
 * the text unknown: `printf '%.4s\0' .gitx` prints `.git`.
 */
export function printfText(format: string, args: string[]): { text: string; dynamic: boolean } {
  let out = "";
  let next = 0;
  let dynamic = false;
  let stop = false;
  const conversion = /%(%|[sbq]|[di])|%[^%sbqdi]*[a-zA-Z%]?/g;
  do {
    const start = next;
    let at = 0;
    for (const m of format.matchAll(conversion)) {
      out += _escapes(format.slice(at, m.index), false).text;
      at = m.index + m[0].length;
      const kind = m[1];
      if (kind === "%") out += "%";
      else if (kind === undefined) dynamic = true;
      else {
        const arg = args[next++];
        if (kind === "s") out += arg ?? "";
        else if (kind === "b") {
          const expanded = _escapes(arg ?? "", true);
          out += expanded.text;
          if (expanded.stop) {
            stop = true;
            break;
          }
        } else if (kind === "q") {
          if (arg !== undefined && !/^[\w./:=@%+,-]*$/.test(arg)) dynamic = true;
          out += arg ?? "''";
        } else if (arg === undefined) out += "0";
        else if (/^[-+]?\d+$/.test(arg)) out += String(Number.parseInt(arg, 10));
        else dynamic = true;
      }
    }
    if (stop) break;
    out += _escapes(format.slice(at), false).text;
    // The format is reused only while it consumed arguments.
    if (next === start) break;
  } while (next < args.length);
  return { text: out, dynamic };
}

/** `echo -e`: the escapes of printf's `%b`, `\c` ending the output. */
export function echoEscapes(text: string): string {
  return _escapes(text, true).text;
}

const NAMED: Record<string, string> = { a: "\x07", b: "\b", e: "\x1b", E: "\x1b", f: "\f", n: "\n", r: "\r", t: "\t", v: "\v", "\\": "\\", '"': '"', "'": "'", "?": "?" };

/** Backslash escapes: the format's (`\NNN`) or `%b`'s (`\0NNN` too, and `\c` stops). */
function _escapes(text: string, forB: boolean): { text: string; stop: boolean } {
  if (!text.includes("\\")) return { text, stop: false };
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c !== "\\" || i + 1 >= text.length) {
      out += c;
      continue;
    }
    const e = text[i + 1]!;
    if (forB && e === "c") return { text: out, stop: true };
    const octal = forB && e === "0" ? /^0[0-7]{0,3}/.exec(text.slice(i + 1, i + 5)) : /^[0-7]{1,3}/.exec(text.slice(i + 1, i + 4));
    if (octal) {
      const digits = forB && e === "0" ? octal[0].slice(1) : octal[0];
      out += String.fromCharCode(Number.parseInt(digits || "0", 8) & 0xff);
      i += octal[0].length;
      continue;
    }
    const hex = e === "x" ? /^[0-9a-fA-F]{1,2}/.exec(text.slice(i + 2, i + 4)) : e === "u" ? /^[0-9a-fA-F]{1,4}/.exec(text.slice(i + 2, i + 6)) : e === "U" ? /^[0-9a-fA-F]{1,8}/.exec(text.slice(i + 2, i + 10)) : null;
    if (hex) {
      out += String.fromCodePoint(Math.min(Number.parseInt(hex[0], 16), 0x10ffff));
      i += 1 + hex[0].length;
      continue;
    }
    if (NAMED[e] !== undefined) {
      out += NAMED[e];
      i++;
      continue;
    }
    out += c;
  }
  return { text: out, stop: false };
}
