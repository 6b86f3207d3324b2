import { literalWord, unknownWord, type SimpleCommand, type Word } from "../syntax.ts";
import type { Invocation } from "./context.ts";
import { clusterValue, computedRest, longWord, wordFrom } from "./getopt.ts";
import { envValue } from "./implicit-inputs.ts";
import { programFileText } from "./program-file.ts";

/**
 * Where awk's `print` and `printf` write. Only a `>` or `>>` outside every parenthesis of the
 * statement is an output redirection (`print ($1 > 0 ? "a" : "b")` compares; `print $1 > 0`
 * writes a file named 0), and never one inside a string or a regex literal. The target is the
 * literal string after it, or null when it is an expression (a variable, a concatenation).
 */
interface AwkOutput {
  append: boolean;
  target: string | null;
}

// A regex literal where an operand is expected: at the start or after an operator or opener.
const REGEX = /((?:^|[(~,!{;\n&|])[^\S\n]*)\/(?:[^/\\\n]|\\.)*\//g;
const PRINT = /\bprintf?\b/g;
const END = new Set([";", "}", "\n", "|"]);

/** Every output redirection of the print statements in an awk program's text. */
export function awkOutputs(text: string): AwkOutput[] {
  const masked = _mask(text);
  const outputs: AwkOutput[] = [];
  for (const m of masked.matchAll(PRINT)) {
    let depth = 0;
    for (let i = m.index + m[0].length; i < masked.length; i++) {
      const c = masked[i]!;
      if (c === "(") depth++;
      else if (c === ")") depth--;
      else if (depth <= 0 && END.has(c)) break;
      else if (depth <= 0 && c === ">") {
        const append = masked[i + 1] === ">";
        const rest = text.slice(i + (append ? 2 : 1));
        const literal = /^\s*("(?:[^"\\]|\\.)*")\s*(?:$|[;}\n|])/.exec(rest)?.[1];
        outputs.push({ append, target: literal === undefined ? null : _string(literal) });
        break;
      }
    }
  }
  return outputs;
}

/** An awk string literal's value; null when its escapes are not plain JSON ones. */
function _string(literal: string): string | null {
  try {
    return JSON.parse(literal) as string;
  } catch {
    return null;
  }
}

/** The text with strings and regex literals blanked to the same length (positions are kept). */
function _mask(text: string): string {
  const blank = (s: string) => s[0] + "_".repeat(s.length - 2) + s.at(-1);
  return awkReplaceStrings(text, blank).replace(REGEX, (all, lead: string) => lead + blank(all.slice(lead.length)));
}

/**
 * Where each awk string literal that starts at a quote ends, read as `/"(?:[^"\\]|\\.)*"/`
 * reads it: past its closing quote, or -1 when none closes it (the text ends, or a backslash
 * ends a line first). A quote inside the last string read is one of its escaped quotes, and the
 * string it opens ends where that one does: each part of the text is read once, not once per
 * quote (a 300 KB program of escaped quotes that never close took seconds per pass).
 */
export function awkStringEnds(text: string): (at: number) => number {
  let from = -1;
  let stop = -1;
  let end = -1;
  return (at) => {
    if (at >= from && at < stop) return end;
    from = at;
    end = -1;
    stop = text.length;
    for (let i = at + 1; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 34) {
        stop = i;
        end = i + 1;
        break;
      }
      if (c === 92) {
        const next = text.charCodeAt(i + 1);
        // The regex's `.`: any code unit but a line terminator.
        if (Number.isNaN(next) || next === 10 || next === 13 || next === 0x2028 || next === 0x2029) {
          stop = i;
          break;
        }
        i++;
      }
    }
    return end;
  };
}

/** `text.replace(/"(?:[^"\\]|\\.)*"/g, replace)`, in one reading. */
export function awkReplaceStrings(text: string, replace: (literal: string) => string): string {
  const ends = awkStringEnds(text);
  let out = "";
  let done = 0;
  for (let i = text.indexOf('"'); i >= 0; ) {
    const end = ends(i);
    if (end < 0) {
      i = text.indexOf('"', i + 1);
      continue;
    }
    out += text.slice(done, i) + replace(text.slice(i, end));
    done = end;
    i = text.indexOf('"', end);
  }
  return done === 0 ? text : out + text.slice(done);
}

// gawk 5.2's long options and 5.3's --csv (getopt_long: unambiguous prefixes count), those that
// take a value, and its short letters that take one (`-f FILE`, `-fFILE`) or only an attached one (`-d[FILE]`).
const AWK_LONGS =
  "assign field-separator file exec source include load lint lint-old characters-as-bytes traditional compat copyright dump-variables debug gen-pot help usage non-decimal-data no-optimize optimize profile pretty-print posix re-interval sandbox use-lc-numeric version bignum csv trace".split(" ");
const AWK_LONG_VALUED = new Set(["assign", "field-separator", "file", "exec", "source", "include", "load"]);
// Options whose value is optional (only `=FILE`, `-dFILE`): the files gawk writes (by default
// awkvars.out, awkprof.out), and the debugger's command file (stdin without one).
const AWK_WRITES: Record<string, string> = { "dump-variables": "awkvars.out", profile: "awkprof.out", "pretty-print": "awkprof.out" };
const AWK_LONG_OPTIONAL = new Set([...Object.keys(AWK_WRITES), "debug", "lint"]);
const AWK_SHORT_OPTIONAL: Record<string, string> = { d: "dump-variables", p: "profile", o: "pretty-print", D: "debug", L: "lint" };
const AWK_OPTIONAL = "dDLop";
const AWK_LETTERS = `FfvWeEil${AWK_OPTIONAL}`;
const AWK_SHORT: Record<string, string | undefined> = { f: "file", E: "exec", e: "source", i: "include", l: "load" };
// (No include, load or write: the common line's, shared.)
const NONE: readonly Word[] = [];

/** awk's arguments, as gawk's getopt reads them (busybox's are a subset; mawk's -W is gawk's where awkArgs does not find it unknown). */
export interface AwkArgs {
  /** The program's parts in order: texts (`-e`, `--source`, else the first operand, when there is one) and files (`-f`, `-E`, `--file`, `--exec`); undefined when the word is missing. */
  programs: Array<{ file: boolean; word: Word | undefined }>;
  /** `-i`/`--include` libraries (awk source looked up in AWKPATH; `inplace` edits the inputs). */
  includes: readonly Word[];
  /** `-l`/`--load` extensions: compiled code the guard does not read. */
  loads: readonly Word[];
  /** The files gawk writes: `-d[FILE]` (`--dump-variables`), `-p[FILE]` (`--profile`), `-o[FILE]` (`--pretty-print`). */
  writes: readonly Word[];
  /** `-D[FILE]` (`--debug`): the debugger runs the commands of FILE or stdin (its `eval` runs awk code). */
  debug: boolean;
  /** A computed word among the options: it may be any option (`-$X`, `"$OPTS"`) or carry an unknown value (`-v$X`). */
  computed: boolean;
  /** Where the words after the program (input files and `NAME=VALUE` assignments) begin in the arguments. */
  rest: number;
}

/**
 * awk's options, read as gawk's getopt reads them: they end at the first operand (the program
 * when no `-e`/`-f` gives it) or `--`; short clusters with values attached or in the next word
 * (`-fprog`, `-f prog`, `-v x=1`), optional values only attached (`-d[FILE]`), long options and
 * their unambiguous prefixes (`--so TEXT`, `--file=F`), `-W NAME[=VALUE]` as `--NAME` (gawk,
 * mawk), and `-E FILE` the last option. A computed word whose known text is not a dash-less start
 * (`"$X"`, `-$X`) ends the options as the program would be (computed); one with a known option
 * start (`-v$X`, `--source=$X`) is that option, its value the computed rest. For a name that may
 * be bwk's awk (`awk` on macOS and the BSDs, `nawk`, `original-awk`, as spelled in `cmd` when
 * given: names.ts reads `gawk` as awk), the programs it reads otherwise are added (bwkPrograms).
 */
export function awkArgs(args: Word[], name = "gawk", cmd?: SimpleCommand): AwkArgs {
  const read = _gawkArgs(args);
  if (BWK_NAMES.has(name) && args.length > 0 && args[0]!.value.charCodeAt(0) === 45 && BWK_NAMES.has(_spelled(args, cmd, name))) {
    for (const p of bwkPrograms(args)) {
      if (!read.programs.some((q) => q.file === p.file && q.word?.value === p.word?.value)) (read.programs = [...read.programs]).push(p);
    }
  }
  return read;
}

/** The name awk was called by: the word before its arguments in the command (`sudo /usr/bin/gawk …`), else `name`. */
function _spelled(args: Word[], cmd: SimpleCommand | undefined, name: string): string {
  const at = cmd ? cmd.argv.indexOf(args[0]!) : -1;
  const head = at > 0 ? cmd!.argv[at - 1]! : undefined;
  return head === undefined || head.dynamic ? name : head.value.slice(head.value.lastIndexOf("/") + 1);
}

/** The names that may run bwk's awk (the one true awk): macOS's and the BSDs' awk, nawk, Debian's original-awk. */
const BWK_NAMES: ReadonlySet<string> = new Set(["awk", "nawk", "original-awk"]);

/**
 * The programs bwk's awk reads (main.c, the one true awk, 2nd edition; FreeBSD's and macOS's):
 * each option is a word of its own, no cluster and no long option. `-f`, `-F` and `-v` take the
 * rest of the word or the next one; `--` ends the options; `-version` and `--version` print the
 * version and exit (no program); every other option word (`-E`, `-e`, `-W`, `-i`, `-safe`,
 * `-sfoo`, `--exec=F`, `-nf`) is ignored and takes no value, so the next word is the program
 * text where gawk reads a file, a library or a value (`awk -E 'BEGIN { system(…) }'` runs the
 * text on macOS). A computed option word may be any: its program is unknown.
 */
export function bwkPrograms(args: Word[]): Array<{ file: boolean; word: Word | undefined }> {
  const programs: Array<{ file: boolean; word: Word | undefined }> = [];
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i]!;
    const v = a.value;
    if (v.charCodeAt(0) !== 45 || v.length < 2) break;
    if (a.dynamic) return [{ file: false, word: unknownWord() }];
    if (v === "--") {
      i++;
      break;
    }
    if (v === "-version" || v === "--version") return [];
    const letter = v[1];
    if (letter !== "f" && letter !== "F" && letter !== "v") continue;
    const value = v.length > 2 ? wordFrom(a, 2) : args[++i];
    if (letter === "f") programs.push({ file: true, word: value });
  }
  if (programs.length === 0 && i < args.length) programs.push({ file: false, word: args[i] });
  return programs;
}

function _gawkArgs(args: Word[]): AwkArgs {
  const read: AwkArgs = { programs: [], includes: NONE, loads: NONE, writes: NONE, debug: false, computed: false, rest: 0 };
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i]!;
    const v = a.value;
    if (v.charCodeAt(0) !== 45 || v === "-") {
      if (a.dynamic && v.length < 2) read.computed = true;
      break;
    }
    if (v === "--") {
      if (a.dynamic) read.computed = true;
      else i++;
      break;
    }
    if (a.dynamic) read.computed = true;
    let name: string | undefined;
    let value: Word | undefined;
    // The word holding the option's name (`-W NAME`'s second one): a value in it is attached.
    let nameAt = i;
    if (v.startsWith("--")) {
      ({ name, value, i } = _long(args, i, a));
      if (_mawkDiffers(v.slice(2), name, false)) read.computed = true;
    } else {
      const got = clusterValue(args, i, AWK_LETTERS);
      if (!got) continue;
      if (AWK_OPTIONAL.includes(got.letter)) {
        // A letter whose value is optional takes only the rest of the word.
        name = AWK_SHORT_OPTIONAL[got.letter];
        value = got.at + 1 < v.length || a.dynamic ? got.value : undefined;
      } else if (got.letter === "W") {
        i = nameAt = got.i;
        // `-W exec=F`, `-W source TEXT`: the long option it names (`-W "$X"`: any).
        if (got.value?.dynamic) read.computed = true;
        if (got.value) {
          ({ name, value, i } = _long(args, i, { ...got.value, value: `--${got.value.value}`, pattern: `--${got.value.pattern}` }));
          if (_mawkDiffers(got.value.value, name, true)) read.computed = true;
        }
      } else {
        i = got.i;
        name = AWK_SHORT[got.letter];
        value = got.value;
      }
    }
    if (name !== undefined && AWK_LONG_OPTIONAL.has(name)) {
      if (name === "debug") read.debug = true;
      else if (Object.hasOwn(AWK_WRITES, name)) read.writes = [...read.writes, value ?? literalWord(AWK_WRITES[name]!)];
      continue;
    }
    // gawk takes the next word for an empty program file name, or an attached one of only blanks
    // (`'-f ' FILE`, `--file= FILE`: a `#!` line's trailing blanks).
    if ((name === "file" || name === "exec") && value && !value.dynamic && (value.value === "" || (i === nameAt && /^[ \t\n\v\f\r]*$/.test(value.value)))) value = args[++i];
    if (name === "file" || name === "exec") read.programs.push({ file: true, word: value });
    else if (name === "source") read.programs.push({ file: false, word: value });
    else if (name === "include") read.includes = [...read.includes, value ?? unknownWord()];
    else if (name === "load") read.loads = [...read.loads, value ?? unknownWord()];
    // `-E FILE` is the last option: the words after it are the program's.
    if (name === "exec") {
      i++;
      break;
    }
  }
  if (!read.programs.length && i < args.length) read.programs.push({ file: false, word: args[i++] });
  read.rest = i;
  return read;
}

// mawk's -W (and long) options in its table's order: an abbreviation, in any case, is the first
// name it begins. exec names the program file; random and sprintf take the next word when no
// `=VALUE` is attached (mawk's source from 2024 on; 1.3.4-20200120 refuses a missing value).
const MAWK_NAMES = "version binmode dump exec help interactive posix random re-interval sprintf traditional usage".split(" ");

/**
 * Whether mawk reads the option text `text` (after `--`, or `-W`'s value, which mawk reads as a
 * comma-separated `list`) otherwise than gawk, which named it `gawkName`: a program file gawk
 * does not see (`mawk -W EXEC FILE`, `-W i,e FILE`: interactive, then exec) or a next word mawk
 * takes as a value (`-W random N`, `--r N`), the program being the word after it.
 */
function _mawkDiffers(text: string, gawkName: string | undefined, list: boolean): boolean {
  for (const chunk of list ? text.split(",") : [text]) {
    const eq = chunk.indexOf("=");
    const given = (eq < 0 ? chunk : chunk.slice(0, eq)).toLowerCase();
    if (given === "") continue;
    const name = MAWK_NAMES.find((n) => n.startsWith(given));
    if (name === "exec" ? gawkName !== "exec" : (name === "random" || name === "sprintf") && eq < 0) return true;
  }
  return false;
}

/** The long option word `word` (at `args[i]`, or a `-W` value there) and its value (attached, else the next word); `i` is the last word read. */
function _long(args: Word[], i: number, word: Word): { name: string | undefined; value: Word | undefined; i: number } {
  const { name, value } = longWord(word, AWK_LONGS);
  // An optional value (`--profile[=FILE]`) is only attached; a computed word's may be its unknown rest.
  if (value !== undefined || name === undefined || !AWK_LONG_VALUED.has(name)) return { name, value, i };
  return word.dynamic ? { name, value: computedRest(word), i } : { name, value: args[i + 1], i: i + 1 };
}

/**
 * awk's program file (`-f FILE`): the file, else the one gawk looks for when it cannot open it,
 * FILE.awk (`gawk -f evil` runs ./evil.awk; mawk fails), or, for a name without `/`, one in the
 * folders of an AWKPATH set in the line or the environment: unknown (the default's are the working
 * folder and the system's library). Null when none exists: awk fails before it runs anything.
 * Read as program-file.ts reads program files (64 KiB at most; one the line filled with text the
 * guard does not know is unknown); `again`: the text read when awk ran, if it was.
 */
export function awkProgramFile(word: Word | undefined, inv: Pick<Invocation, "cmd" | "ctx">, again = false): Word | null {
  const read = inv.cmd && word && !word.dynamic ? _read.get(inv.cmd) : undefined;
  const known = again ? read?.get(word!.value) : undefined;
  if (known !== undefined) return known;
  let program = programFileText(word, inv, true);
  if (program === null && word !== undefined) program = !word.value.includes("/") && awkPathSet(inv) ? unknownWord() : programFileText(literalWord(`${word.value}.awk`), inv, true);
  if (inv.cmd && word && !word.dynamic) (read ?? _read.set(inv.cmd, new Map()).get(inv.cmd)!).set(word.value, program);
  return program;
}

// The text each program file of a command gave when awk ran, by its name (`again`: what awk
// printed is judged later, once the line's state has moved past awk, which may write files
// itself: env-output.ts).
const _read = new WeakMap<SimpleCommand, Map<string, Word | null>>();

/** Whether AWKPATH is set for the command (envValue): gawk then looks for `-f` and `-i` files in folders the guard does not read. */
export function awkPathSet(inv: Pick<Invocation, "cmd" | "ctx">): boolean {
  return envValue(inv, "AWKPATH", true) !== undefined;
}

// A variable given one string literal as a whole statement (`cmd = "date";`), in the masked text.
const LITERAL_ASSIGN = /(?<![\w$.])([A-Za-z_]\w*)[^\S\n]*=[^\S\n=]*"_*"(?=[^\S\n]*(?:$|[;}\n]))/g;

// The variables awk itself sets as it reads (a literal given one holds only until then).
const AWK_SETS: ReadonlySet<string> = new Set(["NR", "NF", "FNR", "FILENAME", "RSTART", "RLENGTH", "ERRNO", "RT", "ARGC"]);

/**
 * The program text with each command held in a variable spelled as the string literal the
 * program gives it (`cmd = "date"; cmd | getline d; close(cmd)` reads as `"date" | getline d`),
 * so the command is judged as a literal one is. Only a variable assigned that literal once, used
 * nowhere else than as a command (`NAME | getline`, `| NAME` ending a statement, `system(NAME)`,
 * `close(NAME)`), that awk does not set itself (NR, FILENAME…) and which no word of `args` may
 * set (`-v NAME=…`, a `NAME=…` operand, a computed word) is: any other may hold any text, and stays unknown.
 */
export function awkConstantCommands(text: string, args: readonly Word[]): string {
  if (!text.includes("=")) return text;
  const masked = _mask(text);
  const uses: Array<{ at: number; length: number; literal: string }> = [];
  for (const m of masked.matchAll(LITERAL_ASSIGN)) {
    const name = m[1]!;
    const sets = new RegExp(`^(?:-v|--[a-z]*=)?${name}=`);
    if (AWK_SETS.has(name) || args.some((a) => a.dynamic || sets.test(a.value))) continue;
    const literal = text.slice(m.index + m[0].indexOf('"'), m.index + m[0].length);
    const found: Array<{ at: number; length: number; literal: string }> = [];
    let other = false;
    for (const o of masked.matchAll(new RegExp(`(?<![\\w$.])${name}(?!\\w)`, "g"))) {
      if (o.index === m.index) continue;
      const before = masked.slice(0, o.index);
      const after = masked.slice(o.index + name.length);
      const command = /^\s*\|&?\s*getline\b/.test(after) || (/(?<!\|)\|&?\s*$/.test(before) && /^\s*(?:$|[;}\n)]|\|\||&&)/.test(after)) || (/\b(?:system|close)\s*\(\s*$/.test(before) && /^\s*\)/.test(after));
      if (!command) other = true;
      else found.push({ at: o.index, length: name.length, literal });
    }
    if (!other) uses.push(...found);
  }
  let out = text;
  for (const u of uses.sort((a, b) => b.at - a.at)) out = out.slice(0, u.at) + u.literal + out.slice(u.at + u.length);
  return out;
}
