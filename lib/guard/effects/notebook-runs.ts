import type { Word } from "../syntax.ts";

// jupyter subcommands by the program that runs them (`jupyter nbconvert` is `jupyter-nbconvert`).
const JUPYTER_TOOLS: Record<string, string> = { "jupyter-nbconvert": "nbconvert", "jupyter-execute": "execute" };
// Options of these tools that take the next word as their value.
const VALUED = new Set(["--to", "--output", "--output-dir", "--template", "--config", "--log-level", "--writer", "--post", "--kernel", "-k", "--kernel_name", "-f", "--parameters_file", "-y", "--parameters_yaml", "--cwd", "--language", "--set-kernel", "--from", "--opt", "--format-options", "-o", "--pipe", "--check", "--pre-commit-mode"]);

// papermill's options that take a name and a value (`-p NAME VALUE`).
const PAIRED = new Set(["-p", "--parameters", "-r", "--parameters_raw"]);

/**
 * The notebooks a command executes (red team 12: the guard ran none of their code before):
 * `jupyter nbconvert --execute NB…` (also `--ExecutePreprocessor.enabled=True`), `jupyter
 * execute NB…`, `papermill IN [OUT]` (IN), `jupytext --execute FILE…`. Empty for any other
 * command and for nbconvert's conversions that do not execute.
 */
export function executedNotebooks(name: string, args: Word[]): Word[] {
  const tool = JUPYTER_TOOLS[name];
  const words = name === "jupyter" ? args.slice(1) : args;
  const sub = tool ?? (name === "jupyter" ? args[0]?.value : name);
  const operands = _operands(words);
  if (sub === "execute") return operands;
  if (sub === "papermill") return operands.slice(0, 1);
  if (sub === "nbconvert") return words.some((a) => a.value === "--execute" || /^--ExecutePreprocessor\.enabled=(?:[Tt]rue|1)$/.test(a.value)) ? operands : [];
  if (sub === "jupytext") return words.some((a) => a.value === "--execute") ? operands : [];
  return [];
}

/** The operands, option values skipped (`--to html`, `--to=html`). */
function _operands(args: Word[]): Word[] {
  const out: Word[] = [];
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === "--") return [...out, ...args.slice(i + 1)];
    if (PAIRED.has(v)) i += 2;
    else if (VALUED.has(v)) i++;
    else if (args[i]!.dynamic || !v.startsWith("-")) out.push(args[i]!);
  }
  return out;
}
