import type { Decision } from "../../../lib/guard/decision.ts";
import type { ReasonCode } from "../../../lib/guard/reasons.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { OK, verdictRows } from "../../support/verdict-rows.ts";

// `git archive TREE | tar -x` in the work tree writes the tracked files of TREE over their
// uncommitted changes, as `git checkout TREE -- .` does (effects/tar.ts). Red team session 11,
// finding 9: ALLOW (a sandbox run showed the edit gone) while the checkout is snapshotted first.
const fx = useGuardFixture();
const table = verdictRows(fx);
const SNAPSHOT: [Decision, ReasonCode] = ["SNAPSHOT", "SNAPSHOT_GIT_WORKTREE"];

table("a piped git archive extracted over the work tree", [
  ["the checkout it equals", "git checkout -- .", ...SNAPSHOT],
  ["tar -x", "git archive HEAD | tar -x", ...SNAPSHOT],
  ["tar -xf -", "git archive HEAD | tar -xf -", ...SNAPSHOT],
  ["-C the same folder", "git archive --format=tar HEAD src | tar -x -C .", ...SNAPSHOT],
  ["one path", "git archive HEAD src/main.ts | tar -x", ...SNAPSHOT],
  ["compressed", "git archive --format=tar.gz HEAD | tar -xz", ...SNAPSHOT],
  ["bsdtar", "git archive HEAD | bsdtar -xf -", ...SNAPSHOT],
  ["from a subfolder", "cd src && git archive HEAD | tar -x", ...SNAPSHOT],
  ["an empty prefix", "git archive --prefix= HEAD | tar -x", ...SNAPSHOT],
  ["the ./ prefix", "git archive --prefix ./ HEAD | tar -x", ...SNAPSHOT],
]);

table("an archive extracted elsewhere, or kept off existing files", [
  ["another folder", "git archive HEAD | tar -x -C build", ...OK],
  ["under a prefix", "git archive --prefix=copy/ HEAD | tar -x", ...OK],
  ["-k keeps existing files", "git archive HEAD | tar -xk", ...OK],
  ["--skip-old-files", "git archive HEAD | tar -x --skip-old-files", ...OK],
  ["--strip-components", "git archive HEAD | tar -x --strip-components=1", ...OK],
  ["a zip tar cannot read", "git archive --format=zip HEAD | tar -x", ...OK],
  ["another repository", "git -C /tmp/other archive HEAD | tar -x", ...OK],
  ["a listing", "git archive HEAD | tar -t", ...OK],
  ["to stdout", "git archive HEAD | tar -xO", ...OK],
  ["an unknown archive", "tar -xf /tmp/x.tar", ...OK],
]);
