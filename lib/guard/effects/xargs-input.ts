import { literalWord, unknownWord, type Word } from "../syntax.ts";

/** How xargs reads its input: blank-separated words (quotes apply), or items ended by one character. */
export interface XargsOptions {
  /** Index of the first word of the command. */
  command: number;
  replace?: string;
  /** `-0`/`--null` (NUL) or `-d`/`--delimiter`; null when the delimiter cannot be read. */
  delimiter?: string | null;
  argFile: boolean;
  noRunIfEmpty: boolean;
  /** A count, size, replace, parallel or prompt option: xargs may run the command before its input ends. */
  eager: boolean;
  /** `-n 1` (the last of `-n`/`-L` given): each run gets at most one word of the input. */
  oneWord?: boolean;
}

const EAGER = new Set(["I", "i", "replace", "L", "l", "max-lines", "n", "max-args", "s", "max-chars", "P", "max-procs", "p", "interactive"]);

// GNU xargs' short options: those that take the next word or the rest of theirs, and those whose
// value can only be attached (`-e[EOF]`, `-i[R]`, `-l[N]`).
const SHORT_VALUED = new Set(["a", "d", "E", "I", "L", "n", "P", "s"]);
const SHORT_ATTACHED = new Set(["e", "i", "l"]);
// The options whose attached value is a count (processes, arguments, lines, characters).
const NUMERIC_VALUED = /^(?:-[PnLs]|--max-(?:procs|args|lines|chars)=)$/;
// Long options (getopt_long takes any unambiguous prefix: `--nu` is `--null`) and whether each
// takes a value: "required" (`=V` or the next word), "optional" (`=V` only) or none.
const LONG: Record<string, "required" | "optional" | "none"> = {
  null: "none",
  "arg-file": "required",
  delimiter: "required",
  eof: "optional",
  replace: "optional",
  "max-lines": "optional",
  "max-args": "required",
  "max-procs": "required",
  "max-chars": "required",
  "process-slot-var": "required",
  interactive: "none",
  "no-run-if-empty": "none",
  "open-tty": "none",
  verbose: "none",
  exit: "none",
  "show-limits": "none",
  help: "none",
  version: "none",
};

/** xargs' options up to its command; null when one is unknown (dynamic, an unknown or ambiguous long option). */
export function xargsOptions(args: Word[]): XargsOptions | null {
  const out = _readOptions(args);
  // An empty replace string (`-I ''`) is no replacement the guard can follow.
  return out?.replace === "" ? null : out;
}

function _readOptions(args: Word[]): XargsOptions | null {
  const out: XargsOptions = { command: args.length, argFile: false, noRunIfEmpty: false, eager: false };
  const set = (option: string, value: string | undefined) => {
    out.eager ||= EAGER.has(option);
    if (option === "a" || option === "arg-file") out.argFile = true;
    else if (option === "0" || option === "null") out.delimiter = "\0";
    else if (option === "d" || option === "delimiter") out.delimiter = value === undefined ? null : delimiterOf(value);
    else if (option === "I") out.replace = value;
    else if (option === "i" || option === "replace") out.replace = value || "{}";
    else if (option === "r" || option === "no-run-if-empty") out.noRunIfEmpty = true;
    // -n and -L override each other (the last given counts); -L passes every word of its lines.
    else if (option === "n" || option === "max-args") out.oneWord = value === "1";
    else if (/^(L|l|max-lines)$/.test(option)) out.oneWord = false;
  };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    // A count given by a number-printing substitution (`-P$(nproc)`) changes no command.
    if (a.dynamic && a.numeric && NUMERIC_VALUED.test(a.value)) {
      out.eager = true;
      continue;
    }
    if (a.dynamic) return a.value.startsWith("-") ? null : { ...out, command: i };
    const v = a.value;
    if (v === "--") return { ...out, command: i + 1 };
    if (!v.startsWith("-") || v === "-") return { ...out, command: i };
    if (v.startsWith("--")) {
      const eq = v.indexOf("=");
      const spelled = v.slice(2, eq < 0 ? undefined : eq);
      const names = Object.keys(LONG).filter((n) => n.startsWith(spelled));
      const name = LONG[spelled] ? spelled : names.length === 1 ? names[0]! : null;
      if (!name) return null;
      let value = eq < 0 ? undefined : v.slice(eq + 1);
      if (LONG[name] === "required" && value === undefined) {
        if (_computed(args[i + 1], `--${name}=`)) return null;
        value = args[++i]?.value;
      }
      set(name, value);
      continue;
    }
    for (let k = 1; k < v.length; k++) {
      const c = v[k]!;
      if (SHORT_VALUED.has(c)) {
        if (k + 1 === v.length && _computed(args[i + 1], `-${c}`)) return null;
        const value = k + 1 < v.length ? v.slice(k + 1) : args[++i]?.value;
        set(c, value);
        break;
      }
      if (SHORT_ATTACHED.has(c)) {
        set(c, v.slice(k + 1));
        break;
      }
      set(c, undefined);
    }
  }
  return out;
}

/**
 * Whether an option's separate value word is computed (`-I "$R"`, `-d "$X"`): the replace string
 * or delimiter could be anything, so what xargs runs is unknown; a count printed by a number-only
 * substitution (`-P "$(nproc)"`) is not.
 */
function _computed(value: Word | undefined, option: string): boolean {
  return value?.dynamic === true && !(value.numeric && NUMERIC_VALUED.test(option));
}

/** `-d`'s argument: one character, or a C escape (`\n`, `\0`, `\000`, `\x00`); null when xargs would refuse it. */
function delimiterOf(spec: string): string | null {
  if (spec.length === 1) return spec;
  if (spec[0] !== "\\") return null;
  const named: Record<string, string> = { a: "\x07", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t", v: "\v", "\\": "\\" };
  if (spec.length === 2 && named[spec[1]!] !== undefined) return named[spec[1]!]!;
  const octal = /^\\([0-7]{1,3})$/.exec(spec);
  if (octal) return String.fromCharCode(Number.parseInt(octal[1]!, 8) & 0xff);
  const hex = /^\\x([0-9a-fA-F]{1,2})$/.exec(spec);
  return hex ? String.fromCharCode(Number.parseInt(hex[1]!, 16)) : null;
}

/**
 * The items xargs reads from literal text: split on the delimiter (`-0`, `-d`: every character
 * literal), or blank-separated words, or lines with a replace string. A program's argument ends
 * at a NUL byte (`printf '.git\0' | xargs rm` removes `.git`). Null when quotes or backslashes
 * would need xargs' own parsing, or when there are more than `max` items.
 */
export function xargsItems(text: string, options: XargsOptions, max = 64): string[] | null {
  let items: string[];
  if (options.delimiter !== undefined && options.delimiter !== null) items = text.split(options.delimiter);
  else if (/['"\\]/.test(text)) return null;
  else items = options.replace !== undefined ? text.split("\n").map((l) => l.trim()) : text.split(/\s+/);
  const kept: string[] = [];
  for (const item of items) {
    const nul = item.indexOf("\0");
    const arg = nul < 0 ? item : item.slice(0, nul);
    if (arg) kept.push(arg);
    if (kept.length > max) return null;
  }
  return kept;
}

/**
 * The command xargs runs with the items it reads as unknown words (`compgen -e | xargs printenv`
 * is `printenv ?`), echo when none is given; null when xargs' options cannot be read.
 */
export function xargsFedCommand(args: Word[]): Word[] | null {
  const options = xargsOptions(args);
  if (options === null) return null;
  const command = args.slice(options.command);
  if (command.length === 0) return [literalWord("echo"), unknownWord()];
  const { replace } = options;
  return replace === undefined ? [...command, unknownWord()] : command.map((w) => (!w.dynamic && w.value.includes(replace) ? unknownWord() : w));
}
