/** Decodes the body of a `$'…'` string (and printf-style escapes), as bash does. */
export function decodeAnsiC(body: string): string {
  return body.replace(/\\(x[0-9a-fA-F]{1,2}|u[0-9a-fA-F]{1,4}|U[0-9a-fA-F]{1,8}|[0-7]{1,3}|c.|.)/gs, (_, esc: string) => {
    switch (esc[0]) {
      case "x":
      case "u":
      case "U":
        return String.fromCodePoint(Number.parseInt(esc.slice(1), 16) % 0x110000);
      case "c":
        return String.fromCharCode(esc.charCodeAt(1) & 0x1f);
      default:
        if (/[0-7]/.test(esc[0]!)) return String.fromCharCode(Number.parseInt(esc, 8) & 0xff);
        return _SIMPLE[esc] ?? `\\${esc}`;
    }
  });
}

const _SIMPLE: Record<string, string> = {
  n: "\n",
  t: "\t",
  r: "\r",
  a: "\x07",
  b: "\b",
  e: "\x1b",
  E: "\x1b",
  f: "\f",
  v: "\v",
  "\\": "\\",
  "'": "'",
  '"': '"',
  "?": "?",
};
