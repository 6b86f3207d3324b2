import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { OK, TEMP, UNKNOWN, verdictRows } from "../../support/verdict-rows.ts";

// A loop read once (not unrolled per word) whose body assigns a name it expands: the second pass
// sees what the first assigned (parser.ts rereadBody, session 18). Each hostile row was
// ALLOW_TEMP_PATH or ALLOW_NOOP while its second pass deletes in the home folder. Commands are
// only judged; nothing runs.
const fx = useGuardFixture();
const table = verdictRows(fx);

table("a name the body reassigns after using it (was ALLOW)", [
  ["while", `d=/tmp/x; while :; do rm -rf "$d"; d=~; done`, ...UNKNOWN],
  ["until", `d=/tmp/x; until false; do rm -rf "$d"; d=~; done`, ...UNKNOWN],
  ["while read", `d=/tmp/x; while read l; do rm -rf "$d"; d=~; done < README.md`, ...UNKNOWN],
  ["for over a substitution", `d=/tmp/x; for i in $(seq 3); do rm -rf "$d"; d=~; done`, ...UNKNOWN],
  ["a cd into it", `d=/tmp && while true; do cd "$d" && rm -rf *; d=~; done`, ...UNKNOWN],
  ["braced", `d=/tmp/x; while :; do rm -rf "\${d}"; d=$HOME; done`, ...UNKNOWN],
  ["a counter beside it", `d=/tmp/x; while :; do rm -rf "$d"; d=$((1)); d=~; done`, ...UNKNOWN],
]);

table("a name the body reassigns, used by the loop's condition (was ALLOW_TEMP_PATH, session 19)", [
  ["while", `d=/tmp/x; while rm -rf "$d"; do d=~; done`, ...UNKNOWN],
  ["until", `d=/tmp/x; until rm -rf "$d"; do d=~; done`, ...UNKNOWN],
  ["negated", `d=/tmp/x; while ! rm -rf "$d"; do d=$HOME; done`, ...UNKNOWN],
  ["a list as the condition", `d=/tmp/x; while sleep 1; rm -rf "$d"; do d=~; done`, ...UNKNOWN],
]);

table("a condition whose names the body does not reassign keeps its reading", [
  ["a retry of one folder", `d=/tmp/x; while rm -rf "$d"; do sleep 1; done`, ...TEMP],
  ["a counter in the condition's path", `n=0; while rm -rf /tmp/x$n; do n=$((n+1)); done`, ...TEMP],
  ["a test on the folder", `d=/tmp/x; while [ -d "$d" ]; do rm -rf "$d"; done`, ...TEMP],
]);

table("harmless neighbours keep their decisions", [
  ["a condition testing what the body reassigns", `d=/tmp/x; while [ -d "$d" ]; do d=~; done; echo ok`, ...OK],
  ["a counter", `i=0; while [ $i -lt 3 ]; do echo "$i"; i=$((i+1)); done`, ...OK],
  ["a retry loop", `n=0; until curl -s http://127.0.0.1:3000; do n=$((n+1)); [ $n -ge 5 ] && break; sleep 1; done`, ...OK],
  ["(( n++ ))", `n=0; while true; do ((n++)); echo $n; [ $n -gt 3 ] && break; done`, ...OK],
  ["the previous name printed", `prev=""; for f in $(ls src); do echo "$prev"; prev=$f; done`, ...OK],
  ["a name assigned, never expanded before", `while read f; do echo "$f"; n=$f; done < README.md`, ...OK],
]);
