import { op, type Op } from "../ops.ts";
import { literalWord, unknownWord, type Word } from "../syntax.ts";
import { analyzeText } from "./analyze.ts";
import type { Handler, Invocation } from "./context.ts";
import { stdinInput } from "./data-input.ts";

// Ex commands (by their shortest spelling and full name) that write the buffer to a file: the
// argument names it, or the current file without one; `*a[ll]` forms write every buffer.
const WRITERS: Array<[string, string]> = [
  ["w", "write"], ["wq", "wq"], ["x", "xit"], ["exi", "exit"], ["up", "update"], ["sav", "saveas"], ["wn", "wnext"],
  ["wN", "wNext"], ["wp", "wprevious"], ["wa", "wall"], ["wqa", "wqall"], ["xa", "xall"],
];
// Commands that write a file of their own: `redir > f`, sessions, views, viminfo (the default name when none is given).
const OTHER_WRITERS: Array<[string, string, string | null]> = [
  ["redi", "redir", null], ["mks", "mksession", "Session.vim"], ["mkvie", "mkview", null], ["mkv", "mkvimrc", ".vimrc"],
  ["mk", "mkexrc", ".exrc"], ["wv", "wviminfo", null], ["wsh", "wshada", null],
];
// Commands after which the current file is another one (`:e f`, `:f name`, `:n`, `:cd`): a later
// bare `:w` writes a file the guard does not follow.
const SWITCHERS: Array<[string, string]> = [
  ["e", "edit"], ["ene", "enew"], ["f", "file"], ["n", "next"], ["N", "Next"], ["prev", "previous"], ["ar", "args"], ["b", "buffer"],
  ["bn", "bnext"], ["bp", "bprevious"], ["sp", "split"], ["vs", "vsplit"], ["new", "new"], ["vne", "vnew"], ["tabe", "tabedit"],
  ["tabnew", "tabnew"], ["vie", "view"], ["fin", "find"], ["cd", "cd"], ["lcd", "lcd"], ["chd", "chdir"], ["tcd", "tcd"], ["fir", "first"],
  ["la", "last"], ["rew", "rewind"], ["ex", "ex"], ["vi", "visual"], ["Ex", "Explore"],
];
// Commands that run a later command on matches, buffers or windows: their argument is a command.
const REPEATERS: Array<[string, string]> = [
  ["g", "global"], ["v", "vglobal"], ["windo", "windo"], ["bufdo", "bufdo"], ["argdo", "argdo"], ["tabdo", "tabdo"], ["cdo", "cdo"],
  ["cfdo", "cfdo"], ["ldo", "ldo"], ["lfdo", "lfdo"], ["sil", "silent"], ["uns", "unsilent"], ["keepp", "keeppatterns"], ["keepj", "keepjumps"],
  ["keepm", "keepmarks"], ["keepa", "keepalt"], ["noa", "noautocmd"], ["sa", "sandbox"], ["lockm", "lockmarks"], ["verb", "verbose"],
  ["try", "try"], ["folddoo", "folddoopen"], ["folddoc", "folddoclosed"], ["exe", "execute"],
];
// Commands that run code the guard does not read: vimscript, other languages, keystrokes,
// terminals, external programs (`:grep`, `:make`, `:diffpatch`), plugins, printing.
const OPAQUE_COMMANDS =
  /^(cal(l)?|let?|unl(et)?|py(t(h(o(n)?)?)?)?3?|pyx|pyf(ile)?|py3f(ile)?|pyd(o)?|py3d(o)?|lua(f(ile)?|d(o)?)?|perl?(d(o)?)?|rub(y)?|rubyd(o)?|rubyf(ile)?|mz(s(cheme)?|f(ile)?)?|tc(l)?|tcld(o)?|tclf(ile)?|ter(m(i(n(a(l)?)?)?)?)?|sh(e(l(l)?)?)?|so(u(r(c(e)?)?)?)?|ru(n(t(i(m(e)?)?)?)?)?|mak(e)?|lmak(e)?|gr(e(p)?)?|lgr(e(p)?)?|grepa(dd)?|lgrepa(dd)?|norm(a(l)?)?|au(t(o(c(m(d)?)?)?)?)?|com(m(a(n(d)?)?)?)?|fu(n(c(t(i(o(n)?)?)?)?)?)?|def|pa(c(k(a(d(d)?)?)?)?)?|dif(f(p(a(t(c(h)?)?)?)?)?)?|ha(r(d(c(o(p(y)?)?)?)?)?)?|cs(cope)?|lcs(cope)?|scs(cope)?|st(op)?|sus(pend)?|[nvxsoilct]?(nore)?map|[nvxsoilct]?no(r(e(m(a(p)?)?)?)?)?)$/;
// Functions with side effects, called from any expression (`:echo system(…)`, `s/x/\=writefile(…)/`).
const OPAQUE_FUNCTIONS = /\b(system|systemlist|writefile|delete|rename|libcall(nr)?|job_start|jobstart|term_start|termopen|feedkeys|setfperm|mkdir|chdir|execute|call|function|funcref|eval|luaeval|py3?eval|pyxeval|rubyeval|perleval|mzeval|remote_\w+|ch_\w+|rpc\w+|dictwatcheradd|timer_start|win_execute|term_sendkeys|inputsave|readfile|filewritable)\s*\(/;

/** Whether `given` spells ex command `short`…`full` (any prefix from the shortest spelling). */
const _spells = (given: string, [short, full]: readonly [string, string, ...unknown[]]) => given.length >= short.length && full.startsWith(given) && given.startsWith(short);

interface EditorState {
  /** The files the buffers hold: the operands. */
  files: Word[];
  /** The current file changed to one the guard does not follow. */
  switched: boolean;
  ops: Op[];
  inv: Invocation;
  depth: number;
}

/**
 * One ex command line (vim `-c`, `+cmd`, `--cmd`, ex/ed scripts): `|` separates commands except
 * after those that take it as their argument (`!`, `:g`, `:normal`). Writes are overwrites of the
 * file named, or in-place edits of the current file; `:!cmd`, `:r !cmd`, `:w !cmd` run a shell.
 */
function _exLine(line: string, st: EditorState): void {
  let rest = line;
  while (rest.trim()) {
    if (st.depth > 8) return void st.ops.push(op("unknown", st.inv.name));
    // Leading colons and blanks, then a range: numbers, `.`, `$`, `%`, marks, patterns, offsets.
    const range = /^[\s:]*(?:[\d.$%,;+\-]|'[a-zA-Z<>[\]'`"^.]|\/(?:[^/\\]|\\.)*\/?|\?(?:[^?\\]|\\.)*\??|\\[/?&])*\s*/.exec(rest)![0];
    rest = rest.slice(range.length);
    const m = /^([a-zA-Z]+|[!&<>=@*#~]|)(!?)/.exec(rest)!;
    const name = m[1]!;
    const bang = m[2] === "!";
    let arg = rest.slice(m[0].length);
    // Commands whose argument runs to the end of the line.
    if (name === "!" || name === "" || REPEATERS.some((r) => _spells(name, r)) || /^norm/.test(name)) {
      if (name === "!" || (name === "" && bang)) return void _shell(arg, st);
      if (/^norm/.test(name) || _spells(name, ["exe", "execute"]) || OPAQUE_FUNCTIONS.test(arg)) return void st.ops.push(op("unknown", st.inv.name));
      if (name === "") return;
      // `:g/re/cmd`, `:windo cmd`, `:silent! cmd`: the command after the pattern.
      const inner = /^g|^v/.test(name) && !/^verb/.test(name) ? arg.replace(/^\s*([^\w\s|"])(?:(?!\1)[^\\]|\\.)*\1?/, "") : arg;
      st.depth++;
      _exLine(inner, st);
      st.depth--;
      return;
    }
    const bar = _unescapedBar(arg);
    const next = bar < 0 ? "" : arg.slice(bar + 1);
    arg = (bar < 0 ? arg : arg.slice(0, bar)).trim();
    if (OPAQUE_COMMANDS.test(name) || OPAQUE_FUNCTIONS.test(arg)) st.ops.push(op("unknown", st.inv.name));
    else _command(name, bang, arg, st);
    rest = next;
  }
}

/** The first `|` not escaped (`\|`) and outside a `"` comment: where the next command starts. */
function _unescapedBar(text: string): number {
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "\\") i++;
    else if (text[i] === "|") return i;
  }
  return -1;
}

function _command(name: string, bang: boolean, arg: string, st: EditorState): void {
  // `:r !cmd`, `:w !cmd` (a blank before `!`: the buffer is the command's input).
  if (!bang && /^(r|re|rea|read|w|wr|wri|writ|write)$/.test(name) && arg.startsWith("!")) return _shell(arg.slice(1), st, name.startsWith("w"));
  if (bang && /^(r|re|rea|read)$/.test(name)) return _shell(arg, st);
  const writer = WRITERS.find((w) => _spells(name, w));
  const other = OTHER_WRITERS.find((w) => _spells(name, w));
  if (writer) {
    const append = /^>>/.test(arg);
    const file = arg.replace(/^>>\s*/, "").replace(/^(\+\+\S+\s*)+/, "").trim();
    const all = /a(ll)?$/.test(name) && name !== "sav";
    if (file) st.ops.push(append ? { ...op("write-into", st.inv.name, [_fileWord(file, st)]), lands: "created" } : { ...op("overwrite", st.inv.name, [_fileWord(file, st)]), lands: "created" });
    else if (st.switched) st.ops.push(op("unknown", st.inv.name));
    else {
      const files = all ? st.files : st.files.slice(0, 1);
      if (files.length) st.ops.push({ ...op("overwrite", st.inv.name, files), inPlace: true });
    }
    if (_spells(name, ["sav", "saveas"])) st.switched = true;
  } else if (other) {
    const target = other[0] === "redi" ? /^!?\s*>>?\s*(\S.*)$/.exec(arg)?.[1] : arg || other[2];
    if (other[0] === "redi" && /^(END|e)/.test(arg)) return;
    if (target === undefined || target === null) st.ops.push(op("unknown", st.inv.name));
    else st.ops.push({ ...op(/^!?\s*>>/.test(arg) ? "write-into" : "overwrite", st.inv.name, [_fileWord(target, st)]), lands: "created" });
  } else if (SWITCHERS.some((s) => _spells(name, s))) st.switched = true;
}

/** A shell command the editor runs; `:w !cmd` feeds it the buffer, text the guard does not follow (spelled as awk's output). */
function _shell(text: string, st: EditorState, fed = false): void {
  if (!text.trim()) return void st.ops.push(op("unknown", st.inv.name));
  st.ops.push(...analyzeText(fed ? `awk | ${text}` : text, "posix", st.inv.ctx));
}

/** A file name as vim expands it: `~` is the home folder; `%`, `#`, `$VAR`, backticks and wildcards are unknown. */
function _fileWord(text: string, st: EditorState): Word {
  const name = text.replace(/\\(.)/g, "$1");
  if (/[%#$`<*?[{]/.test(text)) return unknownWord();
  return literalWord(name === "~" ? st.inv.ctx.home : name.startsWith("~/") ? `${st.inv.ctx.home}${name.slice(1)}` : name, true);
}

/** The commands ex mode reads from stdin (`ex -s f <<< 'w! x'`), or ed's script. */
function _stdinScript(inv: Invocation, st: EditorState, ed: boolean): void {
  const input = stdinInput(inv);
  if (input === "none") return;
  if (input === null) return void st.ops.push(op("unknown", inv.name));
  let inserting = false;
  for (const line of input.split("\n")) {
    if (inserting) {
      inserting = line !== ".";
      continue;
    }
    // `a`, `i`, `c` (and vim's `append`, `insert`, `change`) take text lines up to a lone `.`.
    if (/^[\s:]*(?:[\d.$%,;+\-]|'[a-z]|\/(?:[^/\\]|\\.)*\/|\?(?:[^?\\]|\\.)*\?)*\s*(a|i|c|append|insert|change)!?\s*$/.test(line)) {
      inserting = true;
      continue;
    }
    if (ed) _edLine(line, st);
    else _exLine(line, st);
  }
}

/** One ed command: `w FILE`, `W FILE` (append), `wq`, `e`/`E`/`f FILE`, `!cmd`, `r !cmd`, `g/re/cmds`. */
function _edLine(line: string, st: EditorState): void {
  const m = /^\s*(?:[\d.$,;%+\-^]|'[a-z]|\/(?:[^/\\]|\\.)*\/|\?(?:[^?\\]|\\.)*\?)*\s*([a-zA-Z=!]?)(.*)$/.exec(line);
  if (!m) return;
  const [, cmd, rest] = m as unknown as [string, string, string];
  if (cmd === "!") return _shell(rest, st);
  if (/^[gGvV]$/.test(cmd)) {
    // The command list after the pattern: any write or shell escape there is not followed.
    if (/(^|\n|\s)(w|W|wq|e|E|r|!)|!/.test(rest.replace(/^([^\w\s])(?:(?!\1)[^\\]|\\.)*\1?/, ""))) st.ops.push(op("unknown", st.inv.name));
    return;
  }
  if (/^[erw]$|^E$/.test(cmd) && rest.trim().startsWith("!")) return _shell(rest.trim().slice(1), st, cmd === "w");
  if (cmd === "w" || cmd === "W") {
    const file = rest.replace(/^q/, "").trim();
    if (file) st.ops.push({ ...op(cmd === "W" ? "write-into" : "overwrite", st.inv.name, [literalWord(file, true)]), lands: "created" });
    else if (st.switched) st.ops.push(op("unknown", st.inv.name));
    else if (st.files[0]) st.ops.push({ ...op("overwrite", st.inv.name, [st.files[0]]), inPlace: true });
  } else if (/^[eEf]$/.test(cmd) && rest.trim()) st.switched = true;
}

/** ed [-s] [-p PROMPT] [FILE]: the script on stdin edits FILE and may write any file. */
export const ed: Handler = (inv) => {
  const files = inv.args.filter((a, i) => (a.dynamic || !a.value.startsWith("-")) && inv.args[i - 1]?.value !== "-p");
  const st: EditorState = { files, switched: false, ops: [], inv, depth: 0 };
  _stdinScript(inv, st, true);
  return st.ops;
};

/**
 * vim/vi/nvim/ex: `-c`, `--cmd` and `+` commands, and in ex mode (`ex`, `-e`, `-E`, also in a
 * cluster such as `-es`) the commands read from stdin, are read as ex commands: writes (`:w FILE`,
 * `:w! FILE`, `:sav`, `:wq`, `:x`, `:redir > FILE`) are overwrites, a bare write edits the current
 * file in place, and `:!cmd`, `:r !cmd`, `:w !cmd` run a shell. `-s FILE` (normal mode), `-S`,
 * `-u` and vimscript run code the guard does not read; `-w`/`-W FILE` write the typed keys there.
 */
export const vim: Handler = (inv) => {
  const commands: string[] = [];
  const files: Word[] = [];
  const st: EditorState = { files, switched: false, ops: [], inv, depth: 0 };
  let exMode = inv.name === "ex";
  let opaque = false;
  const args = inv.args;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const v = a.value;
    if (a.dynamic) {
      files.push(a);
      continue;
    }
    if (v === "--") {
      files.push(...args.slice(i + 1));
      break;
    }
    if (v.startsWith("+")) {
      commands.push(v.slice(1));
      continue;
    }
    if (v === "--cmd") {
      const given = args[++i];
      if (given?.dynamic) opaque = true;
      commands.push(given?.value ?? "");
      continue;
    }
    if (v.startsWith("--")) {
      if (v.startsWith("--startuptime")) opaque = true;
      continue;
    }
    if (!v.startsWith("-") || v === "-") {
      if (v !== "-") files.push(a);
      continue;
    }
    // A cluster (`-es`, `-esc CMD`): each letter in turn; some take the rest or the next word.
    for (let k = 1; k < v.length; k++) {
      const c = v[k]!;
      const value = () => {
        if (k + 1 < v.length) return v.slice(k + 1);
        const given = args[++i];
        if (given?.dynamic) opaque = true;
        return given?.value;
      };
      if (c === "e" || c === "E") exMode = true;
      else if (c === "c") {
        commands.push(value() ?? "");
        break;
      } else if (c === "s" && !exMode) opaque = true;
      else if (c === "S" || c === "u" || c === "U") opaque = true;
      else if (c === "w" || c === "W") {
        const out = value();
        if (out !== undefined && !/^\d+$/.test(out)) st.ops.push({ ...op(c === "W" ? "overwrite" : "write-into", inv.name, [literalWord(out, true)]), lands: "created" });
        break;
      } else if ("iTtqrVDL".includes(c)) {
        // `-i viminfo`, `-T term`, `-t tag`, `-q errorfile`, `-V[N][file]`: values, no commands.
        if ("iTtq".includes(c) && k + 1 === v.length) i++;
        break;
      }
    }
  }
  if (opaque) return [op("unknown", inv.name)];
  for (const c of commands) _exLine(c, st);
  // Ex mode reads its commands from stdin; without a terminal, normal mode reads keys from it.
  if (exMode) _stdinScript(inv, st, false);
  return st.ops;
};
