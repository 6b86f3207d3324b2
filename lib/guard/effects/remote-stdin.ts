import type { SimpleCommand, Word } from "../syntax.ts";
import { stdinOf } from "./stdin.ts";
import { stdinPath } from "./stdin-path.ts";
import { STDIN_CODE_PROGRAMS } from "./stdin-code.ts";

// A pipeline longer than this is not followed back to its source.
const MAX_STAGES = 8;

/**
 * Whether a command's stdin carries data from the network (red team 5): a fetcher's output
 * (`curl URL |`, `< /dev/tcp/…`), a downloaded file (`< f`, `cat f |`), or the output of any
 * stage that read such data (`curl URL | gunzip |`, `| tee log |`, `sed … dl.txt |`): a filter
 * passes on what it was given. `isTainted` tells whether a word names a downloaded file.
 */
export function remoteStdin(cmd: SimpleCommand | undefined, isTainted: (w: Word) => boolean, depth = 0): boolean {
  if (!cmd || depth > MAX_STAGES) return false;
  const stdin = stdinOf(cmd);
  if (stdin.kind === "remote") return true;
  if (stdin.kind === "text" || stdin.kind === "none") return false;
  const redirect = cmd.redirects.filter((r) => r.op === "<" && (r.fd === "" || r.fd === "0")).at(-1);
  if (redirect) return isTainted(redirect.target);
  const from = cmd.pipeFrom;
  if (!from || from.group) return false;
  return from.argv.slice(1).some((w) => !w.value.startsWith("-") && isTainted(w)) || remoteStdin(from, isTainted, depth + 1);
}

/**
 * The files a program writes its stdin into by naming them (red team 5: `curl URL | dd of=y.sh;
 * bash y.sh`): `tee FILE…`, `sponge FILE`, `dd of=FILE` reading stdin, and a copy whose source
 * is stdin (`cp /dev/stdin f`, `install -m755 /dev/stdin f`, `-`). Redirections are the caller's.
 */
export function stdinWrites(name: string, args: Word[]): Word[] {
  const operands = args.filter((a) => !a.value.startsWith("-") || a.value === "-");
  if (name === "tee" || name === "sponge") return operands.filter((a) => a.value !== "-");
  if (name === "dd") {
    const input = args.findLast((a) => a.value.startsWith("if="));
    const output = args.findLast((a) => a.value.startsWith("of="));
    const fromStdin = !input || (!input.dynamic && stdinPath({ ...input, value: input.value.slice(3) }) === "stdin");
    return fromStdin && output ? [{ ...output, value: output.value.slice(3), pattern: output.pattern.slice(3) }] : [];
  }
  if (name === "cp" || name === "install") {
    const sources = operands.slice(0, -1);
    const dest = operands.at(-1);
    return dest && sources.some((a) => !a.dynamic && (a.value === "-" || stdinPath(a) === "stdin")) ? [dest] : [];
  }
  return [];
}

// Programs that read program text from stdin when given no script (a REPL or a filter of code):
// the shells and the modelled interpreters too, and the ones the guard does not read (tclsh,
// Rscript, julia, …). Names are compared in lower case, also without a version suffix (`tclsh8.6`, `lua5.4`).
const STDIN_CODE = new Set([
  "sh", "bash", "zsh", "dash", "ksh", "mksh", "yash", "fish", "tcsh", "csh",
  "python", "node", "nodejs", "perl", "ruby", "php", "lua", "luajit", "tclsh", "wish", "expect",
  "r", "rscript", "julia", "octave", "guile", "sbcl", "clisp", "ecl", "racket", "ghci", "runghc",
  "jshell", "irb", "gnuplot", "dc", "m4", "gdb", "osascript", "pwsh", "powershell", "bun", "deno",
  "tsx", "ts-node", "elixir", "iex", "erl", "scala", "groovy", "ed", "ex",
]);
// The ones whose own handler judges a fetcher piped straight in (shells.ts: `curl URL | bash`;
// stdin-code.ts: `curl URL | tclsh`).
const HANDLED = new Set(["sh", "bash", "zsh", "dash", "ksh", "ash", "mksh", "yash", "fish", "pwsh", "powershell", "python", "pypy", "node", "nodejs", "perl", "ruby", "php", "bun", "deno"]);

/** Whether the program's own handler already judges a fetcher's output piped into it. */
export function judgesPipedFetch(name: string): boolean {
  const lower = name.toLowerCase();
  const base = lower.replace(/[0-9.]+$/, "");
  return HANDLED.has(lower) || HANDLED.has(base) || STDIN_CODE_PROGRAMS.includes(lower) || STDIN_CODE_PROGRAMS.includes(base);
}

// Options whose value is the next word, in any of these languages (`node -r FILE`, `R -f FILE`,
// `bash -o OPT`). A flag wrongly taken for one only makes the script a value, still looked at.
const VALUED = /^(-[WXrICFIMolOf]|\+[oO]|--(require|import|loader|rcfile|init-file|directory|conditions))$/;
// Options that give the program its code inline: stdin is then data. A shell's and python's `-c`
// (also in a cluster: `bash -ec`), php's `-r` (ruby's loads a library), anyone else's `-e`.
const INLINE = /^-[a-zA-Z]{0,3}[eE]$|^--(command|eval|print|exec)(=|$)|^-pe?$/;
const inline = (base: string, v: string) =>
  /sh$|^python$/.test(base) ? /^-[a-zA-Z]*c/.test(v) || /^--(command|init-command)(=|$)/.test(v) : base === "php" ? v === "-r" || INLINE.test(v) : INLINE.test(v);

/**
 * The words that name the code a runner loads (its script operand, and the values of options
 * such as `node -r FILE`), or "stdin" when it reads its code from stdin (`tclsh`, `bun run -`,
 * `Rscript -`, `deno run -`), or null for inline code (`-c`, `-e`) or a program not listed.
 */
export function codeWords(name: string, args: Word[]): Word[] | "stdin" | null {
  const lower = name.toLowerCase();
  const base = STDIN_CODE.has(lower) ? lower : lower.replace(/[0-9.]+$/, "");
  if (!STDIN_CODE.has(base)) return null;
  // ed and ex read their commands from stdin; an operand is the file edited.
  if (base === "ed" || base === "ex") return "stdin";
  const shell = /sh$/.test(base);
  const words: Word[] = [];
  // A shell's `-n` reads without running (`bash -n +n` runs).
  let noexec = false;
  let code: Word[] | "stdin" | null = null;
  // `bun run -`, `deno run -`: the subcommand is not the script.
  for (let i = (base === "bun" || base === "deno") && args[0]?.value === "run" ? 1 : 0; i < args.length && code === null; i++) {
    const a = args[i]!;
    const v = a.value;
    // python's `-m NAME` runs a module (implicit-inputs.ts).
    if (!a.dynamic && (inline(base, v) || (base === "python" && /^-[a-zA-Z]*m/.test(v)))) return null;
    if (a.dynamic) code = [...words, a];
    else if (v === "-") code = "stdin";
    else if (v === "--") code = args[i + 1] ? [...words, args[i + 1]!] : "stdin";
    else if (!v.startsWith("-") && !v.startsWith("+")) code = stdinPath(a) === "stdin" ? "stdin" : [...words, a];
    else if (shell && /^[-+][a-zA-Z]*n/.test(v)) noexec = v.startsWith("-");
    // A shell's -s: commands come from stdin; the words after it are positional parameters.
    if (code === null && shell && /^-[a-zA-Z]*s[a-zA-Z]*$/.test(v)) code = "stdin";
    else if (code === null && VALUED.test(v) && args[i + 1]) words.push(args[++i]!);
  }
  return noexec ? null : (code ?? (words.length ? words : "stdin"));
}
