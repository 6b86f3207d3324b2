import type { Script } from "../syntax.ts";
import type { AnalyzeContext, Dialect } from "./context.ts";

/**
 * Parses command text run by a command of the line (`bash -c TEXT`, `eval TEXT`, `env -C DIR sh
 * -c TEXT`) with `$PWD` naming the folder that command runs in, as the shell running the text
 * sees it: a child shell takes it from its working folder (bash keeps an inherited PWD only when
 * it names that folder), and `eval` runs where the line's `cd`s left it. The line's own reading
 * of PWD is the folder it started in, or unknown after a `cd` (parser.ts): `env -C ~ bash -c 'rm
 * -rf "$PWD/Documents"'` and `(cd ~ && bash -c '…$PWD…')` read the workspace's and were
 * ALLOW_NOOP (session 18). Unknown when that folder is.
 */
export function parseNested(text: string, dialect: Dialect, ctx: AnalyzeContext): Script {
  const folder = ctx.state.cwd;
  const pwd = ctx.vars.get("PWD");
  if (pwd === folder || pwd === undefined) return ctx.parse(text, dialect, ctx.depth + 1, ctx.vars);
  // Set for the nested parse only: the line's parse is over, and what the text assigns to PWD
  // (a `cd` in it) must not reach the line's other commands.
  ctx.vars.set("PWD", folder);
  try {
    return ctx.parse(text, dialect, ctx.depth + 1, ctx.vars);
  } finally {
    ctx.vars.set("PWD", pwd);
  }
}
