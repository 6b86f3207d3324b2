import type { SimpleCommand, Word } from "../syntax.ts";
import type { Lexer } from "./lexer.ts";
import { relyOnOutput } from "./relied-output.ts";
import type { Vars } from "./vars.ts";

/**
 * `n=$(wc -l < f)` gives n an unknown value, and arithmetic fails closed on it (a value could
 * hold `a[$(cmd)]`, which arithmetic runs). Some commands print only digits and blanks, so a
 * value made of their whole output is a number to arithmetic (it stays unknown as a path or
 * program name). Only one command substitution that is the whole value qualifies; its last
 * pipeline stage must be one of these, with no redirection that sends anything else to stdout:
 * - `wc` with counting options only, reading stdin (with a file operand it prints the name);
 * - `date +FORMAT` where the format holds only numeric fields (`+%s`);
 * - `grep -c` of stdin or of one file (several files print their names);
 * - `id -u`/`-g`/`-G` (with `-r`, and one user); `nproc`;
 * - `stat -c`/`--format=` with numeric fields only.
 * None qualifies once the line may make the name run something else (a function, an alias, the
 * hash table, `enable`, a changed PATH, `eval`, `source`). The same test marks a word whose
 * unknown parts are such output (`make -j$(nproc)`: Word.numeric).
 */
// Text that may make the program run something else: a function or alias named like it, the
// hash table, builtins turned off, a changed PATH, code the parser does not see here.
const REDEFINES = /\(\s*\)|\bfunction\b|\balias\b|\bhash\b|\benable\b|PATH|\beval\b|\bsource\b|(^|[\s;&|({])\.\s|BASH_ENV|\bENV=|command_not_found/;
// The texts a line parsed, tested against REDEFINES only when an assignment asks (most lines
// hold no `NAME=$(…)`, so the test is not run for them): `tested` counts those already tested,
// `plain` holds while none of them redefines anything.
// Kept for the line being checked, with the Vars it is parsed with (a check parses one line at
// depth 0, and every later text is that line's): no WeakMap entry is made per line.
let _line: { vars: Vars; texts: string[]; tested: number; plain: boolean } | undefined;

function _textsOf(vars: Vars): typeof _line {
  return _line?.vars === vars ? _line : undefined;
}

/** Whether shell text may redefine what a program name runs (a start-up file's: effects/rc-file-runs.ts). */
export function mayRedefine(text: string): boolean {
  return REDEFINES.test(text);
}

/**
 * Every command text the line parses passes here (the line itself, and `bash -c`, `eval` or
 * alias text later): once one may redefine what a program name runs, no output is numeric.
 */
export function noteLineText(vars: Vars, text: string, depth: number): void {
  if (depth === 0) _line = { vars, texts: [text], tested: 0, plain: true };
  else {
    const seen = _textsOf(vars);
    if (seen?.plain) seen.texts.push(text);
  }
}

/** Whether a text the line parsed so far (all of them while plainPrograms holds) matches `re`. */
export function lineMentions(vars: Vars, re: RegExp): boolean {
  return _textsOf(vars)?.texts.some((t) => re.test(t)) ?? true;
}

/** Whether no text the line has parsed so far may redefine a program (false before the line's own text). */
export function plainPrograms(vars: Vars): boolean {
  const seen = _textsOf(vars);
  if (!seen) return false;
  while (seen.plain && seen.tested < seen.texts.length) if (REDEFINES.test(seen.texts[seen.tested++]!)) seen.plain = false;
  return seen.plain;
}

const SUBSTITUTION = /^[A-Za-z_][A-Za-z0-9_]*=("?)\$\(([^]*)\)\1$/;

/**
 * The commands of an assignment whose raw text is `NAME=$(…)` (or `NAME="$(…)"`), when no text
 * the line parsed may redefine a program; null otherwise.
 */
export function substitutedCommands(lx: Lexer, raw: string | undefined): SimpleCommand[] | null {
  const body = raw === undefined ? undefined : SUBSTITUTION.exec(raw)?.[2];
  if (body === undefined || !plainPrograms(lx.vars)) return null;
  try {
    return lx.parseText(body);
  } catch {
    return null;
  }
}

/** Whether the commands of an assignment's `NAME=$(…)` (substitutedCommands) print numbers only. */
export function numericCommands(commands: SimpleCommand[]): boolean {
  return _numericCommands(commands, false);
}

/**
 * Whether the substitution of `commands` puts digits only into a word: their output is numeric
 * and, unquoted, one number (`id -G` or `wc -lc` print several, which split into more words).
 */
export function numericOutput(vars: Vars, commands: SimpleCommand[], quoted: boolean): boolean {
  if (!plainPrograms(vars) || !_numericCommands(commands, !quoted)) return false;
  relyOnOutput(commands.at(-1));
  return true;
}

function _numericCommands(commands: SimpleCommand[], single: boolean): boolean {
  const last = _lastStage(commands);
  return last !== undefined && _numericProgram(last.argv) && (!single || _oneNumber(last.argv));
}

/** The last stage of a body that is one pipeline, when nothing else reaches stdout. */
function _lastStage(commands: SimpleCommand[]): SimpleCommand | undefined {
  const last = commands.at(-1);
  if (!last) return undefined;
  // One pipeline: every command of the body is a stage feeding the last one.
  const chain = new Set<SimpleCommand>();
  for (let c: SimpleCommand | undefined = last; c; c = c.pipeFrom) chain.add(c);
  return commands.some((c) => !chain.has(c)) || last.group || !quietRedirects(last) ? undefined : last;
}

// A date format of zero-padded numeric fields, starting with one, and `-`, `_`, `.` or digits
// between them (`+%s`, `+%Y%m%d`, `+%F` is `+%Y-%m-%d`, `+%Y-%m-%d_%H%M%S`). Not `:`, which
// scp, rsync and git read as `host:path`, nor the blank-padded `%e`, `%k`, `%l`, nor `%N`
// (BSD's date prints `N`).
const DATE_NAME = /^\+%[sYmdHMSjuwVGgCyIF](?:%[sYmdHMSjuwVGgCyIF]|[0-9._-])*$/;

/**
 * Whether the substitution of `commands` prints a part of a file name: one run of digits (or a
 * date of DATE_NAME's shape), never `/`, a blank or a letter, so a word holding it names files
 * of its literal folder (paths.ts: Word.digits). `empty`: it may print nothing instead (grep -c,
 * id and stat fail on a missing file or user, BSD has no `stat -c` and macOS no nproc; date, a
 * POSIX utility, does not fail on such a format). wc is not read: BSD's pads its count with blanks,
 * nor stat's times, which may be negative.
 */
export function nameDigits(vars: Vars, commands: SimpleCommand[]): { empty: boolean } | null {
  const last = plainPrograms(vars) ? _lastStage(commands) : undefined;
  if (!last?.argv[0] || last.argv[0].quoted || last.argv.some((w) => w.dynamic || w.glob)) return null;
  const [head, ...args] = last.argv.map((w) => w.value);
  const date = head === "date" && args.length >= 1 && DATE_NAME.test(args.at(-1)!) && args.slice(0, -1).every((a) => a === "-u" || a === "--utc");
  // stat's times (%X, %Y, %Z, %W) are negative before 1970 (`touch -d @-5 f`): `rc$(stat -c %Y f)`
  // is `rc-5`, no name of digits (red team 15).
  const signed = head === "stat" && args.some((a) => /%[XYZW]/.test(a));
  if (head === "date" ? !date : head === "wc" || signed || !_numericProgram(last.argv) || !_oneNumber(last.argv)) return null;
  relyOnOutput(last);
  return { empty: !date };
}

/** Of the numeric programs, those that print one number: nproc, and the others asked for one field. */
function _oneNumber(argv: Word[]): boolean {
  const [head, ...args] = argv.map((w) => w.value);
  if (head === "nproc" || head === "grep") return true;
  if (head === "date") return !/\s/.test(args.at(-1)!);
  if (head === "wc") return args.length === 1 && /^(?:-[lcwmL]|--\w[\w-]*)$/.test(args[0]!);
  if (head === "id") return !args.some((a) => a.includes("G"));
  // `stat -c %a FILE`: one file, a format without blanks.
  if (head === "stat") return args.filter((a, i) => !a.startsWith("-") && args[i - 1] !== "-c" && args[i - 1] !== "--format").length === 1 && !args.some((a) => /\s/.test(a));
  return false;
}

/** Only input redirections and stderr sent to a file: nothing else reaches stdout. */
export function quietRedirects(cmd: SimpleCommand): boolean {
  return cmd.redirects.every((r) => (r.op === "<" && (r.fd === "" || r.fd === "0")) || (r.op === ">" && r.fd === "2" && !r.target.dynamic));
}

function _numericProgram(argv: Word[]): boolean {
  if (argv.some((w) => w.dynamic || w.glob)) return false;
  const [head, ...args] = argv.map((w) => w.value);
  if (head === undefined || argv[0]!.quoted) return false;
  switch (head) {
    case "wc":
      return args.every((a) => /^-[lcwmL]+$|^--(lines|bytes|words|chars|max-line-length)$/.test(a));
    case "date":
      return args.length >= 1 && /^\+(%[sNYmdHMSjuwVGgCyeklI]|[0-9\s])+$/.test(args.at(-1)!) && args.slice(0, -1).every((a) => a === "-u" || a === "--utc");
    case "grep":
      return _grepCount(args);
    case "id":
      return args.some((a) => /^-[ugGr]*[ugG][ugGr]*$/.test(a)) && args.filter((a) => !a.startsWith("-")).length <= 1 && args.every((a) => !a.startsWith("-") || /^-[ugGr]+$/.test(a));
    case "nproc":
      return args.every((a) => a === "--all" || /^--ignore=\d+$/.test(a));
    case "stat": {
      const format = args.findIndex((a) => a === "-c" || a === "--format");
      const value = format >= 0 ? args[format + 1] : args.find((a) => a.startsWith("--format="))?.slice(9);
      const rest = args.filter((a, i) => i !== format && i !== format + 1 && !a.startsWith("--format="));
      return value !== undefined && /^(%[sihugXYZWbBoda]|[0-9 ])+$/.test(value) && rest.every((a) => !a.startsWith("-") || a === "-L" || a === "--dereference");
    }
    default:
      return false;
  }
}

/** `grep -c PATTERN [FILE]`: counting, one input at most, no option that prints names. */
function _grepCount(args: string[]): boolean {
  let counts = false;
  let pattern = false;
  const operands: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "-e" || a === "-m") {
      pattern ||= a === "-e";
      i++;
    } else if (a === "--count") counts = true;
    else if (/^-[civwxEFGPshIU]+$/.test(a)) counts ||= a.includes("c");
    else if (a.startsWith("-")) return false;
    else operands.push(a);
  }
  const files = pattern ? operands : operands.slice(1);
  return counts && (pattern || operands.length >= 1) && files.length <= 1;
}
