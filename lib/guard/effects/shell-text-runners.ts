import { op, type Op } from "../ops.ts";
import { literalWord, type Word } from "../syntax.ts";
import { analyzeArgv, analyzeText } from "./analyze.ts";
import type { Handler, Invocation } from "./context.ts";
import { scanUnknownProgram } from "./unknown-program.ts";

/*
 * Developer tools that run command text through a shell (session 7: each of these was
 * ALLOW_NO_EFFECT with `rm -rf ~` as the text): `npm exec -c TEXT` (`npm x`, `--call`),
 * `nix-shell --run|--command TEXT`, `concurrently TEXT…`, `nodemon --exec TEXT`, `entr -s TEXT`,
 * `hyperfine TEXT…` with its `--prepare`/`--setup`/`--cleanup`/`--conclude` texts, and the
 * programs that run a command given as words: `direnv exec DIR CMD…`, `entr CMD…`, `coreutils
 * [--coreutils-prog=]NAME ARGS` (the multi-call binary). The text is read as POSIX shell text
 * (bash, sh or $SHELL run it); text the guard cannot know is unknown.
 */

/** The values of `names` (`--opt VALUE`, `--opt=VALUE`, and a short one's attached `-cVALUE`). */
function _optionValues(args: Word[], names: string[], shortAttached?: string): Word[] {
  const out: Word[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const v = a.value;
    if (v === "--") break;
    if (names.includes(v)) out.push(args[++i] ?? literalWord(""));
    else {
      const long = names.find((n) => n.startsWith("--") && v.startsWith(`${n}=`));
      if (long) out.push({ ...a, value: v.slice(long.length + 1), pattern: a.pattern.slice(long.length + 1) });
      else if (shortAttached && v.startsWith(shortAttached) && v.length > shortAttached.length && !v.startsWith("--")) out.push({ ...a, value: v.slice(2), pattern: a.pattern.slice(2) });
    }
  }
  return out;
}

/**
 * The effects of command texts run through a shell, after what the program's words do as an
 * unmodelled program's (unknown-program.ts: these programs had no handler before).
 */
function _texts(inv: Invocation, texts: Word[]): Op[] {
  return scanUnknownProgram(inv.args, inv.ctx, inv.name, inv.cmd).concat(texts.flatMap((t) => _text(inv, t)));
}

function _text(inv: Invocation, t: Word): Op[] {
  return t.dynamic ? [op("unknown", inv.name)] : analyzeText(t.value, "posix", inv.ctx);
}

/**
 * The operands of `args` (words not starting with `-`, everything after `--`), skipping the
 * values of the options `valued` counts (an option missing there is read as a flag: its value,
 * if it has one, is then read as an operand too, which can only add effects).
 */
function _operands(args: Word[], valued: Record<string, number>): Word[] {
  const out: Word[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.value === "--") return [...out, ...args.slice(i + 1)];
    if (a.dynamic || !a.value.startsWith("-")) out.push(a);
    else i += valued[a.value] ?? 0;
  }
  return out;
}

/** npm: `npm exec -c TEXT` / `npm x --call TEXT`; everything else as an unmodelled program. */
export const npm: Handler = (inv) => {
  const sub = inv.args.find((a) => !a.value.startsWith("-"));
  return _texts(inv, sub?.value === "exec" || sub?.value === "x" ? _optionValues(inv.args, ["-c", "--call"], "-c") : []);
};

/** npx's `-c TEXT` (`--call`): what the text does (wrappers.ts judges npx's package command). */
export const npxCalls: Handler = (inv) => _optionValues(inv.args, ["-c", "--call"], "-c").flatMap((t) => _text(inv, t));

/** nix-shell runs `--run TEXT` (and `--command TEXT`, which stays in the shell after) in bash. */
export const nixShell: Handler = (inv) => _texts(inv, _optionValues(inv.args, ["--run", "--command"]));

// concurrently's options that take a value (its flags -k, -r, -g, -i, -P take none).
const CONCURRENTLY_VALUED: Record<string, number> = Object.fromEntries(
  ["-n", "--names", "--name-separator", "-p", "--prefix", "-c", "--prefix-colors", "-l", "--prefix-length", "-t", "--timestamp-format", "-m", "--max-processes", "-s", "--success", "--kill-signal", "--ks", "--restart-tries", "--restart-after", "--default-input-target", "--hide"].map((o) => [o, 1]),
);

/** concurrently runs each operand through a shell (an `npm:NAME` operand is a package script). */
export const concurrently: Handler = (inv) => _texts(inv, _operands(inv.args, CONCURRENTLY_VALUED).filter((w) => w.dynamic || !/^(?:npm|pnpm|yarn|bun):/.test(w.value)));

/** nodemon `--exec TEXT` (`-x`) runs TEXT through a shell on every change. */
export const nodemon: Handler = (inv) => _texts(inv, _optionValues(inv.args, ["--exec", "-x"]));

// hyperfine's options: the texts it runs besides its operands, the files it writes, and the
// values the others take (`-P VAR MIN MAX`, `-L VAR VALUES`).
const HYPERFINE_RUNS = ["-p", "--prepare", "-s", "--setup", "-c", "--cleanup", "--conclude", "--reference"];
const HYPERFINE_EXPORTS = ["--export-asciidoc", "--export-csv", "--export-json", "--export-markdown", "--export-orgmode"];
const HYPERFINE_VALUED: Record<string, number> = {
  ...Object.fromEntries([...HYPERFINE_RUNS, ...HYPERFINE_EXPORTS, "-w", "--warmup", "-m", "--min-runs", "-M", "--max-runs", "-r", "--runs", "-D", "--parameter-step-size", "--style", "-S", "--shell", "--sort", "-u", "--time-unit", "--output", "--input", "-n", "--command-name"].map((o) => [o, 1])),
  "-P": 3,
  "--parameter-scan": 3,
  "-L": 2,
  "--parameter-list": 2,
};

/** hyperfine runs each operand, and its setup and cleanup texts, through a shell; `--export-*` files are written. */
export const hyperfine: Handler = (inv) => {
  const exports = _optionValues(inv.args, HYPERFINE_EXPORTS);
  const written: Op[] = exports.length ? [{ ...op("overwrite", inv.name, exports), lands: "created" }] : [];
  return _texts(inv, [..._optionValues(inv.args, HYPERFINE_RUNS), ..._operands(inv.args, HYPERFINE_VALUED)]).concat(written);
};

/** entr runs its operands as a command, or the first one through a shell with `-s`. */
export const entr: Handler = (inv) => {
  let i = 0;
  let shell = false;
  for (; i < inv.args.length; i++) {
    const v = inv.args[i]!.value;
    if (inv.args[i]!.dynamic) return [op("unknown", inv.name)];
    if (v === "--") {
      i++;
      break;
    }
    if (!v.startsWith("-")) break;
    if (v.includes("s")) shell = true;
  }
  const [head, ...tail] = inv.args.slice(i);
  if (!head) return [];
  return shell ? _texts(inv, [head]) : analyzeArgv(head, tail, inv.ctx, inv.cmd);
};

/** `direnv exec DIR CMD…` runs CMD with DIR's environment (its .envrc: implicit-inputs.ts). */
export const direnv: Handler = (inv) => {
  if (inv.args[0]?.value !== "exec") return _texts(inv, []);
  const [dir, head, ...tail] = inv.args.slice(1);
  if (!dir || !head) return [];
  return dir.dynamic ? [op("unknown", inv.name)] : analyzeArgv(head, tail, inv.ctx, inv.cmd);
};

/** The multi-call coreutils (uutils, GNU's single binary): `coreutils rm …`, `coreutils --coreutils-prog=rm …`. */
export const coreutils: Handler = (inv) => {
  const [first, ...rest] = inv.args;
  if (!first) return [];
  if (first.dynamic) return [op("unknown", inv.name)];
  const prog = /^--coreutils-prog=(.+)$/.exec(first.value)?.[1];
  if (prog !== undefined) return analyzeArgv(literalWord(prog), rest, inv.ctx, inv.cmd);
  return first.value.startsWith("-") ? [] : analyzeArgv(first, rest, inv.ctx, inv.cmd);
};

/**
 * Keys typed into a terminal's shell (`tmux send-keys -t S 'rm -rf ~' Enter`, `screen -X stuff
 * $'rm -rf ~\n'`): each line the keys submit runs there. A submitted line that holds a key the
 * guard cannot replay (Up recalls history, Tab completes, BSpace edits) is unknown; C-c and C-d
 * discard the line typed so far. Text typed without a submitting key is read too: a later key
 * press, in another command, runs it.
 */
function _typed(name: string, keys: Array<string | "submit" | "clear" | "special">, inv: Invocation): Op[] {
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
  if (!special) run();
  return ops;
}

// tmux key names that submit, clear or edit a shell's line (the rest of the names are keys too).
const TMUX_SUBMIT = /^(?:Enter|KPEnter|C-m|C-j|\^M|\^J)$/;
const TMUX_CLEAR = /^(?:C-c|C-d|C-u|\^C|\^D|\^U)$/;
const TMUX_KEY = /^(?:[CMS]-.+|\^.|Escape|Tab|BTab|BSpace|Space|Up|Down|Left|Right|Home|End|IC|DC|NPage|PPage|PageUp|PageDown|F\d+|KP.+)$/;

/** `tmux send-keys [-t PANE] [-l] KEYS…` (and `send`): the lines the keys type and submit. */
export const tmuxKeys: Handler = (inv) => {
  const at = inv.args.findIndex((a) => a.value === "send-keys" || a.value === "send");
  if (at < 0) return [];
  const keys: Array<string | "submit" | "clear" | "special"> = [];
  let literal = false;
  let i = at + 1;
  for (; i < inv.args.length; i++) {
    const a = inv.args[i]!;
    if (a.dynamic) return [op("unknown", inv.name)];
    if (a.value === "--") {
      i++;
      break;
    }
    if (!/^-[a-zA-Z]+$/.test(a.value)) break;
    // -X sends copy-mode commands and -H hexadecimal keys: nothing the guard reads as typed text.
    if (/[XH]/.test(a.value)) return [op("unknown", inv.name)];
    if (a.value.includes("l")) literal = true;
    if (/[tNc]$/.test(a.value)) i++;
  }
  for (const a of inv.args.slice(i)) {
    if (a.dynamic) return [op("unknown", inv.name)];
    const v = a.value;
    if (literal || !TMUX_KEY.test(v) && !TMUX_SUBMIT.test(v) && !TMUX_CLEAR.test(v)) keys.push(v);
    else if (TMUX_SUBMIT.test(v)) keys.push("submit");
    else if (TMUX_CLEAR.test(v)) keys.push("clear");
    else if (v === "Space") keys.push(" ");
    else keys.push("special");
  }
  return _typed(inv.name, keys, inv);
};

// screen's options that take a value.
const SCREEN_VALUED = /^-(?:S|p|c|e|h|T|s|t|Logfile)$/;

/**
 * screen: `-X stuff TEXT` types TEXT into the window (`\n`, `\r`, `^M` and octal `\015` submit a
 * line), `-X exec|screen CMD…` runs CMD, and `screen [-dm] CMD…` starts a session running CMD.
 */
export const screen: Handler = (inv) => {
  const args = inv.args;
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i]!;
    if (a.dynamic) return [op("unknown", inv.name)];
    if (a.value === "-X") return _screenCommand(args.slice(i + 1), inv);
    if (!a.value.startsWith("-")) break;
    if (SCREEN_VALUED.test(a.value)) i++;
  }
  const [head, ...tail] = args.slice(i);
  return head ? analyzeArgv(head, tail, inv.ctx, inv.cmd) : [];
};

function _screenCommand(words: Word[], inv: Invocation): Op[] {
  const [verb, ...rest] = words;
  if (!verb || verb.dynamic || rest.some((w) => w.dynamic)) return verb ? [op("unknown", inv.name)] : [];
  if (verb.value === "stuff") {
    const text = (rest[0]?.value ?? "").replace(/\\n|\\r|\^M|\^J|\\015|\\012|\n|\r/g, "\n");
    return _typed(inv.name, text.split(/(\n)/).map((part) => (part === "\n" ? "submit" : part)), inv);
  }
  if (verb.value !== "exec" && verb.value !== "screen") return [];
  // exec's optional file-descriptor pattern (`exec .!. cmd`), then the window's own options.
  let k = verb.value === "exec" && /^[.!|]+$/.test(rest[0]?.value ?? "") ? 1 : 0;
  for (; rest[k]?.value.startsWith("-"); k++) if (SCREEN_VALUED.test(rest[k]!.value)) k++;
  const [head, ...tail] = rest.slice(k);
  return head ? analyzeArgv(head, tail, inv.ctx, inv.cmd) : [];
}
