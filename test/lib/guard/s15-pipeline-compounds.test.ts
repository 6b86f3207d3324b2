import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { ANCESTOR, OK, PROTECTED, RELOCATE, verdictRows } from "../../support/verdict-rows.ts";

// Session 15 (posix/parser.ts parsePipeline): a compound opened by a later stage of a pipeline
// is that whole stage. Only its first command was put in the stage's subshell, so the cd in
// `true | { cd /etc; rm -rf *; }` was undone before the rm, which ran (for the guard) in the
// workspace: ALLOW_NOOP in an empty folder.
const fx = useGuardFixture();
const table = verdictRows(fx);

table("a compound opened by a later pipeline stage keeps its cd", [
  ["a group as the last stage", "true | { cd /etc; rm -rf *; }", ...PROTECTED],
  ["a group with && as the last stage", "true | { cd /etc && rm -rf *; }", ...PROTECTED],
  ["a group as a middle stage", "true | { cd /etc; rm -rf *; } | cat", ...PROTECTED],
  ["a group after two stages", "true | cat | { cd /etc; rm -rf *; }", ...PROTECTED],
  ["an if as the last stage", "true | if true; then cd /etc; rm -rf *; fi", ...PROTECTED],
  ["a while loop as the last stage", "true | while read x; do cd /etc; rm -rf *; done", ...PROTECTED],
  ["nested groups as the last stage", "true | { { cd /etc; rm -rf *; }; }", ...PROTECTED],
  ["a home folder delete", "true | { cd ~; rm -rf *; }", ...ANCESTOR],
]);

table("the stage's subshell still ends with the compound", [
  ["the cd does not outlive the stage", "true | { cd /etc; }; rm -rf *", ...RELOCATE],
  ["nor after a middle stage", "true | { cd /etc; } | cat; rm -rf *", ...RELOCATE],
  ["a group reading the pipe", "git log | { read -r first; echo \"$first\"; }", ...OK],
]);
