import type { Op } from "../ops.ts";
import type { AnalyzeContext } from "./context.ts";

/**
 * The ops `run` makes with the working folder unknown, as after `cd "$unknown"` (interpreter code
 * that calls chdir, a command `find -execdir` runs in each match's folder): a relative name names
 * nothing the policy can place (BLOCK_UNDETERMINABLE_EFFECT), an absolute one is judged as
 * anywhere, and a command run there starts there too (a `cd /abs` inside it places what follows).
 * The line's own folder is back afterwards.
 */
export function inUnknownFolder<T extends Op[] | null>(ctx: AnalyzeContext, run: () => T): T {
  const { cwd } = ctx.state;
  ctx.state.cwd = null;
  try {
    const ops = run();
    for (const o of ops ?? []) if (o.cwd === null) o.cwdUnknown = true;
    return ops;
  } finally {
    ctx.state.cwd = cwd;
  }
}
