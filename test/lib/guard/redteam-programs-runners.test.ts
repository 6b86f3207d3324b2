import { describe, expect, test } from "bun:test";
import { classify } from "../../../lib/guard/classify.ts";
import type { Decision } from "../../../lib/guard/decision.ts";
import type { ReasonCode } from "../../../lib/guard/reasons.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";

const fx = useGuardFixture();
const check = (command: string) => classify({ command, cwd: fx.ws, env: fx.env });

// Red-team findings C15, C16, H3, H10 and rsync --del: data programs that can run commands or
// write files, and interpreter one-liners spelled so that fixed patterns miss them.
const ROWS: Array<[string, string, Decision, ReasonCode]> = [
  ["awk system() runs its literal command", `awk 'BEGIN{system("rm -rf ~")}'`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["gawk system() with a computed command is unknown", `gawk '{system($0)}' f`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["awk piping into a literal command runs it", `awk '{print | "rm -rf ~/Documents"}' f`, "BLOCK", "BLOCK_OUTSIDE_WORKSPACE"],
  ["awk piping into a variable command is unknown", `awk '{print $1 | cmd}' f`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["awk printing into .git/HEAD writes protected storage", `awk 'BEGIN{printf "" > ".git/HEAD"}'`, "BLOCK", "BLOCK_PROTECTED_PATH"],
  ["awk comparisons and regex alternation stay allowed", `awk -F: '$3 > 100 && /a|b/ {print $1}' f`, "ALLOW", "ALLOW_NO_EFFECT"],
  ["sed's e command runs its command", `sed -n '1e rm -rf ~' /etc/hostname`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["sed's s///e flag runs the pattern space", `echo x | sed 's/x/rm -rf ~/e'`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["sed's w command writes a file outside the workspace", `sed -n 'w ${fx.home}/.bashrc' /dev/null`, "ASK", "ASK_OUTSIDE_WORKSPACE"],
  ["sed -i on a file outside the workspace asks", "sed -i d ~/.bashrc", "ASK", "ASK_OUTSIDE_WORKSPACE"],
  ["sed -i on Git metadata is refused", "sed -i d .git/HEAD", "BLOCK", "BLOCK_PROTECTED_PATH"],
  ["sed -i on a workspace file stays allowed", "sed -i -e 's/a/b/' README.md", "ALLOW", "ALLOW_NO_EFFECT"],
  ["an ordinary sed script stays allowed", "sed -ne 's/a/b/gp;/x/d' README.md", "ALLOW", "ALLOW_NO_EFFECT"],
  ["vim -c with a bang runs a shell command", "vim -es -c '!rm -rf ~' -c q", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["vim -c calling system() is unknown", `vim -c 'call system("x")' f`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["vim -c wq stays allowed", "vim -c wq README.md", "ALLOW", "ALLOW_NO_EFFECT"],
  ["emacs --eval runs Lisp the guard does not read", `emacs --batch --eval '(delete-directory "~" t)'`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["rg --pre runs a program", "rg --pre 'rm -rf ~ #' x README.md", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["sort --compress-program runs a program", `sort --compress-program='sh -c "rm -rf ~"' README.md`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["sort -o onto a file outside the workspace asks", "sort -o ~/.bashrc /dev/null", "ASK", "ASK_OUTSIDE_WORKSPACE"],
  // Session 10: sort's options as getopt reads them.
  ["sort -o in a cluster writes its file", "sort -mo/etc/x README.md", "BLOCK", "BLOCK_PROTECTED_PATH"],
  ["sort -o in a cluster, its file the next word", "sort -mo /etc/x README.md", "BLOCK", "BLOCK_PROTECTED_PATH"],
  ["sort --out is --output", "sort --out=/etc/x README.md", "BLOCK", "BLOCK_PROTECTED_PATH"],
  ["sort --comp is --compress-program", "sort --comp=gzip README.md", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["sort --output of a computed file is unknown", "sort --output=$X README.md", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a computed cluster may hide -o", "sort -m$X README.md", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a computed dashed word may be any option", "sort --$X README.md", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a computed long name may go on to --output=FILE", "sort --out$X README.md", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["sort -t o and -k$N write nothing", "sort -t o -k$N README.md", "ALLOW", "ALLOW_NO_EFFECT"],
  ["zip -TT runs a command", "zip -T -TT 'rm -rf ~ #' /tmp/z.zip README.md", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["zip -m deletes what it adds", "zip -m /tmp/z.zip README.md", "RELOCATE", "RELOCATE_TREE"],
  ["man -P runs a pager command", "man -P 'rm -rf ~ #' ls", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["LESSOPEN runs a preprocessor", "LESSOPEN='|rm -rf ~ %s' less README.md", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["plain less and man stay allowed", "less README.md; man ls", "ALLOW", "ALLOW_NO_EFFECT"],
  ["rsync --del is --delete-during", "rsync -a --del /tmp/empty/ ~/Documents/", "BLOCK", "BLOCK_OUTSIDE_WORKSPACE"],
  ["a python import alias is resolved", `python3 -c 'import shutil as s; s.rmtree("${fx.home}/Documents")'`, "BLOCK", "BLOCK_OUTSIDE_WORKSPACE"],
  ["a python from-import is resolved", `python3 -c 'from shutil import rmtree; rmtree("/home")'`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["python __import__ is unknown", `python3 -c '__import__("os").system("rm -rf ~")'`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a python rename of a computed path is unknown", `python3 -c 'import pathlib; pathlib.Path.home().joinpath(".ssh").rename("/tmp/k")'`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a read-only python one-liner stays allowed", `python3 -c 'import json,sys; print(json.load(sys.stdin)["x"].replace("a","b"))'`, "ALLOW", "ALLOW_NO_EFFECT"],
  ["node require(...).exec is resolved", `node -e 'require("child_process").exec("rm -rf ~")'`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["node bracket access is resolved", `node -e 'require("fs")["rmSync"]("/home",{recursive:true})'`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["node destructuring from child_process is unknown", `node -e 'const {execSync: e} = require("child_process"); e("ls")'`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["bun's shell template is unknown", "bun -e 'await Bun.$`rm -rf ~`'", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a read-only node one-liner stays allowed", `node -e 'console.log(require("fs").readFileSync("package.json","utf8"))'`, "ALLOW", "ALLOW_NO_EFFECT"],
  ["perl qx{} is unknown", "perl -e 'qx{rm -rf ~}'", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["perl piped open is unknown", `perl -e 'open(F,"|rm -rf ~")'`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["ruby IO.popen is unknown", `ruby -e 'IO.popen("rm -rf ~")'`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["ruby :: method access is resolved", `ruby -e 'FileUtils::rm_rf("/home")'`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["php backticks are unknown", "php -r '`rm -rf ~`;'", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
];

describe("red team: programs that run commands or write files", () => {
  for (const [name, command, decision, reason] of ROWS) {
    test(`${name}: ${decision} ${reason}`, () => {
      const r = check(command);
      expect([r.decision, r.reason]).toEqual([decision, reason]);
    });
  }
});
