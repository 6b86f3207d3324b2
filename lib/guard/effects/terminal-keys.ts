import { op, type Op } from "../ops.ts";
import { literalWord, type Word } from "../syntax.ts";
import { analyzeArgv, analyzeText } from "./analyze.ts";
import type { Handler, Invocation } from "./context.ts";
import { absPath } from "./file-identity.ts";
import { wordFrom } from "./getopt.ts";

/*
 * Keys typed into a terminal's shell (`tmux send-keys -t S 'rm -rf ~' Enter`, `screen -X stuff
 * $'rm -rf ~\n'`): each line the keys submit runs there. A line that holds a key the guard cannot
 * replay (Up recalls history, Tab completes, Left and BSpace edit) is unknown, submitted or not: a
 * later key press, in another command, may submit it. C-c, C-d and C-u discard the line typed so
 * far. Text typed without a submitting key is read too, for the same reason. A newline or carriage
 * return inside typed text submits the line as Enter does. Split out of shell-text-runners.ts.
 */

type Key = string | "submit" | "clear" | "special";

function _typed(name: string, keys: Key[], inv: Invocation): Op[] {
  const ops: Op[] = [];
  let line = "";
  let special = false;
  const run = () => {
    if (special) ops.push(op("unknown", name));
    else if (line.trim() !== "") ops.push(...analyzeText(line, "posix", inv.ctx));
    [line, special] = ["", false];
  };
  for (const k of keys) {
    if (k === "submit") run();
    else if (k === "clear") [line, special] = ["", false];
    else if (k === "special") special = true;
    else line += k;
  }
  // The line left typed: read as it stands, or unknown when a special key edited it.
  if (!special || line.trim() !== "") run();
  return ops;
}

/** Text keys with their newlines and carriage returns as submitting keys. */
function _lines(text: string): Key[] {
  return text.split(/([\n\r])/).map((part) => (part === "\n" || part === "\r" ? "submit" : part));
}

// tmux key names that submit, clear or edit a shell's line (the rest of the names are keys too);
// tmux reads key names and their modifiers in any case (`enter`, `c-m`).
const TMUX_SUBMIT = /^(?:Enter|KPEnter|C-m|C-j|\^M|\^J)$/i;
const TMUX_CLEAR = /^(?:C-c|C-d|C-u|\^C|\^D|\^U)$/i;
const TMUX_KEY = /^(?:[CMS]-.+|\^.|Escape|Tab|BTab|BSpace|Space|Up|Down|Left|Right|Home|End|IC|DC|NPage|PPage|PageUp|PageDown|F\d+|KP.+)$/i;
// tmux takes a unique prefix of a command's name: send-k … send-keys (`send-` is send-prefix's too).
const TMUX_SEND_KEYS = /^(?:send|send-k(?:e(?:ys?)?)?)$/;

/**
 * `tmux send-keys [-t PANE] [-l] KEYS…` (and `send`, `send-k`…): the lines the keys type and
 * submit, across the commands of a `;`-separated tmux command line (`send-keys 'rm -rf ~' \;
 * send-keys Enter`), the line typed by one carried to the next.
 */
export const tmuxKeys: Handler = (inv) => {
  const keys: Key[] = [];
  for (const [n, command] of _tmuxCommands(inv.args).entries()) {
    // tmux's own options come before the first command's name; later commands start with theirs.
    const at = n === 0 ? command.findIndex((a) => TMUX_SEND_KEYS.test(a.value)) : TMUX_SEND_KEYS.test(command[0]?.value ?? "") ? 0 : -1;
    if (at < 0) continue;
    const got = _sendKeys(command.slice(at + 1));
    if (!got) return [op("unknown", inv.name)];
    keys.push(...got);
  }
  return keys.length ? _typed(inv.name, keys, inv) : [];
};

/** tmux's command line split at `;` words and trailing `;` (`\;` at a word's end is a `;`). */
function _tmuxCommands(args: Word[]): Word[][] {
  const out: Word[][] = [[]];
  for (const a of args) {
    const v = a.value;
    if (!v.endsWith(";") || a.dynamic) out[out.length - 1]!.push(a);
    else if (v.endsWith("\\;")) out[out.length - 1]!.push({ ...a, value: `${v.slice(0, -2)};` });
    else {
      if (v.length > 1) out[out.length - 1]!.push({ ...a, value: v.slice(0, -1) });
      out.push([]);
    }
  }
  return out;
}

/** The keys of one send-keys command's words (after its name); null when the guard cannot read them. */
function _sendKeys(args: Word[]): Key[] | null {
  const keys: Key[] = [];
  let literal = false;
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i]!;
    if (a.dynamic) return null;
    if (a.value === "--") {
      i++;
      break;
    }
    if (!/^-[a-zA-Z]+$/.test(a.value)) break;
    // -X sends copy-mode commands and -H hexadecimal keys: nothing the guard reads as typed text.
    if (/[XH]/.test(a.value)) return null;
    if (a.value.includes("l")) literal = true;
    if (/[tNc]$/.test(a.value)) i++;
  }
  for (const a of args.slice(i)) {
    if (a.dynamic) return null;
    const v = a.value;
    if (literal) keys.push(..._lines(v));
    else if (TMUX_SUBMIT.test(v)) keys.push("submit");
    else if (TMUX_CLEAR.test(v)) keys.push("clear");
    else if (!TMUX_KEY.test(v)) keys.push(..._lines(v));
    else if (/^Space$/i.test(v)) keys.push(" ");
    else keys.push("special");
  }
  return keys;
}

// The options of a window screen's `exec`/`screen` commands open that take a value.
const SCREEN_VALUED = /^-(?:S|p|c|e|h|T|s|t|Logfile)$/;

/**
 * screen: `-X stuff TEXT` types TEXT into the window (`\n`, `\r`, `^M` and octal `\015` submit a
 * line), `-X exec|screen CMD…` runs CMD, `-X eval CMDLINE…` runs each screen command line,
 * `screen [-dm] CMD…` starts a session running CMD, and a `-c RCFILE` the line wrote is unknown.
 * The options are read as screen's own parser reads them (screen.c): letters in clusters,
 * `-c`, `-p` and `-e` with their value attached or in the next word (`-cFILE`, `-dmcFILE`: red
 * team 16's review, the rcfile was not seen), `-h`, `-t`, `-T`, `-s` and `-S` with the next word,
 * `-X` anywhere in a cluster, and a session name after `-r`, `-R`, `-x`, `-ls`/`-list`, `-wipe`
 * (and after `-d`/`-D` as the last word) when no `-S` named one yet. (screen.c takes any next
 * word as the name after `-ls` and `-wipe`; an option word there is read as an option, which
 * can only find more.)
 */
export const screen: Handler = (inv) => {
  const args = inv.args;
  const ops: Op[] = [];
  let command = false;
  let session = false;
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i]!;
    const v = a.value;
    if (a.dynamic) return [op("unknown", inv.name)];
    if (!v.startsWith("-")) break;
    if (v === "--") {
      i++;
      break;
    }
    if (v === "--help" || v === "--version") return ops;
    if (v === "-Logfile") {
      i++;
      continue;
    }
    for (let k = 1; k < v.length; k++) {
      const c = v[k]!;
      const next = args[i + 1];
      if (c === "c" || c === "p" || c === "e") {
        const value = k + 1 < v.length ? wordFrom(a, k + 1) : args[++i];
        if (c === "c" && value && _wrote(value, inv)) ops.push(op("unknown", inv.name));
        break;
      }
      if (c === "X") command = true;
      else if (c === "h" || c === "t" || c === "T" || c === "s" || (c === "S" && !session)) {
        i++;
        session ||= c === "S";
      } else if (c === "l" || c === "f") {
        // `-ln`, `-fa`: the next letter is the option's value; `-ls` and `-list` list sessions.
        if (c === "l" && (v[k + 1] === "s" || v[k + 1] === "i")) {
          if (next && !next.value.startsWith("-") && !session) [i, session] = [i + 1, true];
          break;
        }
        k++;
      } else if ((c === "r" || c === "R" || c === "x") && next && !next.value.startsWith("-") && !session) [i, session] = [i + 1, true];
      else if (c === "w" && next && !next.value.startsWith("-") && !session) [i, session] = [i + 1, true];
      else if ((c === "d" || c === "D") && i + 2 === args.length && next && !next.value.startsWith("-") && !session) [i, session] = [i + 1, true];
    }
  }
  const rest = args.slice(i);
  if (command) return ops.concat(_screenCommand(rest, inv));
  const [head, ...tail] = rest;
  return head ? ops.concat(analyzeArgv(head, tail, inv.ctx, inv.cmd)) : ops;
};

/** Whether the line wrote `file` before (line-changes.ts keeps what it wrote). */
function _wrote(file: Word, inv: Invocation): boolean {
  const { scripts } = inv.ctx.state;
  return file.dynamic || (scripts !== undefined && scripts.get(absPath(file.value, inv.ctx.state.cwd, inv.ctx.state)) !== undefined);
}

function _screenCommand(words: Word[], inv: Invocation, depth = 0): Op[] {
  const [verb, ...rest] = words;
  if (!verb || verb.dynamic || rest.some((w) => w.dynamic)) return verb ? [op("unknown", inv.name)] : [];
  if (verb.value === "stuff") {
    const text = (rest[0]?.value ?? "").replace(/\\n|\\r|\^M|\^J|\\015|\\012|\n|\r/g, "\n");
    return _typed(inv.name, _lines(text), inv);
  }
  if (verb.value === "eval") {
    if (depth > 2) return [op("unknown", inv.name)];
    return rest.flatMap((line) => {
      const parts = _screenWords(line.value);
      // (whether screen expands `~` in a command's words is not modelled: such a line is unknown)
      const readable = parts && (parts[0] === "stuff" || !parts.some((p) => p.startsWith("~")));
      return readable ? _screenCommand(parts.map((p) => literalWord(p)), inv, depth + 1) : [op("unknown", inv.name)];
    });
  }
  if (verb.value !== "exec" && verb.value !== "screen") return [];
  // exec's optional file-descriptor pattern (`exec .!. cmd`), then the window's own options.
  let k = verb.value === "exec" && /^[.!|]+$/.test(rest[0]?.value ?? "") ? 1 : 0;
  for (; rest[k]?.value.startsWith("-"); k++) if (SCREEN_VALUED.test(rest[k]!.value)) k++;
  const [head, ...tail] = rest.slice(k);
  return head ? analyzeArgv(head, tail, inv.ctx, inv.cmd) : [];
}

/**
 * The words of one screen command line (`stuff "rm -rf ~^M"`): blank-separated, with "…" and '…'
 * quoting; null for what the guard does not split (a backslash, `$` variables, `;` or a newline).
 */
function _screenWords(line: string): string[] | null {
  if (/[\\$;\n]/.test(line)) return null;
  const out: string[] = [];
  for (const m of line.matchAll(/(?:"[^"]*"|'[^']*'|[^\s"']+)+|(["'])/g)) {
    if (m[1]) return null;
    out.push(m[0].replace(/"([^"]*)"|'([^']*)'/g, "$1$2"));
  }
  return out;
}
