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
  "od -An -c": (bytes) =>
    lines(bytes, 16)
      .map((l) => {
        const named: Record<number, string> = { 0: "\\0", 7: "\\a", 8: "\\b", 9: "\\t", 10: "\\n", 11: "\\v", 12: "\\f", 13: "\\r" };
        return [...l].map((b) => (named[b] ?? (b >= 0x20 && b <= 0x7e ? String.fromCharCode(b) : b.toString(8).padStart(3, "0"))).padStart(4)).join("");
      })
      .join("\n"),
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
};
