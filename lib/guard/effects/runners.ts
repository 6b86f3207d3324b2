import { op, type Op } from "../ops.ts";
import { UNSET } from "../posix/vars.ts";
import { literalWord, type SimpleCommand, unknownWord, type Word } from "../syntax.ts";
import { shellQuote } from "../shell-quote.ts";
import { analyzeArgv, analyzeText, HARMLESS_DEVICES } from "./analyze.ts";
import { awkArgs, awkConstantCommands, awkOutputs, awkPathSet, awkProgramFile, awkReplaceStrings, awkStringEnds } from "./awk-output.ts";
import type { Handler, Invocation } from "./context.ts";
import { wordFrom } from "./getopt.ts";
import { operands } from "./names.ts";
import { archiveWrite } from "./archive-writes.ts";
import { setArchiveSources, type ArchiveSources } from "./archive-sources.ts";
import { createdFiles } from "./sinks.ts";
import { programFileText } from "./program-file.ts";
import { inDir } from "./wrappers.ts";
import { sortArgs } from "./sort-args.ts";

// Programs that read data but can also be told to run a command or write a file. Each handler
// finds that option or program text; anything it cannot read to the end is an unknown effect.

const unknown = (inv: Invocation): Op[] => [op("unknown", inv.name)];

/** A variable set for this command or earlier in the line (LESSOPEN, MANPAGER); one unset there (`unset X`, `env -u X`) is not. */
function _setInLine(inv: Invocation, names: RegExp): boolean {
  if (inv.cmd?.assigns.some((a) => names.test(a.name))) return true;
  for (const [n, v] of inv.ctx.vars) if (v !== UNSET && names.test(n)) return true;
  return false;
}

/** awk: `system()`, pipes to and from commands, and `print > file` in the program text. */
export const awk: Handler = (inv) => {
  const read = awkArgs(inv.args, inv.name, inv.cmd);
  // A computed option may be any (`-f FILE`, `-l LIB`); an extension (`-l`) is compiled code and
  // a library (`-i`) awk source found on AWKPATH, which the guard does not read: unknown. gawk's
  // `-i inplace` (its bundled library) edits the input files in place.
  if (read.computed || read.debug || read.loads.length || !_bundledOnly(read.includes, inv)) return unknown(inv);
  const inPlace = read.includes.length > 0;
  // Every program file is read before any text is judged, as awk reads them all before it runs.
  const texts: Array<{ text: string | null; file: boolean }> = [];
  for (const { file, word } of read.programs) {
    if (!file) texts.push({ text: !word || word.dynamic ? null : word.value, file });
    else {
      // A missing program file makes awk fail before it runs anything (program-file.ts).
      const program = awkProgramFile(word, inv);
      if (program !== null) texts.push({ text: program.dynamic ? null : program.value, file });
    }
  }
  // Each program text must parse on its own (gawk's `-e` texts and files, bwk's one text); bwk's
  // awk reads its `-f` files as one text, so a statement may start in one file and end in the next.
  const filesPipe = texts.some((t) => t.file && t.text !== null && _mayPipe(t.text));
  const ops: Op[] = [];
  for (const { text, file } of texts) ops.push(...(text === null ? unknown(inv) : _awkProgram(text, inv, file ? filesPipe : _mayPipe(text))));
  if (inPlace) ops.push({ ...op("overwrite", inv.name, inv.args.slice(read.rest).filter((w) => !/^[A-Za-z_]\w*=/.test(w.value))), inPlace: true });
  // gawk's variable dump, profile and pretty-printed program.
  if (read.writes.length) ops.push(...createdFiles(inv.name, [...read.writes]));
  return ops;
};

/** The program files awk runs (`-f FILE`, literal names; later-writes.ts keeps a run of them that a later write or another pipeline stage may change). */
export function awkProgramWords(args: Word[], name: string, cmd: SimpleCommand | undefined): Word[] {
  const words: Word[] = [];
  for (const { file, word } of awkArgs(args, name, cmd).programs) if (file && word !== undefined && !word.dynamic) words.push(word);
  return words;
}

/**
 * Whether every `-i` library is gawk's bundled `inplace`: gawk looks for it in AWKPATH's folders,
 * the working one first by default, as NAME then NAME.awk (`gawk -i inplace` ran a project's
 * ./inplace.awk in the sandbox), so a file of that name there, or an AWKPATH set in the line or the
 * environment, makes it another library.
 */
function _bundledOnly(includes: readonly Word[], inv: Invocation): boolean {
  if (includes.length === 0) return true;
  if (awkPathSet(inv)) return false;
  for (const w of includes) {
    if (w.dynamic || (w.value !== "inplace" && w.value !== "inplace.awk")) return false;
    if (programFileText(w, inv) !== null || programFileText(literalWord(`${w.value}.awk`), inv) !== null) return false;
  }
  return true;
}

/**
 * Whether a `|` in an awk program's text may be a pipe: only `print … | cmd`, `printf … | cmd` and
 * `cmd | getline` (gawk's `|&` too) are, so without those words a lone `|` does not parse and awk
 * runs nothing of the text (bwk's awk reads `awk --field-separator '|' '{…}'`'s `|` as its
 * program: a syntax error in the sandbox, as a keyword split by a backslash-newline is).
 */
function _mayPipe(text: string): boolean {
  return text.includes("print") || text.includes("getline");
}

function _awkProgram(program: string, inv: Invocation, mayPipe: boolean): Op[] {
  if (/@load|@include/.test(program)) return unknown(inv);
  const text = awkConstantCommands(program, inv.args);
  const ops: Op[] = [];
  for (const m of text.matchAll(/\bsystem\s*\(\s*("(?:[^"\\]|\\.)*")?\s*(\))?/g)) {
    ops.push(...(m[1] && m[2] ? analyzeText(JSON.parse(m[1]), "posix", inv.ctx) : unknown(inv)));
  }
  // Without strings and regex literals, a lone `|` is a pipe to or from a command.
  const bare = awkReplaceStrings(text, () => '""').replace(/((?:^|[(~,!{;\n&|])[^\S\n]*)\/(?:[^/\\\n]|\\.)*\//g, "$1//");
  // gawk's indirect call (`f = "system"; @f("cmd")`) may call any function, system() included
  // (an `@` without a name and a parenthesis is none: `@/re/`, bwk's program `a@b.c`).
  if (bare.includes("@") && /@\s*[A-Za-z_][\w:]*\s*\(/.test(bare)) ops.push(...unknown(inv));
  const pipes = mayPipe ? (bare.match(/(?<!\|)\|&?(?!\|)/g)?.length ?? 0) : 0;
  // `print … | "cmd"` and `"cmd" | getline` with a literal command are analysed; others are
  // unknown. The literal must be the whole command: `| "s" "h"` pipes to the concatenation `sh`,
  // and `"rm -rf " dir | getline` runs the concatenation before it.
  const commands = _awkCommands(text).map((m) => _pipedCommand(JSON.parse(m.literal) as string, m.piped ? text.slice(0, m.index) : null));
  if (pipes > commands.length) ops.push(...unknown(inv));
  for (const command of commands) ops.push(...analyzeText(command, "posix", inv.ctx));
  for (const { append, target } of awkOutputs(text)) {
    if (target === null) ops.push(...unknown(inv));
    // A file awk creates, like a redirection's (red team 8: `awk '{print > "s.sh"}' x; bash s.sh`).
    else if (!HARMLESS_DEVICES.test(target)) ops.push({ ...op(append ? "write-into" : "overwrite", inv.name, [literalWord(target)]), lands: "created" });
  }
  return ops;
}

const PIPE_END = /\s*(?:$|[;}\n)]|\|\||&&)/y;
const GETLINE = /\s*\|&?\s*getline/y;
const SPACE = /\s/;
const OPERAND_END = /[\w")\]$.]/;

/**
 * The literal commands of `| "cmd"` (piped: `cmd` is the whole expression after the pipe) and
 * `"cmd" | getline` (not after an operand), as the regex
 * `/(?<!\|)\|&?\s*("…")(?=\s*(?:$|[;}\n)]|\|\||&&))|(?<![\w")\]$.]\s*)("…")\s*\|&?\s*getline/g`
 * finds them, with each string's end read once (awkStringEnds): that regex read a string from
 * every quote, escaped ones included.
 */
function _awkCommands(text: string): Array<{ literal: string; piped: boolean; index: number }> {
  const ends = awkStringEnds(text);
  const found: Array<{ literal: string; piped: boolean; index: number }> = [];
  for (let p = 0; p < text.length; p++) {
    const c = text[p];
    if (c === "|" && text[p - 1] !== "|") {
      let q = p + 1;
      if (text[q] === "&") q++;
      while (q < text.length && SPACE.test(text[q]!)) q++;
      if (text[q] !== '"') continue;
      const end = ends(q);
      if (end < 0) continue;
      PIPE_END.lastIndex = end;
      if (!PIPE_END.test(text)) continue;
      found.push({ literal: text.slice(q, end), piped: true, index: p });
      p = end - 1;
    } else if (c === '"') {
      let k = p;
      while (k > 0 && SPACE.test(text[k - 1]!)) k--;
      if (k > 0 && OPERAND_END.test(text[k - 1]!)) continue;
      const end = ends(p);
      if (end < 0) continue;
      GETLINE.lastIndex = end;
      if (!GETLINE.test(text)) continue;
      found.push({ literal: text.slice(p, end), piped: false, index: p });
      p = GETLINE.lastIndex - 1;
    }
  }
  return found;
}

/**
 * The command awk starts, with what it reads on stdin: a `print "literal" | "cmd"` feeds it that
 * literal (`printf '%s' 'rm -rf /' | sh` is then judged as the shell would run it); anything else
 * printed, and awk's own input that a `"cmd" | getline` inherits, is text the guard cannot see,
 * spelled as awk's output (`awk | sh`), which a shell or interpreter refuses as unknown code.
 */
function _pipedCommand(command: string, before: string | null): string {
  const printed = before === null ? null : /\bprint(f?)\s*\(?\s*("(?:[^"\\]|\\.)*")\s*\)?\s*$/.exec(before);
  const literal = printed ? (JSON.parse(printed[2]!) as string) : null;
  if (literal === null || (printed![1] === "f" && literal.includes("%"))) return `awk | ${command}`;
  const fed = printed![1] === "f" ? literal : `${literal}\n`;
  return `printf '%s' ${shellQuote(fed)} | ${command}`;
}

/** emacs: `--eval`, `--load`, `--funcall` and `--script` run Lisp the guard does not read. */
export const emacs: Handler = (inv) => (inv.args.some((a) => a.dynamic || /^(--?eval|--execute|-l|--load|-f|--funcall|--script|-x)(=|$)/.test(a.value)) ? unknown(inv) : []);

/**
 * fd and Debian's fdfind: `-x`/`--exec CMD…` runs CMD once per entry found, `-X`/`--exec-batch`
 * once with all of them (`;` ends CMD), with each `{}`, `{/}`, `{//}`, `{.}` or `{/.}` the entry
 * (or appended when none is given). The entries are not listed here: CMD is judged with one
 * unknown word for them, as xargs' unknown input (`fd -e js -x rm` deleted every match under
 * ALLOW_NO_EFFECT: fd had no handler and the unknown-program scan read `rm` as an operand). A
 * plain search, `-l` (ls) included, writes nothing. fd's words are read as clap reads them
 * (_fdWords): a cluster's letter that takes a value ends it (`fd -tx` lists executables:
 * `--type x`), and CMD runs in the folder `-C`/`--base-directory` names (fd changes into it).
 */
export const fd: Handler = (inv) => {
  const args = inv.args;
  const first = _fdWords(args);
  const at = first.exec;
  if (at < 0) return [];
  const flag = args[at]!;
  const end = args.findIndex((w, k) => k > at && !w.dynamic && w.value === ";");
  const command = args.slice(at + 1, end < 0 ? undefined : end);
  const rest = end < 0 ? undefined : _fdWords(args.slice(end + 1));
  if (flag.dynamic || !/^(?:-[A-Za-z0-9]*[xX]|--exec|--exec-batch)$/.test(flag.value) || command.length === 0 || (rest && rest.exec >= 0)) return unknown(inv);
  const entry = /\{(?:\/|\/\/|\.|\/\.)?\}/;
  const words = command.some((w) => entry.test(w.value)) ? command.map((w) => (entry.test(w.value) ? unknownWord() : w)) : [...command, unknownWord()];
  // The last -C wins (clap's args_override_self), also one after CMD's `;`.
  return inDir(rest?.chdir ?? first.chdir, inv, () => analyzeArgv(words[0]!, words.slice(1), inv.ctx));
};

// fd's short options that take a value (`-t x`, `-tx`, `-e ts`, `-C DIR`); fd 10's clap
// definitions (src/cli.rs).
const FD_VALUED = "dteEcjSoC";
// Its long options that take a value as the next word (`--hyperlink` and `--strip-cwd-prefix`
// take theirs only after `=`).
const FD_LONG_VALUED = new Set(["max-depth", "maxdepth", "min-depth", "mindepth", "exact-depth", "exclude", "type", "extension", "size", "changed-within", "change-newer-than", "newer", "changed-after", "changed-before", "change-older-than", "older", "owner", "format", "batch-size", "ignore-file", "ignore-file-name", "color", "threads", "max-buffer-time", "max-results", "base-directory", "path-separator", "search-path", "and"]);
// The options whose value may start with `-` (clap's allow_hyphen_values: `--size -10k`, `--and
// -x` searches for `-x`); any other takes no such word (`-t -x` is an error, nothing runs).
const FD_HYPHEN_VALUES = new Set(["S", "size", "and"]);

/**
 * fd's words as clap reads them: the index of the first `-x`/`-X`/`--exec`/`--exec-batch` (a
 * computed word may be one), or -1, and the folder the last `-C`/`--base-directory` before it
 * names. Option values are skipped, also one that starts with `-` where clap takes it (`--and
 * -x`); after `--` every word is a pattern or a path (`fd -- -x` searches for `-x`).
 */
function _fdWords(args: Word[]): { exec: number; chdir?: Word } {
  let chdir: Word | undefined;
  const takes = (i: number, option: string) => args[i] !== undefined && (FD_HYPHEN_VALUES.has(option) || args[i]!.dynamic || !args[i]!.value.startsWith("-"));
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.dynamic || /^--exec(?:-batch)?(?:=|$)/.test(a.value)) return { exec: i, chdir };
    if (a.value === "--") break;
    if (a.value.startsWith("--")) {
      const eq = a.value.indexOf("=");
      const name = a.value.slice(2, eq < 0 ? undefined : eq);
      if (eq >= 0 && name === "base-directory") chdir = wordFrom(a, eq + 1);
      else if (eq < 0 && FD_LONG_VALUED.has(name) && takes(i + 1, name) && ++i && name === "base-directory") chdir = args[i];
      continue;
    }
    if (!/^-[A-Za-z0-9]/.test(a.value)) continue;
    for (const [k, c] of [...a.value.slice(1)].entries()) {
      if (c === "x" || c === "X") return { exec: i, chdir };
      if (!FD_VALUED.includes(c)) continue;
      // The rest of the word is the value (`-C=DIR`: clap drops the `=`), else the next word.
      const at = a.value[k + 2] === "=" ? k + 3 : k + 2;
      const attached = at < a.value.length;
      if (attached && c === "C") chdir = wordFrom(a, at);
      else if (!attached && takes(i + 1, c) && ++i && c === "C") chdir = args[i];
      break;
    }
  }
  return { exec: -1, chdir };
}

/** rg --pre runs a program on every searched file. */
export const rg: Handler = (inv) => (inv.args.some((a) => a.value === "--pre" || a.value.startsWith("--pre=")) ? unknown(inv) : []);

/** sort: --compress-program runs a program; -o FILE writes it (often in place): sort-args.ts reads the words. */
export const sort: Handler = (inv) => {
  const { outs, open } = sortArgs(inv.args);
  return open ? unknown(inv) : outs.flatMap((out) => createdFiles(inv.name, [out], true));
};

/** zip: -TT/--unzip-command runs a command; -m/--move deletes the files it adds. */
export const zip: Handler = (inv) => {
  const { flags, files } = operands(inv.args, new Set(["-TT", "--unzip-command", "-b", "-n", "-t", "-tt", "-x", "-i", "-P", "-O", "--out"]));
  // ZIPOPT (and the older ZIP) hold options too: `ZIPOPT='-T -TT "cmd"'` runs cmd (red team 8).
  if (inv.args.some((a) => a.value === "-TT" || a.value.startsWith("--unzip-command")) || _setInLine(inv, /^(ZIPOPT|ZIP)$/)) return unknown(inv);
  const move = flags.some((f) => f === "--move" || (/^-[a-zA-Z0-9]+$/.test(f) && f.includes("m")));
  // The archive is written: the first operand, or `-O`/`--out FILE` (a new archive; the first stays).
  const out = inv.args.findIndex((a) => a.value === "-O" || a.value === "--out");
  const written = out >= 0 ? createdFiles(inv.name, inv.args.slice(out + 1, out + 2)) : archiveWrite(inv.name, files[0], ".zip");
  if (written[0]) setArchiveSources(written[0], _zipSources(flags, files.slice(1)));
  return move && files.length > 1 ? [...written, op("delete", inv.name, files.slice(1), flags.some((f) => /^-[a-zA-Z0-9]*r/.test(f)))] : written;
};

/**
 * What goes into a zip archive, for a later sender of it (archive-sources.ts): the operands, walked
 * with -r/-R, links followed unless -y; names read on stdin (`-@`) or stdin's data (`-`) are unknown.
 */
function _zipSources(flags: string[], inputs: Word[]): ArchiveSources {
  const short = flags.filter((f) => /^-[a-zA-Z0-9@]+$/.test(f)).join("");
  const recursive = /[rR]/.test(short) || flags.includes("--recurse-paths") || flags.includes("--recurse-patterns");
  const stdin = short.includes("@") || flags.includes("--names-stdin") || inputs.some((w) => w.value === "-");
  const roots = inputs.filter((w) => w.value !== "-").map((word) => ({ word, recursive }));
  if (stdin) roots.push({ word: unknownWord(), recursive });
  return { roots, follow: !/y/.test(short) && !flags.includes("--symlinks") };
}

/** man: -P/--pager and -H/--html name a program to run, as do MANPAGER and PAGER. */
export const man: Handler = (inv) => {
  if (inv.args.some((a) => /^(-P|--pager|-H|--html)(=|$)|^-[a-zA-Z]*[PH]/.test(a.value)) || _setInLine(inv, /^(MANPAGER|PAGER|MANOPT|BROWSER)$/)) return unknown(inv);
  return [];
};

/** less/more: LESSOPEN and LESSCLOSE run preprocessors; a `+` command can escape to a shell. */
export const pager: Handler = (inv) => {
  if (_setInLine(inv, /^(LESSOPEN|LESSCLOSE|LESSEDIT|LESS|VISUAL|EDITOR|LESSKEY\w*)$/)) return unknown(inv);
  return inv.args.some((a) => a.dynamic || (a.value.startsWith("+") && /[!|]/.test(a.value))) ? unknown(inv) : [];
};
