import { op, type Op } from "../ops.ts";
import type { SimpleCommand, Word } from "../syntax.ts";
import { analyzeText, stdinOf } from "./analyze.ts";
import type { Dialect, Handler, Invocation } from "./context.ts";
import { namesPipe } from "./fifo.ts";
import { scanCode, type Language } from "./interpreters.ts";
import { appScriptOps } from "./app-databases.ts";
import { analyzeFedText } from "./nested-stdin.ts";
import { shellStartupOps } from "./shell-startup.ts";
import { writtenCodeOps } from "./inline-code.ts";
import { scriptOperands } from "./script-operands.ts";
import { descriptorOf, stdinPath } from "./stdin-path.ts";
import { stdinFile } from "./remote-stdin.ts";
import { withArguments } from "../posix/positional-outputs.ts";
import { textArguments } from "./shell-printed.ts";

/**
 * What running `file` as a script does: stdin's text when it names stdin; else a file is run.
 * A computed path may name stdin (`/proc/$$/fd/0`): when stdin carries anything, that is
 * analysed; otherwise the caller's `computed` answer stands.
 */
function scriptOperand(inv: Invocation, file: Word, analyse: (text: string) => Op[], computed: Op[] = []): Op[] {
  if (file.dynamic) return stdinOf(inv.cmd).kind === "none" ? computed : stdinEffects(inv, analyse);
  const kind = stdinPath(file);
  if (kind === "stdin") return stdinEffects(inv, analyse);
  // `exec 3<<<TEXT; source /dev/fd/3`: a descriptor filled earlier in the line is analysed by flows.ts.
  const fd = descriptorOf(file);
  if (fd !== undefined && inv.ctx.state.fds?.has(fd)) return [];
  // A named pipe holds what any process writes into it (fifo.ts).
  return kind === "other" || namesPipe(file, inv.ctx) ? [op("unknown", inv.name)] : [];
}

/**
 * sh, bash, zsh, …: with -c the first operand is parsed as a script; with no operand stdin is;
 * a script file operand runs a file. Which operand is which is script-operands.ts's reading, the
 * one the line-flow passes use: `-n` (read, never run) counts as the options leave it (`bash -n +n`
 * runs), each `o` of a cluster takes a word (`bash -oe pipefail`).
 */
export const shell: Handler = (inv) => {
  const startup = shellStartupOps(inv);
  const ops = _shell(inv);
  return startup.length === 0 ? ops : [...startup, ...ops];
};

const _shell: Handler = (inv) => {
  const code = scriptOperands(inv.name, inv.args)!;
  if (code.inline) return _textOperand(inv, code.inline[0]);
  const analyse = (text: string) => analyzeText(text, "posix", inv.ctx);
  if (code.script?.dynamic) return [op("unknown", inv.name)];
  if (code.script) return scriptOperand(inv, code.script, analyse);
  return code.stdin ? stdinEffects(inv, analyse) : [];
};

/** `-c TEXT`: the words after TEXT are its `$0`, `$1`, … (`bash -c 'echo "$1" | nc …' _ "$GITHUB_TOKEN"`). */
function _textOperand(inv: Invocation, text: Word | undefined): Op[] {
  if (!text) return [];
  if (text.dynamic) return [op("unknown", inv.name)];
  const analyse = () => analyzeFedText(text.value, "posix", inv.ctx, inv.cmd);
  return withArguments(inv.ctx.vars, textArguments(inv.args, text), analyse);
}

/** pwsh/powershell: `-Command TEXT…`, `-EncodedCommand B64`; `-File` runs a script (script-operands.ts reads the options). */
export const powershell: Handler = (inv) => {
  const code = scriptOperands(inv.name, inv.args)!;
  const analyse = (t: string) => analyzeText(t, "powershell", inv.ctx);
  if (code.inline) return code.inline.some((w) => w.dynamic) ? [op("unknown", inv.name)] : analyse(code.inline.map((w) => w.value).join(" "));
  if (code.script) return code.script.dynamic ? [op("unknown", inv.name)] : [];
  return code.stdin ? stdinEffects(inv, analyse) : [];
};

/** cmd /c TEXT, cmd /k TEXT and /r (the same as /c). */
export const cmdExe: Handler = (inv) => {
  const i = inv.args.findIndex((w) => /^\/[ckr]$/i.test(w.value));
  if (i < 0) return stdinEffects(inv, (t) => analyzeText(t, "cmd", inv.ctx));
  const rest = inv.args.slice(i + 1);
  if (rest.some((w) => w.dynamic)) return [op("unknown", inv.name)];
  return analyzeText(rest.map((w) => w.value).join(" "), "cmd" satisfies Dialect, inv.ctx);
};

/**
 * Interpreters: inline code is scanned; a script operand runs a file; none reads stdin. Which
 * operand is which is script-operands.ts's reading (`python -W ignore x.py`, `ruby -E utf-8`,
 * `php -d a=b`); `python -m` is build-outputs.ts's and file-servers.ts's.
 */
export function interpreter(language: Language): Handler {
  return (inv) => {
    // `bun run -`, `deno run -`: the subcommand before the interpreter's own arguments.
    const args = (inv.name === "bun" || inv.name === "deno") && inv.args[0]?.value === "run" ? inv.args.slice(1) : inv.args;
    // `deno eval CODE`: the first operand is code.
    if (inv.name === "deno" && args[0]?.value === "eval") return _denoEval(inv, args.slice(1));
    const code = scriptOperands(inv.name, inv.args);
    const scan = (t: string) => scanCode(t, language, inv.ctx);
    if (code?.inline) return code.inline.some((w) => w.dynamic) ? [op("unknown", inv.name)] : code.inline.flatMap((w) => scan(w.value));
    const a = code?.script;
    if (a) {
      // A framework's own script (`manage.py flush`, `artisan migrate:fresh`) drops data by its task name.
      // A script the line wrote with known text is read (`echo '…' > x.py; python3 x.py`).
      const written = writtenCodeOps(a, inv.ctx, scan);
      return [...appScriptOps(inv.name, a, args.slice(args.indexOf(a) + 1)), ...scriptOperand(inv, a, scan, [op("unknown", inv.name)]), ...written];
    }
    return code?.stdin ? stdinEffects(inv, scan) : [];
  };
}

function _denoEval(inv: Invocation, args: Word[]): Op[] {
  const code = args.find((w) => !w.value.startsWith("-"));
  if (!code) return [];
  return code.dynamic ? [op("unknown", inv.name)] : scanCode(code.value, "node", inv.ctx);
}

/** What a shell or interpreter does with the text on its stdin. */
export function stdinEffects(inv: Invocation, analyse: (text: string) => Op[]): Op[] {
  const stdin = stdinOf(inv.cmd);
  switch (stdin.kind) {
    case "text":
      return stdin.dynamic ? [op("unknown", inv.name)] : analyse(stdin.text);
    case "remote":
      return [op("remote-code", inv.name)];
    case "unknown":
      return [op("unknown", inv.name)];
    case "file":
      return _readsPipe(inv.cmd, inv) ? [op("unknown", inv.name)] : [];
    default:
      return [];
  }
}

/** Whether stdin comes from a named pipe: `< pipe`, or `cat pipe |` (fifo.ts). */
function _readsPipe(cmd: SimpleCommand | undefined, inv: Invocation, depth = 0): boolean {
  if (!cmd || depth > 8) return false;
  const file = stdinFile(cmd);
  if (file !== undefined) return file !== null && namesPipe(file, inv.ctx);
  const writer = cmd.pipeFrom;
  if (!writer) return false;
  const files = writer.argv.slice(1).filter((w) => !w.value.startsWith("-"));
  return files.length === 0 ? _readsPipe(writer, inv, depth + 1) : files.some((w) => namesPipe(w, inv.ctx));
}

/** source / `.`: runs a file in this shell; a stdin path reads stdin; an unknown file is unknown. */
export const sourceFile: Handler = (inv) => {
  const [file] = inv.args;
  if (!file) return [];
  if (file.dynamic) return [op("unknown", "source")];
  return scriptOperand(inv, file, (t) => analyzeText(t, "posix", inv.ctx));
};

/** alias NAME='TEXT': later commands named NAME run TEXT (expanded for every later command). */
export const alias: Handler = (inv) => {
  for (const w of inv.args) {
    const m = /^([^=\s]+)=(.*)$/s.exec(w.value);
    if (!m) continue;
    inv.ctx.state.aliases ??= new Map();
    if (w.dynamic) return [op("unknown", "alias")];
    inv.ctx.state.aliases.set(m[1]!.toLowerCase(), m[2]!);
  }
  return [];
};
