import { MAX_DEPTH, type Vars } from "../posix/parser.ts";
import { literalWord, ParseError, SYNTHETIC, type Redirect, type Script, type SimpleCommand, type Word } from "../syntax.ts";

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
      if (!/^[A-Za-z_][A-Za-z0-9_()]*$/.test(name)) {
        value += c;
        continue;
      }
      const known = _variable(name.toUpperCase(), vars);
      if (known === null) dynamic = true;
      else value += known;
      i = end;
    } else if (c === "!" && /^![A-Za-z_]\w*!/.test(text.slice(i))) dynamic = true;
    else value += c;
  }
  if (inQuote) throw new ParseError("unterminated quote");
  const v = value.replace(/\\/g, "/");
  return [{ value: v, dynamic, glob: /[*?]/.test(v), pattern: v, quoted }, i];
}

function _translate(words: Word[], depth: number, vars: Vars, out: SimpleCommand[]): Word[] {
  const [head, ...rest] = words;
  if (head!.dynamic) return words;
  // `rd/s/q x` and `rd /S /Q x`: switches may be attached to the name and to each other.
  const [name, ...attached] = head!.value.toLowerCase().split(/(?=\/)/);
  const args = [...attached.map((s) => literalWord(s)), ...rest];
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
      return switches.some((s) => s === "/mir" || s === "/purge")
        ? [literalWord("rsync"), literalWord("--delete"), ...operands.slice(0, 2)]
        : [literalWord("cp"), literalWord("--"), ...operands.slice(0, 2)];
    case "cmd":
      if (!switches.includes("/c") && !switches.includes("/k")) return [];
      if (operands.some((w) => w.dynamic)) return [literalWord(SYNTHETIC.unknown)];
      out.push(...parseCmd(operands.map((w) => w.value).join(" "), depth + 1, vars).commands);
      return [];
    default:
      return [literalWord(name!), ...args];
  }
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
