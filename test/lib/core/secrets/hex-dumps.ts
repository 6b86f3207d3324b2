/**
 * The dump formats of `xxd`, `hexdump` and `od` (GNU coreutils, util-linux, vim's xxd), written
 * in the test so a fake key is dumped at run time. Each was compared with the real program's
 * output on a fake key file in the sandbox.
 */
const hex2 = (b: number) => b.toString(16).padStart(2, "0");
const lines = (bytes: Uint8Array, width: number) => Array.from({ length: Math.ceil(bytes.length / width) }, (_, i) => bytes.subarray(i * width, i * width + width));
const ascii = (line: Uint8Array) => [...line].map((b) => (b >= 0x20 && b <= 0x7e ? String.fromCharCode(b) : ".")).join("");
const octal = (n: number) => n.toString(8).padStart(7, "0");

/**
 * Dumps without an offset column (session 7): `od -An` in its byte, word and character forms, and
 * `xxd -i`'s C include lines (with its header and footer, as `xxd -i file` prints them). Compared
 * with the real programs' output on a fake key file in the sandbox like the others.
 */
export const OFFSETLESS_DUMPS: Record<string, (bytes: Uint8Array) => string> = {
  "od -An -t x1": (bytes) => lines(bytes, 16).map((l) => [...l].map((b) => ` ${hex2(b)}`).join("")).join("\n"),
  "od -An -x": (bytes) => lines(bytes, 16).map((l) => lines(l, 2).map((w) => ` ${hex2(w[1] ?? 0)}${hex2(w[0]!)}`).join("")).join("\n"),
  // `-w64`: 64 bytes a line (review B: more than 32 was not read).
  "od -An -t x1 -w64": (bytes) => lines(bytes, 64).map((l) => [...l].map((b) => ` ${hex2(b)}`).join("")).join("\n"),
  "od -An -x -w64": (bytes) => lines(bytes, 64).map((l) => lines(l, 2).map((w) => ` ${hex2(w[1] ?? 0)}${hex2(w[0]!)}`).join("")).join("\n"),
  // Session 8: od's default octal words and `-b`'s octal bytes without offsets.
  "od -An": (bytes) => lines(bytes, 16).map((l) => lines(l, 2).map((w) => ` ${((w[1] ?? 0) * 256 + w[0]!).toString(8).padStart(6, "0")}`).join("")).join("\n"),
  "od -An -b": (bytes) => lines(bytes, 16).map((l) => [...l].map((b) => ` ${b.toString(8).padStart(3, "0")}`).join("")).join("\n"),
  "od -An -c": (bytes) =>
    lines(bytes, 16)
      .map((l) => {
        const named: Record<number, string> = { 0: "\\0", 7: "\\a", 8: "\\b", 9: "\\t", 10: "\\n", 11: "\\v", 12: "\\f", 13: "\\r" };
        return [...l].map((b) => (named[b] ?? (b >= 0x20 && b <= 0x7e ? String.fromCharCode(b) : b.toString(8).padStart(3, "0"))).padStart(4)).join("");
      })
      .join("\n"),
  // Session 9: od -An's decimal forms (bytes unsigned and signed, 16- and 32-bit words).
  "od -An -t u1": (bytes) => lines(bytes, 16).map((l) => decimals(l, 1, false, 4)).join("\n"),
  "od -An -t d1": (bytes) => lines(bytes, 16).map((l) => decimals(l, 1, true, 5)).join("\n"),
  "od -An -d": (bytes) => lines(bytes, 16).map((l) => decimals(l, 2, false, 6)).join("\n"),
  "od -An -i": (bytes) => lines(bytes, 16).map((l) => decimals(l, 4, true, 12)).join("\n"),
  // Session 10: od -An's wider hex words (a partial last word padded with zeros), as GNU od 9.1 prints them.
  "od -An -t x4": (bytes) => lines(bytes, 16).map((l) => lines(l, 4).map((w) => ` ${word(w, 16, 4)}`).join("")).join("\n"),
  "od -An -t x8": (bytes) => lines(bytes, 16).map((l) => lines(l, 8).map((w) => ` ${word(w, 16, 8)}`).join("")).join("\n"),
  // Session 11: od -An with several types (each type's line padded to the widest one's, no offsets).
  "od -An -t x1 -t c": (bytes) => odTypes(bytes, ["x1", "c"], 0),
  "od -An -x -c": (bytes) => odTypes(bytes, ["x2", "c"], 0),
  "od -An -t x4 -t c": (bytes) => odTypes(bytes, ["x4", "c"], 0),
  "od -An -t c -t x1": (bytes) => odTypes(bytes, ["c", "x1"], 0),
  "od -An -t x1 -t x4": (bytes) => odTypes(bytes, ["x1", "x4"], 0),
  "od -An -t x8 -t x1": (bytes) => odTypes(bytes, ["x8", "x1"], 0),
  "od -An -t x2 -t x4": (bytes) => odTypes(bytes, ["x2", "x4"], 0),
  "od -An -t u1 -t c": (bytes) => odTypes(bytes, ["u1", "c"], 0),
  "od -An -t x1 -t d1": (bytes) => odTypes(bytes, ["x1", "d1"], 0),
  "od -An -d -c": (bytes) => odTypes(bytes, ["u2", "c"], 0),
  "od -An -o -c": (bytes) => odTypes(bytes, ["o2", "c"], 0),
  "od -An -t x1 -t c -t x4": (bytes) => odTypes(bytes, ["x1", "c", "x4"], 0),
  // Session 11: two types whose lines have `-c`'s shape (`-t o1` prints every byte as three octal digits).
  "od -An -t o1 -t c": (bytes) => odTypes(bytes, ["o1", "c"], 0),
  "od -An -c -b": (bytes) => odTypes(bytes, ["c", "o1"], 0),
  // Session 11: a `z` suffix adds the characters (`  >BEGIN harmless s<`) after the fields.
  "od -An -t x1z": (bytes) => odZ(bytes, (l) => [...l].map((b) => ` ${hex2(b)}`).join(""), 48),
  "od -An -t x4z": (bytes) => odZ(bytes, (l) => lines(l, 4).map((w) => ` ${word(w, 16, 4)}`).join(""), 36),
  "od -An -t d1z": (bytes) => odZ(bytes, (l) => decimals(l, 1, true, 5), 80),
  "od -An -t o2z": (bytes) => odZ(bytes, (l) => lines(l, 2).map((w) => ` ${word(w, 8, 2)}`).join(""), 56),
  "xxd -i": (bytes) =>
    [
      "unsigned char id_key[] = {",
      lines(bytes, 12).map((l, i, all) => `  ${[...l].map((b) => `0x${hex2(b)}`).join(", ")}${i < all.length - 1 ? "," : ""}`).join("\n"),
      "};",
      `unsigned int id_key_len = ${bytes.length};`,
    ].join("\n"),
};

export const DUMPS: Record<string, (bytes: Uint8Array) => string> = {
  xxd: (bytes) =>
    lines(bytes, 16)
      .map((l, i) => {
        const groups = lines(l, 2).map((g) => [...g].map(hex2).join("")).join(" ");
        return `${(i * 16).toString(16).padStart(8, "0")}: ${groups.padEnd(39)}  ${ascii(l)}`;
      })
      .join("\n"),
  "xxd -p": (bytes) => lines(bytes, 30).map((l) => [...l].map(hex2).join("")).join("\n"),
  "hexdump -C": (bytes) =>
    [
      ...lines(bytes, 16).map((l, i) => {
        const cells = [...l].map((b, j) => `${hex2(b)} ${j === 7 ? " " : ""}`).join("");
        return `${(i * 16).toString(16).padStart(8, "0")}  ${cells.padEnd(49)} |${ascii(l)}|`;
      }),
      bytes.length.toString(16).padStart(8, "0"),
    ].join("\n"),
  "od -c": (bytes) =>
    [
      ...lines(bytes, 16).map((l, i) => {
        const named: Record<number, string> = { 0: "\\0", 7: "\\a", 8: "\\b", 9: "\\t", 10: "\\n", 11: "\\v", 12: "\\f", 13: "\\r" };
        const fields = [...l].map((b) => (named[b] ?? (b >= 0x20 && b <= 0x7e ? String.fromCharCode(b) : b.toString(8).padStart(3, "0"))).padStart(4));
        return `${octal(i * 16)}${fields.join("")}`;
      }),
      octal(bytes.length),
    ].join("\n"),
  "od -A x -t x1z": (bytes) =>
    [
      ...lines(bytes, 16).map((l, i) => `${(i * 16).toString(16).padStart(6, "0")}${[...l].map((b) => ` ${hex2(b)}`).join("").padEnd(48)}  >${ascii(l)}<`),
      bytes.length.toString(16).padStart(6, "0"),
    ].join("\n"),
  "od -x": (bytes) =>
    [
      ...lines(bytes, 16).map((l, i) => `${octal(i * 16)}${lines(l, 2).map((w) => ` ${hex2(w[1] ?? 0)}${hex2(w[0]!)}`).join("")}`),
      octal(bytes.length),
    ].join("\n"),
  // Session 8: od's default (octal little-endian words, also `-o`, `-t o2`), `-b` (octal bytes),
  // `-t x4`/`-t x8` (wider little-endian words), and hexdump's `-b`, `-o`, `-x` and default forms
  // (hex offsets of 7 digits, the last line padded with spaces). Compared with the real programs.
  od: (bytes) => [...lines(bytes, 16).map((l, i) => `${octal(i * 16)}${lines(l, 2).map((w) => ` ${word(w, 8, 2)}`).join("")}`), octal(bytes.length)].join("\n"),
  "od -b": (bytes) => [...lines(bytes, 16).map((l, i) => `${octal(i * 16)}${[...l].map((b) => ` ${b.toString(8).padStart(3, "0")}`).join("")}`), octal(bytes.length)].join("\n"),
  "od -t x4": (bytes) => [...lines(bytes, 16).map((l, i) => `${octal(i * 16)}${lines(l, 4).map((w) => ` ${word(w, 16, 4)}`).join("")}`), octal(bytes.length)].join("\n"),
  "od -t x8": (bytes) => [...lines(bytes, 16).map((l, i) => `${octal(i * 16)}${lines(l, 8).map((w) => ` ${word(w, 16, 8)}`).join("")}`), octal(bytes.length)].join("\n"),
  "hexdump -b": (bytes) => hexdumpLines(bytes, 1, (w) => ` ${word(w, 8, 1)}`, 64),
  "hexdump -o": (bytes) => hexdumpLines(bytes, 2, (w) => `  ${word(w, 8, 2)}`, 64),
  "hexdump -x": (bytes) => hexdumpLines(bytes, 2, (w) => `    ${word(w, 16, 2)}`, 64),
  hexdump: (bytes) => hexdumpLines(bytes, 2, (w) => ` ${word(w, 16, 2)}`, 40),
  // Session 9: xxd -e (little-endian groups of 4 bytes, or -g8's 8; a partial last group right-
  // aligned), od's decimal forms (-t u1, -t d1, -d, -s, -i, -l: the field widths od gives each
  // type) and hexdump -d (5 digits with zeros). Compared with the real programs in the sandbox.
  "xxd -e": (bytes) => xxdLittle(bytes, 4),
  "xxd -e -g8": (bytes) => xxdLittle(bytes, 8),
  "od -t u1": (bytes) => odDecimal(bytes, 1, false, 4),
  "od -t d1": (bytes) => odDecimal(bytes, 1, true, 5),
  "od -d": (bytes) => odDecimal(bytes, 2, false, 6),
  "od -s": (bytes) => odDecimal(bytes, 2, true, 7),
  "od -i": (bytes) => odDecimal(bytes, 4, true, 12),
  "od -t u4": (bytes) => odDecimal(bytes, 4, false, 11),
  "od -l": (bytes) => odDecimal(bytes, 8, true, 21),
  "hexdump -d": (bytes) => hexdumpLines(bytes, 2, (w) => `   ${Number(littleWord(w, 2, false)).toString().padStart(5, "0")}`, 64),
  // Session 10: od with several types, each line's bytes once per type (the first after the
  // offset, the others after blanks), every field padded to the widest type's width per byte.
  // Compared with GNU od 9.1's output on a harmless file in the sandbox (OD_TYPES_SAMPLE).
  "od -t x1 -t c": (bytes) => odTypes(bytes, ["x1", "c"]),
  "od -x -c": (bytes) => odTypes(bytes, ["x2", "c"]),
  "od -t x4 -t c": (bytes) => odTypes(bytes, ["x4", "c"]),
  "od -t c -t x4": (bytes) => odTypes(bytes, ["c", "x4"]),
  "od -t x4 -t x8": (bytes) => odTypes(bytes, ["x4", "x8"]),
  "od -t x8 -t x1": (bytes) => odTypes(bytes, ["x8", "x1"]),
  "od -t x2 -t x4": (bytes) => odTypes(bytes, ["x2", "x4"]),
  "od -t x4 -t d4": (bytes) => odTypes(bytes, ["x4", "d4"]),
  "od -A x -t x4 -t o1": (bytes) => odTypes(bytes, ["x4", "o1"], 16),
  // Session 11: xxd -b (binary digits, 6 bytes a line), as xxd 2022-01-14 (vim 9.0) prints it.
  "xxd -b": (bytes) =>
    lines(bytes, 6)
      .map((l, i) => `${(i * 6).toString(16).padStart(8, "0")}: ${[...l].map((b) => b.toString(2).padStart(8, "0")).join(" ").padEnd(53)}  ${ascii(l)}`)
      .join("\n"),
  // Session 11: the decimal and octal forms with the `z` suffix (they were not read).
  "od -t d1z": (bytes) => odZ(bytes, (l) => decimals(l, 1, true, 5), 80, octal),
  "od -t o2z": (bytes) => odZ(bytes, (l) => lines(l, 2).map((w) => ` ${word(w, 8, 2)}`).join(""), 56, octal),
};

/**
 * od with a `z` suffix (`-t x1z`): each line's fields padded to the full line's `width`, then two
 * blanks and `>characters<` (`.` for what is not printable), as GNU od 9.1 prints them; with
 * `offset` the offsets and the final one, else none (`-An`).
 */
function odZ(bytes: Uint8Array, fields: (l: Uint8Array) => string, width: number, offset?: (n: number) => string): string {
  const out = lines(bytes, 16).map((l, i) => `${offset?.(i * 16) ?? ""}${fields(l).padEnd(width)}  >${ascii(l)}<`);
  return [...out, ...(offset ? [offset(bytes.length)] : [])].join("\n");
}

// od's types: bytes a field, the field's width alone, and its text.
const NAMED: Record<number, string> = { 0: "\\0", 7: "\\a", 8: "\\b", 9: "\\t", 10: "\\n", 11: "\\v", 12: "\\f", 13: "\\r" };
const OD_TYPES: Record<string, { size: number; width: number; field: (w: Uint8Array) => string }> = {
  x1: { size: 1, width: 3, field: (w) => word(w, 16, 1) },
  x2: { size: 2, width: 5, field: (w) => word(w, 16, 2) },
  x4: { size: 4, width: 9, field: (w) => word(w, 16, 4) },
  x8: { size: 8, width: 17, field: (w) => word(w, 16, 8) },
  o1: { size: 1, width: 4, field: (w) => word(w, 8, 1) },
  d4: { size: 4, width: 12, field: (w) => littleWord(w, 4, true).toString() },
  u1: { size: 1, width: 4, field: (w) => littleWord(w, 1, false).toString() },
  d1: { size: 1, width: 5, field: (w) => littleWord(w, 1, true).toString() },
  u2: { size: 2, width: 6, field: (w) => littleWord(w, 2, false).toString() },
  o2: { size: 2, width: 7, field: (w) => word(w, 8, 2) },
  c: { size: 1, width: 4, field: ([b]) => NAMED[b!] ?? (b! >= 0x20 && b! <= 0x7e ? String.fromCharCode(b!) : b!.toString(8).padStart(3, "0")) },
};

/**
 * od with several types (`od -t x1 -t c`): 16 bytes a line, printed once per type, the first
 * after the offset and each other after as many blanks (`offsetRadix` 0: `od -An`, none); GNU od pads a type's fields to the
 * widest line of the types, spreading the padding over the fields as its print functions do
 * (`next_pad = pad * (i - 1) / fields`, the rest of the padding before each field). A partial last word is padded with zeros.
 */
export function odTypes(bytes: Uint8Array, types: string[], offsetRadix: 0 | 8 | 16 = 8): string {
  // 0: `-An`, no offsets (no final offset line either, and no blanks before the other types).
  const offset = (n: number) => (offsetRadix === 0 ? "" : offsetRadix === 8 ? octal(n) : n.toString(16).padStart(6, "0"));
  const blank = " ".repeat(offset(0).length);
  const lineWidth = Math.max(...types.map((t) => (16 / OD_TYPES[t]!.size) * OD_TYPES[t]!.width));
  const out: string[] = [];
  lines(bytes, 16).forEach((l, n) => {
    types.forEach((t, k) => {
      const { size, width, field } = OD_TYPES[t]!;
      const fields = 16 / size;
      const pad = lineWidth - fields * width;
      let remaining = pad;
      let text = k === 0 ? offset(n * 16) : blank;
      for (const [j, w] of lines(l, size).entries()) {
        const next = Math.floor((pad * (fields - j - 1)) / fields);
        text += field(w).padStart(remaining - next + width);
        remaining = next;
      }
      out.push(text);
    });
  });
  return [...out, ...(offsetRadix === 0 ? [] : [offset(bytes.length)])].join("\n");
}

/** GNU od 9.1's output of OD_TYPES_SAMPLE with several types (from the sandbox), to check odTypes against. */
export const OD_TYPES_SAMPLE = "BEGIN harmless sample text for od, 0123456789 abcdefghij ABCDEFGHIJ xyz.\n";

/** A little-endian word of `size` bytes (`w` padded with zeros), signed or not. */
function littleWord(w: Uint8Array, size: number, signed: boolean): bigint {
  let n = 0n;
  for (let i = size - 1; i >= 0; i--) n = (n << 8n) | BigInt(w[i] ?? 0);
  const top = 1n << BigInt(size * 8 - 1);
  return signed && n >= top ? n - (top << 1n) : n;
}

/** od's decimal fields of one line: each word right-aligned in `width` columns. */
function decimals(l: Uint8Array, size: number, signed: boolean, width: number): string {
  return lines(l, size).map((w) => littleWord(w, size, signed).toString().padStart(width)).join("");
}

/** od with a decimal type: octal offsets, 16 bytes a line, the length last. */
function odDecimal(bytes: Uint8Array, size: number, signed: boolean, width: number): string {
  return [...lines(bytes, 16).map((l, i) => `${octal(i * 16)}${decimals(l, size, signed, width)}`), octal(bytes.length)].join("\n");
}

/** xxd -e: each group little-endian, a partial last group right-aligned, the groups padded before the characters. */
function xxdLittle(bytes: Uint8Array, group: number): string {
  const area = (16 / group) * (group * 2 + 1) - 1;
  return lines(bytes, 16)
    .map((l, i) => {
      const groups = lines(l, group).map((g) => [...g].reverse().map(hex2).join("").padStart(group * 2)).join(" ");
      return `${(i * 16).toString(16).padStart(8, "0")}: ${groups.padEnd(area)}  ${ascii(l)}`;
    })
    .join("\n");
}

/** A little-endian word of `size` bytes (`w` padded with zeros) in `radix` (8 or 16), zero-padded to the width od and hexdump give it. */
function word(w: Uint8Array, radix: 8 | 16, size: number): string {
  let n = 0n;
  for (let i = size - 1; i >= 0; i--) n = (n << 8n) | BigInt(w[i] ?? 0);
  const width = radix === 16 ? size * 2 : size === 1 ? 3 : 6;
  return n.toString(radix).padStart(width, "0");
}

/** hexdump's lines: 7-digit hex offsets, `per` bytes a field, the last line padded to `width` columns. */
function hexdumpLines(bytes: Uint8Array, per: number, field: (w: Uint8Array) => string, width: number): string {
  const offset = (n: number) => n.toString(16).padStart(7, "0");
  return [...lines(bytes, 16).map((l, i) => `${offset(i * 16)}${lines(l, per).map(field).join("").padEnd(width)}`), offset(bytes.length)].join("\n");
}
