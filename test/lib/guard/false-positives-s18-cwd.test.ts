import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import type { Decision } from "../../../lib/guard/decision.ts";
import type { ReasonCode } from "../../../lib/guard/reasons.ts";
import { ANCESTOR, NOOP, OK, OUTSIDE, RELOCATE, UNKNOWN, verdictRows } from "../../support/verdict-rows.ts";

// Session 18's false-positive hunt (helper `cwd`): after `cd DIR &&` into a folder the line
// makes (`mkdir -p build && cd build && cmake ..`), the directory was unknown and every relative
// write BLOCK; `rm -rf "$(pwd)/dist"` was BLOCK while `$PWD/dist` relocates. Found on the way:
// `$PWD` kept the starting directory after a `cd` (`cd ~; rm -rf "$PWD/Documents"` was
// ALLOW_NOOP). Commands are only judged; nothing runs.
const fx = useGuardFixture();
const table = verdictRows(fx);
const CWD_DELETE: [Decision, ReasonCode] = ["ASK", "COMPOUND_CWD_DELETE"];

table("a cd into a folder the line makes (was BLOCK_UNDETERMINABLE_EFFECT)", [
  ["mkdir, cd, cmake", "mkdir -p out && cd out && cmake ..", ...OK],
  ["mkdir, cd, redirect", "mkdir -p out && cd out && echo x > a.txt", ...OK],
  ["mkdir, cd, touch", "mkdir -p D && cd D && touch f", ...OK],
  ["mkdir, cd, git init", "mkdir -p newpkg && cd newpkg && git init", ...OK],
  ["two cds down", "mkdir -p a/b && cd a && cd b && touch f", ...OK],
  ["a nested path", "mkdir -p a/b && cd a/b && touch f", ...OK],
  ["back out with cd ..", "mkdir -p D && cd D && touch f && cd .. && touch g", ...OK],
  ["a delete inside the new folder", "mkdir -p D && cd D && rm -rf x", ...OK],
]);

table("a cd into a folder the line makes: hostile neighbours", [
  ["the parent, as without the cd", "mkdir -p D && cd D && rm -rf ../*", ...CWD_DELETE],
  ["a file of the parent", "mkdir -p D && cd D && rm -rf ../src", ...CWD_DELETE],
  ["the home, two up", "mkdir -p D && cd D && rm -rf ../../*", ...ANCESTOR],
  ["outside, two up", "mkdir -p D && cd D && rm -rf ../../Documents", ...OUTSIDE],
  ["a symlink the line made", "ln -s ~/Documents newdir && cd newdir && rm -rf *", ...UNKNOWN],
  ["a symlink the line made, its parent", "ln -s ~/Documents newdir && cd newdir && rm -rf ../*", ...UNKNOWN],
  ["a symlink the line made, below it", "ln -s ~ lk && cd lk/Documents && rm -rf *", ...UNKNOWN],
  ["a folder moved there", "mv ~/Documents D && cd D && rm -rf *", ...UNKNOWN],
  ["a file moved there", "mv ~/Documents/notes.txt D && cd D && rm -rf *", ...UNKNOWN],
  ["after ;, the cd may have failed", "mkdir -p D; cd D; touch f", ...UNKNOWN],
  ["after the && frame ends", "mkdir -p D && cd D && touch f; touch g", ...UNKNOWN],
  ["after a || of the list", "true || cd D && rm -rf *", ...UNKNOWN],
  ["after a || of the list, from the home", "cd ~; true || cd D && rm -rf *", ...UNKNOWN],
  ["a negated cd", "! cd D && touch f", ...UNKNOWN],
  ["a redirected cd", "cd D > /dev/null && touch f", ...UNKNOWN],
  ["cd - after it", "mkdir -p D && cd D && cd - && rm -rf *", ...UNKNOWN],
  ["in a loop", "for i in 1 2; do mkdir -p D && cd D && touch f; done", ...UNKNOWN],
  ["in a function", "f() { cd D && rm -rf *; }; mkdir D; f", ...UNKNOWN],
  ["from the home", "cd ~ && cd D && rm -rf *", ...OUTSIDE],
  ["an existing folder keeps its rule", "cd src && rm -rf *", ...CWD_DELETE],
]);

table("$(pwd) where the builtin prints the known directory (was BLOCK_UNDETERMINABLE_EFFECT)", [
  ["$(pwd)", 'rm -rf "$(pwd)/build"', ...RELOCATE],
  ["backticks", "rm -rf `pwd`/build", ...RELOCATE],
  ["unquoted", "rm -rf $(pwd)/build", ...RELOCATE],
  ["pwd -L", 'rm -rf "$(pwd -L)/build"', ...RELOCATE],
  ["pwd -P", 'rm -rf "$(pwd -P)/build"', ...RELOCATE],
  ["after a subshell's cd", '(cd ~); rm -rf "$(pwd)/build"', ...RELOCATE],
  ["a missing folder", 'rm -rf "$(pwd)/dist"', ...NOOP],
]);

table("$(pwd) that may print something else", [
  ["the workspace itself", 'rm -rf "$(pwd)"', ...ANCESTOR],
  ["after cd ;", 'cd ~; rm -rf "$(pwd)/Documents"', ...UNKNOWN],
  ["after cd &&", 'cd ~ && rm -rf "$(pwd)/Documents"', ...UNKNOWN],
  ["in a subshell after its cd", '(cd ~ && rm -rf "$(pwd)/Documents")', ...UNKNOWN],
  ["a child shell elsewhere", "env -C ~ bash -c 'rm -rf \"$(pwd)/Documents\"'", ...UNKNOWN],
  ["a function named pwd", 'pwd() { echo ~; }; rm -rf "$(pwd)/Documents"', ...UNKNOWN],
  ["an alias named pwd", "alias pwd='echo ~'; rm -rf \"$(pwd)/Documents\"", ...UNKNOWN],
  ["the builtin turned off", 'enable -n pwd; rm -rf "$(pwd)/Documents"', ...UNKNOWN],
  ["PWD assigned", 'PWD=~; rm -rf "$(pwd)/Documents"', ...UNKNOWN],
  ["PATH changed", 'PATH=/x:$PATH; rm -rf "$(pwd)/build"', ...UNKNOWN],
  ["in a function body", 'f() { rm -rf "$(pwd)/Documents"; }; f', ...UNKNOWN],
  ["a loop with a cd", 'for d in a b; do rm -rf "$(pwd)/Documents"; cd ~; done', ...UNKNOWN],
  ["a redirection", 'rm -rf "$(pwd 2>/dev/null)/build"', ...UNKNOWN],
  ["a pipeline", 'rm -rf "$(pwd | tr a b)/build"', ...UNKNOWN],
  ["another option", 'rm -rf "$(pwd -x)/build"', ...UNKNOWN],
]);

table("$PWD after a cd (was ALLOW_NOOP: read as the starting directory)", [
  ["cd ;", 'cd ~; rm -rf "$PWD/Documents"', ...UNKNOWN],
  ["cd &&", 'cd ~ && rm -rf "$PWD/Documents"', ...UNKNOWN],
  ["cd ..", 'cd ..; rm -rf "$PWD/ws"', ...UNKNOWN],
  ["a function's cd", 'f() { cd ~; }; f; rm -rf "$PWD/Documents"', ...UNKNOWN],
  ["a cd later in a loop", 'for i in 1 2; do rm -rf "$PWD/Documents"; cd ~; done', ...UNKNOWN],
  ["eval", 'eval "cd ~"; rm -rf "$PWD/Documents"', ...UNKNOWN],
  ["pushd", 'pushd ~; rm -rf "$PWD/Documents"', ...UNKNOWN],
  ["~+", "cd ~; rm -rf ~+/Documents", ...UNKNOWN],
  ["no cd", 'rm -rf "$PWD/build"', ...RELOCATE],
  ["a subshell's cd", '(cd ~); rm -rf "$PWD/build"', ...RELOCATE],
]);
