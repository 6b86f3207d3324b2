import { op, type Op } from "../ops.ts";
import { literalWord, type Word } from "../syntax.ts";
import { shellWord } from "../shell-quote.ts";
import { analyzeArgv, analyzeText } from "./analyze.ts";
import type { Handler, Invocation } from "./context.ts";
import { wordFrom } from "./getopt.ts";
import { npmSubcommandAt } from "./remote-packages.ts";
import { unmodelledReading } from "./unknown-program.ts";

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
      if (long) out.push(wordFrom(a, long.length + 1));
      else if (shortAttached && v.startsWith(shortAttached) && v.length > shortAttached.length && !v.startsWith("--")) out.push(wordFrom(a, shortAttached.length));
    }
  }
  return out;
}

/**
 * The effects of command texts run through a shell, after what the program's words do as an
 * unmodelled program's (unknown-program.ts: these programs had no handler before).
 */
function _texts(inv: Invocation, texts: Word[]): Op[] {
  return unmodelledReading(inv).concat(texts.flatMap((t) => _text(inv, t)));
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

// npm takes `exe` for exec (its unique prefix) and `x` is exec's alias; the options before the
// subcommand that take a value (`npm --prefix . exec …`) are remote-packages.ts npmOptionTakes's.
const NPM_EXEC = /^(?:exec?|x)$/;

/** npm: `npm exec -c TEXT` / `npm x --call TEXT`; everything else as an unmodelled program. */
export const npm: Handler = (inv) => {
  const sub = inv.args[npmSubcommandAt(inv.args)];
  return _texts(inv, sub && (sub.dynamic || NPM_EXEC.test(sub.value)) ? _optionValues(inv.args, ["-c", "--call"], "-c") : []);
};

/** npx's `-c TEXT` (`--call`): what the text does (wrappers.ts judges npx's package command). */
export const npxCalls: Handler = (inv) => _optionValues(inv.args, ["-c", "--call"], "-c").flatMap((t) => _text(inv, t));

/** nix-shell runs `--run TEXT` (and `--command TEXT`, which stays in the shell after) in bash. */
export const nixShell: Handler = (inv) => _texts(inv, _optionValues(inv.args, ["--run", "--command"]));

// concurrently's options that take a value (its flags -k, -r, -g, -i, -P take none).
const CONCURRENTLY_VALUED: Record<string, number> = Object.fromEntries(
  ["-n", "--names", "--name-separator", "-p", "--prefix", "-c", "--prefix-colors", "-l", "--prefix-length", "-t", "--timestamp-format", "-m", "--max-processes", "-s", "--success", "--kill-signal", "--ks", "--restart-tries", "--restart-after", "--default-input-target", "--hide"].map((o) => [o, 1]),
);

/**
 * concurrently runs each operand through a shell (an `npm:NAME` operand is a package script). With
 * `-P` (`--passthrough-arguments`) the words after `--` are no commands but the values of the
 * commands' `{1}`, `{@}` and `{*}` placeholders.
 */
export const concurrently: Handler = (inv) => {
  const passthrough = inv.args.findIndex((a) => a.value === "-P" || a.value === "--passthrough-arguments" || /^-[a-zA-Z]*P[a-zA-Z]*$/.test(a.value));
  const end = inv.args.findIndex((a) => a.value === "--");
  const passed = passthrough >= 0 && end >= 0 && passthrough < end;
  const texts = _operands(passed ? inv.args.slice(0, end) : inv.args, CONCURRENTLY_VALUED).filter((w) => w.dynamic || !/^(?:npm|pnpm|yarn|bun):/.test(w.value));
  if (!passed) return _texts(inv, texts);
  const extra = inv.args.slice(end + 1);
  if (extra.some((w) => w.dynamic)) return _texts(inv, texts.map((t) => (/\{(?:\d+|@|\*)\}/.test(t.value) ? { ...t, dynamic: true } : t)));
  // Each word quoted as concurrently's shell-quote does: plain words (`~` too) stay as they are.
  const quoted = extra.map((w) => shellWord(w.value, true));
  return _texts(
    inv,
    texts.map((t) => literalWordLike(t, t.value.replace(/\{(\d+|@|\*)\}/g, (_, k: string) => (k === "@" ? quoted.join(" ") : k === "*" ? shellWord(extra.map((w) => w.value).join(" "), true) : (quoted[Number(k) - 1] ?? ""))))),
  );
};

/** `t` with the text `value`. */
const literalWordLike = (t: Word, value: string): Word => ({ ...t, value, pattern: value });

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

// The shells hyperfine's `-S`/`--shell` may name (with options: `bash --norc`) whose text the guard reads.
const HYPERFINE_SHELL = /^(?:none|(?:\S*\/)?(?:sh|bash|dash|zsh|ksh|mksh)(?:\s+--?[a-zA-Z-]+)*)$/;

/**
 * hyperfine runs each operand, and its setup and cleanup texts, through a shell; `--export-*` files
 * are written. `-S`/`--shell` names the program that runs them (a command line: `-S 'rm -rf ~'` runs
 * rm), unknown unless a POSIX shell or `none`; `{VAR}` takes each value of `-L VAR A,B` (and `-P
 * VAR MIN MAX`'s numbers, harmless, its MIN).
 */
export const hyperfine: Handler = (inv) => {
  const exports = _optionValues(inv.args, HYPERFINE_EXPORTS);
  const written: Op[] = exports.length ? [{ ...op("overwrite", inv.name, exports), lands: "created" }] : [];
  const shells = _optionValues(inv.args, ["-S", "--shell"], "-S");
  const shellOps = shells.some((w) => w.dynamic || !HYPERFINE_SHELL.test(w.value.trim())) ? [op("unknown", inv.name)] : [];
  const texts = _substitute(_hyperfineParams(inv.args), [..._optionValues(inv.args, HYPERFINE_RUNS), ..._operands(inv.args, HYPERFINE_VALUED)]);
  return shellOps.concat(_texts(inv, texts), written);
};

/** hyperfine's parameters: `-L VAR A,B,…` (`--parameter-list`) and `-P VAR MIN MAX` (`--parameter-scan`). */
function _hyperfineParams(args: Word[]): Map<string, Word[]> {
  const out = new Map<string, Word[]>();
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === "--") break;
    const name = args[i + 1];
    const value = args[i + 2];
    if (!name || !value) continue;
    if (v === "-L" || v === "--parameter-list") out.set(name.value, value.dynamic ? [value] : value.value.split(",").map((p) => literalWordLike(value, p)));
    else if (v === "-P" || v === "--parameter-scan") out.set(name.value, [value]);
  }
  return out;
}

/** Each text with its `{VAR}` placeholders replaced by each value (at most 16 texts each); a computed value makes the text computed. */
function _substitute(params: Map<string, Word[]>, texts: Word[]): Word[] {
  if (params.size === 0) return texts;
  return texts.flatMap((t) => {
    let out = [t];
    for (const [name, values] of params) {
      if (!t.value.includes(`{${name}}`)) continue;
      out = out.flatMap((o) => values.slice(0, 16).map((v) => ({ ...literalWordLike(o, o.value.replaceAll(`{${name}}`, v.value)), dynamic: o.dynamic || v.dynamic })));
    }
    return out;
  });
}

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
