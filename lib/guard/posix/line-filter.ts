import type { SimpleCommand } from "../syntax.ts";

// A pattern spelled the same in POSIX and JavaScript regular expressions: letters, digits, `_`,
// `/`, `-`, `.` (any character in both), an escaped dot; ERE adds grouping, alternation, anchors
// anywhere and the `?`, `*`, `+` repeats, BRE only a leading `^` and a trailing `$`. Brackets,
// braces, back references and every other escape keep the stage unknown.
const ERE = /^(?:[A-Za-z0-9_/.()|^$?*+-]|\\\.)*$/;
const BRE = /^\^?(?:[A-Za-z0-9_/.-]|\\\.)*\$?$/;

/**
 * A `grep` pipeline stage that selects lines by one literal pattern (`grep -E '\.(ts|tsx)$'`,
 * `grep -v '^docs/'`, `grep -F .test.`), as a test of one line (grep prints the lines it
 * passes); null for any other command. Options: -E, -F, -v, -i only; no file operand, no
 * assignment, redirection or group. The lines it is given are plain ASCII names
 * (listing-words.ts), so the locale and grep's binary-file handling do not matter.
 */
export function lineFilter(cmd: SimpleCommand): ((line: string) => boolean) | null {
  const [head, ...args] = cmd.argv;
  if (!head || head.dynamic || head.quoted || head.value !== "grep" || cmd.assigns.length > 0 || cmd.redirects.length > 0 || cmd.group) return null;
  if (args.some((w) => w.dynamic || w.glob)) return null;
  const options = args.filter((w) => w.value.startsWith("-") && w.value !== "-").map((w) => w.value);
  const operands = args.filter((w) => !w.value.startsWith("-") || w.value === "-");
  if (operands.length !== 1 || !options.every((o) => /^-[EFvi]+$/.test(o))) return null;
  const flags = options.join("");
  const pattern = operands[0]!.value;
  const invert = flags.includes("v");
  const nocase = flags.includes("i");
  let test: (line: string) => boolean;
  if (flags.includes("F")) {
    // A newline separates patterns, any of which selects a line (`grep -F $'x\nsrc'`).
    if (flags.includes("E") || pattern === "" || pattern.includes("\n")) return null;
    const needle = nocase ? pattern.toLowerCase() : pattern;
    test = (line) => (nocase ? line.toLowerCase() : line).includes(needle);
  } else {
    if (!(flags.includes("E") ? ERE : BRE).test(pattern)) return null;
    let re: RegExp;
    try {
      re = new RegExp(pattern, nocase ? "i" : "");
    } catch {
      return null;
    }
    test = (line) => re.test(line);
  }
  return invert ? (line) => !test(line) : test;
}
