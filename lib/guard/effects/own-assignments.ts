import type { Vars } from "../posix/vars.ts";
import type { SimpleCommand, Word } from "../syntax.ts";
import type { AnalyzeContext } from "./context.ts";

// A command's own variable assignments as its program sees them, once a wrapper (`env A=1 -u B
// cmd`) changed some (implicit-inputs.ts envValue reads them; package-installs.ts, which that
// module imports, and program-path.ts too). A module of its own so that none of them imports another.

/**
 * The command's own assignment of `name` as its program sees it: the last of repeated ones
 * (`A=1 A=2 cmd` runs with A=2), none when a wrapper set or unset the name after it
 * (`A=1 env -u A cmd`, `A=1 env A=2 cmd`: envWrapped).
 */
export function ownAssignment(cmd: SimpleCommand | undefined, ctx: AnalyzeContext, name: string): Word | undefined {
  if (cmd === undefined || cmd.assigns.length === 0) return undefined;
  const own = cmd.assigns.findLast((a) => a.name === name);
  return own && !_wrapped.get(ctx.vars)?.has(name) ? own.value : undefined;
}

// The names a wrapper set or unset for the program it runs, by the variables it passes on: these
// hold over the command's own assignments, which the shell gave the wrapper.
const _wrapped = new WeakMap<Vars, ReadonlySet<string>>();

/** The names a wrapper set or unset for the program that gets `vars` (envWrapped), if any. */
export function wrappedNames(vars: Vars): ReadonlySet<string> | undefined {
  return _wrapped.get(vars);
}

/**
 * The variables a wrapper passes to the program it runs (`env A=1 -u B cmd`): `vars` with each
 * change made in order (a value, null when computed, UNSET for `-u`), over the command's own
 * assignments for envValue.
 */
export function envWrapped(vars: Vars, changes: ReadonlyArray<readonly [string, string | null]>): Vars {
  const out = new Map(vars);
  const names = new Set(_wrapped.get(vars));
  for (const [name, value] of changes) out.set(name, value), names.add(name);
  _wrapped.set(out, names);
  return out;
}
