import type { SimpleCommand } from "./syntax.ts";

/**
 * Whether a line starts with a forced `rm` (`rm -rf dist && npm run build`): no command runs
 * before it, so nothing in the line can read what it deletes first, and `-f` keeps it quiet when
 * a target is already gone. A folder it deletes is moved into the quarantine rather than copied
 * (classify.ts `deletedFirst`, recovery/relocate.ts): the copy would cost the hook time in
 * proportion to the tree and buy the line nothing. `rm -r dist` without `-f` would fail on a
 * folder already moved, so its folder is copied and left in place as any other.
 */
export function leadsWithForcedRm(commands: readonly SimpleCommand[]): boolean {
  const argv = commands[0]?.argv;
  if (!argv || argv[0]?.value !== "rm" || argv[0].dynamic) return false;
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i]!;
    if (w.value === "--") return false;
    if (!w.dynamic && (w.value === "--force" || /^-[^-]*f/.test(w.value))) return true;
  }
  return false;
}
