import type { Word } from "../syntax.ts";
import type { CodeLanguage } from "./code-lexer.ts";
import { FOREIGN_SHELLS } from "./runner-names.ts";

/*
 * How the interpreters of languages the guard reads by pattern take code on their command line:
 * one table for inline-code.ts (which reads the code) and script-operands.ts (which names the
 * script operand, for inline-code.ts and the line-flow passes). A small module of its own, loaded
 * without the code readers (runner-names.ts says why).
 */

/** What reads a program's code (inline-code.ts); `unread`: a language the guard does not read at all. */
export type Reader = CodeLanguage | "gdb" | "tcl" | "dc" | "gnuplot" | "jxa" | "unread";

export interface CodeOptions {
  reader: Reader;
  /** Options whose value is code (the next word, or `--opt=CODE`). */
  code: RegExp;
  /** Short options that take code attached (`-eCODE`). */
  attached?: string;
  /** Options whose value is a file of code. */
  file?: RegExp;
  /** Options whose value is another word, skipped. */
  valued?: RegExp;
  /** The first operand is a script file (its words after it are the script's) that inline-code.ts reads. */
  script?: boolean;
  /** Code options run before the script rather than instead of it (`lua -e CODE x.lua`, `expect -c CMDS x.exp`). */
  scriptAfterCode?: boolean;
  /** Long options take one dash too (getopt_long_only): `-ex=CODE` is `--ex=CODE`. */
  longOnly?: boolean;
}

export const CODE_OPTIONS: Record<string, CodeOptions> = {
  r: { reader: "r", code: /^-e$/, attached: "-e", file: /^(?:-f|--file)$/, valued: /^--(?:encoding|max-ppsize)$/ },
  rscript: { reader: "r", code: /^-e$/, attached: "-e", script: true },
  lua: { reader: "lua", code: /^-e$/, attached: "-e", valued: /^-l$/, script: true, scriptAfterCode: true },
  julia: { reader: "julia", code: /^(?:-e|--eval|-E|--print)$/, attached: "-e", file: /^(?:-L|--load)$/, valued: /^(?:-[ptJCOHg]|--(?:threads|procs|sysimage|cpu-target|home|machine-file|project|depwarn|optimize|startup-file|history-file|compile|code-coverage|track-allocation|check-bounds|color|banner|inline|math-mode|warn-overwrite|handle-signals|min-optlevel|heap-size-hint|gcthreads))$/, script: true },
  octave: { reader: "octave", code: /^--eval$/, valued: /^(?:-p|--path|--exec-path|--image-path|--info-file|--info-program|--doc-cache-file|--texi-macros-file)$/, script: true },
  expect: { reader: "tcl", code: /^-c$/, attached: "-c", file: /^-f$/, script: true, scriptAfterCode: true },
  guile: { reader: "lisp", code: /^-c$/, file: /^-l$/, valued: /^(?:-e|-L|-C|-x)$/, script: true },
  sbcl: { reader: "lisp", code: /^--eval$/, file: /^(?:--load|--script)$/, valued: /^(?:--core|--dynamic-space-size|--control-stack-size|--tls-limit)$/ },
  clisp: { reader: "lisp", code: /^-x$/, file: /^-i$/, valued: /^(?:-M|-m|-L|-E\w*|-B|-p|-C)$/, script: true },
  ecl: { reader: "lisp", code: /^--?eval$/, file: /^--?(?:load|shell)$/ },
  racket: { reader: "lisp", code: /^(?:-[a-zA-Z]*e|--eval)$/, file: /^(?:-[a-zA-Z]*[frt]|--(?:load|require|require-script))$/, valued: /^(?:-[a-zA-Z]*[lpSAWLkX]|--(?:lib|name|collects|search|syslog|stdout|stderr))$/ },
  ghc: { reader: "haskell", code: /^-e$/ },
  ghci: { reader: "haskell", code: /^-e$/ },
  osascript: { reader: "applescript", code: /^-e$/, valued: /^-[ls]$/, script: true },
  dc: { reader: "dc", code: /^(?:-e|--expression)$/, attached: "-e", file: /^(?:-f|--file)$/ },
  gnuplot: { reader: "gnuplot", code: /^(?:-e|--eval)$/, valued: /^(?:-c)$/ },
  // Languages read not at all: their inline code is unknown (red team 13: `groovy -e
  // '"rm -rf /home".execute()'`, `erl -eval 'os:cmd(…)'`, `raku -e 'shell …'` were ALLOW).
  groovy: { reader: "unread", code: /^-e$/, valued: /^(?:-cp|-classpath|--classpath|-c|--encoding|-b|--basescript|--configscript|-D|--define)$/, script: true },
  scala: { reader: "unread", code: /^-e$/, valued: /^(?:-cp|-classpath|-toolcp)$/, script: true },
  elixir: { reader: "unread", code: /^(?:-e|--eval)$/, file: /^(?:-r|-pr)$/, valued: /^(?:-pa|-pz|--erl|--sname|--name|--cookie|--logger-otp-reports|--logger-sasl-reports)$/, script: true },
  erl: { reader: "unread", code: /^-eval$/, longOnly: true },
  raku: { reader: "unread", code: /^-e$/, attached: "-e", valued: /^-[IM]$/, script: true },
  // gdb takes any unique prefix: `-init-e` … `-init-eval-command`, `-eval` … `-eval-command`.
  gdb: { reader: "gdb", code: /^--?(?:ex|iex|eval(?:-(?:c[\w-]*)?)?|init-e[\w-]*)$/, file: /^--?(?:x|ix|com\w*|init-c\w*)$/, valued: /^--?(?:p|pid|c|core|cd|d|directory|s|se|symbols|e|exec|tty|b|l|D|data-directory|i|interpreter)$/, longOnly: true },
};
for (const alias of ["luajit", "lua5.1", "lua5.2", "lua5.3", "lua5.4"]) CODE_OPTIONS[alias] = CODE_OPTIONS.lua!;
CODE_OPTIONS["octave-cli"] = CODE_OPTIONS.octave!;
// The shells of other languages (runner-names.ts FOREIGN_SHELLS): `-c` (anywhere in a cluster,
// `tcsh -fc`, `tcsh -cf`), nushell's `--commands`/`-e`/`--execute`, and start-up files named on the
// command line.
const FOREIGN_SHELL: CodeOptions = { reader: "unread", code: /^(?:-[a-zA-Z]*c[a-zA-Z]*|--commands?|-e|--execute)$/, file: /^--(?:config|env-config|rc|rcfile)$/, script: true };
for (const shell of FOREIGN_SHELLS) CODE_OPTIONS[shell] = FOREIGN_SHELL;

/**
 * One word of such a command line: `end` (`--`, gdb's `--args`), code (`-e CODE`, `-eCODE`,
 * `--eval=CODE`), a file of code, another option's value, an option word the guard cannot read
 * (`-$X`), an operand (`-` too) or a flag. `value` is the option's value, `next` the word after it.
 */
interface CodeOption {
  kind: "end" | "code" | "file" | "valued" | "unreadable" | "operand" | "flag";
  /** The option's name (`--eval` of `--eval=CODE`). */
  name: string;
  value?: Word;
  next: number;
}

/** Reads `args[i]` as program `spec` reads its options. */
export function codeOption(spec: CodeOptions, args: Word[], i: number): CodeOption {
  const a = args[i]!;
  const v = a.value;
  // (`-e"$C"` may be any option, `-e` with its code attached among them.)
  if (a.dynamic && v.startsWith("-")) return { kind: "unreadable", name: v, next: i + 1 };
  if (v === "--" || v === "--args") return { kind: "end", name: v, next: i + 1 };
  const eq = v.indexOf("=");
  const name = (v.startsWith("--") || (spec.longOnly && v.startsWith("-"))) && eq > 0 ? v.slice(0, eq) : v;
  const valued = (kind: CodeOption["kind"]): CodeOption => (name !== v ? { kind, name, value: { ...a, value: v.slice(eq + 1) }, next: i + 1 } : { kind, name, value: args[i + 1], next: i + 2 });
  if (spec.code.test(name)) return valued("code");
  if (spec.attached && v.startsWith(spec.attached) && v.length > spec.attached.length) return { kind: "code", name: spec.attached, value: { ...a, value: v.slice(spec.attached.length) }, next: i + 1 };
  if (spec.file?.test(name)) return valued("file");
  if (spec.valued?.test(name)) return valued("valued");
  return { kind: !v.startsWith("-") || v === "-" ? "operand" : "flag", name, next: i + 1 };
}
