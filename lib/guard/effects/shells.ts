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
import { stdinPath } from "./stdin-path.ts";

const SHELL_VALUED = new Set(["-o", "+o", "-O", "+O", "--rcfile", "--init-file"]);
// fish runs `--command=TEXT`, `--init-command=TEXT` (and `-C TEXT`) as well as `-c TEXT`.
const FISH_TEXT = /^--(?:init-)?command=/s;

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
  const fd = /^\/dev\/fd\/(\d+)$/.exec(file.value)?.[1];
  if (fd !== undefined && inv.ctx.state.fds?.has(fd)) return [];
  // A named pipe holds what any process writes into it (fifo.ts).
  return kind === "other" || namesPipe(file, inv.ctx) ? [op("unknown", inv.name)] : [];
}

/**
 * sh, bash, zsh, …: with -c the first operand is parsed as a script; with no operand stdin is;
 * a script file operand runs a file. `-n` (read, never run) counts as the options leave it:
 * `bash -n +n` runs.
 */
export const shell: Handler = (inv) => {
  const startup = shellStartupOps(inv);
  const ops = _shell(inv);
  return startup.length === 0 ? ops : [...startup, ...ops];
};

const _shell: Handler = (inv) => {
  const { args } = inv;
  let command = false;
  let noexec = false;
  let fromStdin = false;
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i]!;
    if (a.dynamic) return [op("unknown", inv.name)];
    const v = a.value;
    if (v === "--" || v === "-") {
      i++;
      break;
    }
    if (v.startsWith("--")) {
      if (inv.name === "fish" && FISH_TEXT.test(v)) return analyzeFedText(v.slice(v.indexOf("=") + 1), "posix", inv.ctx, inv.cmd);
      if (inv.name === "fish" && (v === "--command" || v === "--init-command")) return _textOperand(inv, args[i + 1]);
      if (SHELL_VALUED.has(v)) i++;
      continue;
    }
    if (inv.name === "fish" && /^-[a-zA-Z]*C$/.test(v)) return _textOperand(inv, args[i + 1]);
    if (!/^[-+][a-zA-Z]+$/.test(v)) break;
    if (SHELL_VALUED.has(v) || /^[-+][a-zA-Z]*[oO]$/.test(v)) i++;
    if (v.slice(1).includes("n")) noexec = v.startsWith("-");
    if (v.startsWith("-") && v.slice(1).includes("c")) command = true;
    // -s: commands come from stdin; the words after it are positional parameters.
    if (v.startsWith("-") && v.slice(1).includes("s")) {
      fromStdin = true;
      break;
    }
  }
  if (noexec) return [];
  const operand = args[i];
  if (command) return _textOperand(inv, operand);
  const analyse = (text: string) => analyzeText(text, "posix", inv.ctx);
  if (operand && !fromStdin) return scriptOperand(inv, operand, analyse);
  return stdinEffects(inv, analyse);
};

function _textOperand(inv: Invocation, text: Word | undefined): Op[] {
  if (!text) return [];
  return text.dynamic ? [op("unknown", inv.name)] : analyzeFedText(text.value, "posix", inv.ctx, inv.cmd);
}

/** pwsh/powershell: `-Command TEXT…`, `-EncodedCommand B64`; `-File` runs a script. */
export const powershell: Handler = (inv) => {
  const { args } = inv;
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value.toLowerCase();
    if (args[i]!.dynamic) return [op("unknown", inv.name)];
    if (/^[-/](c|co|com|comm|comma|comman|command)$/.test(v)) {
      const rest = args.slice(i + 1);
      if (rest.length === 1 && rest[0]!.value === "-") return stdinEffects(inv, (t) => analyzeText(t, "powershell", inv.ctx));
      if (rest.some((w) => w.dynamic)) return [op("unknown", inv.name)];
      return analyzeText(rest.map((w) => w.value).join(" "), "powershell", inv.ctx);
    }
    if (/^[-/](e|ec|en|enc|encodedcommand|encoded.*)$/.test(v)) {
      const text = Buffer.from(args[i + 1]?.value ?? "", "base64").toString("utf16le");
      return analyzeText(text, "powershell", inv.ctx);
    }
    if (/^[-/](f|fi|fil|file)$/.test(v)) return [];
    if (!v.startsWith("-") && !v.startsWith("/")) {
      // powershell.exe treats bare words as -Command text.
      if (args.slice(i).some((w) => w.dynamic)) return [op("unknown", inv.name)];
      return analyzeText(args.slice(i).map((w) => w.value).join(" "), "powershell", inv.ctx);
    }
  }
  return stdinEffects(inv, (t) => analyzeText(t, "powershell", inv.ctx));
};

/** cmd /c TEXT, cmd /k TEXT and /r (the same as /c). */
export const cmdExe: Handler = (inv) => {
  const i = inv.args.findIndex((w) => /^\/[ckr]$/i.test(w.value));
  if (i < 0) return stdinEffects(inv, (t) => analyzeText(t, "cmd", inv.ctx));
  const rest = inv.args.slice(i + 1);
  if (rest.some((w) => w.dynamic)) return [op("unknown", inv.name)];
  return analyzeText(rest.map((w) => w.value).join(" "), "cmd" satisfies Dialect, inv.ctx);
};

const INLINE_FLAGS: Record<Language, RegExp> = {
  python: /^-[a-zA-Z]*c$/,
  node: /^(-e|--eval|-p|--print|-pe)$/,
  perl: /^-[a-zA-Z]*[eE]$/,
  ruby: /^-[a-zA-Z]*e$/,
  php: /^-r$/,
};

/** Interpreters: inline code is scanned; a script operand runs a file; none reads stdin. */
export function interpreter(language: Language): Handler {
  return (inv) => {
    const ops: Op[] = [];
    let inline = false;
    // `bun run -`, `deno run -`: the subcommand before the interpreter's own arguments.
    const args = (inv.name === "bun" || inv.name === "deno") && inv.args[0]?.value === "run" ? inv.args.slice(1) : inv.args;
    // `deno eval CODE`: the first operand is code.
    if (inv.name === "deno" && args[0]?.value === "eval") return _denoEval(inv, args.slice(1));
    for (let i = 0; i < args.length; i++) {
      const a = args[i]!;
      // `node --eval=CODE`, `--print=CODE`.
      const joined = language === "node" && /^--(?:eval|print)=/.test(a.value);
      if (INLINE_FLAGS[language].test(a.value) || joined || (language === "python" && /^-c./.test(a.value))) {
        const code = joined ? { ...a, value: a.value.slice(a.value.indexOf("=") + 1) } : a.value.length > 2 && language === "python" ? { ...a, value: a.value.slice(2) } : args[++i];
        if (!code) break;
        if (code.dynamic) return [op("unknown", inv.name)];
        ops.push(...scanCode(code.value, language, inv.ctx));
        inline = true;
        if (language !== "perl" && language !== "ruby") break;
      } else if (a.value === "-m" && language === "python") return [];
      else if (a.value === "-") break;
      else if (!a.value.startsWith("-")) {
        if (inline) return ops;
        // A framework's own script (`manage.py flush`, `artisan migrate:fresh`) drops data by its task name.
        // A script the line wrote with known text is read (`echo '…' > x.py; python3 x.py`).
        const written = writtenCodeOps(a, inv.ctx, (t) => scanCode(t, language, inv.ctx));
        return [...appScriptOps(inv.name, a, args.slice(i + 1)), ...scriptOperand(inv, a, (t) => scanCode(t, language, inv.ctx), [op("unknown", inv.name)]), ...written];
      }
    }
    return inline ? ops : stdinEffects(inv, (t) => scanCode(t, language, inv.ctx));
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
  const from = cmd.redirects.find((r) => r.op === "<" && (r.fd === "" || r.fd === "0"));
  if (from) return namesPipe(from.target, inv.ctx);
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
