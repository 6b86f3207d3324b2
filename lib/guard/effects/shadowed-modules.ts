import { basename, dirname } from "node:path";
import { op, type Op } from "../ops.ts";
import { literalWord, type SimpleCommand, type Word } from "../syntax.ts";
import type { AnalyzeContext } from "./context.ts";
import { absPath } from "./file-identity.ts";
import { commandVariable, envValue } from "./implicit-inputs.ts";
import { codeFiles, scriptOperands } from "./script-operands.ts";
import { analyseWritten, lineWrittenText } from "./written-runs.ts";

const MAX_MODULES = 64;

/**
 * Python modules the line wrote into the folder python puts first on sys.path (red team 12,
 * confirmed with python 3.11): the script's folder, or the working folder for `-c`, `-m` and
 * stdin. A module there shadows the standard library's and any package's of the same name, and
 * runs when anything imports it: `> json.py; python3 app.py` runs json.py when app.py imports
 * json, `> re.py; python3 -m json.tool` when json imports re. So each such file is read as
 * python code the run may execute, whether or not the code names it (explicit imports are
 * written-imports.ts's too). Not under `-I` or `-P` or with PYTHONSAFEPATH set, where that
 * folder is not on sys.path. A compiled module the line put there is unknown code.
 */
export function shadowedModuleOps(name: string, args: Word[], cmd: SimpleCommand | undefined, ctx: AnalyzeContext): Op[] {
  const { scripts, landed } = ctx.state;
  const path = scripts?.size || landed?.length ? firstPathFolder(name, args, cmd, ctx) : null;
  if (!path) return [];
  // PYTHONPATH's folders come next, before the standard library (`PYTHONPATH=lib python3 -c
  // 'import json'` ran a written lib/json.py: red team 13); an empty entry is the working folder.
  const own = envValue({ cmd, ctx }, "PYTHONPATH", true);
  const written = [...(scripts?.keys() ?? []), ...(landed ?? [])];
  // A computed PYTHONPATH may name the folder of any module the line wrote.
  if (own === null) return written.some((f) => f !== null && PYTHON_MODULE.test(f)) ? [op("unknown", "python")] : [];
  const folders = [path.folder, ...(own ?? "").split(":").filter((d, i, all) => d !== "" || all.length > 1).slice(0, 16).map((d) => absPath(d || ".", ctx.state.cwd, ctx.state))];
  const modules = [...(scripts?.keys() ?? [])].filter((k) => k !== path.script && folders.some((f) => shadows(k, f)));
  const ops = modules.slice(0, MAX_MODULES).flatMap((file) => {
    const text = lineWrittenText(literalWord(file), ctx, cmd);
    return text === undefined ? [] : analyseWritten(text, "python", ctx);
  });
  return written.some((f) => f !== null && folders.some((folder) => _compiled(f, folder))) ? [...ops, op("unknown", "python")] : ops;
}

// A compiled module python loads from a folder without the guard reading it (red team 13,
// python 3.11): a sourceless `NAME.pyc`, an extension (`NAME.so`, `NAME.cpython-311-x86_64-linux-gnu.so`,
// `NAME.pyd`), a package's, and a cached `__pycache__/NAME.cpython-311.pyc`, which an
// unchecked-hash pyc makes load whatever the `NAME.py` beside it says.
const COMPILED = /\.(?:pyc|pyo|so|pyd)$/;
// A module python may import: source or compiled.
const PYTHON_MODULE = /\.(?:py|pyc|pyo|so|pyd)$/;

function _compiled(file: string, folder: string): boolean {
  if (!COMPILED.test(file)) return false;
  let dir = dirname(file);
  if (basename(dir) === "__pycache__") dir = dirname(dir);
  return dir === folder || dirname(dir) === folder;
}

/**
 * The folder a python run puts first on sys.path (absolute), and its script; null for another
 * program, under `-I`/`-P`/PYTHONSAFEPATH, or for a script the guard cannot name.
 */
export function firstPathFolder(name: string, args: Word[], cmd: SimpleCommand | undefined, ctx: AnalyzeContext): { folder: string; script?: string } | null {
  if (!/^python[0-9.]*$/.test(name) || _safePath(args) || commandVariable("PYTHONSAFEPATH", cmd, ctx)) return null;
  const { cwd } = ctx.state;
  const code = scriptOperands(name, args);
  const script = code?.module || code?.inline ? undefined : codeFiles(code).at(-1);
  if (script?.dynamic) return null;
  return { folder: absPath(script ? dirname(script.value) : ".", cwd, ctx.state), script: script && absPath(script.value, cwd, ctx.state) };
}

/**
 * Whether a file (an absolute name) is a module right in `folder`: `NAME.py` or a package's
 * `NAME/__init__.py`; not sitecustomize or usercustomize, which site imports at start-up, before
 * that folder is on sys.path (implicit-inputs.ts reads them from PYTHONPATH's folders).
 */
export function shadows(file: string, folder: string): boolean {
  if (file.endsWith("/__init__.py")) return dirname(dirname(file)) === folder;
  return file.endsWith(".py") && dirname(file) === folder && !/\/(?:site|user)customize\.py$/.test(file);
}

/** `-I` or `-P` among python's leading flags (`-IB`, `-Pc CODE`): the script's or working folder is not on sys.path. */
function _safePath(args: Word[]): boolean {
  for (const a of args) {
    if (!/^-[A-Za-z]+$/.test(a.value)) return false;
    const stop = a.value.search(/[cmWX]/);
    if (/[IP]/.test(stop < 0 ? a.value : a.value.slice(0, stop))) return true;
    if (stop >= 0) return false;
  }
  return false;
}
