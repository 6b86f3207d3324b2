import { ANY_VARIABLE, type SimpleCommand, type Word } from "../syntax.ts";
import { nameOperands } from "./name-operands.ts";
import { keptPathOf } from "./path-var.ts";
import type { RawWords } from "./raw-words.ts";
import { SSH_AGENT_NAMES, sshAgentEval } from "./ssh-agent-eval.ts";
import { noteHeredocReader } from "./heredoc.ts";
import { addEnvSources, addOrigin, aimedAnywhere, arrayName, assign, assignKeeping, DECLARERS, envSources, forgetAll, forgetAny, isNameref, keepEnvValue, noteCased, noteNameref, POSITIONAL, UNSET, type Vars } from "./vars.ts";

/** The commands that define variables: for any other one (with no assignment or element `d[0]=x`) there is nothing to remember. */
export const DEFINERS: ReadonlySet<string> = new Set([...DECLARERS, "unset", "read", "mapfile", "readarray", "getopts", "source", ".", "printf", "eval", "wait"]);
const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
// eval text that may assign a variable: an `=` anywhere (`x=1`, `declare x=1`, `((x=1))`,
// `${x:=1}`), a builtin that stores into a name, a loop variable, `source`, a `{fd}>` redirection.
const EVAL_ASSIGNS = /=|\b(read|mapfile|readarray|getopts|printf|wait|unset|let|for|select|source|eval|coproc)\b|(^|[\s;&|(])\.\s|\{[A-Za-z_]\w*\}[<>]/;
// The names in a text (eval's: the name references it may aim).
const IDENTIFIERS = /[A-Za-z_][A-Za-z0-9_]*/g;
// A name or an array element (`d[0]`).
const ELEMENT = /^[A-Za-z_][A-Za-z0-9_]*(\[.*\])?$/s;
// A declarer's word giving a name a whole new value (`X=…`, not `X`, `X+=…` or `X[0]=…`).
const WHOLE = /^[A-Za-z_][A-Za-z0-9_]*=/;

/** A computed value: a PATH that keeps the environment's one with literal folders (path-var.ts), else unknown. */
function _kept(name: string, word: Word): string | null {
  return name === "PATH" ? (keptPathOf(word) ?? null) : null;
}

/** Remembers the variables a finished command defines, so later words can resolve them. */
export function trackDefinitions(vars: Vars, cmd: SimpleCommand, raws?: RawWords): void {
  const head = cmd.argv[0];
  // Only a definer assigns names (no copy of the words is made for any other command).
  const definer = head !== undefined && !head.dynamic && DEFINERS.has(head.value);
  if (definer && raws && _computedName(head.value, cmd.argv, raws)) forgetAny(vars);
  for (const { name, value } of cmd.assigns) {
    if (value.outputOf) addOrigin(vars, name, value.outputOf);
    if (value.envNames) addEnvSources(vars, name, value.envNames);
  }
  if (!head) {
    for (const { name, append } of cmd.assigns) if (append) keepEnvValue(vars, name);
    for (const { name, value } of cmd.assigns) {
      assign(vars, name, value.dynamic ? _kept(name, value) : value.value);
      if (isNameref(vars, name)) _aim(vars, name, value);
    }
    return;
  }
  // `d[0]=x`: bash assigns the element, which the lexer leaves a command word (name-operands.ts
  // evaluates its subscript); `$d` is element 0, so the array is unknown (red team 14).
  const element = head.dynamic || !head.value.includes("[") ? null : /^([A-Za-z_][A-Za-z0-9_]*)\[[^\]]*\]\+?=/.exec(head.value);
  if (element) assign(vars, element[1]!, null);
  if (!definer) return;
  const rest = cmd.argv.slice(1);
  // The names it assigns, as name-operands.ts reads its options (not `read -p PROMPT`'s prompt).
  const names = () => nameOperands(head.value, rest).filter((w) => ELEMENT.test(w.value)).map((w) => w.value);
  if (DECLARERS.has(head.value)) {
    // `declare -n` makes a name reference: its value is another variable's, never the text.
    const nameref = rest.some((w) => /^-[a-zA-Z]*n/.test(w.value));
    // A case attribute converts each value given to the name (`declare -l x=.GIT` is `.git`).
    const cased = rest.some((w) => /^-[a-zA-Z]*[luc]/.test(w.value));
    for (const w of nameref || cased ? rest : []) {
      const ref = /^[A-Za-z_][A-Za-z0-9_]*/.exec(w.value)?.[0];
      if (ref && nameref) noteNameref(vars, ref);
      // The attribute converts the value the name already has (`declare -l GITHUB_TOKEN`).
      if (ref && cased && !w.value.startsWith("-") && !WHOLE.test(w.value)) keepEnvValue(vars, ref);
      if (ref && cased && !w.value.startsWith("-")) noteCased(vars, ref);
    }
    for (const w of rest) {
      const m = /^([A-Za-z_][A-Za-z0-9_]*)(?:\[[^\]]*\])?\+?=/.exec(w.value);
      // A declarer's argument is an ordinary word: `declare X={a,b}` brace-expands to two
      // assignments, so an unquoted brace leaves the value unknown.
      const braced = !w.quoted && /\{.*[,.].*\}/.test(w.value);
      // An element or an appended value (`declare d[0]=x`, `declare d+=x`) is unknown.
      const whole = m !== null && m[0] === `${m[1]}=`;
      if (m && !whole) keepEnvValue(vars, m[1]!);
      if (m) assign(vars, m[1]!, nameref || braced || !whole ? null : w.dynamic ? _kept(m[1]!, w) : w.value.slice(m[0].length));
      if (m && w.outputOf) addOrigin(vars, m[1]!, w.outputOf);
      if (m && w.envNames) addEnvSources(vars, m[1]!, w.envNames);
      // Assignments through the reference change the variable it names; `$ref` is that
      // variable's value (any variable's, when the name is computed).
      if (m && (nameref || isNameref(vars, m[1]!))) _aim(vars, m[1]!, { ...w, value: w.value.slice(m[0].length) });
      // `export X`, `declare X`: X keeps its value.
      else if (NAME.test(w.value) && !vars.has(w.value)) assignKeeping(vars, w.value);
    }
  } else if (head.value === "unset") {
    // `unset -f` removes functions, never variables (nameOperands names none then).
    for (const name of names()) assign(vars, name, UNSET);
  } else if (head.value === "getopts") {
    for (const name of names()) assign(vars, name, null);
  } else if (head.value === "read" || head.value === "mapfile" || head.value === "readarray") {
    _trackRead(vars, cmd, names());
  } else if (head.value === "wait") {
    // `wait -p NAME` stores a process id in NAME, or unsets it when no job is left (red team 15).
    for (const name of names()) assign(vars, name, null);
  } else if (head.value === "source" || head.value === ".") forgetAll(vars);
  // eval's text runs here and may assign any name (`eval 'd=$HOME'`; red team 14): the words of
  // later commands were read with the values before it.
  // `eval "$(ssh-agent -s)"` sets the agent's two variables and nothing else (ssh-agent-eval.ts).
  else if (head.value === "eval" && sshAgentEval(rest)) for (const name of SSH_AGENT_NAMES) assign(vars, name, null);
  else if (head.value === "eval" && (rest.some((w) => w.dynamic) || EVAL_ASSIGNS.test(rest.map((w) => w.value).join(" ")))) {
    forgetAny(vars);
    // A name reference its text names may be aimed there (`declare -n r; eval r=GITHUB_TOKEN`):
    // `$r` may be any variable's value, as after `read r`.
    for (const w of rest) for (const name of w.value.match(IDENTIFIERS) ?? []) aimedAnywhere(vars, name);
  }
  // `printf -v NAME` stores its output in NAME: any text, a substitution for arithmetic included.
  else if (head.value === "printf") {
    const targets = nameOperands("printf", rest);
    // Most printf commands store nothing (no `-v`): their words are not gathered.
    const sources = targets.length > 0 ? rest.flatMap((w) => w.envNames ?? []) : [];
    for (const w of targets) {
      assign(vars, w.value, null);
      aimedAnywhere(vars, w.value);
      if (sources.length) addEnvSources(vars, arrayName(w.value), sources);
    }
  }
}

/**
 * What read and mapfile store is their input, data the guard cannot see (`read x < f`): the
 * command is its origin, as a substitution's is (effects/unseen-output.ts), with the commands
 * whose output the input holds (a here-string's or heredoc's substitutions, the stage piped into
 * it: `printenv T | read x` with lastpipe). Input written in the line passes on the environment's
 * values it holds (`read T <<< "$GITHUB_TOKEN"`); a heredoc's body is read after this
 * (heredoc.ts). One that stores nothing (`read -t 0 X`, end of input, a redirection that
 * fails) leaves the value as it was.
 */
function _trackRead(vars: Vars, cmd: SimpleCommand, names: string[]): void {
  for (const name of names) assignKeeping(vars, name);
  for (const name of names) aimedAnywhere(vars, name);
  const bases = names.map(arrayName);
  const fed = stdinFeeds(cmd);
  for (const name of bases) addOrigin(vars, name, [cmd, ...fed.outputOf]);
  if (fed.envNames.length) for (const name of bases) addEnvSources(vars, name, fed.envNames);
  for (const r of cmd.redirects) if (r.heredoc?.expands) noteHeredocReader(r, bases);
}

/**
 * What a command's stdin holds that the line wrote: the commands whose output it holds (the stage
 * piped into it, a here-string's or heredoc's substitutions, a process substitution's commands:
 * `< <(printenv T)`), and the environment's variables whose values went into its here-strings and
 * heredocs (`<<< "$GITHUB_TOKEN"`).
 */
export function stdinFeeds(cmd: SimpleCommand): { outputOf: SimpleCommand[]; envNames: string[] } {
  const outputOf = cmd.pipeFrom ? [cmd.pipeFrom] : [];
  const envNames: string[] = [];
  for (const r of cmd.redirects) {
    const from = r.op === "<<<" ? r.target.outputOf : r.op === "<" ? r.target.readsOutputOf : r.heredoc?.outputOf;
    if (from) outputOf.push(...from);
    if (r.op === "<<<" && r.target.envNames) envNames.push(...r.target.envNames);
    if (r.heredoc?.envNames) envNames.push(...r.heredoc.envNames);
  }
  return { outputOf, envNames };
}

/**
 * A name reference given its target (`declare -n ref=NAME`, or `ref=NAME` after `declare -n
 * ref`): `$ref` is NAME's value; a computed target may be any variable.
 */
function _aim(vars: Vars, ref: string, target: Word): void {
  if (!target.dynamic && NAME.test(target.value)) _referTo(vars, ref, target.value);
  else if (target.dynamic) addEnvSources(vars, ref, [ANY_VARIABLE]);
}

/** `declare -n ref=NAME`: `$ref` is NAME's value, which the declaration leaves as it was. */
function _referTo(vars: Vars, ref: string, name: string): void {
  assignKeeping(vars, name);
  addEnvSources(vars, ref, envSources(vars, name) ?? []);
}

/**
 * Whether the definer `name` (`argv`: its words) assigns a variable the line names only when it
 * runs: a computed name (`export "PA$x=…"`, `declare "$kv"`, `printf -v "$n"`, `read "$n"`,
 * `unset "$n"`) or a name reference (`declare -n r=$n`; `declare -n r; r=PATH` and `for r in
 * PATH` set its target too). Any variable may change there, PATH included (red team 13).
 */
function _computedName(name: string, argv: Word[], raws: RawWords): boolean {
  const rest = argv.slice(1);
  // The name part of a word as written: up to its first `=`, quotes aside.
  const computed = (w: Word) => w.dynamic && !NAME.test((raws.get(w) ?? "$").split("=")[0]!.replace(/["']/g, ""));
  if (DECLARERS.has(name)) return rest.some((w) => /^-[a-zA-Z]*n/.test(w.value) || computed(w));
  if (name === "unset") return rest.some(computed);
  // The NAMEs read, mapfile, printf and wait assign, as their options are read: `read -a "$n"`,
  // `mapfile -t "$n"`, `wait -p "$n"` too (a computed option value, `read -p "$msg" x`, is no name).
  if (name === "read" || name === "mapfile" || name === "readarray" || name === "printf" || name === "wait") return nameOperands(name, rest).some(computed);
  return false;
}

/**
 * `set -- "$GITHUB_TOKEN"` (or `set x "$T"`): the positional parameters hold the environment's
 * values its words took. Called by the parser only for a `set` whose words hold such values, so
 * the common `set -euo pipefail` stays a plain command.
 */
export function notePositionalSources(vars: Vars, cmd: SimpleCommand): void {
  for (const w of cmd.argv.slice(1)) if (w.envNames) addEnvSources(vars, POSITIONAL, w.envNames);
}
