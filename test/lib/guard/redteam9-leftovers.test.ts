import type { Decision } from "../../../lib/guard/decision.ts";
import type { ReasonCode } from "../../../lib/guard/reasons.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { OK, verdictRows } from "../../support/verdict-rows.ts";

// Ninth red-team pass, left by its helper for the effect analysis:
// - coreutils `link A B` is `ln A B` (a hard link: a later write through B changes A), and was
//   not in the program table: `link .git/config gc` passed where `ln .git/config gc` blocks;
// - `git diff | git apply -R` discards every uncommitted edit as `git checkout .` does, without
//   the snapshot that one gets (confirmed in a sandbox: SNAPSHOT, then `restore` puts the edit back).
const fx = useGuardFixture();

const SNAPSHOT: [Decision, ReasonCode] = ["SNAPSHOT", "SNAPSHOT_GIT_WORKTREE"];

const table = verdictRows(fx);

table("red-team 9: link is a hard link like ln", [
  ["link", "link .git/config gc", "BLOCK", "BLOCK_PROTECTED_PATH"],
  ["link", "link ~/.ssh/id_rsa k && cat k", "ASK", "ASK_SECRET_ACCESS"],
  ["link", "link README.md second-name.md", ...OK],
]);

table("red-team 9: a reversed patch discards work-tree changes", [
  ["git diff", "git diff | git apply -R", ...SNAPSHOT],
  ["git diff", "git diff > x.patch && git apply -R x.patch", ...SNAPSHOT],
  ["git apply", "git apply --reverse fix.patch", ...SNAPSHOT],
  ["git apply", "git apply -Rv fix.patch", ...SNAPSHOT],
  // The index only, or no file written: nothing in the work tree changes.
  ["git apply", "git apply -R --cached fix.patch", ...OK],
  ["git apply", "git apply --check -R fix.patch", ...OK],
  ["git apply", "git apply --stat fix.patch", ...OK],
  ["git apply", "git apply fix.patch", ...OK],
]);

table("red-team 9: gio's file subcommands and the trash tools", [
  ["gio remove", "gio remove ~/Documents/notes.txt", "ASK", "ASK_OUTSIDE_WORKSPACE"],
  ["gio remove", "gio remove README.md", "RELOCATE", "RELOCATE_TREE"],
  ["gio move", "gio move README.md ~/x", "ASK", "ASK_OUTSIDE_WORKSPACE"],
  ["gio copy", "gio copy README.md ~/Documents/notes.txt", "ASK", "ASK_OUTSIDE_WORKSPACE"],
  ["gio save", "gio save ~/.bashrc", "ASK", "ASK_OUTSIDE_WORKSPACE"],
  // Emptying the trash deletes what the user deleted, for good.
  ["gio trash", "gio trash --empty", "BLOCK", "BLOCK_OUTSIDE_WORKSPACE"],
  ["trash-empty", "trash-empty", "BLOCK", "BLOCK_OUTSIDE_WORKSPACE"],
  ["trash-empty", "trash-empty 30", "BLOCK", "BLOCK_OUTSIDE_WORKSPACE"],
  ["XDG_DATA_HOME=/tmp/xd", "XDG_DATA_HOME=/tmp/xd gio trash --empty", "ALLOW", "ALLOW_TEMP_PATH"],
  ["gio info", "gio info README.md", ...OK],
  ["gio list", "gio list ~", ...OK],
  ["gio rename", "gio rename README.md README2.md", ...OK],
]);
