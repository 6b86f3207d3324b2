import { MAX_DEPTH, type Vars } from "../posix/parser.ts";
import { literalWord, ParseError, SYNTHETIC, type Redirect, type Script, type SimpleCommand, type Word } from "../syntax.ts";
import { translateRobocopy } from "./cmd-robocopy.ts";

/**
 * cmd.exe command text as simple commands in the POSIX effect vocabulary. Separators `&`, `&&`,
 * `||`, `|`; `^` escapes; "…" quotes; `%VAR%` expands when known (else the word is unknown);
 * `rd /s` is a recursive delete, `del /s` a subtree delete, `format` destroys a volume.
 */
export function parseCmd(text: string, depth: number, vars: Vars): Script {
  if (depth > MAX_DEPTH) throw new ParseError("nesting too deep");
  const commands: SimpleCommand[] = [];
  let words: Word[] = [];
  let redirects: Redirect[] = [];
  let pipeFrom: SimpleCommand | undefined;
  const flush = (piped: boolean) => {
    const cmd: SimpleCommand = { argv: words.length ? _translate(words, depth, vars, commands) : [], assigns: [], redirects, pipeFrom };
    commands.push(cmd);
    pipeFrom = piped ? cmd : undefined;
    words = [];
    redirects = [];
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === " " || c === "\t" || c === "\r") i++;
    else if (c === "\n" || c === "&" || c === "|") {
      const pipe = c === "|" && text[i + 1] !== "|";
      i += (c === "&" || c === "|") && text[i + 1] === c ? 2 : 1;
      flush(pipe);
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

function _word(text: string, start: number, vars: Vars): [Word, number] {
  let value = "";
  let dynamic = false;
  let quoted = false;
  let i = start;
  let inQuote = false;
  for (; i < text.length; i++) {
    const c = text[i]!;
    if (!inQuote && (c === " " || c === "\t" || c === "\r" || c === "\n" || c === "&" || c === "|" || c === "<" || c === ">")) break;
    if (c === '"') {
      inQuote = !inQuote;
      quoted = true;
    } else if (c === "^" && !inQuote) value += text[++i] ?? "";
    else if (c === "%") {
      const end = text.indexOf("%", i + 1);
      const name = end < 0 ? "" : text.slice(i + 1, end);
      // `%VAR:~start,len%` (a substring) and `%VAR:old=new%` (a replacement): cmd computes them
      // from the value (learn.microsoft.com/windows-server/administration/windows-commands/set);
      // the guard does not, so the word is unknown.
      if (/^[A-Za-z_][A-Za-z0-9_()]*:(?:~|[^=]*=)/.test(name)) {
        dynamic = true;
        i = end;
        continue;
      }
      if (!/^[A-Za-z_][A-Za-z0-9_()]*$/.test(name)) {
        value += c;
        continue;
      }
      const known = _variable(name.toUpperCase(), vars);
      if (known === null) dynamic = true;
      else value += known;
      i = end;
    } else if (c === "!" && /^![A-Za-z_][\w()]*(?::[^!]*)?!/.test(text.slice(i))) dynamic = true;
    else value += c;
  }
  if (inQuote) throw new ParseError("unterminated quote");
  const v = value.replace(/\\/g, "/");
  return [{ value: v, dynamic, glob: /[*?]/.test(v), pattern: v, quoted }, i];
}

/**
 * Prefixes that run the rest of the line as a command: `call`, `start [/b …] ["title"]`,
 * `if [/i] [not] exist X` / `errorlevel N` / `defined X` / `a==b`, `for … in (…) do`, and a
 * group's parentheses. What is left is the command itself (the loop variable is unknown).
 */
function _unwrap(words: Word[]): Word[] {
  for (;;) {
    const first = words[0];
    if (!first || first.dynamic) return words;
    const v = first.value.toLowerCase();
    if (v.startsWith("(")) {
      const last = words.length - 1;
      words = words.map((w, i) => ({ ...w, value: (i === 0 ? w.value.replace(/^\(+/, "") : w.value).replace(i === last ? /\)+$/ : /$^/, "") })).filter((w) => w.value !== "" || w.quoted);
    } else if (v === "call") words = words.slice(1);
    else if (v === "start") {
      let i = 1;
      while (words[i] && (words[i]!.quoted || /^\//.test(words[i]!.value))) i++;
      words = words.slice(i);
    } else if (v === "if") {
      let i = 1;
      while (/^(?:\/i|not)$/i.test(words[i]?.value ?? "")) i++;
      const test = words[i]?.value.toLowerCase() ?? "";
      i += test === "exist" || test === "errorlevel" || test === "defined" || test === "cmdextversion" ? 2 : words[i + 1]?.value.match(/^(?:==|equ|neq|lss|leq|gtr|geq)$/i) ? 3 : 1;
      words = words.slice(i);
    } else if (v === "for") {
      const at = words.findIndex((w) => w.value.toLowerCase() === "do");
      if (at < 0) return words;
      const loopVar = /^%%?[a-z]$/i;
      words = words.slice(at + 1).map((w) => (loopVar.test(w.value) || /%%?[a-z]\b/i.test(w.value) ? { ...w, dynamic: true } : w));
    } else return words;
  }
}

function _translate(all: Word[], depth: number, vars: Vars, out: SimpleCommand[]): Word[] {
  const words = _unwrap(all);
  const [head, ...rest] = words;
  if (!head) return [];
  if (head.dynamic) return words;
  // `rd/s/q x` and `rd /S /Q x`: switches may be attached to the name and to each other.
  const [name, ...attached] = head.value.toLowerCase().split(/(?=\/)/);
  // `/s/q` is two switches; `/c"rd …"` is /c with its command text attached.
  const split = rest.flatMap((w) => (!w.dynamic && /^(?:\/[a-z?:-]{1,2}){2,}$/i.test(w.value) ? w.value.split(/(?=\/)/).map((s) => literalWord(s)) : [w]));
  const inline = split.flatMap((w) => (!w.dynamic && /^\/[ck]./i.test(w.value) ? [literalWord(w.value.slice(0, 2)), { ...w, value: w.value.slice(2) }] : [w]));
  const args = [...attached.map((s) => literalWord(s)), ...inline];
  const switches = args.filter((a) => !a.dynamic && /^\//.test(a.value) && a.value.length <= 3).map((a) => a.value.toLowerCase());
  const operands = args.filter((a) => a.dynamic || !/^\/[a-z?:-]{1,2}$/i.test(a.value));
  switch (name) {
    case "rd":
    case "rmdir":
      return switches.includes("/s") ? [literalWord("rm"), literalWord("-r"), literalWord("--"), ...operands] : [];
    case "del":
    case "erase":
      if (switches.includes("/s")) return [literalWord(SYNTHETIC.subtree), ...operands.map(_parentOf)];
      return [literalWord("rm"), literalWord("--"), ...operands];
    case "format":
      return [literalWord(SYNTHETIC.disk)];
    case "cd":
    case "chdir":
    case "pushd":
      return [literalWord("cd"), ...operands];
    case "move":
      return [literalWord("mv"), literalWord("--"), ...operands];
    case "copy":
    case "xcopy":
      return [literalWord("cp"), literalWord("--"), ...operands];
    case "robocopy":
      return translateRobocopy([...attached.map((s) => literalWord(s)), ...rest], out);
    case "forfiles":
      return forfiles(args, depth, vars, out);
    case "cmd":
      if (!switches.includes("/c") && !switches.includes("/k")) return [];
      if (operands.some((w) => w.dynamic)) return [literalWord(SYNTHETIC.unknown)];
      out.push(...parseCmd(operands.map((w) => w.value).join(" "), depth + 1, vars).commands);
      return [];
    default:
      return [literalWord(name!), ...args];
  }
}

/**
 * `forfiles [/p DIR] [/m MASK] [/s] [/c "COMMAND"]` runs COMMAND (a program, usually `cmd /c …`)
 * once per file found (learn.microsoft.com/windows-server/administration/windows-commands/forfiles).
 * COMMAND is analysed with each `@file`, `@path`, … variable an unknown word; `0xHH` is the
 * character it codes. Without /c it only echoes the names.
 */
export function forfiles(args: Word[], depth: number, vars: Vars, out: SimpleCommand[]): Word[] {
  const at = args.findIndex((w) => !w.dynamic && /^\/c$/i.test(w.value));
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
