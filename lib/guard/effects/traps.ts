import { isAbsolute } from "node:path";
import { op, type Op } from "../ops.ts";
import { mayExtdebug } from "../posix/lastpipe.ts";
import { plainPrograms } from "../posix/numeric-output.ts";
import { trapView } from "../posix/trap-points.ts";
import type { Vars } from "../posix/vars.ts";
import { enclosing, type Script, type Word } from "../syntax.ts";
import { analyzeScript } from "./analyze.ts";
import type { Handler } from "./context.ts";
import { BUILTINS } from "./hash-table.ts";
import { programName } from "./names.ts";

/**
 * `trap ACTION CONDITION…`: ACTION runs later, in this shell, and is judged with the variables
 * and directory it may see then (posix/trap-points.ts: a value the line assigns after the trap
 * is unknown, and a relative path is unknown once the line may change directory after it).
 * EXIT's action runs when the shell ends; every other condition's may run between two later
 * commands of the line (DEBUG before each, ERR after a failure, RETURN after a function or
 * `source`, a signal whenever it comes), so an action that may change the shell itself (its
 * directory, variables, options, functions: a builtin other than a few that only report or
 * signal, a function, an assignment) makes what follows unknown (`cd /var/tmp && trap 'cd ~'
 * DEBUG && rm -rf ./*` removes in HOME). With extdebug on (posix/lastpipe.ts), a DEBUG action
 * that returns non-zero skips the next command, whatever the action does (`shopt -s extdebug;
 * trap '[[ $BASH_COMMAND != cd* ]]' DEBUG; cd /var/tmp; rm -rf ./*` removes in the working
 * directory): any DEBUG trap is then unknown. A trap set in a subshell runs when the subshell
 * ends, a later point like any other: the names assigned after the trap (the subshell's own,
 * undone when it closes, too) are unknown to it, and a directory change after it makes its
 * relative paths unknown (`(trap 'kill 0' EXIT; npm run api & npm run web & wait)` passes).
 */
export const trap: Handler = (inv) => {
  const setting = _setting(inv.args);
  if (!setting) return [];
  const { action, conditions } = setting;
  const debug = conditions.some((c) => c.dynamic || /^debug$/i.test(c.value));
  const view = inv.cmd ? trapView(inv.ctx.vars, inv.cmd) : null;
  if (action.dynamic || (debug && mayExtdebug(inv.ctx.vars)) || !view) return [op("unknown", "trap")];
  const midLine = conditions.some((c) => c.dynamic || !EXIT.test(c.value));
  const ops = _withValues(inv.ctx.vars, view.values, () => {
    const script = inv.ctx.parse(action.value, "posix", inv.ctx.depth + 1, inv.ctx.vars);
    return midLine && !_keepsShell(script, action.value, inv.ctx.vars) ? [op("unknown", "trap")] : analyzeScript(script, { ...inv.ctx, depth: inv.ctx.depth + 1 });
  });
  return view.moves && ops.some(_relative) ? [...ops, op("unknown", "trap")] : ops;
};

const EXIT = /^(exit|0)$/i;

/** The action and its conditions; null for a listing (`-p`, `-l`) or a reset (`trap - INT`, `trap INT`) or an ignore (`trap '' INT`). */
function _setting(args: Word[]): { action: Word; conditions: Word[] } | null {
  const [first] = args;
  if (first && !first.dynamic && /^-[lpP]+$/.test(first.value)) return null;
  const [action, ...conditions] = first && !first.dynamic && first.value === "--" ? args.slice(1) : args;
  if (!action || conditions.length === 0 || (!action.dynamic && (action.value === "-" || action.value === ""))) return null;
  return { action, conditions };
}

// Builtins that leave the shell as it is: they print, test, signal or end it.
const KEEPING = new Set(["echo", "true", "false", ":", "kill", "exit", "logout", "jobs", "times", "type", "help", "pwd"]);
// Keywords that may head a command as the parser gives it.
const KEYWORDS = new Set(["[[", "coproc", "function", "select", "time", "!"]);

/**
 * Whether code run between two commands leaves the shell as it was: no assignment (also in a
 * `${x:=…}`, arithmetic or a `{fd}>` redirection), no function defined, and, in a line that may
 * define no function or alias, every command a program or a builtin that only reports, tests,
 * signals or exits (printf without `-v`, wait without `-p`, test without `-v`).
 */
function _keepsShell(script: Script, text: string, vars: Vars): boolean {
  if (/\$\{[^}]*=|\$\(\(|\$\[|\{[A-Za-z_]\w*\}[<>]/.test(text)) return false;
  return script.commands.every((cmd) => {
    const head = cmd.argv[0];
    if (cmd.assigns.length > 0 || cmd.arith !== undefined || (head && head.dynamic)) return false;
    if (enclosing(cmd.scope, (s) => s.kind === "fn")) return false;
    if (!head) return true;
    // A function or alias of any name, builtins' too (also one defined after the trap, or by text
    // read later: an `eval`'s, a `source`d file's), would run in this shell.
    if (!plainPrograms(vars)) return false;
    const name = programName(head);
    if (name === "printf" || name === "wait") return !cmd.argv.some((w) => /^-[a-zA-Z]*[vp]/.test(w.value));
    // `test -v 'a[i=1]'` evaluates the subscript: an assignment.
    if (name === "test" || name === "[") return !cmd.argv.some((w) => w.value === "-v" || w.value === "-R");
    // Any other program runs as a child.
    return KEEPING.has(name) || (!BUILTINS.has(name) && !KEYWORDS.has(name));
  });
}

/** Runs `read` with the variables set to `values`, then puts them back. */
function _withValues<T>(vars: Vars, values: Vars, read: () => T): T {
  const saved = new Map<string, string | null | undefined>();
  for (const [name, value] of values) {
    saved.set(name, vars.get(name));
    vars.set(name, value);
  }
  try {
    return read();
  } finally {
    for (const [name, value] of saved) {
      if (value === undefined) vars.delete(name);
      else vars.set(name, value);
    }
  }
}

/** An op naming a path relative to the directory it runs in. */
function _relative(o: Op): boolean {
  return [...o.targets, ...(o.sources ?? []), ...(o.dest ? [o.dest] : [])].some((w) => !w.dynamic && !isAbsolute(w.value));
}
