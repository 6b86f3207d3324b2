import { literalWord, type SimpleCommand, type Word } from "../syntax.ts";
import type { AnalyzeContext } from "./context.ts";
import { commandVariable, customizeFiles, moduleFiles } from "./implicit-inputs.ts";
import type { Language } from "./interpreters.ts";
import { nodePreload, pythonModule, scriptOperands } from "./script-operands.ts";

type Loaded = { word: Word; language: Language };

/**
 * Files an interpreter loads and runs before (or instead of) its script without naming them as
 * one: `NODE_OPTIONS='--require ./x.js'`, `--import`, `PERL5OPT='-Mx'` (x.pm in the working folder,
 * an `-I` or a PERL5LIB one: red team 8, C10f), `RUBYOPT='-r./x'` and sitecustomize/usercustomize.py
 * of each PYTHONPATH folder for any program (the interpreter itself, or one a shell, make or a node
 * tool starts: `PERL5OPT=-Mx bash -c 'perl …'`); of perl itself `perl -I. -Mx`, of python itself
 * `python -m x` (x.py, x/__main__.py, the packages' __init__.py), and PYTHONSTARTUP when it reads
 * its code from stdin (interactive). written-runs.ts analyses those the line wrote, taint.ts finds
 * the downloaded ones.
 */
export function loaderSources(name: string, language: Language | undefined, args: Word[], cmd: SimpleCommand | undefined, ctx: AnalyzeContext, readsStdin: boolean): Loaded[] {
  const value = (variable: string) => commandVariable(variable, cmd, ctx);
  const out: Loaded[] = [];
  const add = (file: string, lang: Language) => out.push({ word: literalWord(file), language: lang });
  if (name !== "deno") {
    const words = (value("NODE_OPTIONS") ?? "").split(/\s+/).slice(0, 64);
    for (let i = 0; i < words.length; i++) {
      const preload = nodePreload(words[i]!);
      const file = preload ? (preload.value ?? words[++i]) : undefined;
      if (file) add(file.replace(/^["']|["']$/g, ""), "node");
    }
  }
  // perl's own switches when perl runs (before its script; after `-e CODE` too), then PERL5OPT's.
  const perl = [...(language === "perl" ? (scriptOperands(name, args)?.perlLoads ?? []) : []), ...(value("PERL5OPT") ?? "").split(/\s+/)].slice(0, 64);
  const dirs = [".", ...(value("PERL5LIB") ?? "").split(":").filter(Boolean).slice(0, 16)];
  for (let i = 0; i < perl.length; i++) if (/^-I/.test(perl[i]!)) dirs.push(perl[i]!.slice(2) || (perl[++i] ?? "."));
  for (const w of perl) {
    const m = /^-[mM]-?([A-Za-z_][\w:]*)/.exec(w);
    if (m) for (const d of dirs) add(`${d}/${m[1]!.replace(/::/g, "/")}.pm`, "perl");
  }
  const ruby = (value("RUBYOPT") ?? "").split(/\s+/).slice(0, 64);
  for (let i = 0; i < ruby.length; i++) {
    const file = ruby[i] === "-r" ? ruby[++i] : /^-r./.test(ruby[i]!) ? ruby[i]!.slice(2) : undefined;
    if (file) add(file.endsWith(".rb") ? file : `${file}.rb`, "ruby");
  }
  if (name === "pypy") return out;
  const path = value("PYTHONPATH");
  if (path !== null) for (const file of customizeFiles(path)) add(file, "python");
  if (language === "python") {
    // The module's files (implicit-inputs.ts), the module as script-operands.ts reads the options.
    const module = pythonModule(args);
    if (module && !module.dynamic) for (const file of moduleFiles(module.value)) add(file, "python");
    const startup = value("PYTHONSTARTUP");
    if (startup && readsStdin && !module) add(startup, "python");
  }
  return out;
}
