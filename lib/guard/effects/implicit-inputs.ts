import { UNSET } from "../posix/vars.ts";
import type { SimpleCommand, Word } from "../syntax.ts";
import type { AnalyzeContext } from "./context.ts";

// Variables naming files a program loads and runs: shell startup files, preloaded libraries,
// interpreter start-up code, commands git runs.
const LOADER_VARS = ["BASH_ENV", "ENV", "LD_PRELOAD", "LD_AUDIT", "PYTHONSTARTUP", "NODE_OPTIONS", "PERL5OPT", "RUBYOPT", "PROMPT_COMMAND", "GIT_SSH_COMMAND", "GIT_SSH", "GIT_EXTERNAL_DIFF"];
const PACKAGE_MANAGERS = new Set(["npm", "pnpm", "yarn", "bun"]);

/**
 * Files a command runs without naming them as a script: what loader variables point to
 * (`BASH_ENV=f bash -c …`, `LD_PRELOAD=./x.so ls`, `NODE_OPTIONS='--require ./x.js'`), a module run
 * with `python -m NAME`, and the build files a tool reads from its folder (make's Makefile, a
 * package manager's package.json, `pip install .`'s setup.py, direnv's .envrc, cargo's build.rs).
 * Paths are spelled relative to the working directory, as the taint set resolves them.
 */
export function implicitInputs(name: string, args: Word[], cmd: SimpleCommand | undefined, ctx: AnalyzeContext): string[] {
  const out: string[] = [];
  for (const variable of LOADER_VARS) {
    const own = cmd?.assigns.find((a) => a.name === variable);
    const value = own ? (own.value.dynamic ? null : own.value.value) : ctx.vars.get(variable);
    if (typeof value === "string" && value !== UNSET) out.push(...value.split(/[\s=:;]+/).filter((w) => w && !w.startsWith("-")));
  }
  const words = args.map((a) => a.value);
  if (/^python[0-9.]*$/.test(name)) {
    const at = words.indexOf("-m");
    const module = at >= 0 ? words[at + 1] : undefined;
    if (module) out.push(`${module.replace(/\./g, "/")}.py`, `${module.replace(/\./g, "/")}/__main__.py`, `${module.split(".")[0]}/__init__.py`);
  }
  const dir = (option: string) => {
    const at = words.indexOf(option);
    return at >= 0 && words[at + 1] ? `${words[at + 1]}/` : "";
  };
  if (name === "make" || name === "gmake") {
    const d = dir("-C");
    out.push(`${d}Makefile`, `${d}makefile`, `${d}GNUmakefile`);
  }
  if (PACKAGE_MANAGERS.has(name)) out.push(`${dir("--prefix")}package.json`);
  if (/^pip[0-9.]*$/.test(name) && words[0] === "install") {
    for (const w of words.slice(1)) if (!w.startsWith("-") && (w === "." || w.startsWith("./") || w.startsWith("/"))) out.push(`${w}/setup.py`, `${w}/pyproject.toml`, `${w}/setup.cfg`);
  }
  if (name === "direnv") out.push(".envrc");
  if (name === "cargo") out.push("build.rs", "Cargo.toml");
  return out;
}
