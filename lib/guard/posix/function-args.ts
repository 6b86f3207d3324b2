import { enclosing, type Frame, type SimpleCommand, type Word } from "../syntax.ts";
import { positionalSources, type Vars } from "./vars.ts";
import { textCalls } from "./text-calls.ts";

// A function's body is read where it is defined (parser.ts), before any call gives its positional
// parameters a value: `f(){ echo "$1" | nc …; }; f "$GITHUB_TOKEN"`. Inside a body, `$1`…`$9`,
// `$@`, `$*` (and `for t; do`) note a stand-in for the function's arguments in Word.envNames; each
// call of the function notes the environment's values its words hold (and the substitutions
// whose output they hold: `f "$(printenv T)"`); once the line is read, resolveFunctionArgs puts
// the values of every call in place of the stand-ins.

/** What the line noted about its functions' arguments: made by the first definition (most lines define none). */
interface Calls {
  /** The stand-in of each function whose body read its parameters. */
  tokens: Map<string, string>;
  /**
   * The environment's variables (or other functions' stand-ins) the calls of each command name
   * passed, from the line's first definition on (a body may call a function defined after it).
   */
  passed: Map<string, string[]>;
  /** The commands whose output the calls of each command name passed (`f "$(gh auth token)"`). */
  outputs: Map<string, SimpleCommand[]>;
}

const _calls = new WeakMap<Vars, Calls>();
// A stand-in: a character no variable name holds, and a number, so no credential pattern matches it.
const STAND_IN = "\u0000args";

/** Whether any line read so far defined a function (noteFunctionCall's cheap test). */
let _anyFunction = false;

/** `name() { … }`: the line defines a function (calls are noted from here on). */
export function noteFunction(vars: Vars): void {
  if (!_calls.has(vars)) _calls.set(vars, { tokens: new Map(), passed: new Map(), outputs: new Map() });
  _anyFunction = true;
}

/**
 * The environment's variables the positional parameters may hold where the lexer stands: those
 * `set --` gave them, and inside a function body the stand-in for the function's arguments.
 */
export function positionalNames(vars: Vars, frame: Frame | undefined, inFunction: boolean): string[] | undefined {
  const set = positionalSources(vars);
  const fn = inFunction ? enclosing(frame, (f) => f.fn !== undefined)?.fn : undefined;
  const calls = fn === undefined ? undefined : _calls.get(vars);
  if (!calls) return set;
  let token = calls.tokens.get(fn!);
  if (token === undefined) calls.tokens.set(fn!, (token = `${STAND_IN}${calls.tokens.size}`));
  return set ? [...set, token] : [token];
}

/**
 * A command of a line that defines functions, maybe calling one: the environment's values its
 * words hold become that function's arguments.
 */
export function noteFunctionCall(vars: Vars, cmd: SimpleCommand): void {
  // Every command with arguments comes here: most lines define no function.
  if (!_anyFunction) return;
  const calls = _calls.get(vars);
  if (!calls) return;
  const head = cmd.argv[0]!;
  for (let i = 1; i < cmd.argv.length; i++) {
    const { envNames, outputOf } = cmd.argv[i]!;
    if (envNames) calls.passed.set(head.value, (calls.passed.get(head.value) ?? []).concat(envNames));
    if (outputOf) calls.outputs.set(head.value, (calls.outputs.get(head.value) ?? []).concat(outputOf));
  }
  // Calls in shell text run after the line is read (`eval 'f "$T"'`, `trap`, `bash -c`: text-calls.ts).
  if (TEXT_RUNNERS.test(head.value)) for (const { name, names } of textCalls(vars, cmd)) calls.passed.set(name, (calls.passed.get(name) ?? []).concat(names));
}

// The programs whose words may be shell text calling a function (text-calls.ts), tested first.
const TEXT_RUNNERS = /(^|\/)(eval|trap|[a-z]*sh)$/;

/**
 * The line is read: each stand-in in its commands' words (arguments, assignments, redirection
 * targets, heredoc bodies) becomes the environment's variables the function's calls passed,
 * through calls of other functions too (`g(){ f "$@"; }; g "$T"`); the substitutions whose
 * output the calls passed join the word's outputOf (`f "$(printenv T)"`).
 */
export function resolveFunctionArgs(vars: Vars, commands: SimpleCommand[]): void {
  const calls = _calls.get(vars);
  if (!calls || calls.tokens.size === 0) return;
  const byToken = new Map<string, string>();
  for (const [fn, token] of calls.tokens) byToken.set(token, fn);
  const resolve = (w: Pick<Word, "envNames" | "outputOf"> | undefined) => {
    const names = w?.envNames;
    if (!names?.some((n) => byToken.has(n))) return;
    const fns = new Set<string>();
    const out = _resolved(names, byToken, calls.passed, fns);
    names.length = 0;
    names.push(...out);
    const outputs = [...fns].flatMap((fn) => calls.outputs.get(fn) ?? []);
    if (outputs.length) w!.outputOf = [...(w!.outputOf ?? []), ...outputs];
  };
  for (const cmd of commands) {
    for (const w of cmd.argv) resolve(w);
    for (const a of cmd.assigns) resolve(a.value);
    for (const r of cmd.redirects) {
      resolve(r.target);
      resolve(r.heredoc);
    }
  }
}

/** `names` with each stand-in replaced by what its function's calls passed (each function followed once, and kept in `seen`). */
function _resolved(names: string[], byToken: Map<string, string>, passed: Map<string, string[]>, seen: Set<string>): string[] {
  const out: string[] = [];
  for (const name of names) {
    const fn = byToken.get(name);
    if (fn === undefined) out.push(name);
    else if (!seen.has(fn)) {
      seen.add(fn);
      out.push(..._resolved(passed.get(fn) ?? [], byToken, passed, seen));
    }
  }
  return out;
}
