import type { Invocation } from "./context.ts";
import { UNSET } from "../posix/vars.ts";
import { envValue } from "./implicit-inputs.ts";

/**
 * The editor a program takes from the first of `names` that is set (one the line unset is not),
 * when the line itself sets that one (`EDITOR=CMD pip config edit`, `export VISUAL=CMD; …`, `env EDITOR=CMD …`): its text,
 * null when computed; undefined when the program takes the user's (a name before it, or it, set
 * in the check's environment) or none is set. `pip config edit` and `npm config edit` run it now
 * (tool-settings.ts, package-config.ts).
 */
export function lineEditor(inv: Pick<Invocation, "cmd" | "ctx">, names: readonly string[]): string | null | undefined {
  for (const name of names) {
    const own = envValue(inv, name, false);
    if (own !== undefined) return own;
    // Unset by the line (`unset VISUAL`, `env -u VISUAL`, `env -i`): the program takes the next name.
    if (inv.ctx.vars.get(name) === UNSET) continue;
    if (inv.ctx.env?.[name] !== undefined) return undefined;
  }
  return undefined;
}
