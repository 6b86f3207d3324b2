import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { caseFoldedRows } from "../../support/case-folded-rows.ts";
import { ANCESTOR, NOOP, UNKNOWN, type VerdictRow, verdictRows } from "../../support/verdict-rows.ts";

// Session 14: scripts the line writes and runs (effects/written-scripts.ts, script-writers.ts,
// later-writes.ts, written-runs.ts, posix/compound-stdin.ts, posix/pipeline-stages.ts).
const fx = useGuardFixture();
const table = verdictRows(fx);
const foldedTable = caseFoldedRows(fx);

table("a written file replaced before it runs runs unknown text", [
  ["a link made in its place", "printf 'ls\\n' > p.sh; ln -sf /tmp/evil.sh p.sh; bash p.sh", ...UNKNOWN],
  ["a link made in its place over dangerous text", "printf 'rm -rf ~\\n' > p.sh; ln -sf /tmp/evil.sh p.sh; bash p.sh", ...UNKNOWN],
  ["a relative link to a file the line did not write", "printf 'ls\\n' > p.sh; ln -sf q.sh p.sh; bash p.sh", ...UNKNOWN],
  ["a hard link in its place", "printf 'ls\\n' > p.sh; ln -f /tmp/evil.sh p.sh; bash p.sh", ...UNKNOWN],
  ["`link` in its place", "printf 'ls\\n' > p.sh; rm -f p.sh; link /tmp/evil.sh p.sh; bash p.sh", ...UNKNOWN],
  ["a link made through `command`", "printf 'ls\\n' > p.sh; command ln -sf /tmp/evil.sh p.sh; bash p.sh", ...UNKNOWN],
  ["awk's program file replaced by a link", "printf '{ print }\\n' > p.awk; ln -sf /tmp/evil.awk p.awk; awk -f p.awk in.txt", ...UNKNOWN],
  ["rename computes the new names", "printf 'ls\\n' > p.sh; rename q p q.sh; bash p.sh", ...UNKNOWN],
  ["truncate keeps a prefix of the text", "printf 'rm -rf ~/old\\n' > p.sh; truncate -s 8 p.sh; bash p.sh", ...UNKNOWN],
  ["an append after a copy over it", "echo ls > x.sh; cp /tmp/evil.sh x.sh; echo hi >> x.sh; bash x.sh", ...UNKNOWN],
  ["a copy into a folder the line then enters", "printf 'ls\\n' > p.sh; mkdir d; cp /tmp/evil.sh d/p.sh; cd d; bash p.sh", ...UNKNOWN],
  // Still read: a link to a file the line wrote is that file.
  ["a link to a written file", "printf 'ls\\n' > q.sh; ln -sf q.sh p.sh; bash p.sh", ...NOOP],
  ["a link to a written file with dangerous text", "printf 'rm -rf ~\\n' > q.sh; ln -s q.sh p.sh; bash p.sh", ...ANCESTOR],
  ["an append to the written text", "echo ls > x.sh; echo pwd >> x.sh; bash x.sh", ...NOOP],
  ["the same name written in the folder entered", "printf 'ls\\n' > p.sh; mkdir d; printf 'ls\\n' > d/p.sh; cd d; bash p.sh", ...NOOP],
]);

table("a run racing a write by another stage of its pipeline, or a job before it", [
  ["a group stage and tee", "{ sleep 1; bash x.sh; } | tee x.sh", ...UNKNOWN],
  ["a group stage and tee over written text", "echo ls > x.sh; { sleep 1; bash x.sh; } | tee x.sh", ...UNKNOWN],
  ["a plain stage and tee", "echo ls > x.sh; bash x.sh | tee x.sh", ...UNKNOWN],
  ["a later stage runs what an earlier one writes", "echo ls | tee x.sh | bash x.sh", ...UNKNOWN],
  ["a loop stage and tee", "while true; do bash x.sh; done | tee x.sh", ...UNKNOWN],
  ["a loop fed by a pipe and tee", "cat list | while read l; do bash x.sh; done | tee x.sh", ...UNKNOWN],
  ["a stage and a redirection of another stage", "echo ls > x.sh; ./x.sh | cat > x.sh", ...UNKNOWN],
  ["a job writing before the run", "echo ls > x.sh & bash x.sh", ...UNKNOWN],
  ["a job teeing before the run", "echo ls | tee x.sh & bash x.sh", ...UNKNOWN],
  // No race: the pipeline or the job has ended, or the write is in the same stage or job.
  ["tee into a log", "bash x.sh | tee x.log", ...NOOP],
  ["a write after the pipeline", "bash x.sh | tee out.log; echo ls > x.sh", ...NOOP],
  ["a run after the pipeline", "echo ls | tee x.sh; bash x.sh", ...NOOP],
  ["dangerous text run after the pipeline", "echo 'rm -rf ~' | tee x.sh; bash x.sh", ...ANCESTOR],
  ["a run after wait", "echo ls > x.sh & wait; bash x.sh", ...NOOP],
  ["a write and a run in one job", "{ echo ls > x.sh; bash x.sh; } &", ...NOOP],
  ["a write and a run in one stage", "{ echo ls > x.sh; bash x.sh; } | cat", ...NOOP],
]);

table("a compound's output written by its commands", [
  ["a shell script", "{ echo '#!/bin/sh'; echo 'echo hi'; } > x.sh; sh ./x.sh", ...NOOP],
  ["a subshell's", "( echo ls; echo 'echo ok' ) > x.sh; sh x.sh", ...NOOP],
  ["dangerous text", "{ echo 'rm -rf ~'; } > x.sh; sh x.sh", ...ANCESTOR],
  ["dangerous text after harmless", "{ echo ls; echo 'rm -rf ~'; } > x.sh; sh x.sh", ...ANCESTOR],
  ["a run inside reads what was printed before it", "{ echo ls; bash x.sh; } > x.sh", ...NOOP],
  ["a run inside after dangerous text", "{ echo 'rm -rf ~'; bash x.sh; } > x.sh", ...ANCESTOR],
  ["an append to written text", "echo pwd > x.sh; { echo ls; } >> x.sh; bash x.sh", ...NOOP],
  ["a program the guard does not read inside", "{ echo ls; date; } > x.sh; sh x.sh", ...UNKNOWN],
  ["a copy over it inside", "{ echo ls; cp /tmp/evil.sh x.sh; echo ok; } > x.sh; sh x.sh", ...UNKNOWN],
  ["a copy over it after", "{ echo ls; } > x.sh; cp /tmp/evil.sh x.sh; sh x.sh", ...UNKNOWN],
  ["a loop's output (the body may run any number of times)", "for i in $(cat n); do echo ls; done > x.sh; sh x.sh", ...UNKNOWN],
]);

foldedTable("names compared without case (macOS, Windows)", [
    ["a run in a loop, then a write in upper case", "while true; do ./x.sh; echo 'rm -rf ~' > X.SH; done", ANCESTOR, NOOP],
    ["a run in the background, then a write in upper case", "bash x.sh & echo 'rm -rf ~' > X.sh", ANCESTOR, NOOP],
    ["a write in upper case, then a run", "echo 'rm -rf ~' > X.SH; bash x.sh", ANCESTOR, NOOP],
    ["an append in another case", "echo ls > x.sh; echo 'rm -rf ~' >> X.SH; bash x.sh", ANCESTOR, NOOP],
]);
