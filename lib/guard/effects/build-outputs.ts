import { dirname } from "node:path";
import { op, type Op } from "../ops.ts";
import { literalWord, unknownWord, type Word } from "../syntax.ts";
import type { Handler, Invocation } from "./context.ts";
import { wordFrom } from "./getopt.ts";
import { devOutput } from "./dev-outputs.ts";
import { envValue } from "./implicit-inputs.ts";
import { packageCommand } from "./package-installs.ts";
import { pythonModuleCliOps } from "./python-module-clis.ts";
import { pythonModuleCall } from "./script-operands.ts";
import { scanUnknownProgram } from "./unknown-program.ts";
import { LOADED } from "./loaded-analysers.ts";
import { createdFiles, filledFolder } from "./sinks.ts";

// The formatter table loads with the first `python -m black` (or another formatter) a line runs.
const formatters = (): typeof import("./formatters.ts") => (LOADED.formatters ??= require("./formatters.ts"));

/**
 * Options that name an output folder the tool empties before it writes (red team 7, C1):
 * `cargo clean --target-dir DIR` (or CARGO_TARGET_DIR), `python3 -m venv --clear DIR`,
 * `virtualenv --clear DIR`, `pytest --basetemp DIR`, `vite build --outDir DIR` (emptied when it is
 * inside the root or `--emptyOutDir` says so), `mkdocs build -d DIR`, `hugo -d DIR
 * --cleanDestinationDir`, `jekyll build -d DIR`, `tsup -d DIR --clean`, `go mod vendor -o DIR`,
 * `docker build -o DIR`. Each is judged as `rm -rf DIR` followed by a write into it: RELOCATE in
 * the workspace, BLOCK outside. The tools' default folders (`target/`, `site/`, `.venv`, `dist/`)
 * stay as they were: nothing is modelled when no folder is named.
 */

/** `rm -rf DIR` and the tool's write into the emptied folder. */
function _emptied(verb: string, dir: Word): Op[] {
  return [op("delete", verb, [dir], true), filledFolder(verb, [dir])];
}

/** The value of option `names` at `args[i]` (`--opt V`, `--opt=V`, `-oV` for a short one), or undefined. */
function _value(args: Word[], i: number, names: readonly string[]): Word | undefined {
  const a = args[i]!;
  if (a.dynamic && !names.some((n) => a.value.startsWith(n))) return undefined;
  for (const n of names) {
    if (a.value === n) return args[i + 1] ?? unknownWord();
    if (n.startsWith("--") && a.value.startsWith(`${n}=`)) return wordFrom(a, n.length + 1);
    if (!n.startsWith("--") && a.value.length > 2 && a.value.startsWith(n)) return wordFrom(a, 2);
  }
  return undefined;
}

/** The last value of option `names` among `args` (later ones win). */
function _last(args: Word[], names: readonly string[]): Word | undefined {
  let found: Word | undefined;
  for (let i = 0; i < args.length; i++) found = _value(args, i, names) ?? found;
  return found;
}

const _has = (args: Word[], flags: readonly string[]): boolean => args.some((a) => flags.includes(a.value));

// cargo's options before the subcommand that take a value.
const CARGO_GLOBAL_VALUED = new Set(["--color", "--config", "-Z", "-C", "--manifest-path"]);

/**
 * cargo: `clean` empties the target folder it is given: `--target-dir`, then CARGO_TARGET_DIR,
 * then `--config build.target-dir="DIR"` (before or after `clean`), then CARGO_BUILD_TARGET_DIR
 * (red team 8, C6), as cargo ranks them, then the one beside `--manifest-path` (red team 12). A
 * `--config` value naming target-dir the guard cannot read (a file, an inline table) is unknown.
 */
export const cargo: Handler = (inv) => {
  const { args, ctx, cmd } = inv;
  let i = 0;
  while (i < args.length && (args[i]!.value.startsWith("-") || args[i]!.value.startsWith("+"))) i += CARGO_GLOBAL_VALUED.has(args[i]!.value) ? 2 : 1;
  const scanned = scanUnknownProgram(args, ctx, inv.name, cmd);
  if (args[i]?.value !== "clean") return scanned;
  const rest = args.slice(i + 1);
  if (_has(rest, ["-n", "--dry-run", "-h", "--help"])) return scanned;
  const fromEnv = (name: string): Word | undefined => {
    const value = envValue(inv, name, true);
    return value === undefined || value === "" ? undefined : value === null ? unknownWord() : literalWord(value);
  };
  const dir = _last(rest, ["--target-dir"]) ?? fromEnv("CARGO_TARGET_DIR") ?? _configTargetDir([...args.slice(0, i), ...rest]) ?? fromEnv("CARGO_BUILD_TARGET_DIR") ?? _manifestTarget(args);
  return dir ? [..._emptied("cargo clean", dir), ...scanned] : scanned;
};

/**
 * The target folder beside another package's manifest, the default `clean` empties there
 * (`--manifest-path ../other/Cargo.toml` empties ../other/target; red team 12). The working
 * folder's own manifest leaves `target/` unmodelled, as a plain `cargo clean` does.
 */
function _manifestTarget(args: Word[]): Word | undefined {
  const manifest = _last(args, ["--manifest-path"]);
  if (!manifest) return undefined;
  if (manifest.dynamic) return unknownWord();
  const dir = dirname(manifest.value);
  return dir === "." ? undefined : literalWord(`${dir}/target`);
}

/** The last `--config build.target-dir="DIR"` (`'DIR'`) among cargo's arguments; unknown when one mentions target-dir otherwise. */
function _configTargetDir(args: Word[]): Word | undefined {
  let found: Word | undefined;
  for (let i = 0; i < args.length; i++) {
    const v = _value(args, i, ["--config"]);
    if (!v || !/target-dir/.test(v.value)) continue;
    const m = /^\s*build\s*\.\s*target-dir\s*=\s*(?:"([^"\\]*)"|'([^']*)')\s*$/.exec(v.value);
    found = v.dynamic || !m ? unknownWord() : literalWord(m[1] ?? m[2]!);
  }
  return found;
}

/**
 * `bun pm cache rm` empties bun's package cache: BUN_INSTALL_CACHE_DIR, else BUN_INSTALL's
 * `install/cache` (red team 8, C7: `BUN_INSTALL_CACHE_DIR=~/Documents bun pm cache rm` emptied
 * ~/Documents). The default cache stays as it was.
 */
export const bunCache: Handler = (inv) => {
  const words = inv.args.filter((a) => !a.value.startsWith("-"));
  if (words[0]?.value !== "pm" || words[1]?.value !== "cache" || words[2]?.value !== "rm") return [];
  let dir = envValue(inv, "BUN_INSTALL_CACHE_DIR", true);
  if (dir === undefined || dir === "") {
    const install = envValue(inv, "BUN_INSTALL", true);
    dir = install ? `${install.replace(/\/+$/, "")}/install/cache` : install;
  }
  return dir === undefined || dir === "" ? [] : _emptied("bun pm cache rm", dir === null ? unknownWord() : literalWord(dir));
};

// venv's and virtualenv's options that take a value.
const VENV_VALUED = new Set(["--prompt", "-p", "--python", "--activators", "--seeder", "--creator", "--app-data", "--discovery", "--extra-search-dir", "--pip", "--setuptools", "--wheel", "--reset-app-data"]);

/**
 * `python -m venv --clear DIR…`, `virtualenv --clear DIR`: every folder is emptied first. argparse
 * takes any unique prefix (`--cl`, `--cle`, `--clea`: red team 8, C5).
 */
function _venv(verb: string, args: Word[]): Op[] {
  if (!args.some((a) => /^--cl(?:e(?:ar?)?)?$/.test(a.value))) return [];
  const dirs: Word[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.value.startsWith("-") && !a.dynamic) i += VENV_VALUED.has(a.value) && a.value !== "--reset-app-data" ? 1 : 0;
    else dirs.push(a);
  }
  return dirs.flatMap((d) => _emptied(verb, d));
}

export const virtualenv: Handler = ({ args }) => _venv("virtualenv", args);

/** pytest removes `--basetemp DIR` before a test uses tmp_path. */
function _pytest(args: Word[]): Op[] {
  const dir = _last(args, ["--basetemp"]);
  return dir ? _emptied("pytest", dir) : [];
}

export const pytest: Handler = ({ args }) => _pytest(args);

/** `python -m venv|virtualenv|pytest|pip|zipfile|json.tool|timeit|pdb …` (the interpreter's own handler ignores `-m`). */
export const pythonModule: Handler = (inv) => {
  // The module as python reads its options (script-operands.ts): `-Im venv`, not `-c CODE -m venv`.
  const call = pythonModuleCall(inv.args);
  if (!call) return [];
  const { args: rest } = call;
  const m = call.module.value;
  if (m === "venv" || m === "virtualenv") return _venv(`python -m ${m}`, rest);
  // Their report and download options (dev-outputs.ts: `-m pytest --junitxml=F`, `-m pip download -d DIR`).
  const outputs = m === "pytest" || m === "pip" || m === "mypy" || m === "coverage" ? devOutput({ ...inv, name: m, args: rest }) : [];
  if (m === "pytest") return [..._pytest(rest), ...outputs];
  // `python -m pip install --target DIR` is pip's install (package-installs.ts).
  if (m === "pip") return [...(packageCommand("pip", rest, inv.ctx, inv.cmd) ?? []), ...outputs];
  const ops = pythonModuleCliOps(m, rest, inv) ?? _formatterModule(m, inv, rest);
  return outputs.length ? [...ops, ...outputs] : ops;
};

/** `python -m black …` and friends: the formatter table (formatters.ts). */
function _formatterModule(m: string | undefined, inv: Invocation, rest: Word[]): Op[] {
  if (m !== "black" && m !== "ruff" && m !== "isort" && m !== "autopep8" && m !== "yapf") return [];
  return formatters().formatter({ ...inv, name: m, args: rest });
}

/** vite (`vite build`): `--outDir DIR` is emptied when inside the root or with `--emptyOutDir`. */
export const vite: Handler = ({ args }) => {
  const dir = _last(args, ["--outDir"]);
  if (!dir) return [];
  const flag = args.findLast((a) => /^--(?:no-)?emptyOutDir(?:=|$)/.test(a.value))?.value;
  const empty = flag === undefined ? !dir.dynamic && !dir.value.startsWith("/") && !dir.value.startsWith("..") && !dir.value.startsWith("~") : flag === "--emptyOutDir" || flag === "--emptyOutDir=true";
  return empty ? _emptied("vite", dir) : [filledFolder("vite", [dir])];
};

/** mkdocs build|gh-deploy `-d DIR`: the site folder is cleaned first (unless `--dirty`). */
export const mkdocs: Handler = ({ args }) => {
  if (args[0]?.value !== "build" && args[0]?.value !== "gh-deploy") return [];
  const dir = _last(args, ["-d", "--site-dir"]);
  if (!dir) return [];
  return _has(args, ["--dirty"]) ? [filledFolder("mkdocs", [dir])] : _emptied("mkdocs", dir);
};

/** hugo `-d DIR`: emptied of what the build does not make with `--cleanDestinationDir`. */
export const hugo: Handler = ({ args }) => {
  const dir = _last(args, ["-d", "--destination"]);
  if (!dir) return [];
  return _has(args, ["--cleanDestinationDir"]) ? _emptied("hugo", dir) : [filledFolder("hugo", [dir])];
};

/** jekyll build `-d DIR`: jekyll removes what it did not generate there. */
export const jekyll: Handler = ({ args }) => {
  if (args[0]?.value !== "build" && args[0]?.value !== "b") return [];
  const dir = _last(args, ["-d", "--destination"]);
  return dir ? _emptied("jekyll", dir) : [];
};

/** tsup `-d DIR --clean`. */
export const tsup: Handler = ({ args }) => {
  const dir = _last(args, ["-d", "--out-dir"]);
  return dir && _has(args, ["--clean"]) ? _emptied("tsup", dir) : [];
};

/** `go mod vendor -o DIR`: the folder is removed and written anew. */
export const goVendor: Handler = ({ args }) => {
  const words = args.filter((a) => !a.value.startsWith("-"));
  if (words[0]?.value !== "mod" || words[1]?.value !== "vendor") return [];
  const dir = _last(args, ["-o"]);
  return dir ? _emptied("go mod vendor", dir) : [];
};

/**
 * `docker build -o DIR` / `--output type=local,dest=DIR` (also `buildx build`, `image build`):
 * the local exporter fills DIR; `type=tar,dest=FILE` writes FILE.
 */
export const dockerOutput: Handler = ({ args }) => {
  const words = args.filter((a) => !a.value.startsWith("-"));
  const sub = words[0]?.value === "buildx" || words[0]?.value === "image" || words[0]?.value === "builder" || words[0]?.value === "container" ? words[1]?.value : words[0]?.value;
  // `docker save -o FILE IMAGE`, `docker export -o FILE CONTAINER`: the archive is written (session 8).
  if (sub === "save" || sub === "export") return createdFiles(`docker ${sub}`, args.flatMap((_, i) => _value(args, i, ["-o", "--output"]) ?? []));
  if (sub !== "build" && sub !== "b") return [];
  const ops: Op[] = [];
  for (let i = 0; i < args.length; i++) {
    const v = _value(args, i, ["-o", "--output"]);
    if (!v) continue;
    if (v.dynamic) {
      ops.push(op("unknown", "docker build"));
      continue;
    }
    if (!v.value.includes("=")) {
      if (v.value !== "-") ops.push(..._emptied("docker build", v));
      continue;
    }
    const fields = new Map(v.value.split(",").map((f) => [f.slice(0, f.indexOf("=")), f.slice(f.indexOf("=") + 1)] as const));
    const dest = fields.get("dest");
    const type = fields.get("type") ?? "local";
    if (dest === undefined || dest === "-") continue;
    const target = { ...v, value: dest, pattern: dest };
    if (type === "local") ops.push(..._emptied("docker build", target));
    else ops.push({ ...op("overwrite", "docker build", [target]), lands: "created" });
  }
  return ops;
};
