import type { Word } from "../syntax.ts";
import { wordFrom } from "./getopt.ts";
import type { Language } from "./interpreters.ts";
import { LANGUAGES, POWERSHELLS, SHELL_NAMES, STDIN_CODE_PROGRAMS } from "./runner-names.ts";
import { stdinPath } from "./stdin-path.ts";

/** The code a runner loads from files or stdin (scriptOperands). */
export interface ScriptOperands {
  /** Its script, and the files it loads before it (`node -r F`, `ruby -rF`, `bash --rcfile F`); a computed word where its options stop being readable (it may be the script). */
  words: Word[];
  /** Whether it reads code from stdin: no script, `-`, a stdin path (`/dev/stdin`), a shell's `-s`. */
  stdin: boolean;
  /** What it reads the code as: a shell's (posix), a modelled interpreter's language, or null (a language the guard does not read). */
  language: Language | "posix" | null;
  /** The module `python -m NAME` runs (`-mNAME`, `-Im NAME` too): loader-sources.ts and implicit-inputs.ts name its files. */
  module?: Word;
}

/**
 * Which operands of a shell or interpreter are the code it runs: the one reading for the line-flow
 * passes (written-runs.ts runs a file the line wrote, taint.ts a download, stdin-code.ts an
 * unread script, loader-sources.ts and implicit-inputs.ts the module of `python -m`). Inline code (`-c`, `-e`, `python -m`, `php -r`) and a shell's `-n` (read, never
 * run) leave no script; null is a program that runs no script (not listed here).
 */
export function scriptOperands(name: string, args: Word[]): ScriptOperands | null {
  if (name === "source" || name === ".") {
    const file = args[0]?.value === "--" ? args[1] : args[0];
    return { words: file ? [file] : [], stdin: false, language: "posix" };
  }
  if (SHELL_NAMES.has(name)) return _shell(name, args);
  const language = LANGUAGES[name];
  if (language) return _interpreter(name, language, args);
  if ((POWERSHELLS as readonly string[]).includes(name)) return _powershell(args);
  return _other(name, args);
}

const none = (language: ScriptOperands["language"], words: Word[] = []): ScriptOperands => ({ words, stdin: false, language });

/** The script operand `a` (after any `words` loaded first): stdin when it names stdin. */
function _script(a: Word | undefined, words: Word[], language: ScriptOperands["language"]): ScriptOperands {
  if (a && (a.dynamic || stdinPath(a) !== "stdin")) return { words: [...words, a], stdin: false, language };
  return { words, stdin: true, language };
}

// fish runs `--command=TEXT`, `--init-command=TEXT` (and `-C TEXT`) as well as `-c TEXT`.
const FISH_TEXT = /^--(?:init-)?command(?:=|$)/;

/**
 * A shell's own option parsing (bash's): each `o`/`O` of a cluster (`-o`, `-euo`, `+O`) takes the
 * next word (an option name); `--rcfile`, `--init-file` take a file it loads; `-c` runs text (the
 * shell handler's); `-n` reads without running (`bash -n +n` runs); `-s` or no operand reads
 * stdin, the words after `-s` being positional parameters; `--` or `-` ends the options.
 */
function _shell(name: string, args: Word[]): ScriptOperands {
  const words: Word[] = [];
  let noexec = false;
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i]!;
    const v = a.value;
    if (a.dynamic) return noexec ? none("posix") : _script(a, words, "posix");
    if (v === "--" || v === "-") {
      i++;
      break;
    }
    if (v.startsWith("--")) {
      if (name === "fish" && FISH_TEXT.test(v)) return none("posix");
      if ((v === "--rcfile" || v === "--init-file") && args[i + 1]) words.push(args[++i]!);
      continue;
    }
    if (!/^[-+][a-zA-Z]+$/.test(v)) break;
    if (v.startsWith("-") && (v.includes("c") || (name === "fish" && v.includes("C")))) return none("posix");
    if (v.slice(1).includes("n")) noexec = v.startsWith("-");
    i += v.replace(/[^oO]/g, "").length;
    if (v.startsWith("-") && v.includes("s")) return noexec ? none("posix") : { words, stdin: true, language: "posix" };
  }
  return noexec ? none("posix") : _script(args[i], words, "posix");
}

/**
 * How an interpreter reads its short options: letters that give inline code, a letter that runs a
 * module (python's `-m`: loader-sources.ts), letters that load a file first, letters whose value is
 * the rest of the cluster or the next word, and letters whose value can only be attached.
 */
interface Letters {
  inline: string;
  module?: string;
  preload: string;
  valued: string;
  attached: string;
}
const LETTERS: Partial<Record<Language, Letters>> = {
  // python -W ARG, -X OPT; -c CODE, -m MODULE (each the rest of the cluster or the next word).
  python: { inline: "c", module: "m", preload: "", valued: "WX", attached: "" },
  // perl -e/-E CODE; -I DIR (attached or not); -M/-m, -x, -C, -l, -0, -i, -F, -d, -D, -V only attached (`perl -x s.pl` runs s.pl).
  perl: { inline: "eE", preload: "", valued: "I", attached: "MmxCl0iFdDV" },
  // ruby -e CODE; -r LIB loads a library; -I DIR, -C DIR, -E ENC; -0, -F, -K, -T, -W, -x only attached.
  ruby: { inline: "e", preload: "r", valued: "ICE", attached: "0FKTWx" },
};
// Long options (and php's and node's single-word ones): inline code, a file loaded first, another value.
const INLINE_LONG: Partial<Record<Language, RegExp>> = { node: /^(?:-e|--eval|-p|--print|-pe)$|^--(?:eval|print)=/s, php: /^-[rBRE]/ };
const PRELOAD_LONG: Partial<Record<Language, RegExp>> = { node: /^(?:-r|--require|--import|--loader|--experimental-loader)(?:=|$)/ };
const VALUED_LONG: Record<Language, RegExp> = {
  python: /^--check-hash-based-pycs$/,
  node: /^(?:-C|--conditions|--env-file|--title|--input-type)$/,
  perl: /^$/,
  ruby: /^--(?:encoding|external-encoding|internal-encoding|enable|disable|dump)$/,
  php: /^-[cdztS]$/,
};
// php -f FILE, -F FILE: the file is the script.
const SCRIPT_OPTION = /^-[fF]$/;

function _interpreter(name: string, language: Language, all: Word[]): ScriptOperands | null {
  // bun and deno have subcommands (`bun install`): only `run` or a file-like operand runs a script;
  // `bun run -`, `deno run -`: the subcommand is not the script.
  const run = (name === "bun" || name === "deno") && all[0]?.value === "run";
  const sub = all.find((a) => !a.value.startsWith("-"));
  if ((name === "bun" || name === "deno") && !run && sub && !sub.dynamic && !/[./]/.test(sub.value)) return null;
  const args = run ? all.slice(1) : all;
  const letters = LETTERS[language];
  const words: Word[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const v = a.value;
    if (a.dynamic) return _script(a, words, language);
    if (v === "-") return { words, stdin: true, language };
    if (v === "--") return _script(args[i + 1], words, language);
    if (!v.startsWith("-")) return _script(a, words, language);
    if (INLINE_LONG[language]?.test(v)) return none(language, words);
    const preload = PRELOAD_LONG[language]?.exec(v);
    if (preload) {
      const file = v.includes("=") ? wordFrom(a, v.indexOf("=") + 1) : args[++i];
      if (file) words.push(file);
      continue;
    }
    if (VALUED_LONG[language].test(v)) {
      i++;
      continue;
    }
    if (language === "php" && SCRIPT_OPTION.test(v)) return _script(args[i + 1], words, language);
    if (!letters || v.startsWith("--")) continue;
    for (let k = 1; k < v.length; k++) {
      const c = v[k]!;
      if (letters.inline.includes(c)) return none(language, words);
      if (letters.module?.includes(c)) return { ...none(language, words), module: k + 1 < v.length ? wordFrom(a, k + 1) : args[i + 1] };
      if (letters.attached.includes(c)) break;
      if (!letters.preload.includes(c) && !letters.valued.includes(c)) continue;
      const value = k + 1 < v.length ? wordFrom(a, k + 1) : args[++i];
      if (value && letters.preload.includes(c)) words.push(value);
      break;
    }
  }
  return { words, stdin: true, language };
}

// pwsh/powershell (shells.ts): `-Command`, `-EncodedCommand` give code; `-File F` runs F, as does
// a first bare word (pwsh 7; Windows PowerShell reads it as command text, also not stdin).
const PS_INLINE = /^[-/](?:c|co|com|comm|comma|comman|command|e|ec|en|enc|encodedcommand|encoded.*)$/i;
const PS_FILE = /^[-/](?:f|fi|fil|file)$/i;
const PS_VALUED = /^[-/](?:executionpolicy|ep|ex|workingdirectory|wd|windowstyle|w|version|v|configurationname|config|outputformat|o|of|inputformat|inp|if|settingsfile|settings|custompipename)$/i;

function _powershell(args: Word[]): ScriptOperands {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a.dynamic) return _script(a, [], null);
    if (PS_INLINE.test(a.value)) return none(null);
    if (PS_FILE.test(a.value)) return _script(args[i + 1], [], null);
    if (PS_VALUED.test(a.value)) i++;
    else if (!/^[-/]/.test(a.value)) return _script(a, [], null);
  }
  return { words: [], stdin: true, language: null };
}

// Other programs that read program text from stdin when given no script (a REPL or a filter of
// code), whose options the guard reads only roughly. Compared also without a version suffix (`tclsh8.6`, `lua5.4`).
const OTHERS = new Set([...STDIN_CODE_PROGRAMS.filter((n) => n !== "ghc"), "tcsh", "csh", "runghc", "tsx", "ts-node", "elixir", "iex", "erl", "ed", "ex"]);
// Options whose value is the next word in any of these languages (`lua -l MOD`, `R -f FILE`); a
// flag wrongly taken for one only makes the script a value, still looked at.
const VALUED = /^(-[WXrICFIMolOf]|\+[oO]|--(require|import|loader|rcfile|init-file|directory|conditions))$/;
// Options that give the program its code inline: stdin is then data. A C shell's `-c` (also in a
// cluster), anyone else's `-e` (`--eval`, `-E`).
const INLINE = /^-[a-zA-Z]{0,3}[eE]$|^--(command|eval|print|exec)(=|$)|^-pe?$/;

function _other(name: string, args: Word[]): ScriptOperands | null {
  const base = OTHERS.has(name) ? name : name.replace(/[0-9.]+$/, "");
  if (!OTHERS.has(base)) return null;
  // ed and ex read their commands from stdin; an operand is the file edited.
  if (base === "ed" || base === "ex") return { words: [], stdin: true, language: null };
  const words: Word[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const v = a.value;
    if (a.dynamic) return _script(a, words, null);
    if (/csh$/.test(base) ? /^-[a-zA-Z]*c/.test(v) : INLINE.test(v)) return none(null, words);
    if (v === "-") return { words, stdin: true, language: null };
    if (v === "--") return _script(args[i + 1], words, null);
    if (!v.startsWith("-") && !v.startsWith("+")) return _script(a, words, null);
    if (VALUED.test(v) && args[i + 1]) words.push(args[++i]!);
  }
  return { words, stdin: true, language: null };
}

/** The module `python -m NAME` runs, read as python reads its options; undefined when it runs none. */
export function pythonModule(args: Word[]): Word | undefined {
  return _interpreter("python", "python", args)?.module;
}
