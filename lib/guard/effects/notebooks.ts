import { op, type Op } from "../ops.ts";
import { literalWord, type Word } from "../syntax.ts";
import { analyzeArgv, analyzeText } from "./analyze.ts";
import type { Handler } from "./context.ts";
import { scanCode } from "./interpreters.ts";
import { executedNotebooks } from "./notebook-runs.ts";
import { stdinEffects } from "./shells.ts";
import { scanUnknownProgram } from "./unknown-program.ts";
import { absPath } from "./file-identity.ts";
import { lineWrittenText } from "./written-runs.ts";

// Options whose value is a command jupytext runs on the notebook's text (`--pipe black`, `--check
// 'pytest --doctest-modules {}'`), and the one naming the file it writes.
const COMMANDS = new Set(["--pipe", "--check"]);
const OUTPUT = new Set(["-o", "--output"]);

/**
 * jupytext (red team 11): `--pipe CMD` and `--check CMD` run CMD (split into words, `{}` the
 * notebook's text in a temporary file), judged as that command; `-o FILE` / `--output FILE`
 * writes FILE (`-o -` is stdout), judged as `tee FILE`. The rest is scanned as for any program
 * the guard does not model.
 */
export const jupytext: Handler = (inv) => {
  const { args, ctx, cmd } = inv;
  const ops: Op[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const [flag, inline] = a.value.startsWith("--") && a.value.includes("=") ? [a.value.slice(0, a.value.indexOf("=")), a.value.slice(a.value.indexOf("=") + 1)] : [a.value, undefined];
    if (a.dynamic || (!COMMANDS.has(flag) && !OUTPUT.has(flag))) continue;
    const value: Word | undefined = inline === undefined ? args[++i] : { ...a, value: inline, pattern: inline };
    if (!value) break;
    if (value.dynamic) ops.push(op("unknown", "jupytext"));
    else if (COMMANDS.has(flag)) ops.push(...analyzeText(value.value.replaceAll("{}", "notebook.tmp"), "posix", ctx));
    else if (value.value !== "-") ops.push(...analyzeArgv(literalWord("tee"), [value], ctx, undefined));
  }
  return [...ops, ...scanUnknownProgram(args, ctx, inv.name, cmd)];
};

/**
 * A notebook a command executes (notebook-runs.ts: `jupyter nbconvert --execute`, `jupyter
 * execute`, papermill, `jupytext --execute`) runs its code cells in a kernel (red team 12). One
 * the line wrote is read: a python notebook's code cells as python, its `!` lines as shell
 * lines; another kernel, another `%` magic than `%matplotlib`, or text that is not a notebook is
 * unknown (jupytext's `.py` is python). A download is taint.ts's; a notebook that was there runs
 * as a script that is there does.
 */
export const notebookRuns: Handler = (inv) => {
  const { name, args, ctx, cmd } = inv;
  const ops: Op[] = [];
  for (const nb of _inFolders(name, executedNotebooks(name, args), ctx)) {
    if (nb.dynamic || nb.glob) {
      if (ctx.state.scripts?.size || ctx.state.landed?.length) ops.push(op("unknown", name));
      continue;
    }
    const text = lineWrittenText(nb, ctx, cmd);
    if (text === undefined) continue;
    const code = text === null ? null : nb.value.endsWith(".py") ? text : _notebookCode(text);
    ops.push(...(code === null ? [op("unknown", name)] : _cells(code, ctx)));
  }
  // pytest's arguments are build-outputs.ts's.
  if (name === "pytest" || name === "py.test") return ops;
  return name === "jupytext" ? [...jupytext(inv), ...ops] : [...ops, ...scanUnknownProgram(args, ctx, name, cmd)];
};

/**
 * pytest's and treon's operands may be folders: the notebooks in them the line wrote or filled
 * (an unknown word for one filled with text the guard does not know, or at an unknown place).
 */
function _inFolders(name: string, operands: Word[], ctx: Parameters<Handler>[0]["ctx"]): Word[] {
  if (name !== "pytest" && name !== "py.test" && name !== "treon") return operands;
  const { scripts, landed } = ctx.state;
  return operands.flatMap((o) => {
    if (o.dynamic || o.value.endsWith(".ipynb")) return [o];
    const folder = absPath(o.value, ctx.state.cwd, ctx.state);
    const under = (f: string | null) => f === null || f === folder || f.startsWith(`${folder}/`);
    const written = [...(scripts?.keys() ?? [])].filter((k) => k.endsWith(".ipynb") && under(k)).map((k) => literalWord(k));
    const filled = (landed ?? []).some((l) => (l === null || l.endsWith(".ipynb") || !l.includes(".")) && under(l) && !scripts?.has(l!));
    return filled ? [...written, { ...o, dynamic: true }] : written;
  });
}

// IPython's options that run a module or set code or configuration: a traitlet
// (`--InteractiveShellApp.exec_lines=…`, `--TerminalIPythonApp.code_to_run=…`), a config file, a
// profile (whose startup scripts run) or an extension.
const IPYTHON_CODE = /^(?:-m|--m|--(?:config|profile|profile-dir|ipython-dir|ext)(?:=|$)|--[A-Za-z]+\.[A-Za-z_]+)/;

/**
 * IPython (red team 13: `ipython -c 'import os; os.system("rm -rf ~")'` was ALLOW_NO_EFFECT, the
 * program not modelled): `-c CODE` is IPython code, read as a notebook's cells are (`!` lines as
 * shell lines, `%` magics unknown); a script or notebook operand the line wrote is read the same
 * way (one that is there runs as a script that is there does); `-m`, an option that sets code or
 * configuration, and input on stdin without either are unknown.
 */
export const ipython: Handler = ({ name, args, ctx, cmd }) => {
  const ops = scanUnknownProgram(args, ctx, name, cmd);
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.dynamic || IPYTHON_CODE.test(a.value)) return [...ops, op("unknown", name)];
    if (a.value === "-c") {
      const code = args[i + 1];
      return [...ops, ...(code === undefined ? [] : code.dynamic ? [op("unknown", name)] : _cells(code.value, ctx))];
    }
    if (a.value.startsWith("-")) continue;
    const text = lineWrittenText(a, ctx, cmd);
    if (text === undefined) return ops;
    const code = text === null ? null : a.value.endsWith(".ipynb") ? _notebookCode(text) : text;
    return [...ops, ...(code === null ? [op("unknown", name)] : _cells(code, ctx))];
  }
  // No code and no script: IPython runs what its stdin holds (`echo '!ls' | ipython`).
  return [...ops, ...stdinEffects({ name, args, ctx, cmd }, (text) => _cells(text, ctx))];
};

/** A python notebook's code cells as one text; null when the text is no notebook or its kernel is another language. */
function _notebookCode(text: string): string | null {
  try {
    const nb = JSON.parse(text) as { cells?: Array<{ cell_type?: string; source?: string | string[] }>; metadata?: { kernelspec?: { language?: string }; language_info?: { name?: string } } };
    const language = nb.metadata?.kernelspec?.language ?? nb.metadata?.language_info?.name ?? "python";
    if (language !== "python" || !Array.isArray(nb.cells)) return null;
    const code = nb.cells.filter((c) => c?.cell_type === "code").map((c) => (Array.isArray(c.source) ? c.source.join("") : c.source));
    return code.every((c) => typeof c === "string") ? code.join("\n") : null;
  } catch {
    return null;
  }
}

/** IPython code: `!cmd` lines are shell lines, a `%` magic (but `%matplotlib`) is unknown, the rest python. */
function _cells(code: string, ctx: Parameters<Handler>[0]["ctx"]): Op[] {
  const ops: Op[] = [];
  const python: string[] = [];
  for (const line of code.split("\n")) {
    const t = line.trim();
    if (t.startsWith("!")) ops.push(...analyzeText(t.slice(1), "posix", ctx));
    else if (t.startsWith("%") && !/^%matplotlib\b/.test(t)) ops.push(op("unknown", "notebook:magic"));
    else python.push(line);
  }
  return [...ops, ...scanCode(python.join("\n"), "python", ctx)];
}
