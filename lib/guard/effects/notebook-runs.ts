import type { Word } from "../syntax.ts";

// jupyter subcommands by the program that runs them (`jupyter nbconvert` is `jupyter-nbconvert`).
const JUPYTER_TOOLS: Record<string, string> = { "jupyter-nbconvert": "nbconvert", "jupyter-execute": "execute" };
// Options of these tools that take the next word as their value.
const VALUED = new Set(["--execute-dir", "--execute-params", "-P", "--execute-param", "--profile", "-M", "--metadata", "--metadata-file", "--to", "--output", "--output-dir", "--template", "--config", "--log-level", "--writer", "--post", "--kernel", "-k", "--kernel_name", "-f", "--parameters_file", "-y", "--parameters_yaml", "--cwd", "--language", "--set-kernel", "--from", "--opt", "--format-options", "-o", "--pipe", "--check", "--pre-commit-mode"]);

// papermill's options that take a name and a value (`-p NAME VALUE`).
const PAIRED = new Set(["-p", "--parameters", "-r", "--parameters_raw"]);

/**
 * The notebooks a command executes (red team 12: the guard ran none of their code before):
 * `jupyter nbconvert --execute NB…` (also `--ExecutePreprocessor.enabled=True`), `jupyter
 * execute NB…`, `papermill IN [OUT]` (IN), `jupytext --execute FILE…`; also (red team 13)
 * `quarto render|preview DOC…` (a `.qmd` or `.Rmd` always, a notebook with `--execute`), pytest
 * with `--nbmake` or `--nbval` and treon (the notebooks in the folders named, the working one
 * without any: notebooks.ts reads those the line wrote). Empty for any other command and for
 * nbconvert's conversions that do not execute.
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
  if (sub === "quarto") {
    const [verb, ...rest] = args;
    if (verb?.value !== "render" && verb?.value !== "preview") return [];
    const docs = _operands(rest);
    return rest.some((a) => a.value === "--execute") ? docs : docs.filter((d) => d.dynamic || !d.value.endsWith(".ipynb"));
  }
  if (sub === "pytest" || sub === "py.test") return words.some((a) => /^--nb(?:make|val|val-lax)$/.test(a.value)) ? _orHere(operands) : [];
  if (sub === "treon") return _orHere(operands);
  return [];
}

/** The operands, or the working folder when there are none. */
function _orHere(operands: Word[]): Word[] {
  return operands.length > 0 ? operands : [{ value: ".", pattern: ".", dynamic: false, glob: false, quoted: false }];
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
