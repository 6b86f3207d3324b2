import type { SimpleCommand } from "../syntax.ts";

// A pattern spelled the same in POSIX and JavaScript regular expressions: letters, digits, `_`,
// `/`, `-`, `.` (any character in both), an escaped dot or star (`grep -v '\*'` drops the
// current branch of `git branch`); ERE adds grouping, alternation, anchors anywhere and the `?`,
// `*`, `+` repeats, BRE only a leading `^` and a trailing `$` in each branch of a GNU `\|`
// alternation (`grep -v '\*\|main'`; BSD and macOS grep read it so too), which JavaScript
// spells `|`. Brackets, braces, back references and every other escape keep the stage unknown.
const ERE = /^(?:[A-Za-z0-9_/.()|^$?*+-]|\\[.*])*$/;
const BRE_BRANCH = /^\^?(?:[A-Za-z0-9_/.-]|\\[.*])*\$?$/;

// egrep and fgrep are `grep -E` and `grep -F` (GNU's are scripts that run them so).
const GREPS: Record<string, string[]> = { grep: [], egrep: ["-E"], fgrep: ["-F"] };

/** A pipeline stage applied in process: the lines it prints for the lines it reads. */
export type LineStage = (lines: string[]) => string[];

// A line that reads the same in every locale: printable ASCII (a listing of other names is not
// filtered in process: `.` and `-i` match them differently in a UTF-8 locale, and grep may
// call such input binary).
/** Printable ASCII only (no control character, nothing the locale could read another way). */
export const ASCII_LINE = /^[\x20-\x7e]*$/;

/** The lines of a program's output (each ends with a newline, the last maybe not). */
export function outputLines(text: string): string[] {
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  return lines;
}

/**
 * The lines `stages` (lineStage) leave of a listing's output lines, or null when a stage is
 * given a line that is not printable ASCII.
 */
export function applyStages(lines: string[], stages: LineStage[]): string[] | null {
  if (stages.length > 0 && !lines.every((l) => ASCII_LINE.test(l))) return null;
  return stages.reduce((kept, stage) => stage(kept), lines);
}

/**
 * A pipeline stage the guard applies to a listing's lines in process (`grep`, `egrep`, `fgrep` with one literal
 * pattern, `head`/`tail` with a line count), null for any other command: no file operand, no
 * assignment, redirection or group. `sort` and `uniq` are not read: their order and their
 * equal lines follow the collation of the locale the line runs in.
 */
export function lineStage(cmd: SimpleCommand): LineStage | null {
  const [head, ...args] = cmd.argv;
  if (!head || head.dynamic || head.quoted || cmd.assigns.length > 0 || cmd.redirects.length > 0 || cmd.group) return null;
  if (args.some((w) => w.dynamic || w.glob)) return null;
  const values = args.map((w) => w.value);
  if (head.value === "head" || head.value === "tail") return _count(head.value, values);
  const mode = Object.hasOwn(GREPS, head.value) ? GREPS[head.value]! : null;
  if (mode === null) return null;
  const test = _grepTest([...mode, ...values]);
  return test && ((lines) => lines.filter(test));
}

/**
 * `head`/`tail` with at most one count (`-n N`, `-nN`, `-N`, `--lines=N`; `tail -n +N` starts at
 * line N; none is 10): the first or last lines.
 */
function _count(program: "head" | "tail", args: string[]): LineStage | null {
  const spelled = args.length === 0 ? "10" : args.length === 2 && args[0] === "-n" ? args[1]! : args.length === 1 ? /^(?:(?:-n|--lines=)(\+?\d+)|-(\d+))$/.exec(args[0]!)?.slice(1).find(Boolean) : undefined;
  if (spelled === undefined || !/^\+?\d{1,9}$/.test(spelled)) return null;
  const n = Number(spelled.replace("+", ""));
  if (program === "head") return spelled.startsWith("+") ? null : (lines) => lines.slice(0, n);
  return spelled.startsWith("+") ? (lines) => lines.slice(Math.max(n - 1, 0)) : (lines) => (n === 0 ? [] : lines.slice(-n));
}

/**
 * grep's arguments when they select lines by one literal pattern (`grep -E '\.(ts|tsx)$'`,
 * `grep -v '^docs/'`, `grep -F .test.`), as a test of one line (grep prints the lines it
 * passes). Options: -E, -F, -v, -i only. The lines are printable ASCII (applyStages), so the
 * locale and grep's binary-file handling do not matter.
 */
function _grepTest(values: string[]): ((line: string) => boolean) | null {
  const options = values.filter((v) => v.startsWith("-") && v !== "-");
  const operands = values.filter((v) => !v.startsWith("-") || v === "-");
  // A pattern outside ASCII may fold to an ASCII letter under -i in a UTF-8 locale (`ſ` to `s`).
  if (operands.length !== 1 || !options.every((o) => /^-[EFvi]+$/.test(o)) || !ASCII_LINE.test(operands[0]!)) return null;
  const flags = options.join("");
  const pattern = operands[0]!;
  const invert = flags.includes("v");
  const nocase = flags.includes("i");
  let test: (line: string) => boolean;
  if (flags.includes("F")) {
    // A newline separates patterns, any of which selects a line (`grep -F $'x\nsrc'`).
    if (flags.includes("E") || pattern === "" || pattern.includes("\n")) return null;
    const needle = nocase ? pattern.toLowerCase() : pattern;
    test = (line) => (nocase ? line.toLowerCase() : line).includes(needle);
  } else {
    const source = flags.includes("E") ? (ERE.test(pattern) ? pattern : null) : _bre(pattern);
    if (source === null) return null;
    let re: RegExp;
    try {
      re = new RegExp(source, nocase ? "i" : "");
    } catch {
      return null;
    }
    test = (line) => re.test(line);
  }
  return invert ? (line) => !test(line) : test;
}

/** A BRE of branches joined by `\|`, each plain (BRE_BRANCH), as a JavaScript pattern; null otherwise. */
function _bre(pattern: string): string | null {
  const branches = pattern.split("\\|");
  return branches.every((b) => BRE_BRANCH.test(b)) ? branches.join("|") : null;
}
