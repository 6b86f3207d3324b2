import { op } from "../ops.ts";
import type { SimpleCommand } from "../syntax.ts";
import { shellQuote } from "../shell-quote.ts";
import type { AnalyzeContext, Handler } from "./context.ts";

/**
 * Bash's hash table (`hash -p PATH NAME`) as bash consults it: a builtin (what `type -t` calls
 * builtin) is found before the table, so hashing a builtin's name changes nothing unless the line
 * disables builtins with `enable`; assigning PATH (or `hash -r`) in the shell itself empties the
 * table, so a hashed name is looked up in PATH again. A hashed name is modelled as an alias for
 * its path (shells.ts).
 */
export const BUILTINS: ReadonlySet<string> = new Set(
  ". : [ alias bg bind break builtin caller cd command compgen complete compopt continue declare dirs disown echo enable eval exec exit export false fc fg getopts hash help history jobs kill let local logout mapfile popd printf pushd pwd read readarray readonly return set shift shopt source suspend test times trap true type typeset ulimit umask unalias unset wait".split(
    " ",
  ),
);
// `local` is not listed: outside a function it fails and assigns nothing (the table stays).
const DECLARERS = new Set(["export", "declare", "typeset", "readonly"]);

/** hash -p PATH NAME: later commands named NAME run the program at PATH (a builtin's name aside). */
export const hashPath: Handler = (inv) => {
  const { args, ctx } = inv;
  if (args.some((a) => !a.dynamic && /^-[a-zA-Z]*r/.test(a.value))) {
    if (_definite(inv.cmd, ctx)) clearHashTable(ctx);
  }
  // `-p PATH` also ends a cluster (`hash -rp PATH NAME` empties the table, then adds NAME).
  const at = args.findIndex((a) => /^-[a-zA-Z]*p$/.test(a.value));
  const [path, name] = [args[at + 1], args.slice(at + 2).find((a) => a.dynamic || !a.value.startsWith("-"))];
  if (at < 0 || !path || !name) return [];
  if (path.dynamic || name.dynamic) return [op("unknown", "hash")];
  const key = name.value.toLowerCase();
  const text = shellQuote(path.value);
  (ctx.state.hashed ??= new Map()).set(key, text);
  if (!BUILTINS.has(name.value) || ctx.state.builtinsChanged) (ctx.state.aliases ??= new Map()).set(key, text);
  return [];
};

/**
 * `enable`: `-n NAME` disables a builtin, so a hashed builtin name runs the hashed program;
 * `-f FILE` loads a builtin from a shared object, code the guard cannot see (unknown).
 */
export const enable: Handler = ({ args, ctx }) => {
  ctx.state.builtinsChanged = true;
  for (const [key, text] of ctx.state.hashed ?? []) (ctx.state.aliases ??= new Map()).set(key, text);
  return args.some((a) => a.dynamic || /^-[a-zA-Z]*f/.test(a.value)) ? [op("unknown", "enable")] : [];
};

/**
 * Bash's BASH_CMDS array is the hash table (`BASH_CMDS[ls]=/bin/rm` makes `ls` run rm) and
 * BASH_ALIASES the alias table; a command that names either (an assignment, `read`, `printf -v`,
 * a name reference, a declaration) may rename any program: unknown (analyze.ts).
 */
export function namesHashTable(cmd: SimpleCommand): boolean {
  // Plain loops, no closure, copied word or answer list: this runs for every command of every line.
  for (const w of cmd.argv) if (_namesTable(w.value)) return true;
  for (const a of cmd.assigns) if (_namesTable(a.name) || _namesTable(a.value.value)) return true;
  for (const r of cmd.redirects) if (_namesTable(r.target.value)) return true;
  return false;
}

function _namesTable(text: string): boolean {
  return text.includes("BASH_CMDS") || text.includes("BASH_ALIASES");
}

/** A PATH assignment in the shell itself (`PATH=…`, `export PATH=…`) empties the table. */
export function noteHashReset(cmd: SimpleCommand, ctx: AnalyzeContext): void {
  if (!ctx.state.hashed?.size || !_definite(cmd, ctx)) return;
  const [head, ...rest] = cmd.argv;
  const assigns = head ? !head.dynamic && DECLARERS.has(head.value) && rest.some((w) => /^PATH\+?=/.test(w.value)) : cmd.assigns.some((a) => a.name === "PATH");
  if (assigns) clearHashTable(ctx);
}

function clearHashTable(ctx: AnalyzeContext): void {
  for (const key of ctx.state.hashed?.keys() ?? []) if (ctx.state.aliases?.get(key) === ctx.state.hashed!.get(key)) ctx.state.aliases!.delete(key);
  ctx.state.hashed?.clear();
}

/**
 * Whether `cmd` certainly runs in the line's own shell before the commands after it: not in a
 * subshell, branch, loop or function body, and not in nested text (`bash -c` is another shell).
 */
function _definite(cmd: SimpleCommand | undefined, ctx: AnalyzeContext): boolean {
  return cmd !== undefined && ctx.depth === 0 && cmd.frame === undefined && cmd.concurrent === undefined;
}
