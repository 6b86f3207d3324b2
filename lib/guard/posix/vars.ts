import { ANY_VARIABLE, type SimpleCommand } from "../syntax.ts";

/**
 * Shell variables as far as the guard knows them: a value, or null when unknown. A variable that
 * is `unset` holds UNSET (it expands to "" but `${x=…}` still assigns). A variable given two
 * different values in one command line becomes unknown for good. Control flow is modelled by
 * the journal: a subshell's assignments are undone when it closes, and an assignment that may or
 * may not have run (a branch, a loop, `&&`/`||`, a function body) leaves the variable unknown.
 */
export type Vars = Map<string, string | null>;

export const UNSET = "\u0000unset";
/** Stands for the environment's PATH inside a PATH value that keeps it (path-var.ts). */
export const KEPT = "\u0000original-path";
/**
 * Variables the shell sets by itself after an assignment: `$_` (every command's last argument),
 * REPLY (read, select), OPTARG/OPTIND (getopts), MAPFILE, BASH_REMATCH (`[[ =~ ]]`), OLDPWD
 * (cd), COPROC, DIRSTACK, BASH_COMMAND and the counters. A value the line gives one is never
 * known (red team 15: `_=src; echo ../..; rm -rf src/$_/Documents` was judged as src/src).
 */
const SHELL_SET: ReadonlySet<string> = new Set(
  "_ REPLY OPTARG OPTIND MAPFILE BASH_REMATCH OLDPWD COPROC DIRSTACK BASH_COMMAND PIPESTATUS BASH_ARGV0 BASH_ARGV BASH_ARGC BASH_SOURCE BASH_LINENO FUNCNAME LINENO SECONDS RANDOM SRANDOM EPOCHSECONDS EPOCHREALTIME BASHPID HISTCMD".split(" "),
);

/** The builtins whose operands are assignments (`export A=1`, `local -i n`). */
export const DECLARERS: ReadonlySet<string> = new Set(["declare", "typeset", "local", "export", "readonly"]);

interface Entry {
  name: string;
  before: string | null | undefined;
  seenBefore: boolean;
  /** Pushed by `settle`: the shell assigned nothing, the guard learnt what the name holds there. */
  settled?: true;
}

/**
 * What a line noted about its variables besides their values: one record per Vars, made by the
 * first assignment or note (a line that assigns nothing never makes one).
 */
interface Notes {
  /** Every assignment, to undo (a subshell) or blur (code that may not have run) from a mark. */
  journal: Entry[];
  /** The names the line assigned (or made unknown) so far. */
  assigned: Set<string>;
  /** Sets collecting the names assigned from some point on (`watchAssignments`). */
  watches?: Set<string>[];
  /** The words a `for` loop variable takes (see loop-candidates.ts), with the loop's frame. */
  candidates?: Map<string, { values: string[]; frame: object }>;
  /**
   * The commands whose output a variable was assigned from (`K=$(<key)`): kept for good, since a
   * later assignment that may not run leaves the old output possible.
   */
  origins?: Map<string, SimpleCommand[]>;
  /** The environment's variables a variable was assigned from (`T=$GITHUB_TOKEN`: Word.envNames), kept for good as origins are. */
  envSources?: Map<string, string[]>;
  /**
   * The variables (unknown in `vars`) holding a substitution's name digits (numeric-output.ts,
   * nameDigits), with the frame of the assignment; any assignment drops them.
   */
  digits?: Map<string, { digits: { empty: boolean }; frame: object }>;
  /** The name references the line declared (`declare -n r`). */
  namerefs?: Set<string>;
  /** The names the line gave a case attribute (`declare -l`, `-u`, `-c`). */
  cased?: Set<string>;
  /** The names `settle` gave the new folder `mktemp -d` made (temp-output.ts); any assignment drops one. */
  freshFolders?: Map<string, string>;
  /**
   * The names a `mktemp` assignment gave the path of its new entry, or nothing when it failed
   * (temp-output.ts freshOrEmpty): their value stays unknown; any assignment drops one.
   */
  freshOrEmpty?: Map<string, string>;
  /** forgetAny is making every variable unknown. */
  forgetting: boolean;
}

const _notes = new WeakMap<Vars, Notes>();

function _notesOf(vars: Vars): Notes {
  let notes = _notes.get(vars);
  if (!notes) _notes.set(vars, (notes = { journal: [], assigned: new Set(), forgetting: false }));
  return notes;
}

/** Notes that `name` was assigned the output of `from`. */
export function addOrigin(vars: Vars, name: string, from: SimpleCommand[]): void {
  const map = (_notesOf(vars).origins ??= new Map());
  map.set(name, (map.get(name) ?? []).concat(from));
}

export function getOrigin(vars: Vars, name: string): SimpleCommand[] | undefined {
  return _notes.get(vars)?.origins?.get(name);
}

/** Notes that `name` was assigned the values of the environment's variables `from` (Word.envNames). */
export function addEnvSources(vars: Vars, name: string, from: string[]): void {
  const map = (_notesOf(vars).envSources ??= new Map());
  map.set(name, (map.get(name) ?? []).concat(from));
}

/**
 * An assignment that may keep `name`'s value is about to run (`export X`, `declare -l X`, `X+=y`,
 * a `read` that stores nothing): when the line has not assigned it, the environment's value stays
 * among its sources (an element `a[0]` keeps the array's).
 */
export function keepEnvValue(vars: Vars, name: string): void {
  const base = arrayName(name);
  if (!assigned(vars, base)) addEnvSources(vars, base, [base]);
}

/** An assignment that may keep `name`'s value ran (`export X`, a read): unknown, with the environment's value among its sources (keepEnvValue). */
export function assignKeeping(vars: Vars, name: string): void {
  keepEnvValue(vars, name);
  assign(vars, name, null);
}

/** The variable an element names (`a` of `a[0]`); a name is its own. */
export function arrayName(name: string): string {
  return name.replace(/\[.*$/s, "");
}

/** Where envSources keeps the positional parameters' sources (`set -- "$GITHUB_TOKEN"`); never a variable's name. */
export const POSITIONAL = "@";

/** The environment's variables the positional parameters were set from, if the line set them from any. */
export function positionalSources(vars: Vars): string[] | undefined {
  return _notes.get(vars)?.envSources?.get(POSITIONAL);
}

/**
 * Runs `read` with the positional parameters set from `names` alone (`bash -c TEXT _ "$T"`: TEXT's
 * `$1` holds T's value), then gives them back what they held.
 */
export function withPositional<T>(vars: Vars, names: string[], read: () => T): T {
  const map = (_notesOf(vars).envSources ??= new Map());
  const before = map.get(POSITIONAL);
  map.set(POSITIONAL, names);
  try {
    return read();
  } finally {
    if (before === undefined) map.delete(POSITIONAL);
    else map.set(POSITIONAL, before);
  }
}

/**
 * The environment's variables an unknown `$name` holds the value of: its own, when the line has
 * not assigned it; else those it was assigned from (none: a value the line made).
 */
export function envSources(vars: Vars, name: string): string[] | undefined {
  return assigned(vars, name) ? _notes.get(vars)?.envSources?.get(name) : [name];
}

/** Records the literal words a loop variable (unknown in `vars`) takes; any assignment drops them. */
export function setCandidates(vars: Vars, name: string, values: string[], frame: object): void {
  if (SHELL_SET.has(name)) return;
  (_notesOf(vars).candidates ??= new Map()).set(name, { values, frame });
}

export function getCandidates(vars: Vars, name: string): { values: string[]; frame: object } | undefined {
  return _notes.get(vars)?.candidates?.get(name);
}

export function setDigits(vars: Vars, name: string, digits: { empty: boolean }, frame: object): void {
  if (SHELL_SET.has(name)) return;
  (_notesOf(vars).digits ??= new Map()).set(name, { digits, frame });
}

export function getDigits(vars: Vars, name: string): { digits: { empty: boolean }; frame: object } | undefined {
  return _notes.get(vars)?.digits?.get(name);
}

export function assign(vars: Vars, name: string, value: string | null): void {
  // An element (`d[0]=x`, `declare d[0]=x`, `read 'd[0]'`) changes the array, and `$d` is its
  // element 0 (red team 14: `d=/tmp/x; d[0]=$HOME; rm -rf "$d"/*` was ALLOW_TEMP_PATH).
  const bracket = name.indexOf("[");
  if (bracket > 0) return assign(vars, name.slice(0, bracket), null);
  const notes = _notesOf(vars);
  // A name reference's value names the variable it changes (`declare -n r; r=PATH`, `for r in PATH`).
  if (notes.namerefs?.has(name) && !notes.forgetting) forgetAny(vars);
  // A case attribute changes every value given (`declare -l x; x=.GIT` holds `.git`).
  _assign(vars, notes, name, notes.cased?.has(name) || SHELL_SET.has(name) ? null : value);
  if (notes.watches) for (const names of notes.watches) names.add(name);
}

function _assign(vars: Vars, notes: Notes, name: string, value: string | null): void {
  const seen = notes.assigned;
  notes.freshFolders?.delete(name);
  notes.freshOrEmpty?.delete(name);
  notes.journal.push({ name, before: vars.get(name), seenBefore: seen.has(name) });
  if (seen.has(name) && vars.get(name) !== value) vars.set(name, null);
  else vars.set(name, value);
  seen.add(name);
  notes.candidates?.delete(name);
  notes.digits?.delete(name);
}

/**
 * `name`, unknown in general, holds `value` in the frame just entered (`d=$(mktemp -d) && …`:
 * temp-output.ts); journaled, so leaving that frame makes it unknown again. `folder`: the value
 * is a folder mktemp made (`freshFolder`).
 */
export function settle(vars: Vars, name: string, value: string, folder = false): void {
  if (SHELL_SET.has(name)) return;
  const notes = _notesOf(vars);
  notes.journal.push({ name, before: vars.get(name), seenBefore: true, settled: true });
  vars.set(name, value);
  if (folder) (notes.freshFolders ??= new Map()).set(name, value);
  else notes.freshFolders?.delete(name);
  if (notes.watches) for (const names of notes.watches) names.add(name);
}

/**
 * The names assigned from now on, filled as the parser goes (posix/trap-points.ts). `blur`'s
 * unknowns are not counted: code that closes later but opened before now may not have run,
 * yet on every path that reached this point it did run up to here.
 */
export function watchAssignments(vars: Vars): Set<string> {
  const names = new Set<string>();
  (_notesOf(vars).watches ??= []).push(names);
  return names;
}

/**
 * Whether `name` holds the new folder `mktemp -d` made, as `settle` gave it, with no assignment
 * since (a literal value spelled like the folder's stand-in names another, missing folder).
 */
export function freshFolder(vars: Vars, name: string): boolean {
  const value = _notes.get(vars)?.freshFolders?.get(name);
  return value !== undefined && vars.get(name) === value;
}

/** `name`, unknown, holds `path` (the new entry `d=$(mktemp)` made) or nothing, until it is assigned again. */
export function noteFreshOrEmpty(vars: Vars, name: string, path: string): void {
  if (!SHELL_SET.has(name)) (_notesOf(vars).freshOrEmpty ??= new Map()).set(name, path);
}

/** The path `noteFreshOrEmpty` gave `name` (its value is that or nothing), or undefined. */
export function freshOrEmpty(vars: Vars, name: string): string | undefined {
  return _notes.get(vars)?.freshOrEmpty?.get(name);
}

/** Whether the line assigned `name` (or made it unknown) so far: a value it has not is the environment's. */
export function assigned(vars: Vars, name: string): boolean {
  return _notes.get(vars)?.assigned.has(name) === true;
}

/** A point in the assignment history to return to (or blur from) when a frame closes. */
export function mark(vars: Vars): number {
  // A line that assigns nothing never makes a journal (the first assignment does).
  return _notes.get(vars)?.journal.length ?? 0;
}

/** The names assigned (not only settled) since `at`, each once. */
export function assignedSince(vars: Vars, at: number): string[] {
  const journal = _notes.get(vars)?.journal;
  if (!journal || journal.length <= at) return [];
  const names = new Set<string>();
  for (let i = at; i < journal.length; i++) if (!journal[i]!.settled) names.add(journal[i]!.name);
  return [...names];
}

/** A subshell closed: every assignment since `at` is undone. */
export function restore(vars: Vars, at: number): void {
  const notes = _notes.get(vars);
  if (!notes) return;
  const journal = notes.journal;
  for (let i = journal.length - 1; i >= at; i--) {
    const { name, before, seenBefore, settled } = journal[i]!;
    notes.candidates?.delete(name);
    notes.digits?.delete(name);
    notes.freshFolders?.delete(name);
    if (!settled) notes.freshOrEmpty?.delete(name);
    if (before === undefined) vars.delete(name);
    else vars.set(name, before);
    if (!seenBefore) notes.assigned.delete(name);
  }
  journal.length = Math.min(journal.length, at);
}

/**
 * Code that may not have run closed: a variable it changed is unknown from here on. One the line
 * had not assigned before may still hold the environment's value (`true || GITHUB_TOKEN=x; echo
 * "$GITHUB_TOKEN"`): its own name joins its sources (envSources).
 */
export function blur(vars: Vars, at: number): void {
  const notes = _notes.get(vars);
  if (!notes || notes.journal.length <= at) return;
  const journal = notes.journal;
  const first = new Map<string, Entry>();
  // Names only settled in the closed code: the shell holds what it held before (temp-output.ts).
  const assignedIn = new Set<string>();
  for (let i = at; i < journal.length; i++) {
    const entry = journal[i]!;
    if (!first.has(entry.name)) first.set(entry.name, entry);
    if (!entry.settled) assignedIn.add(entry.name);
  }
  for (const [name, entry] of first) {
    if (vars.get(name) === entry.before) continue;
    if (!assignedIn.has(name)) {
      if (entry.before === undefined) vars.delete(name);
      else vars.set(name, entry.before);
      notes.freshFolders?.delete(name);
      continue;
    }
    _assign(vars, notes, name, null);
    if (!entry.seenBefore) addEnvSources(vars, name, [name]);
  }
}

/** After `source FILE`: the file may have set anything. */
export function forgetAll(vars: Vars): void {
  for (const name of vars.keys()) assign(vars, name, null);
}

// The variables the guard reads from the environment when the line has not set them.
const FROM_ENVIRONMENT = ["PATH", "TMPDIR", "CDPATH", "IFS"];

/** After an assignment to a name the line computes: any variable may hold anything, those above included. */
export function forgetAny(vars: Vars): void {
  const notes = _notesOf(vars);
  notes.forgetting = true;
  forgetAll(vars);
  for (const name of FROM_ENVIRONMENT) assign(vars, name, null);
  notes.forgetting = false;
}

/** `declare -l NAME` (or -u, -c): NAME is unknown from here on, whatever it is given (red team 13). */
export function noteCased(vars: Vars, name: string): void {
  (_notesOf(vars).cased ??= new Set()).add(name);
  assign(vars, name, null);
}

/** `declare -n NAME`: every later assignment to NAME may change any variable. */
export function noteNameref(vars: Vars, name: string): void {
  (_notesOf(vars).namerefs ??= new Set()).add(name);
}

/** Whether the line declared `name` a name reference (`declare -n r; r=GITHUB_TOKEN` aims it). */
export function isNameref(vars: Vars, name: string): boolean {
  return _notes.get(vars)?.namerefs?.has(name) === true;
}

/**
 * A builtin stored text the line does not know in `name` (`read r`, `printf -v r …`, `for r in
 * …`, `: ${r:=…}`): a name reference is aimed at it, so `$r` may be any variable's value.
 */
export function aimedAnywhere(vars: Vars, name: string): void {
  if (isNameref(vars, arrayName(name))) addEnvSources(vars, arrayName(name), [ANY_VARIABLE]);
}

/** The value a plain `$name` expands to: null when unknown (a kept PATH is partly unknown). */
export function expand(vars: Vars, name: string): string | null {
  const v = vars.get(name);
  if (v === undefined || v === null || v.includes(KEPT)) return null;
  return v === UNSET ? "" : v;
}
