import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { ANCESTOR, OK, PROTECTED, RELOCATE, UNKNOWN, verdictRows } from "../../support/verdict-rows.ts";

// Session 15 (posix/coproc.ts, parser.ts): `coproc [NAME] COMMAND` runs its command, simple or
// compound, in the background in a subshell, as `… &` does. The parser read `coproc { cd /etc`
// as one program's words, so the rm after it ran (for the guard) in the workspace: ALLOW_NOOP in
// an empty folder.
const fx = useGuardFixture();
const table = verdictRows(fx);

table("a coprocess is its command, in the background", [
  ["a group", "coproc { cd /etc; rm -rf *; }", ...PROTECTED],
  ["a named group", "coproc F { cd /etc; rm -rf *; }", ...PROTECTED],
  ["a group with a redirection", "coproc F { cd /etc; rm -rf *; } > /dev/null 2>&1", ...PROTECTED],
  ["a subshell", "coproc (cd /etc; rm -rf *)", ...PROTECTED],
  ["a named subshell", "coproc F (cd /etc; rm -rf *)", ...PROTECTED],
  ["a while loop", "coproc F while true; do cd /etc; rm -rf *; done", ...PROTECTED],
  ["an if", "coproc if true; then cd /etc; rm -rf *; fi", ...PROTECTED],
  ["a for loop", "coproc for i in 1; do cd /etc; rm -rf *; done", ...PROTECTED],
  ["a case", "coproc case x in x) cd /etc; rm -rf *;; esac", ...PROTECTED],
  ["a simple command", "coproc rm -rf ~", ...ANCESTOR],
  ["a simple command after a name-like word", "coproc rm -rf *", ...RELOCATE],
  ["as a later pipeline stage", "true | coproc { cd /etc; rm -rf *; }", ...PROTECTED],
  ["as a first pipeline stage", "coproc { cd /etc; rm -rf *; } | cat", ...PROTECTED],
  ["in a group", "{ coproc { cd ~; rm -rf *; }; }", ...ANCESTOR],
  ["after &&", "true && coproc F (cd /etc; rm -rf *)", ...PROTECTED],
]);

table("the coprocess's subshell ends with its command", [
  ["a cd in a coprocess stays there", "coproc { cd /etc; }; rm -rf *", ...RELOCATE],
  ["a simple cd too", "coproc cd /etc; rm -rf *", ...RELOCATE],
  ["the list after it runs here", "coproc F { cd /etc; } && rm -rf *", ...RELOCATE],
  // coproc d makes d an array of file descriptor numbers (and d_PID a process id) in this shell.
  ["NAME is unknown after it", 'd=/tmp/x; coproc d { :; }; rm -rf "$d"/src', ...UNKNOWN],
  ["NAME_PID is unknown after it", 'd_PID=/tmp/x; coproc d { :; }; rm -rf "$d_PID"/src', ...UNKNOWN],
  ["COPROC without a name", 'COPROC=/tmp/x; coproc cat; rm -rf "$COPROC"/src', ...UNKNOWN],
]);

table("what bash refuses after coproc is not read", [
  ["nothing", "coproc", ...UNKNOWN],
  ["a negation", "coproc ! rm -rf ~", ...UNKNOWN],
  ["a coproc", "coproc coproc rm -rf ~", ...UNKNOWN],
  ["a function definition", "coproc f() { rm -rf ~; }", ...UNKNOWN],
]);

table("harmless coprocesses stay allowed", [
  ["a reader", "coproc cat", ...OK],
  ["a named group", 'coproc F { while read -r l; do echo "$l"; done; }', ...OK],
  ["its array after it", 'coproc F { cat; }; echo "${F[1]}" "$F_PID"', ...OK],
  ["a quoted coproc is a program's name", '"coproc" cat', ...OK],
  ["an assignment before coproc makes it a program's name", "X=1 coproc cat", ...OK],
]);
