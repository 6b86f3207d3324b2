import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { HISTORY, OK, TEMP, UNKNOWN, verdictRows } from "../../support/verdict-rows.ts";

// Session 18: a variable the line set only from `mktemp` holds the new entry or nothing
// (posix/temp-output.ts _freshOrEmpty), read only where that assignment surely ran.
// 1. A redirection to `"$d"` after `d=$(cat f); false && d=$(mktemp)` (or `||`, an `if` body)
//    was read as the new file: d may still hold what `cat f` printed (a false negative).
// 2. `git worktree remove --force "$d"` where d holds the folder `d=$(mktemp -d)` made or nothing
//    (after `;` or `||`): `""` is no worktree (git: "'' is not a working tree"), so the removal
//    is judged as `rm -rf "$d"`, as after `&&` (effects/git-fresh-worktree.ts).
// Commands are only judged; nothing runs.
const fx = useGuardFixture();
const table = verdictRows(fx);

const MADE = 'tmp=$(mktemp -d) && git worktree add "$tmp" HEAD';

table("a redirection to a mktemp name after code that may not have run", [
  ["false &&", 'tmp=$(cat f); false && tmp=$(mktemp); echo data > "$tmp"', ...UNKNOWN],
  ["||", 'tmp=$(cat f) || tmp=$(mktemp); echo data > "$tmp"', ...UNKNOWN],
  ["true ||", 'tmp=$(cat f); true || tmp=$(mktemp); echo data > "$tmp"', ...UNKNOWN],
  ["a test &&", 'tmp=$(cat f); [ -n "$x" ] && tmp=$(mktemp); cat notes.txt > "$tmp"', ...UNKNOWN],
  ["an if body", 'tmp=$(cat f); if false; then tmp=$(mktemp); fi; echo data > "$tmp"', ...UNKNOWN],
]);

table("a redirection to a mktemp name that surely ran, as before", [
  ["after ;", 'tmp=$(mktemp); npm test > "$tmp" 2>&1; cat "$tmp"', ...TEMP],
  ["|| exit", 'tmp=$(mktemp) || exit 1; npm test > "$tmp"', ...TEMP],
  ["in a group", 'tmp=$(cat f); { tmp=$(mktemp); }; echo data > "$tmp"', ...TEMP],
  ["in a subshell after", 'tmp=$(mktemp); (echo b > "$tmp")', ...TEMP],
]);

table("a forced removal of a mktemp folder that may hold something else still asks or blocks", [
  ["assigned again", `${MADE}; tmp=../wt; git worktree remove --force "$tmp"`, ...UNKNOWN],
  ["assigned again in the && list", 'tmp=$(mktemp -d) && tmp=../wt; git worktree remove --force "$tmp"', ...UNKNOWN],
  ["read into", `${MADE}; read tmp < f; git worktree remove --force "$tmp"`, ...UNKNOWN],
  ["a path built from it", `${MADE}; tmp=$tmp/..; git worktree remove --force "$tmp"`, ...UNKNOWN],
  ["its parent deleted", `${MADE}; rm -rf "$tmp"/..; git worktree remove --force "$tmp"`, ...UNKNOWN],
  ["replaced by a link", `${MADE}; rmdir "$tmp"; ln -s ../wt "$tmp"; git worktree remove --force "$tmp"`, ...UNKNOWN],
  ["replaced by a link, no add", 'tmp=$(mktemp -d); rmdir "$tmp" && ln -s ../wt "$tmp" && git worktree remove --force "$tmp"', ...UNKNOWN],
  ["moved away, a link in its place", `${MADE}; mv "$tmp" /tmp/x; ln -s ../wt "$tmp"; git worktree remove --force "$tmp"`, ...UNKNOWN],
  ["a worktree moved into it", 'tmp=$(mktemp -d); mv ../wt "$tmp/"; git worktree remove --force "$tmp"', ...UNKNOWN],
  ["a worktree moved to it", 'tmp=$(mktemp -d); rmdir "$tmp"; git worktree move ../wt "$tmp"; git worktree remove --force "$tmp"', ...UNKNOWN],
  ["an unknown value before a mktemp that may not run", 'tmp=$(cat f); false && tmp=$(mktemp -d); git worktree remove --force "$tmp"', ...UNKNOWN],
  ["|| after an unknown value", `${MADE}; tmp=$(cat f) || tmp=$(mktemp -d); git worktree remove --force "$tmp"`, ...UNKNOWN],
  ["an if body", 'tmp=../wt; if false; then tmp=$(mktemp -d); fi; git worktree remove --force "$tmp"', ...UNKNOWN],
  ["a subshell's mktemp", 'tmp=../wt; (tmp=$(mktemp -d)); git worktree remove --force "$tmp"', ...HISTORY],
  ["a background mktemp", 'tmp=../wt; tmp=$(mktemp -d) & git worktree remove --force "$tmp"', ...HISTORY],
  ["a piped mktemp", 'tmp=../wt; tmp=$(mktemp -d) | cat; git worktree remove --force "$tmp"', ...HISTORY],
  ["a work tree given by a prefix", `${MADE}; GIT_WORK_TREE=.. git worktree remove --force "$tmp"`, ...UNKNOWN],
  ["GIT_DIR exported", `${MADE}; export GIT_DIR=../.git; git worktree remove --force "$tmp"`, ...UNKNOWN],
  ["--work-tree", `${MADE}; git --work-tree=.. worktree remove --force "$tmp"`, ...UNKNOWN],
  ["-c core.worktree", `${MADE}; git -c core.worktree=.. worktree remove --force "$tmp"`, ...UNKNOWN],
  ["in a function body", `${MADE}; f() { git worktree remove --force "$tmp"; }; f`, ...UNKNOWN],
  ["in bash -c", `${MADE}; bash -c "git worktree remove --force \\"$tmp\\""`, ...UNKNOWN],
  ["eval", `${MADE}; eval git worktree remove --force "$tmp"`, ...UNKNOWN],
  ["in a loop", `${MADE}; for i in 1; do git worktree remove --force "$tmp"; done`, ...UNKNOWN],
  ["after source", `${MADE}; source ./x.sh; git worktree remove --force "$tmp"`, ...UNKNOWN],
  ["a file from mktemp", 'tmp=$(mktemp); git worktree remove --force "$tmp"', ...UNKNOWN],
  ["a name reference", `${MADE}; declare -n tmp=other; git worktree remove --force "$tmp"`, ...UNKNOWN],
  ["a default value", `${MADE}; git worktree remove --force "\${tmp:-../wt}"`, ...UNKNOWN],
  ["a default assigned", `${MADE}; : "\${tmp:=../wt}"; git worktree remove --force "$tmp"`, ...UNKNOWN],
  ["unquoted under a changed IFS", `${MADE}; IFS=/; git worktree remove --force $tmp`, ...UNKNOWN],
  ["two operands", `${MADE}; git worktree remove --force "$tmp" ../other`, ...UNKNOWN],
  ["two operands, unquoted", `${MADE}; git worktree remove --force $tmp ../other`, ...UNKNOWN],
  ["a prefix assignment", `${MADE}; X=1 git worktree remove --force "$tmp"`, ...UNKNOWN],
  ["a folder below it", `${MADE}; git worktree remove --force "$tmp/sub"`, ...HISTORY],
]);

table("a forced removal of the folder mktemp made or of nothing, where the parser notes it today", [
  // The parser notes operands only once a `d=$(mktemp -d) && …` opened the line's fresh folders.
  ["after another fresh folder's &&", 'log=$(mktemp -d) && npm test > "$log/out"; tmp=$(mktemp -d); git worktree remove --force "$tmp"', ...TEMP],
]);

table("a forced removal of the folder mktemp made or of nothing", [
  ["the test run in a throwaway worktree, removed after ;", `${MADE} && (cd "$tmp" && npm test); git worktree remove --force "$tmp"`, ...OK],
  ["removed after ;", `${MADE}; git worktree remove --force "$tmp"`, ...OK],
  ["braced", `${MADE}; git worktree remove --force "\${tmp}"`, ...OK],
  ["removed after ||", `${MADE} || git worktree remove --force "$tmp"`, ...OK],
  ["no worktree added", 'tmp=$(mktemp -d); git worktree remove --force "$tmp"', ...TEMP],
  ["unforced", `${MADE}; git worktree remove "$tmp"`, ...OK],
  ["in another repository", `${MADE}; git -C ../other worktree remove --force "$tmp"`, ...OK],
]);
