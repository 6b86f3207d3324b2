import { op, type Op } from "../ops.ts";
import { literalWord } from "../syntax.ts";
import { analyzeArgv } from "./analyze.ts";
import type { Invocation } from "./context.ts";
import { envValue, SHELL_STARTUP_VARS } from "./implicit-inputs.ts";


/**
 * What a shell's startup variables make it run first: `echo 'rm -rf ~' > s.sh; BASH_ENV=s.sh
 * bash -c :` sources s.sh (red team 5, H1). The file is judged as `source FILE` is (a script the
 * line wrote is analysed, a download is remote code); a value the guard cannot read is unknown.
 * A value from the environment given to the check is not the line's doing and is left alone.
 */
export function shellStartupOps(inv: Invocation): Op[] {
  const ops: Op[] = [];
  // Files a shell sources before its script: bash's BASH_ENV (not interactive), ENV (sh, and
  // bash in POSIX mode, when interactive). Both are taken for every shell (over-approximation).
  for (const name of SHELL_STARTUP_VARS) {
    const value = envValue(inv, name, false);
    if (value === undefined || value === "") continue;
    if (value === null) ops.push(op("unknown", inv.name));
    else ops.push(...analyzeArgv(literalWord("source"), [literalWord(value, true)], inv.ctx));
  }
  return ops;
}
