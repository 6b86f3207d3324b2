import type { Language } from "./interpreters.ts";

// The names of the programs that run code, in one place for the registry (programs.ts) and the
// line-flow passes (script-operands.ts, written-runs.ts, taint.ts, remote-stdin.ts). A small module
// of its own: the passes read these names for every command, and loading them must not load the
// analysers, which the registry loads on first use (lazy-handler.ts). Names are as `programName`
// gives them (names.ts folds `rbash`, `posh`, `bash5.2`, `python3`, `node20` into these).

/** The shells shells.ts judges: each runs a script operand, or stdin without one. */
export const SHELLS = ["sh", "bash", "zsh", "dash", "ksh", "ash", "mksh", "yash", "fish"] as const;
export const SHELL_NAMES: ReadonlySet<string> = new Set(SHELLS);

/** The interpreters whose language the guard reads (interpreters.ts). */
export const LANGUAGES: Readonly<Record<string, Language>> = { python: "python", pypy: "python", node: "node", nodejs: "node", bun: "node", deno: "node", tsx: "node", "ts-node": "node", perl: "perl", ruby: "ruby", php: "php" };

/** awk's names (runners.ts judges them; env-output.ts and later-writes.ts read their programs). */
export const AWKS = ["awk", "gawk", "mawk", "nawk", "original-awk", "busybox-awk"] as const;
export const AWK_NAMES: ReadonlySet<string> = new Set(AWKS);

/** PowerShell's names (shells.ts reads its `-Command` text). */
export const POWERSHELLS = ["pwsh", "powershell"] as const;

/**
 * Shells whose language is not POSIX sh (the C shells, nushell, elvish, xonsh, rc, es, Oils'
 * ysh, ion, murex, scsh): their code (`-c`, stdin, a script the line wrote) is not read, as
 * tclsh's is not (session 7: `tcsh -c 'rm -rf ~'` was ALLOW_NO_EFFECT).
 */
export const FOREIGN_SHELLS = ["tcsh", "csh", "nu", "elvish", "xonsh", "rc", "es", "ysh", "oil", "ion", "murex", "scsh"] as const;

/**
 * Interpreters whose language the guard does not read, that run the code on their stdin when no
 * script is named (stdin-code.ts judges them).
 */
export const STDIN_CODE_PROGRAMS = [
  "tclsh", "wish", "expect", "dc", "m4", "r", "rscript", "octave", "octave-cli", "guile", "sbcl", "clisp", "ecl", "ghci", "jshell",
  "irb", "lua", "luajit", "lua5.1", "lua5.2", "lua5.3", "lua5.4", "gnuplot", "gdb", "julia", "racket", "swipl", "scala", "groovy",
  "pike", "tclsh8.6", "wish8.6", "osascript", "ghc", "elixir", "erl", "raku",
  ...FOREIGN_SHELLS,
];
