import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { caseFoldedRows } from "../../support/case-folded-rows.ts";
import { ANCESTOR, EGRESS, NOOP, OK, SECRET, UNKNOWN, verdictRows } from "../../support/verdict-rows.ts";

// Session 15: scripts the line writes, then runs; programs it builds (effects/unseen-writes.ts
// unseenSince, written-scripts.ts unseenAfterWrites, program-path.ts, java-runs.ts, later-writes.ts
// and program-file.ts for awk's program files).
const fx = useGuardFixture();
const table = verdictRows(fx);
const foldedTable = caseFoldedRows(fx);
const EVIL_C = `printf '#include <stdlib.h>\\nint main(){system("rm -rf ~");}' > x.c`;

table("a program built after the line wrote its source runs code the guard never saw", [
  ["cc's a.out", `${EVIL_C} && cc x.c && ./a.out`, ...UNKNOWN],
  ["gcc's a.out", `${EVIL_C} && gcc x.c && ./a.out`, ...UNKNOWN],
  ["gcc -o (session 14)", `${EVIL_C} && gcc -o x x.c && ./x`, ...UNKNOWN],
  ["an object file, then a link", "printf 'int main(){}' > x.c && cc -c x.c && cc x.o && ./a.out", ...UNKNOWN],
  ["make's implicit rule", `${EVIL_C} && make x && ./x`, ...UNKNOWN],
  ["go build of a written main.go", "printf 'package main\\nfunc main(){}' > main.go && go build main.go && ./main", ...UNKNOWN],
  ["rustc's default output", "printf 'fn main(){}' > x.rs && rustc x.rs && ./x", ...UNKNOWN],
  ["javac, then java of the class", "printf 'class X{}' > X.java && javac X.java && java X", ...UNKNOWN],
  ["javac -d, then java -cp", "printf 'class X{}' > X.java && javac -d out X.java && java -cp out X", ...UNKNOWN],
  ["java's source launcher on a written source", "printf 'class X{}' > X.java && java X.java", ...UNKNOWN],
  ["a jar the line filled", "cp /tmp/evil.jar app.jar; java -jar app.jar", ...UNKNOWN],
  ["a source written again after the build", "echo a > x.c; make; echo b > x.c; ./x", ...UNKNOWN],
  // Nothing the line wrote can be in the build.
  ["gcc -o of the workspace's source", "gcc -o hello hello.c && ./hello", ...NOOP],
  ["cc of the workspace's source", "cc hello.c && ./a.out", ...OK],
  ["make, then the built program", "make && ./build/app", ...OK],
  ["make in the build folder, then the program", "cd build && make && ./app", ...OK],
  ["make writing its log", "make > build.log 2>&1; ./app", ...NOOP],
  ["two programs' logs", "npm run build > b.log; npm test > t.log; ./bin/cli", ...NOOP],
  ["javac, then java, of the workspace's source", "javac X.java && java X", ...OK],
  ["java of the workspace's class", "java X", ...OK],
  ["java -jar after an unrelated write", "echo hi > notes.txt; java -jar app.jar", ...NOOP],
]);

table("a written script run after a program that writes files the guard does not see", [
  ["make", "echo ok > x.sh; make; bash x.sh", ...UNKNOWN],
  ["npm run build", "echo ok > x.sh; npm run build; sh x.sh", ...UNKNOWN],
  ["a python generator, then the script by its path", "echo ok > x.sh; python3 gen.py; ./x.sh", ...UNKNOWN],
  ["a workspace script", "echo ls > x.sh; bash build.sh; bash x.sh", ...UNKNOWN],
  ["xargs make", "echo ls > x.sh; xargs make < list; bash x.sh", ...UNKNOWN],
  ["a written python file after make", "printf 'print(1)' > t.py; make; python3 t.py", ...UNKNOWN],
  // The write comes after the program, the writer is the program, or the program's writes are all seen.
  ["make before the write", "make; echo ok > x.sh; bash x.sh", ...NOOP],
  ["tee writes it", "echo ok | tee x.sh; bash x.sh", ...NOOP],
  ["tee through stdbuf", "echo ok | stdbuf -oL tee x.sh; bash x.sh", ...NOOP],
  ["tee through sudo", "echo ok | sudo tee x.sh; bash x.sh", ...NOOP],
  ["install copies it", "echo ls > a.sh; install a.sh b.sh; bash b.sh", ...NOOP],
  ["the script run twice", "echo ls > x.sh; bash x.sh; bash x.sh", ...NOOP],
  ["by its path twice", "echo ls > x.sh; ./x.sh; ./x.sh", ...NOOP],
  ["bash -c text between", "echo ls > x.sh; bash -c 'echo hi'; bash x.sh", ...NOOP],
  ["sed -i of another file", "echo ls > x.sh; sed -i 's/a/b/' notes.txt; bash x.sh", ...NOOP],
  ["git add between", "echo ls > x.sh; git add x.sh; bash x.sh", ...NOOP],
  ["tee into a log between", "echo ls > x.sh; echo a | tee log.txt; bash x.sh", ...NOOP],
  ["dd of another file between", "echo ls > x.sh; dd if=x.sh of=copy.txt; bash x.sh", ...NOOP],
  ["dangerous text is still read", "echo 'rm -rf ~' | tee x.sh; bash x.sh", ...ANCESTOR],
]);

table("awk's program file in a pipeline or a job", [
  ["a later stage writes it", "awk -f p.awk f | tee p.awk", ...UNKNOWN],
  ["a group stage reads it", "{ sleep 1; awk -f p.awk f; } | tee p.awk", ...UNKNOWN],
  ["a pipeline in the background, then a write", `cat f | awk -f p.awk & echo 'BEGIN{system("rm -rf ~")}' > p.awk`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a job in the background, then a write", `awk -f p.awk f & echo 'BEGIN{system("rm -rf ~")}' > p.awk`, ...UNKNOWN],
  ["a job writes it before the run", "echo 'BEGIN{print 1}' > p.awk & awk -f p.awk f", ...UNKNOWN],
  // No race.
  ["written, then read in a pipeline", "echo 'BEGIN{print 1}' > p.awk; awk -f p.awk f | tee out.txt", ...NOOP],
  ["written, then read", "echo 'BEGIN{print 1}' > p.awk; awk -f p.awk f", ...NOOP],
  ["a pipeline into a log", "awk -f p.awk f | tee out.txt", ...NOOP],
]);

table("a build context that holds the home folder's credential stores", [
  ["docker build ~", "docker build ~", ...SECRET],
  ["with a Dockerfile named", "docker build -f Dockerfile ~", ...SECRET],
  ["podman build $HOME", "podman build $HOME", ...SECRET],
  ["a tag and a trailing slash", "docker build -t app ~/", ...SECRET],
  ["buildx", "docker buildx build ~", ...SECRET],
  ["the root folder", "docker build /", ...SECRET],
  ["a named build context", "docker build --build-context h=$HOME .", ...SECRET],
  ["the working folder after cd ~", "cd ~ && docker build .", ...SECRET],
  ["and pushed", "docker buildx build --push -t 127.0.0.1/a ~", ...EGRESS],
  // The workspace, a project folder below home, a URL.
  ["the workspace", "docker build .", ...OK],
  ["the workspace, options after it", "docker build . -t app", ...OK],
  ["a Dockerfile in a subfolder", "docker build -f docker/Dockerfile .", ...OK],
  ["a project below home", "podman build --tag app $HOME/proj", ...OK],
  ["a git URL", "docker build -t x https://127.0.0.1/r.git", ...OK],
]);

foldedTable("programs a line filled, named in another case (macOS, Windows)", [
    ["a copy into BIN, then ./bin/ls", "cp /tmp/evil BIN/ls && ./bin/ls", UNKNOWN, NOOP],
    ["a copy into BIN, then ls on PATH", "mkdir -p BIN && cp /tmp/evil BIN/ls && PATH=./bin:$PATH ls", UNKNOWN, OK],
    ["an extraction into BIN, then ./bin/run", "tar xf /tmp/t.tar -C BIN && ./bin/run", UNKNOWN, OK],
    ["dangerous text in X.SH, then ./x.sh", "echo 'rm -rf ~' > X.SH; ./x.sh", ANCESTOR, NOOP],
    ["harmless text in X.SH, then ./x.sh", "echo hi > X.SH; ./x.sh", NOOP, NOOP],
    ["another name", "cp /tmp/evil Y.SH; ./x.sh", NOOP, NOOP],
]);
