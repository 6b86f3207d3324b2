import { MAX_DEPTH, type Vars } from "../posix/parser.ts";
import { literalWord, ParseError, SYNTHETIC, unknownWord, type Redirect, type Script, type SimpleCommand, type Word } from "../syntax.ts";
import { isAbsolute, resolve } from "node:path";
import { isDirectory } from "../fs-probe.ts";
import { LOOP_REFERENCE, unrolledFor } from "./cmd-for.ts";
import { translateFindstr } from "./findstr.ts";
import { fileSystemPattern, holdsFolderLink } from "./windows-names.ts";
import { translateRobocopy } from "./cmd-robocopy.ts";
import { translateDownload } from "./windows-downloads.ts";

/**
 * cmd.exe command text as simple commands in the POSIX effect vocabulary. Separators `&`, `&&`,
 * `||`, `|`; `^` escapes; "…" quotes; `%VAR%` expands when known (else the word is unknown);
 * `rd /s` is a recursive delete, `del /s` a subtree delete, `format` destroys a volume.
 */
export function parseCmd(text: string, depth: number, vars: Vars, cwd: string | null = depth === 0 ? (vars.get("PWD") ?? null) : null): Script {
  if (depth > MAX_DEPTH) throw new ParseError("nesting too deep");
  // cmd removes every CR from a line before it reads it (phase 1.5 of its line parser, as
  // measured in stackoverflow.com/questions/4094699): `r<CR>d /s /q DIR` runs rd.
  text = text.replace(/\r/g, "");
  const unrolled = unrolledFor(text, depth, cwd, (body) => parseCmd(body, depth + 1, vars, cwd).commands);
  if (unrolled) return { commands: unrolled };
  // The folder the next command runs in, while the line's `cd`s are literal (null: unknown).
  let dir = cwd;
  const commands: SimpleCommand[] = [];
  let words: Word[] = [];
  let redirects: Redirect[] = [];
  let pipeFrom: SimpleCommand | undefined;
  // After a `for` the rest of the line is its body: a loop variable there is unknown too.
  let inLoop = false;
  const flush = (piped: boolean) => {
    inLoop ||= words.some((w, i) => !w.dynamic && /^[@(]*for$/i.test(w.value) && words.slice(i).some((d) => /^do$/i.test(d.value)));
    if (inLoop) {
      const unknown = (w: Word) => (LOOP_REFERENCE.test(w.value) ? { ...w, dynamic: true } : w);
      words = words.map(unknown);
      redirects = redirects.map((r) => ({ ...r, target: unknown(r.target) }));
    }
    const argv = words.length ? _translate(words, { depth, vars, out: commands, cwd: dir }) : [];
    if (argv[0]?.value === "cd" || argv[0]?.value === "popd") dir = argv.length === 2 && !argv[1]!.dynamic && dir !== null && argv[0].value === "cd" ? resolve(dir, argv[1]!.value) : argv.length === 1 && argv[0].value === "cd" ? dir : null;
    const cmd: SimpleCommand = { argv, assigns: [], redirects, pipeFrom };
    commands.push(cmd);
    pipeFrom = piped ? cmd : undefined;
    words = [];
    redirects = [];
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === " " || c === "\t") i++;
    else if (c === "\n" || c === "&" || c === "|") {
      const pipe = c === "|" && text[i + 1] !== "|";
      i += (c === "&" || c === "|") && text[i + 1] === c ? 2 : 1;
      flush(pipe);
      if (c === "\n") inLoop = false;
    } else if (c === ">" || c === "<" || (/\d/.test(c) && text[i + 1] === ">")) {
      const m = /^\d?(>>|>|<)(&\d)?/.exec(text.slice(i, i + 4))!;
      i += m[0].length;
      if (m[2]) continue;
      while (text[i] === " ") i++;
      const [target, next] = _word(text, i, vars);
      redirects.push({ op: m[1]!, fd: "", target });
      i = next;
    } else {
      const [word, next] = _word(text, i, vars);
      words.push(word);
      i = next;
    }
  }
  flush(false);
  return { commands };
}

// What cmd passes on when a word is an argument of a program it starts (`cmd /c …`): the word's
// text with its quotes kept, `^` escapes and known `%VAR%` expansions applied, and unknown ones
// left for the next cmd to see again.
const _passed = new WeakMap<Word, string>();
// Words spelled with a literal `/` first (`/s`, `/e:on`): switches. `\x` and `%VAR%` values are paths.
const _slashed = new WeakSet<Word>();
// Where a word holds cmd's other token delimiters outside quotes (`,` `;` `=` VT FF, KB Q71247):
// the command name ends there, and an internal command splits its arguments there too, so
// `rd;/s;/q;%USERPROFILE%\.ssh` is `rd /s /q …` (red team 9 C6). Offsets into the word's value.
const _cuts = new WeakMap<Word, number[]>();
const DELIMITERS = new Set([",", ";", "=", "\v", "\f"]);

function _word(text: string, start: number, vars: Vars): [Word, number] {
  let value = "";
  let passed = "";
  let dynamic = false;
  let quoted = false;
  let i = start;
  let inQuote = false;
  const cuts: number[] = [];
  for (; i < text.length; i++) {
    const c = text[i]!;
    if (!inQuote && (c === " " || c === "\t" || c === "\n" || c === "&" || c === "|" || c === "<" || c === ">")) break;
    if (!inQuote && DELIMITERS.has(c)) cuts.push(value.length);
    if (c === '"') {
      inQuote = !inQuote;
      quoted = true;
      passed += c;
    } else if (c === "^" && !inQuote) {
      value += text[++i] ?? "";
      passed += text[i] ?? "";
    } else if (c === "%") {
      const end = text.indexOf("%", i + 1);
      const name = end < 0 ? "" : text.slice(i + 1, end);
      // `%VAR:~start,len%` (a substring) and `%VAR:old=new%` (a replacement): cmd computes them
      // from the value (learn.microsoft.com/windows-server/administration/windows-commands/set);
      // the guard does not, so the word is unknown.
      if (/^[A-Za-z_][A-Za-z0-9_()]*:(?:~|[^=]*=)/.test(name)) {
        dynamic = true;
        passed += text.slice(i, end + 1);
        i = end;
        continue;
      }
      if (!/^[A-Za-z_][A-Za-z0-9_()]*$/.test(name)) {
        value += c;
        passed += c;
        continue;
      }
      const known = _variable(name.toUpperCase(), vars);
      if (known === null) dynamic = true;
      else value += known;
      passed += known ?? text.slice(i, end + 1);
      i = end;
    } else if (c === "!" && /^![A-Za-z_][\w()]*(?::[^!]*)?!/.test(text.slice(i))) {
      dynamic = true;
      passed += c;
    } else {
      value += c;
      passed += c;
    }
  }
  if (inQuote) throw new ParseError("unterminated quote");
  const v = value.replace(/\\/g, "/");
  const word: Word = { value: v, dynamic, glob: /[*?]/.test(v), pattern: v, quoted };
  _passed.set(word, passed);
  if (cuts.length) _cuts.set(word, cuts);
  if (text[start] === "/" || ((text[start] === "^" || text[start] === '"') && text[start + 1] === "/")) _slashed.add(word);
  return [word, i];
}

/** A switch of an internal command: `/s`, `/q`, `/a:h`, `/e:on` spelled with a literal slash. */
function _isSwitch(w: Word): boolean {
  return !w.dynamic && (_slashed.has(w) || !_passed.has(w)) && /^\/(?:[a-z0-9?+-]{1,2}|[a-z]:[a-z0-9-]*)$/i.test(w.value);
}

/**
 * Prefixes that run the rest of the line as a command: `@`, `call`, `start [options] ["title"]`,
 * `if [/i] [not] exist X` / `errorlevel N` / `defined X` / `a==b`, `for … in (…) do`, and a
 * group's parentheses. What is left is the command itself (the loop variable is unknown), and
 * the folder `start /d DIR` runs it in.
 */
function _unwrap(words: Word[]): { words: Word[]; dir?: Word } {
  let dir: Word | undefined;
  for (;;) {
    const first = words[0];
    if (!first || first.dynamic) return { words, dir };
    const v = first.value.toLowerCase();
    if (v.startsWith("@")) {
      // `@` before a command only turns off its echo (`@rd /s /q x`, `@if exist …`).
      words = [_trimmed(first, /^@+/), ...words.slice(1)].filter((w) => w.value !== "" || w.quoted);
    } else if (v.startsWith("(")) {
      const last = words.length - 1;
      words = words.map((w, i) => (i === last ? _trimmed(i === 0 ? _trimmed(w, /^\(+/) : w, /\)+$/) : i === 0 ? _trimmed(w, /^\(+/) : w)).filter((w) => w.value !== "" || w.quoted);
    } else if (v === "call") words = words.slice(1);
    else if (v === "start") {
      const s = _startOptions(words);
      dir = s.dir ?? dir;
      words = words.slice(s.at);
    } else if (v === "if") {
      let i = 1;
      while (/^(?:\/i|not)$/i.test(words[i]?.value ?? "")) i++;
      const test = words[i]?.value.toLowerCase() ?? "";
      i += test === "exist" || test === "errorlevel" || test === "defined" || test === "cmdextversion" ? 2 : words[i + 1]?.value.match(/^(?:==|equ|neq|lss|leq|gtr|geq)$/i) ? 3 : 1;
      words = words.slice(i);
    } else if (v === "for") {
      const at = words.findIndex((w) => w.value.toLowerCase() === "do");
      if (at < 0) return { words, dir };
      words = words.slice(at + 1).map((w) => (LOOP_REFERENCE.test(w.value) ? { ...w, dynamic: true } : w));
    } else return { words, dir };
  }
}

/**
 * A word without the prefix or suffix `re` matches (`@` echo off, a group's parentheses), as cmd
 * reads what is left: its delimiter cuts and its spelling kept (`@rd;/s;/q;DIR` is `rd /s /q DIR`).
 */
function _trimmed(w: Word, re: RegExp): Word {
  const m = re.exec(w.value);
  if (!m || m[0] === "") return w;
  const from = m.index === 0 ? m[0].length : 0;
  const to = m.index === 0 ? w.value.length : m.index;
  const value = w.value.slice(from, to);
  const out: Word = { ...w, value, pattern: value };
  const cuts = _cuts.get(w)?.map((c) => c - from).filter((c) => c >= 0 && c < value.length);
  if (cuts?.length) _cuts.set(out, cuts);
  const passed = _passed.get(w);
  if (passed !== undefined) _passed.set(out, passed.replace(re, ""));
  if (_slashed.has(w)) _slashed.add(out);
  return out;
}

// start's switches that take the next word (learn.microsoft.com/windows-server/administration/windows-commands/start).
const START_VALUED = /^\/(?:d|node|affinity|machine)$/i;

/**
 * `start ["title"] [/d DIR] [/b] [/wait] [/min] … PROGRAM …`: the index of PROGRAM, and DIR.
 * Only the first quoted word is the title; `/dDIR` may be attached.
 */
function _startOptions(words: Word[]): { at: number; dir?: Word } {
  let dir: Word | undefined;
  let title = false;
  let i = 1;
  for (; i < words.length; i++) {
    const w = words[i]!;
    if (w.quoted && !title && !_slashed.has(w)) title = true;
    else if (w.dynamic || !_slashed.has(w)) break;
    else if (START_VALUED.test(w.value)) {
      if (/^\/d$/i.test(w.value)) dir = words[i + 1] ?? unknownWord();
      i++;
    } else if (/^\/d./i.test(w.value)) dir = { ...w, value: w.value.slice(2), pattern: w.value.slice(2) };
  }
  return { at: i, dir };
}

interface _Context {
  depth: number;
  vars: Vars;
  /** Where inner commands (`cmd /c`, forfiles) are pushed. */
  out: SimpleCommand[];
  /** The folder the command runs in, or null when the guard cannot tell here. */
  cwd: string | null;
}

function _translate(all: Word[], cx: _Context): Word[] {
  const { words, dir } = _unwrap(all);
  const argv = _command(words, dir ? { ...cx, cwd: null } : cx);
  // `start /d DIR PROGRAM`: PROGRAM runs in DIR, as `env -C DIR PROGRAM` does.
  return dir && argv.length ? [literalWord("env"), literalWord("-C"), dir, literalWord("--"), ...argv] : argv;
}

/** The program a command word names: `rd/s/q` is rd with two switches; `C:\…\ROBOCOPY.EXE` is robocopy. */
function _program(head: Word): { name: string; word: Word; attached: Word[] } {
  const spelled = _passed.get(head) ?? head.value;
  const lower = head.value.toLowerCase();
  // A path (a backslash, a drive, quotes): its last part. Otherwise `/` starts attached switches.
  if (/[\\":]/.test(spelled)) return { name: _bare(lower.slice(lower.lastIndexOf("/") + 1)), word: head, attached: [] };
  const [first, ...attached] = lower.split(/(?=\/)/);
  return { name: _bare(first!), word: literalWord(first!), attached: attached.map((s) => literalWord(s)) };
}

/** A program name without the extensions PATHEXT adds (`ROBOCOPY.EXE`, `x.cmd`). */
function _bare(name: string): string {
  return name.replace(/\.(?:exe|com|bat|cmd)$/, "");
}

/** The parts of a word between cmd's token delimiters (the word itself when it has none). */
function _pieces(w: Word): Word[] {
  const cuts = _cuts.get(w);
  if (!cuts) return [w];
  return [-1, ...cuts].flatMap((from, k) => {
    const value = w.value.slice(from + 1, cuts[k] ?? w.value.length);
    return value === "" ? [] : [{ ...w, value, pattern: value, glob: /[*?]/.test(value) }];
  });
}

// The internal commands the translation below reads, which split their arguments at the delimiters.
const INTERNAL = new Set(["rd", "rmdir", "del", "erase", "format", "cd", "chdir", "pushd", "move", "ren", "rename", "mklink", "copy", "type"]);

function _command(all: Word[], cx: _Context): Word[] {
  const { depth, vars, out } = cx;
  const [first, ...after] = all;
  if (!first) return [];
  if (first.dynamic) return all;
  const [head, ...more] = _pieces(first);
  if (!head) return [];
  const { name, word, attached } = _program(head);
  const rest = [...more, ...after].flatMap((w) => (INTERNAL.has(name) ? _pieces(w) : [w]));
  // `/s/q` is two switches; `/c"rd …"` is /c with its command text attached.
  const split = rest.flatMap((w) => (_isSwitchRun(w) ? w.value.split(/(?=\/)/).map((s) => literalWord(s)) : [w]));
  const inline = split.flatMap((w) => (_slashedText(w) && /^\/[ck]./i.test(w.value) ? [literalWord(w.value.slice(0, 2)), { ...w, value: w.value.slice(2) }] : [w]));
  const args = [...attached, ...inline];
  const switches = args.filter(_isSwitch).map((a) => a.value.toLowerCase());
  const operands = args.filter((a) => !_isSwitch(a));
  switch (name) {
    case "rd":
    case "rmdir":
      // An unknown operand may be `/s /q C:\Users\me` once cmd expands it (red team 14: `rd %D%`).
      return switches.includes("/s") || operands.some((w) => w.dynamic) ? [literalWord("rm"), literalWord("-r"), literalWord("--"), ...operands] : [];
    case "del":
    case "erase":
      if (switches.includes("/s")) return _deleteBelow(operands, cx.cwd) ?? [literalWord(SYNTHETIC.subtree), ...operands.map(_parentOf)];
      return [literalWord("rm"), literalWord("--"), ...operands.flatMap((w) => _folderFiles(w, cx.cwd))];
    case "format":
      return [literalWord(SYNTHETIC.disk)];
    case "cd":
    case "chdir":
    case "pushd":
      return [literalWord("cd"), ...operands];
    case "move":
      return [literalWord("mv"), literalWord("--"), ...operands];
    case "ren":
    case "rename":
      return _rename(operands);
    case "mklink":
      return _mklink(switches, operands);
    case "copy":
    case "xcopy":
      return [literalWord("cp"), literalWord("--"), ...operands];
    case "robocopy":
      return translateRobocopy([...attached, ...rest], out);
    case "certutil":
    case "bitsadmin":
      return translateDownload(name, args, out) ?? [word, ...args];
    case "forfiles":
      return forfiles(args, depth, vars, out);
    case "type":
      // cmd's type prints the files (not bash's builtin of the same name).
      return [literalWord("cat"), literalWord("--"), ...operands];
    case "findstr":
      return translateFindstr(args, (w) => _slashedText(w) && w.value.startsWith("/")) ?? [word, ...args];
    case "cmd":
      return cmdLine([...attached.map((w) => w.value), ...rest.map((w) => (w.dynamic ? UNKNOWN_VAR : (_passed.get(w) ?? w.value)))].join(" "), depth, vars, out, cx.cwd);
    default:
      return [word, ...args];
  }
}

// A variable no table knows: a word holding it is unknown to the cmd that reads it next.
const UNKNOWN_VAR = "%LEOGRIEL_UNKNOWN%";

function _slashedText(w: Word): boolean {
  return !w.dynamic && (_slashed.has(w) || !_passed.has(w));
}

function _isSwitchRun(w: Word): boolean {
  return _slashedText(w) && /^(?:\/[a-z?:-]{1,2}){2,}$/i.test(w.value);
}

/**
 * `cmd [/a /u /q /d /e:on /f:off /v:on /t:fg /x /y /s] /c|/r|/k TEXT` runs TEXT (/k then reads
 * more commands from stdin, which a hook's shell ends at once). Without /c, /r or /k cmd reads its
 * commands from stdin (the `cmd` program's handler). TEXT that starts with a quote loses its first
 * and last quote, except (without /s) when exactly two quotes enclose a program name with blanks
 * (learn.microsoft.com/windows-server/administration/windows-commands/cmd): both readings are judged.
 * `line` is what follows `cmd`, as cmd receives it (quotes kept, the caller's `^` and `%` applied).
 */
export function cmdLine(line: string, depth: number, vars: Vars, out: SimpleCommand[], cwd: string | null): Word[] {
  if (depth > MAX_DEPTH) throw new ParseError("nesting too deep");
  let i = 0;
  let strip = false;
  for (;;) {
    while (line[i] === " " || line[i] === "\t" || line[i] === "," || line[i] === ";") i++;
    if (line[i] !== "/") return [literalWord("cmd")];
    const c = line[i + 1]?.toLowerCase();
    if (c === "c" || c === "r" || c === "k") {
      i += 2;
      break;
    }
    if (c === "s") strip = true;
    i += 2;
    while (i < line.length && !/[\s/]/.test(line[i]!)) i++;
  }
  const text = line.slice(i).trim();
  const readings = [text];
  if (text.startsWith('"')) {
    const last = text.lastIndexOf('"');
    const stripped = text.slice(1, last) + text.slice(last + 1);
    if (strip) readings[0] = stripped;
    else readings.push(stripped);
  }
  let parsed = 0;
  let error: unknown;
  for (const reading of readings) {
    try {
      out.push(...parseCmd(reading, depth + 1, vars, cwd).commands);
      parsed++;
    } catch (e) {
      error = e;
    }
  }
  if (parsed === 0 && error) throw error;
  return [];
}

/**
 * `del DIR` (and `erase`) deletes every file directly in DIR, as `del DIR\*` does, dotfiles
 * included: Windows names have no hidden dot
 * (learn.microsoft.com/windows-server/administration/windows-commands/del). A folder operand is
 * read as its files (`DIR/*`) and dotfiles (`DIR/.[!.]*`, `DIR/..?*`), which rm deletes while refusing the
 * subfolders, as del leaves them. Where the running folder is unknown, a relative operand may
 * be either: both readings (a file operand then makes the patterns unreadable: unknown).
 */
function _folderFiles(w: Word, cwd: string | null): Word[] {
  if (w.dynamic) return [w];
  if (w.glob) {
    // `*.log` matches `.x.log` on Windows: its dotted twins (never `.` or `..`).
    const cut = w.value.lastIndexOf("/") + 1;
    const leaf = w.value.slice(cut);
    const dir = w.pattern.slice(0, w.pattern.lastIndexOf("/") + 1);
    const twin = (prefix: string): Word => ({ ...w, value: `${w.value.slice(0, cut)}${prefix}${leaf}`, pattern: `${dir}${prefix}${w.pattern.slice(dir.length)}` });
    return /^[*?]/.test(leaf) ? [w, twin(".[!.]"), twin("..?")] : [w];
  }
  const known = isAbsolute(w.value) || cwd !== null;
  const folder = known && isDirectory(isAbsolute(w.value) ? w.value : resolve(cwd!, w.value));
  if (known && !folder) return [w];
  const base = w.value.replace(/\/+$/, "");
  const escaped = base.replace(/[*?[\]\\]/g, "\\$&");
  const inside = (name: string): Word => ({ ...w, value: `${base}/${name}`, pattern: `${escaped}/${name}`, glob: true });
  const files = [inside("*"), inside(".[!.]*"), inside("..?*")];
  return folder ? files : [w, ...files];
}

/** `ren SRC NEWNAME`: SRC moves to NEWNAME in its own folder (a NEWNAME pattern is taken as a name). */
function _rename(operands: Word[]): Word[] {
  const [source, name, ...more] = operands;
  if (!source || !name) return [];
  if (more.length || source.dynamic || name.dynamic) return [literalWord("mv"), literalWord("--"), source, unknownWord()];
  const cut = source.value.replace(/\/+$/, "").lastIndexOf("/") + 1;
  const dest = source.value.slice(0, cut) + name.value;
  return [literalWord("mv"), literalWord("--"), source, { ...literalWord(dest), quoted: true }];
}

/**
 * `mklink [/d|/j|/h] LINK TARGET` (learn.microsoft.com/windows-server/administration/windows-commands/mklink)
 * as `ln`: a symbolic link (file or /d) names TARGET relative to LINK's folder, a junction (/j)
 * relative to the running folder (`-r`), a hard link (/h) is `ln` itself. mklink never replaces
 * LINK (`-T`, no `-f`). Later commands through LINK are judged at TARGET.
 */
function _mklink(switches: string[], operands: Word[]): Word[] {
  const [link, target, ...more] = operands;
  if (!link || !target) return [];
  if (more.length) return [literalWord(SYNTHETIC.unknown)];
  const flags = switches.includes("/h") ? "-T" : switches.includes("/j") ? "-srT" : "-sT";
  return [literalWord("ln"), literalWord(flags), target, link];
}

/**
 * `forfiles [/p DIR] [/m MASK] [/s] [/c "COMMAND"]` runs COMMAND (a program, usually `cmd /c …`)
 * once per file found (learn.microsoft.com/windows-server/administration/windows-commands/forfiles).
 * COMMAND is analysed with each `@file`, `@path`, … variable an unknown word; `0xHH` is the
 * character it codes. Without /c it only echoes the names.
 */
export function forfiles(args: Word[], depth: number, vars: Vars, out: SimpleCommand[]): Word[] {
  // forfiles takes its switches with `-` as well as `/` (`forfiles -p DIR -c "…"`).
  const at = args.findIndex((w) => !w.dynamic && /^[/-]c$/i.test(w.value));
  if (at < 0) return [];
  const command = args[at + 1];
  if (!command || command.dynamic) return [literalWord(SYNTHETIC.unknown)];
  const text = command.value
    .replace(/0x([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    // `cmd /c TEXT` is read here, so that the variables below reach TEXT as unknown words.
    .replace(/^\s*cmd(?:\.exe)?\s+\/[ck]\s*/i, "")
    .replace(/@(?:file|fname|ext|path|relpath|isdir|fsize|fdate|ftime)\b/gi, "%FORFILES_ITEM%");
  out.push(...parseCmd(text, depth + 1, vars).commands);
  return [];
}

/** `del /s dir\*.log` deletes matches in every subfolder of `dir`. */
/**
 * `del /s [DIR\]*.EXT`: the files of that name in DIR and every folder below, as the find that
 * removes at least those (`find DIR -iname '*.EXT*' -exec rm -f {} +`, windows-names.ts). A
 * name without a wildcard also names a folder whose files go: undefined, as for any other mask.
 */
function _deleteBelow(operands: Word[], cwd: string | null): Word[] | undefined {
  const masks = operands.map((w) => (w.dynamic || !w.glob ? undefined : fileSystemPattern(w.value.slice(w.value.lastIndexOf("/") + 1), false)));
  if (operands.length !== 1 || masks[0] === undefined) return undefined;
  // del /s is believed to follow a link to a folder, as find does not (windows-names.ts).
  const root = _parentOf(operands[0]!).value;
  if (holdsFolderLink(isAbsolute(root) ? root : cwd === null ? null : resolve(cwd, root)) !== false) return undefined;
  return [literalWord("find"), _parentOf(operands[0]!), ...["-iname", masks[0], "-exec", "rm", "-f", "{}", "+"].map((v) => literalWord(v))];
}

function _parentOf(word: Word): Word {
  if (word.dynamic || !word.glob) return word;
  const dir = word.value.slice(0, word.value.lastIndexOf("/") + 1) || ".";
  return { ...word, value: dir, pattern: dir, glob: false };
}

function _variable(name: string, vars: Vars): string | null {
  const home = vars.get("HOME") ?? null;
  const table: Record<string, string | null> = {
    USERPROFILE: home,
    HOME: home,
    // The roaming application data (the user's Startup folder is below it) at its default place,
    // and the all-users data folder (a system tree).
    APPDATA: home === null ? null : `${home}/AppData/Roaming`,
    PROGRAMDATA: "C:/ProgramData",
    ALLUSERSPROFILE: "C:/ProgramData",
    CD: vars.get("PWD") ?? null,
    TEMP: vars.get("TMPDIR") ?? null,
    TMP: vars.get("TMPDIR") ?? null,
    SYSTEMROOT: "C:/Windows",
    WINDIR: "C:/Windows",
    SYSTEMDRIVE: "C:",
    PROGRAMFILES: "C:/Program Files",
  };
  return name in table ? table[name]! : null;
}
