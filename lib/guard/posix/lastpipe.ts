import type { SimpleCommand, Word } from "../syntax.ts";
import type { Vars } from "./vars.ts";

/**
 * bash runs every stage of a pipeline in a subshell, the last one too, unless `shopt -s
 * lastpipe` is on (and job control off, as in `bash -c`): then the last stage runs in the shell
 * itself and its `read`, assignments and `cd` stay (`shopt -s lastpipe; echo ~ | read P` sets
 * P). Once a command of the line may turn the option on, the last stage of each later pipeline
 * is code that may or may not change the shell (its variables and directory become unknown).
 * "May turn it on": a word that spells `lastpipe` (quotes and backslashes aside), `shopt` with
 * a computed argument, and code the parser does not see here (`eval`, `alias`, `source`).
 */
const _on = new WeakMap<Vars, boolean>();
const UNSEEN = new Set(["eval", "alias", "source", "."]);

/** After a finished command: whether it may turn lastpipe on. */
export function noteLastpipe(vars: Vars, cmd: SimpleCommand): void {
  if (_on.get(vars)) return;
  const head = cmd.argv[0];
  if (!head) return;
  const spelled = cmd.argv.some(_spellsLastpipe);
  const computed = head.dynamic || (head.value === "shopt" && cmd.argv.some((w, i) => i > 0 && w.dynamic));
  if (spelled || computed || UNSEEN.has(head.value)) _on.set(vars, true);
}

/** bash started with BASHOPTS holding lastpipe in its environment turns the option on. */
export function noteEnvironmentLastpipe(vars: Vars, bashopts: string | undefined): void {
  if (bashopts?.split(":").includes("lastpipe")) _on.set(vars, true);
}

/** A word spelling `lastpipe` once quotes and backslashes are dropped (without a new string when it holds none). */
function _spellsLastpipe(w: Word): boolean {
  const v = w.value;
  return v.includes("lastpipe") || (/[\\'"]/.test(v) && v.replace(/[\\'"]/g, "").includes("lastpipe"));
}

/** Whether lastpipe may be on for a pipeline parsed now. */
export function mayLastpipe(vars: Vars): boolean {
  return _on.get(vars) === true;
}
