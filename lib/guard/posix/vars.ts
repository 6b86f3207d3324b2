/**
 * Shell variables as far as the guard knows them: a value, or null when unknown. A variable that
 * is `unset` holds UNSET (it expands to "" but `${x=…}` still assigns). A variable given two
 * different values in one command line becomes unknown for good: the guard does not model
 * control flow, function scope or readonly, so it cannot tell which assignment is in force.
 */
export type Vars = Map<string, string | null>;

export const UNSET = "\u0000unset";

const _assigned = new WeakMap<Vars, Set<string>>();

export function assign(vars: Vars, name: string, value: string | null): void {
  let seen = _assigned.get(vars);
  if (!seen) _assigned.set(vars, (seen = new Set()));
  if (seen.has(name) && vars.get(name) !== value) vars.set(name, null);
  else vars.set(name, value);
  seen.add(name);
}

/** After `source FILE`: the file may have set anything. */
export function forgetAll(vars: Vars): void {
  for (const name of vars.keys()) assign(vars, name, null);
}

/** The value a plain `$name` expands to: null when unknown. */
export function expand(vars: Vars, name: string): string | null {
  const v = vars.get(name);
  if (v === undefined || v === null) return null;
  return v === UNSET ? "" : v;
}
