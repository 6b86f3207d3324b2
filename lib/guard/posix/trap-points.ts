import { enclosing, type SimpleCommand, type Word } from "../syntax.ts";
import { mayChangeDirectory } from "./cwd-flow.ts";
import { assigned, type Vars, watchAssignments } from "./vars.ts";

/**
 * What a trap's action sees when it runs. It runs after the trap, at any later point of the line:
 * EXIT's at whatever ends the shell (the line's end, an `exit` in a branch, `set -e`, a signal),
 * DEBUG's before each later command, ERR's, RETURN's and a signal's between any two. So a
 * variable holds the value it had at the trap only while nothing after the trap assigns it
 * (`trap 'rm -rf "$d"/*' EXIT; false || exit; d=/tmp/x` removes `/*`), and the directory is the
 * trap's only while nothing after it may change directory (`cd /tmp && trap 'rm -rf ./*' EXIT;
 * cd ~`). Code that may not have run and closes after the trap (`d=$(mktemp -d) && trap … EXIT
 * && …` ending) changes nothing on the paths that set the trap. The parser notes each command
 * that names `trap` with the variables at that point; a trap in text parsed after the line (an
 * `eval`'s, a `bash -c` operand's) may run after commands parsed before it: there every variable
 * the line assigns is unknown, and the directory may have changed once any command of the line
 * may change it.
 */
interface TrapPoint {
  /** The names the line assigns after the trap. */
  changed: Set<string>;
  values: Vars;
  moves: boolean;
  nested: boolean;
}

const _points = new WeakMap<SimpleCommand, TrapPoint>();
// Per line: the traps noted so far, whether a function body may change directory (a call after
// a trap may run it), and whether any command may.
const _lines = new WeakMap<Vars, { points: TrapPoint[]; fnMoves: boolean; anyMoves: boolean }>();

/** After a parsed command: a later directory change marks every earlier trap; a command naming `trap` is noted. */
export function noteTrapPoint(vars: Vars, cmd: SimpleCommand, depth: number): void {
  const head = cmd.argv[0];
  const moves = head !== undefined && mayChangeDirectory(head);
  const trap = cmd.argv.some(isTrapWord);
  // Most commands neither move nor name trap: the line's record is not looked up for them.
  if (!moves && !trap) return;
  let line = _lines.get(vars);
  if (moves) {
    if (!line) _lines.set(vars, (line = { points: [], fnMoves: false, anyMoves: false }));
    line.anyMoves = true;
    for (const p of line.points) p.moves = true;
    if (enclosing(cmd.frame, (f) => f.kind === "fn")) line.fnMoves = true;
  }
  if (!trap) return;
  const point = { changed: watchAssignments(vars), values: new Map(vars), moves: (depth > 0 ? line?.anyMoves : line?.fnMoves) === true, nested: depth > 0 };
  _points.set(cmd, point);
  if (line) line.points.push(point);
  else _lines.set(vars, { points: [point], fnMoves: false, anyMoves: false });
}

/** A word naming `trap` (the builtin itself, or after `command`, `builtin`, `eval` …). */
export function isTrapWord(w: Word): boolean {
  return !w.dynamic && w.value === "trap";
}

/**
 * The variables a trap's action may see (an unknown value for each that may differ from the trap's
 * own) and whether its directory may differ; null for a command never noted.
 */
export function trapView(vars: Vars, cmd: SimpleCommand): { values: Vars; moves: boolean } | null {
  const point = _points.get(cmd);
  if (!point) return null;
  const values = new Map(point.values);
  const changed = point.nested ? [...vars.keys()].filter((name) => assigned(vars, name)) : point.changed;
  for (const name of changed) values.set(name, null);
  return { values, moves: point.moves };
}
