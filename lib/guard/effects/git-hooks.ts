import { isAbsolute, join } from "node:path";
import { op, type Op } from "../ops.ts";
import { literalWord } from "../syntax.ts";
import type { Invocation } from "./context.ts";
import { absPath } from "./file-identity.ts";
import { analyseWritten, lineWrittenText } from "./written-runs.ts";

/** git subcommands that run hooks. */
export const HOOK_RUNNERS: ReadonlySet<string> = new Set(["commit", "merge", "checkout", "switch", "push", "rebase", "am", "pull", "cherry-pick", "revert", "commit-tree"]);
const MAX_SCRIPTS = 256;

/**
 * The hooks a hook-running subcommand runs from the folder `core.hooksPath` names on this line,
 * wherever the setting comes from (`-c`, `--config-env`, GIT_CONFIG_COUNT/KEY/VALUE,
 * GIT_CONFIG_PARAMETERS, an earlier `git config`: `folder`, null when its value is unknown) and
 * after `-C`: each hook the line wrote there runs by its `#!` line (session 7 read them only for
 * `-c` and `git config`, and not after `-C`). git resolves a relative folder from the top of the
 * work tree (`top`), where hooks run, and expands `~/`. Hooks the line did not write are the
 * user's own files, as a script run by its name is; `.git/hooks` and `.husky` are
 * written-inputs.ts's.
 */
export function configuredHooks(sub: string, folder: string | null | undefined, top: () => string | null, inv: Invocation): Op[] {
  if (folder === undefined || !HOOK_RUNNERS.has(sub)) return [];
  const { ctx, cmd } = inv;
  const scripts = ctx.state.scripts;
  if (folder === null) return [op("unknown", "git")];
  if (!scripts?.size || folder === "") return [];
  const spelled = folder.startsWith("~/") ? join(ctx.home, folder.slice(2)) : folder;
  const base = isAbsolute(spelled) ? null : top();
  if (!isAbsolute(spelled) && base === null) return [op("unknown", "git")];
  const dir = absPath(spelled, base, ctx.state);
  const ops: Op[] = [];
  for (const key of [...scripts.keys()].slice(0, MAX_SCRIPTS)) {
    if (!key.startsWith(`${dir}/`) || key.slice(dir.length + 1).includes("/")) continue;
    const text = lineWrittenText(literalWord(key), ctx, cmd);
    if (text !== undefined) ops.push(...analyseWritten(text, "shebang", ctx));
  }
  return ops;
}
