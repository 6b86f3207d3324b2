import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { NOOP, OK, OUTSIDE, RELOCATE, UNKNOWN, verdictRows } from "../../support/verdict-rows.ts";

// Commands that run in another folder than the line's (found by helper `cwd`, session 18): a child
// shell reads $PWD as the folder it starts in, not the line's (nested-text.ts), and `find
// -execdir` runs its command in each match's folder (find.ts, unknown-folder.ts). Each hostile row
// was ALLOW_NOOP and deletes ~/Documents. Commands are only judged; nothing runs.
const fx = useGuardFixture();
const table = verdictRows(fx);

table("$PWD in a shell started in another folder (was ALLOW_NOOP)", [
  ["env -C", `env -C ~ bash -c 'rm -rf "$PWD/Documents"'`, ...OUTSIDE],
  ["sudo -D", `sudo -D ~ bash -c 'rm -rf "$PWD/Documents"'`, ...OUTSIDE],
  ["a cd in a subshell first", `(cd ~ && bash -c 'rm -rf "$PWD/Documents"')`, ...OUTSIDE],
  ["a cd first, sh -c", `cd ~ && sh -c 'rm -rf "$PWD"/Documents'`, ...OUTSIDE],
]);

table("find -execdir runs its command in each match's folder (was ALLOW_NOOP)", [
  ["a relative name", "find ~ -maxdepth 1 -name Documents -execdir rm -rf Documents \\;", ...UNKNOWN],
  ["a shell reading $PWD", `find . -name main.ts -execdir bash -c 'rm -rf "$PWD/y"' \\;`, ...UNKNOWN],
  ["a name under the workspace, in every match's folder", "find . -name build -execdir rm -rf build \\;", ...UNKNOWN],
]);

table("harmless neighbours", [
  ["$PWD where the line runs", `bash -c 'rm -rf "$PWD/build"'`, ...RELOCATE],
  ["$PWD printed", `bash -c 'echo "$PWD"'`, ...OK],
  ["$PWD listed after a cd", `(cd src && bash -c 'ls "$PWD"')`, ...OK],
  ["-execdir on the match: nothing matches", "find . -name '*.log' -execdir rm {} \\;", ...NOOP],
  ["-execdir on the match, folders", "find . -type d -name __pycache__ -execdir rm -rf {} +", ...NOOP],
  ["-execdir on the match, a tracked file", "find . -name README.md -execdir rm {} \\;", ...RELOCATE],
  ["-execdir editing the match in place", "find . -name '*.ts' -execdir sed -i s/a/b/ {} \\;", ...OK],
  ["-execdir reading the match", "find . -name '*.ts' -execdir grep -l foo {} +", ...OK],
]);
