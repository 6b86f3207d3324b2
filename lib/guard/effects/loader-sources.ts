import { literalWord, type SimpleCommand, type Word } from "../syntax.ts";
import type { AnalyzeContext } from "./context.ts";
import { commandVariable, customizeFiles, moduleFiles } from "./implicit-inputs.ts";
import type { Language } from "./interpreters.ts";
import { pythonModule, scriptOperands } from "./script-operands.ts";

type Loaded = { word: Word; language: Language };

/**
 * Files an interpreter loads and runs before (or instead of) its script without naming them as
 * one: `NODE_OPTIONS='--require ./x.js'`, `--import` (for any program: node tools run node), `perl -I. -Mx`
 * and `PERL5OPT='-Mx'` (x.pm in the working folder, an `-I` or a PERL5LIB one: red team 8, C10f), `RUBYOPT='-r./x'`, `python -m x` (x.py, x/__main__.py, the packages' __init__.py),
 * sitecustomize/usercustomize.py of each PYTHONPATH folder, and PYTHONSTARTUP when python reads
 * its code from stdin (interactive). written-runs.ts analyses those the line wrote.
 */
export function loaderSources(name: string, language: Language | undefined, args: Word[], cmd: SimpleCommand | undefined, ctx: AnalyzeContext, readsStdin: boolean): Loaded[] {
  const value = (variable: string) => commandVariable(variable, cmd, ctx);
  const out: Loaded[] = [];
  const add = (file: string, lang = language ?? "node") => out.push({ word: literalWord(file), language: lang });
  // Any node process reads NODE_OPTIONS: npx, npm scripts and node tools as well as node itself.
  if (name !== "deno") {
    const words = (value("NODE_OPTIONS") ?? "").split(/\s+/).slice(0, 64);
    for (let i = 0; i < words.length; i++) {
      const m = /^(?:-r|--require|--import|--loader|--experimental-loader)(?:=(.*))?$/.exec(words[i]!);
      const file = m ? (m[1] ?? words[++i]) : undefined;
      if (file) add(file.replace(/^["']|["']$/g, ""), "node");
    }
  }
  if (language === "perl") {
    // The command line's own switches (before its script; after `-e CODE` too), then PERL5OPT's.
    const words = [...(scriptOperands(name, args)?.perlLoads ?? []), ...(value("PERL5OPT") ?? "").split(/\s+/)].slice(0, 64);
    const dirs = [".", ...(value("PERL5LIB") ?? "").split(":").filter(Boolean).slice(0, 16)];
    for (let i = 0; i < words.length; i++) if (/^-I/.test(words[i]!)) dirs.push(words[i]!.slice(2) || (words[++i] ?? "."));
    for (const w of words) {
      const m = /^-[mM]-?([A-Za-z_][\w:]*)/.exec(w);
      if (m) for (const d of dirs) add(`${d}/${m[1]!.replace(/::/g, "/")}.pm`);
    }
  }
  if (language === "ruby") {
    const words = (value("RUBYOPT") ?? "").split(/\s+/).slice(0, 64);
    for (let i = 0; i < words.length; i++) {
      const file = words[i] === "-r" ? words[++i] : /^-r./.test(words[i]!) ? words[i]!.slice(2) : undefined;
      if (file) add(file.endsWith(".rb") ? file : `${file}.rb`);
    }
  }
  if (language === "python" && name !== "pypy") {
    // The module's files (implicit-inputs.ts), the module as script-operands.ts reads the options.
    const module = pythonModule(args);
    if (module && !module.dynamic) for (const file of moduleFiles(module.value)) add(file);
    const path = value("PYTHONPATH");
    if (path !== null) for (const file of customizeFiles(path)) add(file);
    const startup = value("PYTHONSTARTUP");
    if (startup && readsStdin && !module) add(startup);
  }
  return out;
}
