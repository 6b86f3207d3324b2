import { op, type Op } from "../ops.ts";
import { literalWord, type Word } from "../syntax.ts";
import type { Invocation } from "./context.ts";
import { wordFrom } from "./getopt.ts";
import { scanCode } from "./interpreters.ts";
import { analyseWritten, lineWrittenText } from "./written-runs.ts";
import { LOADED } from "./loaded-analysers.ts";
import { filledFolder } from "./sinks.ts";

// The notebook readers, loaded when a notebook tool runs as a module.
const notebooks = (): typeof import("./notebooks.ts") => (LOADED.notebooks ??= require("./notebooks.ts"));

/**
 * The command lines of python's standard modules that write files or run code (red team 8):
 * `-m zipfile -e ZIP DIR` and `-m tarfile -e TAR [DIR]` extract into DIR like `unzip -d DIR`
 * (`python3 -m zipfile -e x.zip ~` replaced ~/.bashrc); `-c ARCHIVE …` writes the archive;
 * `-m json.tool IN OUT`, `-m cProfile|profile -o OUT`, `-m zipapp SRC -o OUT` write OUT. Each is
 * judged like the redirection or extraction it stands for. `-m timeit` runs its statements and
 * `-s` setup, `-m pdb -c` its commands (python, with or without `!`): read as python code;
 * `-m pdb|cProfile|profile SCRIPT` runs SCRIPT, read when the line wrote it. Undefined: not one
 * of these modules.
 */
export function pythonModuleCliOps(module: string | undefined, args: Word[], inv: Invocation): Op[] | undefined {
  switch (module) {
    case "zipfile":
    case "tarfile":
      return _archive(`python -m ${module}`, args);
    case "json.tool":
      return _written("python -m json.tool", _operands(args, ["--indent"])[1]);
    case "cProfile":
    case "profile":
      return [..._written(`python -m ${module}`, _option(args, ["-o", "--outfile"], ["-s", "--sort", "-m"], true)), ..._script(args, ["-o", "--outfile", "-s", "--sort"], inv)];
    case "zipapp":
      return _written("python -m zipapp", _option(args, ["-o", "--output"], ["-p", "--python", "-m", "--main"], false));
    case "timeit":
      return _timeit(args, inv);
    case "pdb":
      return [..._pdbCommands(args, inv), ..._script(args, ["-c", "--command"], inv)];
    // The notebook tools run as modules (red team 13: `python -m nbconvert --execute nb.ipynb`).
    case "nbconvert":
    case "jupyter":
    case "papermill":
    case "jupytext":
      return notebooks().notebookRuns({ ...inv, name: module === "nbconvert" ? "jupyter-nbconvert" : module, args });
    default:
      return undefined;
  }
}

// timeit's options that take a value; `-s`/`--setup` is code.
const TIMEIT_VALUED = /^(?:-[nrsu]|--(?:number|repeat|setup|unit))$/;

/** `-m timeit [-s SETUP]… STATEMENT…`: every statement and setup is python code. */
function _timeit(args: Word[], inv: Invocation): Op[] {
  const code: Word[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const v = a.value;
    if (v === "--" && !a.dynamic) {
      code.push(...args.slice(i + 1));
      break;
    }
    const setup = /^(?:-s|--setup=)(.+)$/s.exec(v);
    if (a.dynamic || !v.startsWith("-")) code.push(a);
    else if (setup) code.push(wordFrom(a, v.length - setup[1]!.length));
    else if (TIMEIT_VALUED.test(v)) {
      if (/^(?:-s|--setup)$/.test(v) && args[i + 1]) code.push(args[i + 1]!);
      i++;
    }
  }
  return code.flatMap((w) => (w.dynamic ? [op("unknown", "python -m timeit")] : scanCode(w.value, "python", inv.ctx)));
}

/** `-m pdb -c COMMAND`: a command pdb does not know (or one after `!`) runs as python. */
function _pdbCommands(args: Word[], inv: Invocation): Op[] {
  const ops: Op[] = [];
  for (let i = 0; i < args.length; i++) {
    const v = args[i]!.value;
    if (!args[i]!.dynamic && !v.startsWith("-")) break;
    const attached = /^(?:-c|--command=)(.+)$/s.exec(v);
    const command = attached ? wordFrom(args[i]!, v.length - attached[1]!.length) : v === "-c" || v === "--command" ? args[++i] : undefined;
    if (command) ops.push(...(command.dynamic ? [op("unknown", "python -m pdb")] : scanCode(command.value.replace(/^\s*!/, ""), "python", inv.ctx)));
  }
  return ops;
}

/** The script a debugger or profiler runs (its first operand), read when the line wrote it. */
function _script(args: Word[], valued: string[], inv: Invocation): Op[] {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.dynamic) return [];
    if (a.value === "-m") return [];
    if (valued.includes(a.value)) i++;
    else if (!a.value.startsWith("-")) {
      const text = lineWrittenText(a, inv.ctx, inv.cmd);
      return text === undefined ? [] : analyseWritten(text, "python", inv.ctx);
    }
  }
  return [];
}

/** `-e|--extract ARCHIVE DIR` (tarfile: DIR defaults to the working folder), `-c|--create ARCHIVE SOURCE…`. */
function _archive(verb: string, args: Word[]): Op[] {
  const at = args.findIndex((a) => /^(?:-[ec]|--extract|--create)$/.test(a.value));
  if (at < 0) return [];
  const [archive, ...rest] = args.slice(at + 1).filter((a) => a.dynamic || !a.value.startsWith("-"));
  if (/^(?:-c|--create)$/.test(args[at]!.value)) return _written(verb, archive);
  const dir = rest[0] ?? (verb.endsWith("tarfile") ? literalWord(".") : undefined);
  return dir ? [filledFolder(verb, [dir])] : [];
}

/** Overwriting `file`, unless it is absent or stdout. */
function _written(verb: string, file: Word | undefined): Op[] {
  return file && file.value !== "-" ? [{ ...op("overwrite", verb, [file]), lands: "created" }] : [];
}

/** The operands, skipping the options in `valued` and the word each takes. */
function _operands(args: Word[], valued: string[]): Word[] {
  const out: Word[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.dynamic || !a.value.startsWith("-") || a.value === "-") out.push(a);
    else if (valued.includes(a.value)) i++;
  }
  return out;
}

/**
 * The last value of `names` (`-o F`, `-oF`, `--outfile=F`); `others` take a value too. `script`:
 * the first operand is a script whose own arguments follow (cProfile), so options end there.
 */
function _option(args: Word[], names: string[], others: string[], script: boolean): Word | undefined {
  let found: Word | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.dynamic || !a.value.startsWith("-") || a.value === "-") {
      if (script) break;
      continue;
    }
    const long = names.find((n) => n.startsWith("--") && a.value.startsWith(`${n}=`));
    if (names.includes(a.value)) found = args[++i];
    else if (long) found = wordFrom(a, long.length + 1);
    else if (/^-o./.test(a.value)) found = wordFrom(a, 2);
    else if (others.includes(a.value)) i++;
  }
  return found;
}
