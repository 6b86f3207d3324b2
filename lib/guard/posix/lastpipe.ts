import type { SimpleCommand } from "../syntax.ts";
import type { Vars } from "./vars.ts";

/**
 * Shell options the line may turn on that change how the guard reads it. `lastpipe`: bash runs
 * every stage of a pipeline in a subshell, the last one too, unless `shopt -s lastpipe` is on
 * (and job control off, as in `bash -c`): then the last stage runs in the shell itself and its
 * `read`, assignments and `cd` stay (`shopt -s lastpipe; echo ~ | read P` sets P). Once a command
 * of the line may turn the option on, the last stage of each later pipeline is code that may or
 * may not change the shell (its variables and directory become unknown). `extdebug` (also
 * `bash --debugger`): a DEBUG trap whose action returns non-zero skips the command it runs
 * before (effects/traps.ts); it matters wherever in the line it is turned on, before the trap
 * or after it. "May turn it on": a word that spells the option (quotes and backslashes aside,
 * in the arguments or in an assignment such as `BASHOPTS=extdebug bash -c …`), a computed
 * command name or `shopt` argument, and code the parser does not see here (`eval`, `alias`,
 * `source`).
 */
type ShellOption = "lastpipe" | "extdebug";
const SPELLINGS: ReadonlyArray<{ option: ShellOption; names: string[] }> = [
  { option: "lastpipe", names: ["lastpipe"] },
  { option: "extdebug", names: ["extdebug", "debugger"] },
];
const _on = new WeakMap<Vars, Set<ShellOption>>();
const UNSEEN = new Set(["eval", "alias", "source", "."]);

/** After a finished command: the options it may turn on. */
export function noteShellOptions(vars: Vars, cmd: SimpleCommand): void {
  if (!cmd.argv[0]) return;
  if (mayTurnOnAny(cmd)) {
    for (const { option } of SPELLINGS) _turnOn(vars, option);
    return;
  }
  // Most words spell no option: the line's record is looked up only for one that may.
  for (const w of cmd.argv) if (maySpellOption(w.value)) _noteSpelled(vars, w.value);
  for (const a of cmd.assigns) if (maySpellOption(a.value.value)) _noteSpelled(vars, a.value.value);
}

/** A command that may turn on any option: a computed name or `shopt` argument, code the parser does not see here. */
export function mayTurnOnAny(cmd: SimpleCommand): boolean {
  const head = cmd.argv[0];
  return head !== undefined && (head.dynamic || (head.value === "shopt" && cmd.argv.some((w, i) => i > 0 && w.dynamic)) || UNSEEN.has(head.value));
}

/** bash started with BASHOPTS holding an option in its environment turns it on. */
export function noteEnvironmentOptions(vars: Vars, bashopts: string | undefined): void {
  if (!bashopts) return;
  const given = bashopts.split(":");
  for (const { option } of SPELLINGS) if (given.includes(option)) _turnOn(vars, option);
}

function _turnOn(vars: Vars, option: ShellOption): void {
  const on = _on.get(vars);
  if (on) on.add(option);
  else _on.set(vars, new Set([option]));
}

// Every spelling is this long and made of letters: a word spells one once its quotes and
// backslashes are dropped only when it is as long and holds the spelling itself or one of those.
const SPELLING_LENGTH = 8;
const _MAY_SPELL = new RegExp([...SPELLINGS.flatMap((s) => s.names), "[\\\\'\"]"].join("|"));

/** Whether a word's value may spell an option once its quotes and backslashes are dropped. */
export function maySpellOption(v: string): boolean {
  return v.length >= SPELLING_LENGTH && _MAY_SPELL.test(v);
}

/**
 * Turns on the options a word's value (an argument or an assigned value) spells once quotes and
 * backslashes are dropped (a spelling holds none of them, so the value itself is searched when it
 * holds none: no new string).
 */
function _noteSpelled(vars: Vars, v: string): void {
  if (_on.get(vars)?.size === SPELLINGS.length) return;
  const bare = /[\\'"]/.test(v) ? v.replace(/[\\'"]/g, "") : v;
  for (const { option, names } of SPELLINGS) {
    for (const n of names) {
      if (!bare.includes(n)) continue;
      _turnOn(vars, option);
      break;
    }
  }
}

/** Whether lastpipe may be on for a pipeline parsed now. */
export function mayLastpipe(vars: Vars): boolean {
  return _on.get(vars)?.has("lastpipe") === true;
}

/** Whether extdebug may be on in the line (every command of it parsed so far). */
export function mayExtdebug(vars: Vars): boolean {
  return _on.get(vars)?.has("extdebug") === true;
}
