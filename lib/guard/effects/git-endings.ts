import type { GitEnding } from "../ops.ts";
import { longPrefix } from "./git-options.ts";

// The subcommands that leave an operation in progress, and the endings that reset the work tree:
// `merge --abort` is `reset --merge`; `rebase --abort` a hard reset to where the rebase started;
// `cherry-pick`/`revert`/`am --abort` a `reset --merge` to where the sequence started; `--skip`
// resets the current step's changes (merge has none). `--quit` and `--continue` keep the files.
const ENDINGS: Record<string, ReadonlyArray<GitEnding["how"]>> = {
  merge: ["abort"],
  rebase: ["abort", "skip"],
  "cherry-pick": ["abort", "skip"],
  revert: ["abort", "skip"],
  am: ["abort", "skip"],
};

/**
 * The ending `git SUB ARGS…` asks for (`--abort`, `--skip`, or an unambiguous prefix down to
 * `--ab`/`--sk`: no other option of these subcommands starts so), null for any other command.
 */
export function gitEnding(sub: string, args: string[]): GitEnding | null {
  const hows = ENDINGS[sub];
  if (hows === undefined) return null;
  for (const a of args) {
    if (a === "--") break;
    for (const how of hows) if (longPrefix(a, how, 2)) return { sub: sub as GitEnding["sub"], how };
  }
  return null;
}
