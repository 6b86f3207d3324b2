import { expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { classify } from "../../../lib/guard/classify.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { ANCESTOR, NOOP, OK, RELOCATE, REMOTE, UNKNOWN, verdictRows } from "../../support/verdict-rows.ts";

// Eighth red-team pass, scripts the line wrote or changed and then ran: an in-place edit of the
// script (C1), bash's --rcfile (C2), find -exec of a shell on the matches (C3).
const fx = useGuardFixture();
writeFileSync(join(fx.ws, "run.sh"), "echo hi\n");
writeFileSync(join(fx.ws, "notes.txt"), "a\n");


const table = verdictRows(fx);

table("red-team 8 C1: an in-place edit makes a script's text unknown", [
  ["sed -i of a written script", "echo ls > s.sh; sed -i 's/ls/rm -rf ~/' s.sh; bash s.sh", ...UNKNOWN],
  ["sed -i -e, sh", "echo ls > s.sh; sed -i -e 's/ls/rm -rf ~/' s.sh; sh s.sh", ...UNKNOWN],
  ["sed -i.bak", "echo ls > s.sh; sed -i.bak 's/ls/rm -rf ~/' s.sh; bash s.sh", ...UNKNOWN],
  ["sed --in-place, run by path", "echo ls > s.sh; sed --in-place 's/ls/rm -rf ~/' s.sh; chmod +x s.sh; ./s.sh", ...UNKNOWN],
  ["sed -i, sourced", "echo ls > s.sh; sed -i 's/ls/rm -rf ~/' s.sh; source s.sh", ...UNKNOWN],
  ["perl -pi", "echo ls > s.sh; perl -pi -e 's/ls/rm -rf ~/' s.sh; bash s.sh", ...UNKNOWN],
  ["ruby -pi", `echo ls > s.sh; ruby -pi -e 'gsub(/ls/, "rm -rf ~")' s.sh; bash s.sh`, ...UNKNOWN],
  ["ed", "echo ls > s.sh; ed -s s.sh <<< $'1c\\nrm -rf ~\\n.\\nw\\nq'; bash s.sh", ...UNKNOWN],
  ["ex", "echo ls > s.sh; ex -sc '%s/ls/rm -rf ~/|x' s.sh; bash s.sh", ...UNKNOWN],
  ["awk -i inplace", `echo ls > s.sh; awk -i inplace '{print "rm -rf ~"}' s.sh; bash s.sh`, ...UNKNOWN],
  ["a glob edit", "echo ls > s.sh; sed -i 's/ls/rm -rf ~/' *.sh; bash s.sh", ...UNKNOWN],
  ["a python script", "echo 'print(1)' > x.py; sed -i 's/print(1)/import os/' x.py; python3 x.py", ...UNKNOWN],
  ["an existing script edited then run (like >>)", "sed -i '1i rm -rf ~' run.sh; bash run.sh", ...UNKNOWN],
  ["sed's w command over it", "echo ls > s.sh; sed -n 'w s.sh' x; bash s.sh", ...UNKNOWN],
  ["awk's print > over it", `echo ls > s.sh; awk '{print > "s.sh"}' x; bash s.sh`, ...UNKNOWN],
  ["perl's write open over it", `echo ls > s.sh; perl -e 'open(F,">s.sh"); print F "x"'; bash s.sh`, ...UNKNOWN],
  ["another file edited: the script keeps its text", "echo ls > s.sh; sed -i 's/x/y/' notes.txt; bash s.sh", ...NOOP],
  ["an edit after the run", "echo ls > s.sh; bash s.sh; sed -i 's/ls/rm -rf ~/' s.sh", ...NOOP],
  ["the written script alone", "echo ls > s.sh; bash s.sh", ...NOOP],
  ["an existing script run unedited", "bash run.sh", ...OK],
]);

table("red-team 8 C2: bash runs its --rcfile", [
  ["--rcfile -i", "printf 'rm -rf ~' > s.sh; bash --rcfile s.sh -i", ...ANCESTOR],
  ["--init-file -i", "printf 'rm -rf ~' > s.sh; bash --init-file s.sh -i", ...ANCESTOR],
  ["--rcfile with -c", "printf 'rm -rf ~' > s.sh; bash --rcfile ./s.sh -i -c true", ...ANCESTOR],
  ["--rcfile after another long option", "printf 'rm -rf ~' > s.sh; bash --norc --rcfile s.sh -i", ...ANCESTOR],
  ["--rcfile of unread text", "jq . x > s.sh; bash --rcfile s.sh -i", ...UNKNOWN],
  ["--rcfile of a harmless script", "echo ls > s.sh; bash --rcfile s.sh -i", ...NOOP],
  ["--rcfile of an existing file", "bash --rcfile run.sh -i", ...OK],
]);

// `--rcfile F` is a script operand too (written-runs.ts): F is read once, its ops listed once.
test("red-team 8 C2: an --rcfile's ops are listed once", () => {
  for (const option of ["--rcfile", "--init-file"]) {
    const { ops } = classify({ command: `printf 'rm -rf ~' > s.sh; bash ${option} s.sh -i`, cwd: fx.ws, env: fx.env });
    expect(ops.filter((o) => o.kind === "delete")).toHaveLength(1);
  }
});

table("red-team 8 C3: find -exec of a shell runs the scripts the line wrote", [
  ["-exec bash {} ;", "printf 'rm -rf ~' > s.sh; find . -name s.sh -exec bash {} \\;", ...ANCESTOR],
  ["-exec sh {} +", "printf 'rm -rf ~' > s.sh; find . -name s.sh -exec sh {} +", ...ANCESTOR],
  ["-execdir bash {} ;", "printf 'rm -rf ~' > s.sh; find . -name '*.sh' -execdir bash {} \\;", ...ANCESTOR],
  ["-exec python3 {} ;", `printf 'import shutil; shutil.rmtree("/home")' > x.py; find . -name x.py -exec python3 {} \\;`, ...ANCESTOR],
  ["a script in a folder under the start point", "mkdir -p d; printf 'rm -rf ~' > d/s.sh; find d -exec bash {} \\;", ...ANCESTOR],
  ["through env", "printf 'rm -rf ~' > s.sh; find . -name s.sh -exec env X=1 bash {} \\;", ...ANCESTOR],
  ["through sudo", "printf 'rm -rf ~' > s.sh; find . -name s.sh -exec sudo bash {} \\;", ...ANCESTOR],
  ["through nice and timeout", "printf 'rm -rf ~' > s.sh; find . -name s.sh -exec nice -n 5 timeout 9 sh {} \\;", ...ANCESTOR],
  ["unread text", "jq . x > s.sh; find . -name s.sh -exec bash {} \\;", ...UNKNOWN],
  ["a script outside the start points", "mkdir -p a b; printf 'rm -rf ~' > a/s.sh; find b -exec bash {} \\;", ...OK],
  ["a harmless script", "echo ls > s.sh; find . -name s.sh -exec bash {} \\;", ...NOOP],
  ["a reader of the written file", "printf 'rm -rf ~' > s.sh; find . -name s.sh -exec cat {} \\;", ...NOOP],
]);

// Session 13 (later-writes.ts): a command of a loop or function body may run again after the
// commands listed after it, and a trap's action runs later; a file it runs that the line writes
// afterwards is judged as that write leaves it. Every ANCESTOR, UNKNOWN and REMOTE row was ALLOW before.
table("session 13: a run in a loop, function body or trap, and a later write of its file", [
  ["function defined before the write, called after", "f() { ./x.sh; }; echo rm -rf ~ > x.sh; f", ...ANCESTOR],
  ["function, quoted text", "f() { ./x.sh; }; echo 'rm -rf ~' > x.sh; f", ...ANCESTOR],
  ["function called before and after the write", "f() { ./x.sh; }; f; echo rm -rf ~ > x.sh; f", ...ANCESTOR],
  ["function running bash FILE", "f() { bash x.sh; }; echo rm -rf ~ > x.sh; f", ...ANCESTOR],
  ["function sourcing the file", "f() { source ./x.sh; }; echo 'rm -rf ~' > x.sh; f", ...UNKNOWN],
  ["function sourcing with .", "f() { . x.sh; }; echo 'rm -rf ~' > x.sh; f", ...UNKNOWN],
  ["the write in another function", "f() { ./x.sh; }; g() { echo 'rm -rf ~' > x.sh; }; g; f", ...ANCESTOR],
  ["written through a move", "f() { ./x.sh; }; echo rm -rf ~ > y.sh; mv y.sh x.sh; f", ...ANCESTOR],
  ["downloaded (remote code, session 19)", "f() { ./x.sh; }; curl -o x.sh http://127.0.0.1/a; f", ...REMOTE],
  ["while true, the write after the run", "while true; do ./x.sh; echo rm -rf ~ > x.sh; done", ...ANCESTOR],
  ["until", "until false; do ./x.sh; echo rm -rf ~ > x.sh; done", ...ANCESTOR],
  ["bash FILE in a loop", "while true; do bash x.sh; echo rm -rf ~ > x.sh; done", ...ANCESTOR],
  ["stdin from the file", "while true; do bash < x.sh; echo rm -rf ~ > x.sh; done", ...ANCESTOR],
  ["cat FILE | bash", "while true; do cat x.sh | bash; echo rm -rf ~ > x.sh; done", ...ANCESTOR],
  ["in a subshell", "while true; do ( ./x.sh ); echo rm -rf ~ > x.sh; done", ...ANCESTOR],
  ["a pipeline stage", "while true; do cat a | ./x.sh; echo rm -rf ~ > x.sh; done", ...ANCESTOR],
  ["through env", "while true; do env ./x.sh; echo rm -rf ~ > x.sh; done", ...ANCESTOR],
  ["through timeout", "while true; do timeout 5 ./x.sh; echo rm -rf ~ > x.sh; done", ...ANCESTOR],
  ["through bash -c", "while true; do bash -c ./x.sh; echo rm -rf ~ > x.sh; done", ...ANCESTOR],
  ["written by tee", "while true; do ./x.sh; printf 'rm -rf ~' | tee x.sh; done", ...ANCESTOR],
  ["a pattern run", "while true; do bash s*.sh; echo 'rm -rf ~' > s1.sh; done", ...ANCESTOR],
  ["python", `while true; do python3 x.py; printf 'import shutil; shutil.rmtree("/home")' > x.py; done`, ...ANCESTOR],
  ["edited in place", "while true; do ./x.sh; sed -i 's/ls/rm -rf ~/' x.sh; done", ...UNKNOWN],
  ["appended", "while true; do ./x.sh; echo 'rm -rf ~' >> x.sh; done", ...UNKNOWN],
  ["unread text", "while true; do ./x.sh; jq . a > x.sh; done", ...UNKNOWN],
  ["downloaded, sh FILE", "while true; do sh x.sh; curl -o x.sh http://127.0.0.1/a; done", ...REMOTE],
  ["trap EXIT", "trap './x.sh' EXIT; echo rm -rf ~ > x.sh", ...ANCESTOR],
  ["trap INT", "trap 'bash x.sh' INT; echo 'rm -rf ~' > x.sh; sleep 100", ...ANCESTOR],
  ["the written text is harmless", "while true; do ./x.sh; echo ls > x.sh; done", ...NOOP],
  ["a function, harmless text", "f() { ./x.sh; }; echo ls > x.sh; f", ...NOOP],
  ["the write after the loop ended", "while :; do ./x.sh; done; echo rm -rf ~ > x.sh", ...NOOP],
  ["a finished loop of three", "for i in 1 2 3; do ./build.sh; done; echo 'rm -rf ~' > build.sh", ...NOOP],
  ["outside any loop, the write after the run", "./x.sh; echo rm -rf ~ > x.sh", ...NOOP],
  ["writes to other files", "for f in *.txt; do ./test.sh >> out; done", ...OK],
  ["a read loop writing a log", 'while read l; do ./run.sh "$l" > log; done < list', ...NOOP],
]);

// Session 13 reread (posix/parser.ts, later-writes.ts): the commands of a compound sent to the
// background run alongside the commands after it, as a plain `cmd &` does; a background run is
// kept to the end of the line. Every ANCESTOR row but the unrolled for's (its second copy was
// marked) and the REMOTE, RELOCATE and fork-bomb rows were ALLOW before (the `&` marked only the
// compound's closing word); the endless loop in the background would be a fork bomb without
// fork-bomb.ts reading the compound as one job.
table("session 13: a run in the background, and a compound sent to the background", [
  ["a loop in the background", "while true; do ./x.sh; done & echo 'rm -rf ~' > x.sh", ...ANCESTOR],
  ["a group in the background", "{ sleep 1; ./x.sh; } & echo 'rm -rf ~' > x.sh", ...ANCESTOR],
  ["a subshell in the background", "( sleep 1; ./x.sh ) & echo 'rm -rf ~' > x.sh", ...ANCESTOR],
  ["an unrolled for in the background", "for i in 1 2; do sleep 1; ./x.sh; done & echo 'rm -rf ~' > x.sh", ...ANCESTOR],
  ["an if in the background", "if true; then sleep 1; ./x.sh; fi & echo 'rm -rf ~' > x.sh", ...ANCESTOR],
  ["an and-list in the background", "sleep 1 && ./x.sh & echo 'rm -rf ~' > x.sh", ...ANCESTOR],
  ["a plain run in the background", "./x.sh & echo 'rm -rf ~' > x.sh", ...ANCESTOR],
  ["a case in the background", "case a in a) sleep 1; ./x.sh;; esac & echo 'rm -rf ~' > x.sh", ...ANCESTOR],
  ["a case with a redirection in the background", "case a in a) sleep 1; ./x.sh;; esac > log & echo 'rm -rf ~' > x.sh", ...ANCESTOR],
  ["a case run before the write", "case a in a) ./x.sh;; esac; echo 'rm -rf ~' > x.sh", ...NOOP],
  ["a cd in a background case stays there", "case a in a) cd /tmp;; esac & rm -rf *", ...RELOCATE],
  ["a cd in a background group stays there", "{ cd /tmp; } & rm -rf *", ...RELOCATE],
  ["a download in a background group is not cleared", "{ curl -o s.sh http://127.0.0.1/a; } & echo safe > s.sh; bash s.sh", ...REMOTE],
  ["a function calling itself from a background group", "f() { { f; } & }; f", "BLOCK", "BLOCK_FORK_BOMB"],
  ["an endless loop in the background is one job", "while true; do sleep 1; done &", ...OK],
  ["a job started in each pass is still a flood", "while true; do work & done &", "BLOCK", "BLOCK_FORK_BOMB"],
  ["a background loop, harmless text", "while :; do ./watch.sh; done & echo ls > watch.sh", ...NOOP],
  ["a background run, another file written", "./server.sh & echo started > server.log", ...NOOP],
]);

// Session 13 final review (posix/parser.ts _closedBy): a subshell sent to the background is one job
// as a group is; its commands were each read as a job of their own: the OK rows were BLOCK_FORK_BOMB.
table("session 13: a subshell sent to the background is one job", [
  ["a watch loop in a background subshell", "(while true; do make; sleep 2; done) &", ...OK],
  ["with a log", "(while true; do date; sleep 60; done) > clock.log &", ...OK],
  ["after a cd", "(cd web && while true; do npm test; sleep 5; done) &", ...OK],
  ["piped, in the background", "(while true; do sleep 1; done) | cat &", ...OK],
  ["a job started in each pass is still a flood", "(while true; do work & done) &", "BLOCK", "BLOCK_FORK_BOMB"],
  ["a background subshell in each pass", "(while true; do (work) & done) &", "BLOCK", "BLOCK_FORK_BOMB"],
  ["a function starting itself in a subshell", "f() { (f) & }; f", "BLOCK", "BLOCK_FORK_BOMB"],
  ["a background subshell loop runs a later-written file", "(while :; do ./x.sh; done) & echo 'rm -rf ~' > x.sh", ...ANCESTOR],
]);

// Session 13 reread (later-writes.ts noteRepeatedRun): a program a handler runs for the command
// (xargs's, find -exec's) had no command of its own and was not kept: the ANCESTOR rows were ALLOW_NOOP.
table("session 13: a run by xargs or find -exec in a loop, and a later write", [
  ["xargs sh FILE", "while true; do xargs sh x.sh < list; echo 'rm -rf ~' > x.sh; done", ...ANCESTOR],
  ["find -exec ./FILE", "while true; do find . -exec ./x.sh {} \\; ; echo 'rm -rf ~' > x.sh; done", ...ANCESTOR],
  ["xargs, harmless text", "while true; do xargs ./x.sh < list; echo ls > x.sh; done", ...NOOP],
  ["find -exec, another file written", "while true; do find . -name '*.py' -exec ./lint.sh {} \\; ; ./fix.sh > lint.log; done", ...NOOP],
]);

// Session 13 reread (posix/compound-stdin.ts feedCompoundOutput): a compound's redirection opens
// the file before its commands run, so a run inside reads what the commands before it printed
// there (checked in the sandbox). Every UNKNOWN row was ALLOW before.
table("session 13: a run inside a compound whose output goes to the file it runs", [
  // Session 14 (compound-stdin.ts): the first command of a group or subshell truncates the file
  // itself, so its text is known: the rows below block as the text's `rm -rf ~` (they were UNKNOWN).
  ["a group", "{ echo 'rm -rf ~'; bash x.sh; } > x.sh", ...ANCESTOR],
  ["a loop", "while true; do echo 'rm -rf ~'; bash x.sh; done > x.sh", ...UNKNOWN],
  ["a subshell", "( echo 'rm -rf ~'; bash x.sh ) > x.sh", ...ANCESTOR],
  ["an if", "if true; then echo 'rm -rf ~'; bash x.sh; fi > x.sh", ...UNKNOWN],
  ["appending", "{ echo 'rm -rf ~'; bash x.sh; } >> x.sh", ...UNKNOWN],
  ["&>", "{ echo 'rm -rf ~'; ./x.sh; } &> x.sh", ...ANCESTOR],
  ["make reads the Makefile the group printed", "{ printf 'all:\\n\\trm -rf ~\\n'; make; } > Makefile", ...ANCESTOR],
  ["the command's own redirection wins", "{ echo 'rm -rf ~' > log.txt; bash x.sh; } > x.sh", ...NOOP],
  ["a log of a group", "{ echo hi; bash run.sh; } > log.txt", ...NOOP],
  ["a cd inside: the log stays the outer folder's", "( cd sub && make ) > build.log 2>&1", ...NOOP],
  ["a cd inside, an absolute name", "( cd /tmp; echo 'rm -rf ~'; bash /tmp/x.sh ) > /tmp/x.sh", ...UNKNOWN],
]);

// Session 13 (written-scripts.ts printedText): an unquoted unknown word is read as one, two and no
// words (word-counts.ts); the reading without it recorded the script's text (`rm -rf`), and the
// run was ALLOW_NOOP. Every UNKNOWN row was ALLOW before.
table("session 13: an unknown word in the written text", [
  ["a variable", "echo rm -rf $x > s.sh; bash s.sh", ...UNKNOWN],
  ["a variable read from stdin", "read x; echo rm -rf $x > s.sh; bash s.sh", ...UNKNOWN],
  ["a substitution, run by its path", "echo rm -rf $(cat f) > s.sh; ./s.sh", ...UNKNOWN],
  ["printf", "printf '%s ' rm -rf $x > s.sh; bash s.sh", ...UNKNOWN],
  ["a tilde after a function that may change HOME", "f() { source ./x.sh; }; echo rm -rf ~ > x.sh; f", ...UNKNOWN],
  ["a file that is only read", "echo $x > out.txt; cat out.txt", ...NOOP],
]);
