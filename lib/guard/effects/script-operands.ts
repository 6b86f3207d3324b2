import { literalWord, type Word } from "../syntax.ts";
import { CODE_OPTIONS, codeOption, type CodeOptions } from "./code-options.ts";
import { wordFrom } from "./getopt.ts";
import type { Language } from "./interpreters.ts";
import { LANGUAGES, POWERSHELLS, SHELL_NAMES, STDIN_CODE_PROGRAMS } from "./runner-names.ts";
import { stdinPath } from "./stdin-path.ts";

/** What code a shell or interpreter runs, as its command line says (scriptOperands). */
export interface ScriptOperands {
  /** Code given on the command line (`-c TEXT`, `-e CODE`, `--eval=CODE`, fish `-C TEXT`, powershell's `-Command TEXT…`); [] when its option lacks it. No stdin runs then, nor a script but powershell's bare word and lua's and expect's script (`lua -e CODE x.lua`). */
  inline?: Word[];
  /** The script operand as given (`/dev/stdin` too); a computed word where the options stop being readable (it may be the script). */
  script?: Word;
  /** Files loaded before the script (`node -r F`, `ruby -rF`, `bash --rcfile F`). */
  preloads: Word[];
  /** Whether it reads code from stdin: no script, `-`, a script naming stdin (`/dev/stdin`), a shell's `-s`. */
  stdin: boolean;
  /** What it reads the code as: a shell's (posix), a modelled interpreter's language, or null (a language the guard does not read). */
  language: Language | "posix" | null;
  /** The module `python -m NAME` runs (`-mNAME`, `-Im NAME` too). */
  module?: Word;
  /** Where the words of `module`'s own command line start (an index of the arguments). */
  moduleArgs?: number;
  /** perl's `-I DIR`, `-MMOD`, `-mMOD` switches (`-wI.` too), each as PERL5OPT spells it (`-I.`, `-MX=a`): loader-sources.ts reads them. */
  perlLoads?: string[];
}

/**
 * What scriptOperands answers: one reading per argument list, kept and shared by every caller of
 * that list (its handler and the line-flow passes), so no caller may change it (review B).
 */
export type SharedScriptOperands = {
  readonly [K in keyof ScriptOperands]: ScriptOperands[K] extends Word[] ? readonly Word[] : ScriptOperands[K] extends Word[] | undefined ? readonly Word[] | undefined : ScriptOperands[K] extends string[] | undefined ? readonly string[] | undefined : ScriptOperands[K];
};

/**
 * Which operands of a shell or interpreter are the code it runs: the one reading for its handler
 * (shells.ts, stdin-code.ts, inline-code.ts) and the line-flow passes (written-runs.ts runs a file the line wrote,
 * taint.ts a download; loader-sources.ts and implicit-inputs.ts name `python -m`'s files and
 * perl's `-M` modules, build-outputs.ts and file-servers.ts judge `python -m`'s command line). Options
 * are read as each program reads them; a shell's `-n` (read, never run) runs nothing. null is a
 * program that runs no script (one not listed here, `bun install`).
 */
export function scriptOperands(name: string, args: Word[]): SharedScriptOperands | null {
  const known = _read.get(args);
  if (known?.name === name) return known.code;
  const code = _scriptOperands(name, args);
  // Programs that run no script (most) are answered at once, and kept by no one.
  if (code) _read.set(args, { name, code });
  return code;
}

// Each analysis of a command has its own argument list, which its handler and the line-flow
// passes (written-runs.ts, taint.ts, stdin-code.ts, shadowed-modules.ts, loader-sources.ts, …)
// all pass in: one reading per list (and name: the name typed and the program it runs may differ).
const _read = new WeakMap<Word[], { name: string; code: SharedScriptOperands }>();
const _python = new WeakMap<Word[], { module: Word; args: Word[] } | null>();

function _scriptOperands(name: string, args: Word[]): ScriptOperands | null {
  if (name === "source" || name === ".") return _script(args[0]?.value === "--" ? args[1] : args[0], [], "posix");
  if (SHELL_NAMES.has(name)) return _shell(name, args);
  const language = LANGUAGES[name];
  if (language) return _interpreter(name, language, args);
  if ((POWERSHELLS as readonly string[]).includes(name)) return _powershell(args);
  return _other(name, args);
}

/** The files of code it loads: its preloads and a script that is not stdin. */
export function codeFiles(code: SharedScriptOperands | null): readonly Word[] {
  if (!code) return [];
  return code.script && (code.script.dynamic || stdinPath(code.script) !== "stdin") ? [...code.preloads, code.script] : code.preloads;
}

/** The module `python -m NAME` runs, read as python reads its options. */
export function pythonModule(args: Word[]): Word | undefined {
  return pythonModuleCall(args)?.module;
}

/** `python -m NAME ARGS…`: the module and its own arguments (`-Im venv --clear DIR`: red team 8). */
export function pythonModuleCall(args: Word[]): { module: Word; args: Word[] } | undefined {
  let call = _python.get(args);
  if (call === undefined) {
    const code = _interpreter("python", "python", args);
    _python.set(args, (call = code?.module ? { module: code.module, args: args.slice(code.moduleArgs) } : null));
  }
  return call ?? undefined;
}

const nothing = (language: ScriptOperands["language"], preloads: Word[] = []): ScriptOperands => ({ preloads, stdin: false, language });
const inlined = (code: Word[], language: ScriptOperands["language"], preloads: Word[] = []): ScriptOperands => ({ inline: code, preloads, stdin: false, language });

/** The script operand `a` (none: stdin), after the files loaded first. */
function _script(a: Word | undefined, preloads: Word[], language: ScriptOperands["language"]): ScriptOperands {
  if (!a) return { preloads, stdin: true, language };
  return { script: a, preloads, stdin: !a.dynamic && stdinPath(a) === "stdin", language };
}

// fish runs `--command=TEXT`, `--init-command=TEXT` (and `-C TEXT`) as well as `-c TEXT`.
const FISH_TEXT = /^--(?:init-)?command=/s;

/**
 * A shell's own option parsing (bash's): each `o`/`O` of a cluster (`-o`, `-euo`, `-oe`, `+O`)
 * takes the next word (an option name); `--rcfile`, `--init-file` take a file it loads; with `-c`
 * the first operand is the text run; `-n` reads without running (`bash -n +n` runs); `-s` or no
 * operand reads stdin, the words after `-s` being positional parameters; `--` or `-` ends the
 * options, and so does a computed word.
 */
function _shell(name: string, args: Word[]): ScriptOperands {
  const preloads: Word[] = [];
  let noexec = false;
  let command = false;
  let fromStdin = false;
  let i = 0;
  for (; i < args.length && !fromStdin; i++) {
    const a = args[i]!;
    const v = a.value;
    if (a.dynamic) break;
    if (v === "--" || v === "-") {
      i++;
      break;
    }
    if (v.startsWith("--")) {
      if (name === "fish" && FISH_TEXT.test(v)) return inlined([wordFrom(a, v.indexOf("=") + 1)], "posix");
      if (name === "fish" && (v === "--command" || v === "--init-command")) return inlined(args.slice(i + 1, i + 2), "posix");
      if ((v === "--rcfile" || v === "--init-file") && args[i + 1]) preloads.push(args[++i]!);
      continue;
    }
    if (name === "fish" && /^-[a-zA-Z]*C$/.test(v)) return inlined(args.slice(i + 1, i + 2), "posix");
    if (!/^[-+][a-zA-Z]+$/.test(v)) break;
    if (v.slice(1).includes("n")) noexec = v.startsWith("-");
    if (v.startsWith("-") && v.includes("c")) command = true;
    i += v.replace(/[^oO]/g, "").length;
    if (v.startsWith("-") && v.includes("s")) fromStdin = true;
  }
  if (noexec) return nothing("posix");
  if (command) return inlined(args.slice(i, i + 1), "posix", preloads);
  return fromStdin ? { preloads, stdin: true, language: "posix" } : _script(args[i], preloads, "posix");
}

/**
 * How an interpreter reads its short options: letters that give inline code (the rest of the
 * cluster or the next word), a letter that runs a module, letters that load a file first, letters
 * whose value is the rest of the cluster or the next word, and letters whose value can only be attached.
 */
interface Letters {
  inline: string;
  module?: string;
  preload: string;
  valued: string;
  attached: string;
}
const LETTERS: Partial<Record<Language, Letters>> = {
  // python -c CODE, -m MODULE, -W ARG, -X OPT.
  python: { inline: "c", module: "m", preload: "", valued: "WX", attached: "" },
  // perl -e/-E CODE; -I DIR (attached or not); -M/-m, -x, -C, -l, -0, -i, -F, -d, -D, -V only attached (`perl -x s.pl` runs s.pl).
  perl: { inline: "eE", preload: "", valued: "I", attached: "MmxCl0iFdDV" },
  // ruby -e CODE; -r LIB loads a library; -I DIR, -C DIR, -E ENC; -0, -F, -K, -T, -W, -x only attached.
  ruby: { inline: "e", preload: "r", valued: "ICE", attached: "0FKTWx" },
};
// Options of a word of their own: inline code (the next word, or after `=`), a file loaded first (node's: nodePreload), another value.
const INLINE_WORD: Partial<Record<Language, RegExp>> = { node: /^(?:-e|--eval|-p|--print|-pe)(?:=|$)/, php: /^-[rBRE]/ };
const VALUED_WORD: Partial<Record<Language, RegExp>> = {
  python: /^--check-hash-based-pycs$/,
  node: /^(?:-C|--conditions|--env-file|--title|--input-type)$/,
  ruby: /^--(?:encoding|external-encoding|internal-encoding|enable|disable|dump)$/,
  php: /^-[cdztS]$/,
};
// node's options that load a module before the script (also in NODE_OPTIONS), the value the next
// word or after `=`: true for those that take a `data:` URL too, whose text is the module (option-code.ts).
const NODE_PRELOADS = new Map([["-r", false], ["--require", false], ["--import", true], ["--loader", true], ["--experimental-loader", true]]);

/** A node preload option word (`--require`, `--import=F`): whether it takes a `data:` URL, and its value after `=` (undefined: the next word). */
export function nodePreload(word: string): { dataUrl: boolean; value: string | undefined } | undefined {
  const eq = word.indexOf("=");
  const dataUrl = NODE_PRELOADS.get(eq < 0 ? word : word.slice(0, eq));
  return dataUrl === undefined ? undefined : { dataUrl, value: eq < 0 ? undefined : word.slice(eq + 1) };
}

/** Whether a node option word takes the next word as its value (code, a preload, another value). */
export function nodeValued(word: string): boolean {
  return !word.includes("=") && (INLINE_WORD.node!.test(word) || NODE_PRELOADS.has(word) || VALUED_WORD.node!.test(word));
}

// php -f FILE, -F FILE: the file is the script.
const SCRIPT_OPTION = /^-[fF]$/;

/** The value of option word `a` (`--eval=CODE`, `-rCODE` after `at` letters), or the next word. */
function _value(args: Word[], i: number, at: number): Word | undefined {
  const a = args[i]!;
  const eq = a.value.startsWith("--") ? a.value.indexOf("=") : -1;
  if (eq > 0) return wordFrom(a, eq + 1);
  return at < a.value.length ? wordFrom(a, at) : args[i + 1];
}

/** perl's `-MMOD`/`-mMOD` (the rest of the word) and `-I DIR` at letter `k` of `v`, as `-MMOD`, `-IDIR`. */
function _perlLoad(v: string, k: number, next: Word | undefined, loads: string[]): void {
  const c = v[k];
  if (c === "M" || c === "m") loads.push(`-${v.slice(k)}`);
  else if (c === "I" && k + 1 < v.length) loads.push(`-${v.slice(k)}`);
  else if (c === "I" && next && !next.dynamic) loads.push(`-I${next.value}`);
}

function _interpreter(name: string, language: Language, all: Word[]): ScriptOperands | null {
  // bun and deno have subcommands (`bun install`): only `run` or a file-like operand runs a script;
  // `bun run -`, `deno run -`: the subcommand is not the script.
  const run = (name === "bun" || name === "deno") && all[0]?.value === "run";
  const sub = all.find((a) => !a.value.startsWith("-"));
  if ((name === "bun" || name === "deno") && !run && sub && !sub.dynamic && !/[./]/.test(sub.value)) return null;
  const args = run ? all.slice(1) : all;
  const letters = LETTERS[language];
  const preloads: Word[] = [];
  // perl reads switches after its `-e` code too (`perl -e 1 -I. -MX` loads ./X.pm).
  const loads: string[] = [];
  const ran = (code: ScriptOperands): ScriptOperands => (loads.length ? { ...code, perlLoads: loads } : code);
  let inline: Word[] | undefined;
  const code = (w: Word | undefined) => (inline ??= []).push(...(w ? [w] : []));
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const v = a.value;
    // Operands: after inline code they are its arguments.
    if (inline && (a.dynamic || !v.startsWith("-") || v === "-" || v === "--")) break;
    if (a.dynamic) return ran(_script(a, preloads, language));
    if (v === "-") return ran({ preloads, stdin: true, language });
    if (v === "--") return ran(_script(args[i + 1], preloads, language));
    if (!v.startsWith("-")) return ran(_script(a, preloads, language));
    if (INLINE_WORD[language]?.test(v)) {
      const value = _value(args, i, language === "php" ? 2 : v.length);
      code(value);
      // node and php run one piece of code; the words after it are its arguments.
      break;
    }
    if (language === "node" && nodePreload(v)) {
      const file = _value(args, i, v.length);
      if (file) preloads.push(file);
      if (!v.includes("=")) i++;
      continue;
    }
    if (VALUED_WORD[language]?.test(v)) {
      i++;
      continue;
    }
    if (language === "php" && SCRIPT_OPTION.test(v)) return _script(args[i + 1], preloads, language);
    if (!letters || v.startsWith("--")) continue;
    for (let k = 1; k < v.length; k++) {
      const c = v[k]!;
      if (language === "perl") _perlLoad(v, k, args[i + 1], loads);
      if (letters.attached.includes(c)) break;
      const takes = letters.inline.includes(c) || letters.module?.includes(c) || letters.preload.includes(c) || letters.valued.includes(c);
      if (!takes) continue;
      const value = _value(args, i, k + 1);
      if (k + 1 === v.length) i++;
      if (letters.module?.includes(c)) return value ? { ...nothing(language, preloads), module: value, moduleArgs: i + 1 } : nothing(language, preloads);
      if (letters.inline.includes(c)) code(value);
      else if (letters.preload.includes(c) && value) preloads.push(value);
      break;
    }
    // python's -c: the words after its code are the code's arguments.
    if (inline && language === "python") break;
  }
  return ran(inline ? inlined(inline, language, preloads) : { preloads, stdin: true, language });
}

// pwsh/powershell (shells.ts): `-Command TEXT…` (`-Command -`: stdin) and `-EncodedCommand B64`
// give code; `-File F` runs F; bare words are command text to Windows PowerShell and a script to
// pwsh 7: both are read. Options are case-blind and may start with `/`.
const PS_COMMAND = /^[-/](?:c|co|com|comm|comma|comman|command)$/i;
const PS_ENCODED = /^[-/](?:e|ec|en|enc|encodedcommand|encoded.*)$/i;
const PS_FILE = /^[-/](?:f|fi|fil|file)$/i;
const PS_VALUED = /^[-/](?:executionpolicy|ep|ex|workingdirectory|wd|windowstyle|w|version|v|configurationname|config|outputformat|o|of|inputformat|inp|if|settingsfile|settings|custompipename)$/i;

function _powershell(args: Word[]): ScriptOperands {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.dynamic) return _script(a, [], null);
    if (PS_COMMAND.test(a.value)) return args.length === i + 2 && args[i + 1]!.value === "-" ? { preloads: [], stdin: true, language: null } : inlined(args.slice(i + 1), null);
    if (PS_ENCODED.test(a.value)) {
      const b64 = args[i + 1];
      return inlined(b64 && !b64.dynamic ? [literalWord(Buffer.from(b64.value, "base64").toString("utf16le"))] : b64 ? [b64] : [], null);
    }
    if (PS_FILE.test(a.value)) return _script(args[i + 1], [], null);
    if (PS_VALUED.test(a.value)) i++;
    else if (!/^[-/]/.test(a.value)) return { ..._script(a, [], null), inline: args.slice(i) };
  }
  return { preloads: [], stdin: true, language: null };
}

// Other programs that read program text from stdin when given no script (a REPL or a filter of
// code), whose options the guard reads only roughly (inline-code.ts reads the code of those it
// models). Compared also without a version suffix (`tclsh8.6`, `lua5.4`).
const OTHERS = new Set([...STDIN_CODE_PROGRAMS.filter((n) => n !== "ghc"), "tcsh", "csh", "runghc", "elixir", "iex", "erl", "ed", "ex"]);
// Options whose value is the next word in any of these languages (`lua -l MOD`, `R -f FILE`); a
// flag wrongly taken for one only makes the script a value, still looked at.
const VALUED = /^(-[WXrICFIMolOf]|\+[oO]|--(require|import|loader|rcfile|init-file|directory|conditions))$/;
// Options that give the program its code inline: a C shell's `-c` (also in a cluster), anyone
// else's `-e` (`--eval`, `-le`). An upper-case `-E` is not read as one (lua's ignores the
// environment): a program wrongly taken to read stdin is still judged by what stdin holds.
const INLINE = /^-[a-zA-Z]{0,3}e$|^--(command|eval|print|exec)(=|$)|^-pe?$/;

function _other(name: string, args: Word[]): ScriptOperands | null {
  const base = OTHERS.has(name) ? name : name.replace(/[0-9.]+$/, "");
  if (!OTHERS.has(base)) return null;
  const spec = CODE_OPTIONS[base];
  if (spec) return _codeOptions(spec, args);
  // ed and ex read their commands from stdin; an operand is the file edited.
  if (base === "ed" || base === "ex") return { preloads: [], stdin: true, language: null };
  const preloads: Word[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const v = a.value;
    if (a.dynamic) return _script(a, preloads, null);
    if (/csh$/.test(base) ? /^-[a-zA-Z]*c/.test(v) : INLINE.test(v)) return inlined([], null, preloads);
    if (v === "-") return { preloads, stdin: true, language: null };
    if (v === "--") return _script(args[i + 1], preloads, null);
    if (!v.startsWith("-") && !v.startsWith("+")) return _script(a, preloads, null);
    if (VALUED.test(v) && args[i + 1]) preloads.push(args[++i]!);
  }
  return { preloads, stdin: true, language: null };
}

/**
 * A program whose options inline-code.ts reads (code-options.ts): code options give its code
 * (the operands after it are the code's, but lua and expect run a script after it), file options
 * load a file first, the first operand is the script (`-` or none: stdin), so is a word after `--`
 * and an option word the guard cannot read.
 */
function _codeOptions(spec: CodeOptions, args: Word[]): ScriptOperands {
  const preloads: Word[] = [];
  let inline: Word[] | undefined;
  for (let i = 0; i < args.length; ) {
    const o = codeOption(spec, args, i);
    if (o.kind === "unreadable" || (o.kind === "operand" && (!inline || spec.scriptAfterCode))) {
      const code = args[i]!.value === "-" && !args[i]!.dynamic ? { preloads, stdin: true, language: null } : _script(args[i], preloads, null);
      return inline ? { ...code, inline } : code;
    }
    if (o.kind === "operand") break;
    if (o.kind === "end") return inline ? inlined(inline, null, preloads) : _script(args[o.next], preloads, null);
    if (o.kind === "code") (inline ??= []).push(...(o.value ? [o.value] : []));
    if (o.kind === "file" && o.value) preloads.push(o.value);
    i = o.next;
  }
  return inline ? inlined(inline, null, preloads) : { preloads, stdin: true, language: null };
}
