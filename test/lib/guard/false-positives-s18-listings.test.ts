import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { ASK_OUT, NOOP, OK, PROTECTED, RELOCATE, SECRET, UNKNOWN, verdictRows } from "../../support/verdict-rows.ts";

// Session 18's false-positive hunt (helper `hunt`), three left for helper `ls`: a substituted
// `$(grep -rl …)` / `$(rg -l …)` (the same search piped into xargs passed), the merged-branch
// cleanup filtered with BRE `\|` or egrep, and Python's shutil copies and moves of literal files.
// Commands are only judged; nothing runs.
const fx = useGuardFixture();
const put = (path: string, text = "old\n") => {
  mkdirSync(join(fx.ws, path, ".."), { recursive: true });
  writeFileSync(join(fx.ws, path), text);
};
put("src/util.ts");
put("src/deep/a.ts");
put("lib/x.ts");
put("sp/with space.ts");
put("docs/notes.md");
put("config/.env", "KEY=1\n");
put(".env.example", "KEY=\n");
put("a.txt", "a\n");
const git = (...args: string[]) => Bun.spawnSync(["git", "-C", fx.ws, "-c", "user.name=t", "-c", "user.email=t@t", ...args], { stdout: "ignore", stderr: "ignore" });
const base = new TextDecoder().decode(Bun.spawnSync(["git", "-C", fx.ws, "branch", "--show-current"]).stdout).trim();
git("branch", "done1");
git("branch", "done2");
git("checkout", "-q", "-b", "wip");
git("commit", "-q", "--allow-empty", "-m", "wip");
git("checkout", "-q", base);
const table = verdictRows(fx);
const SNAP = ["SNAPSHOT", "SNAPSHOT_GIT_REFS"] as const;

table("a substituted content search is read as the same search piped into xargs (was BLOCK_UNDETERMINABLE_EFFECT)", [
  ["grep -rl into sed -i", "sed -i 's/old/new/g' $(grep -rl old src)", ...OK],
  ["rg -l of two folders into sed -i", "sed -i 's/old/new/g' $(rg -l old src lib)", ...OK],
  ["into npx prettier", "npx prettier --write $(rg -l old src)", ...OK],
  ["into perl -pi", "perl -pi -e 's/old/new/' $(grep -rl old src)", ...OK],
  ["beside a literal file", "sed -i 's/old/new/g' $(grep -rl old src) README.md", ...OK],
  ["then git add", "sed -i 's/old/new/g' $(grep -rl old src) && git add -A", ...OK],
  ["in a subshell", "(sed -i 's/old/new/g' $(grep -rl old src))", ...OK],
]);

table("a substituted search the guard cannot read, or whose reading is refused, keeps its decision", [
  ["the workspace's root (a name with a blank below it)", "sed -i 's/old/new/g' $(grep -rl old .)", ...UNKNOWN],
  ["a folder with a credential file", "sed -i 's/old/new/g' $(grep -rl old config)", ...SECRET],
  ["a folder outside the workspace", "sed -i 's/old/new/g' $(grep -rl old ~/Documents)", ...UNKNOWN],
  ["a folder above the workspace", "sed -i 's/old/new/g' $(grep -rl old ../)", ...UNKNOWN],
  ["a pattern file", "sed -i 's/old/new/g' $(grep -rlf pats.txt src)", ...UNKNOWN],
  ["NUL-separated names", "sed -i 's/old/new/g' $(grep -rlZ old src)", ...UNKNOWN],
  ["a name the shell splits", "sed -i 's/old/new/g' $(grep -rl old sp)", ...UNKNOWN],
  ["quoted: one word of every name", "sed -i 's/old/new/g' \"$(grep -rl old src)\"", ...UNKNOWN],
  ["a delete of the names", "rm $(grep -rl old src)", ...UNKNOWN],
  ["a recursive delete of the names", "rm -rf $(grep -rl old src)", ...UNKNOWN],
  ["a move of the names", "mv $(grep -rl old src) lib/", ...UNKNOWN],
  ["two searches in one command", "sed -i 's/old/new/g' $(grep -rl old src) $(grep -rl old lib)", ...UNKNOWN],
  ["beside an unknown word", "sed -i 's/old/new/g' $(grep -rl old src) $X", ...UNKNOWN],
  ["a write earlier in the line", "echo x > src/n.ts && sed -i 's/old/new/g' $(grep -rl old src)", ...UNKNOWN],
  ["a pipeline stage beside it", "sed -i 's/old/new/g' $(grep -rl old src) | tee out.log", ...UNKNOWN],
  ["in the background", "sed -i 's/old/new/g' $(grep -rl old src) &", ...UNKNOWN],
  ["in a function", "f() { sed -i 's/old/new/g' $(grep -rl old src); }; f", ...UNKNOWN],
  ["grep aliased", "alias grep=rm; sed -i 's/old/new/g' $(grep -rl old src)", ...UNKNOWN],
  ["GREP_OPTIONS set on the command", "GREP_OPTIONS=-Z sed -i 's/old/new/g' $(grep -rl old src)", ...UNKNOWN],
  ["the search piped on", "sed -i 's/old/new/g' $(grep -rl old src | head -3)", ...UNKNOWN],
]);

table("the merged-branch cleanup filtered with BRE \\| or egrep/fgrep (was BLOCK_UNDETERMINABLE_EFFECT)", [
  ["grep -v BRE alternation", "git branch --merged | grep -v '\\*\\|main' | xargs git branch -d", ...OK],
  ["three branches", "git branch --merged | grep -v '\\*\\|main\\|master' | xargs git branch -d", ...OK],
  ["egrep -v", "git branch --merged | egrep -v '(^\\*|main)' | xargs git branch -d", ...OK],
  ["fgrep -v", "git branch --merged | fgrep -v '*' | xargs git branch -d", ...OK],
  ["-d of an unmerged branch refuses itself", "git branch | grep -v '\\*\\|main' | xargs git branch -d", ...OK],
  ["an empty branch matches every line: nothing is deleted", "git branch | grep -v 'main\\|' | xargs git branch -D", ...OK],
  ["read by a while loop", "git branch --merged | grep -v '\\*\\|main' | while read -r b; do git branch -d \"$b\"; done", ...OK],
]);

table("forced deletes get the snapshot the grep -E form gets (they were BLOCK_UNDETERMINABLE_EFFECT); other patterns stay unknown", [
  ["-D with BRE alternation (wip is unmerged)", "git branch | grep -v '\\*\\|main' | xargs git branch -D", ...SNAP],
  ["-D with egrep", "git branch | egrep -v '(^\\*|main)' | xargs git branch -D", ...SNAP],
  ["-D with fgrep", "git branch | fgrep -v '*' | xargs git branch -D", ...SNAP],
  ["-D with -i", "git branch | grep -iv 'MAIN\\|\\*' | xargs git branch -D", ...SNAP],
  ["a bracket in a branch", "git branch | grep -v '[*]\\|main' | xargs git branch -d", ...UNKNOWN],
  ["a group in a BRE branch", "git branch | grep -v '\\(x\\)\\|main' | xargs git branch -d", ...UNKNOWN],
  ["egrep -F conflicts", "git branch | egrep -vF '*' | xargs git branch -D", ...UNKNOWN],
]);

table("shutil copies and moves of literal files are cp and mv (was BLOCK_UNDETERMINABLE_EFFECT)", [
  ["shutil.copy", `python3 -c 'import shutil; shutil.copy("a.txt", "b.txt")'`, ...NOOP],
  ["shutil.copyfile", `python3 -c 'import shutil; shutil.copyfile("a.txt", "b.txt")'`, ...NOOP],
  ["shutil.copy2", `python3 -c 'import shutil; shutil.copy2("a.txt", "b.txt")'`, ...NOOP],
  ["follow_symlinks=False", `python3 -c 'import shutil; shutil.copy("a.txt", "b.txt", follow_symlinks=False)'`, ...NOOP],
  ["two copies", `python3 -c 'import shutil; shutil.copy("a.txt", "b.txt"); shutil.copy("b.txt", "c.txt")'`, ...NOOP],
  ["import shutil as s", `python3 -c 'import shutil as s; s.copy("a.txt", "b.txt")'`, ...NOOP],
  ["shutil.move in the workspace", `python3 -c 'import shutil; shutil.move("a.txt", "b.txt")'`, ...OK],
]);

table("shutil calls answer as cp/mv of the same files do (they were BLOCK_UNDETERMINABLE_EFFECT); computed or other calls stay unknown", [
  ["copy onto a tracked file", `python3 -c 'import shutil; shutil.copy("a.txt", "README.md")'`, ...RELOCATE],
  ["copy onto .env", `python3 -c 'import shutil; shutil.copy(".env.example", ".env")'`, ...SECRET],
  ["copy of a credential file", `python3 -c 'import shutil; shutil.copy("config/.env", "leak.txt")'`, ...SECRET],
  ["copy onto /etc/passwd", `python3 -c 'import shutil; shutil.copy("a.txt", "/etc/passwd")'`, ...PROTECTED],
  ["copy into .git/hooks", `python3 -c 'import shutil; shutil.copy("a.txt", ".git/hooks/pre-commit")'`, ...PROTECTED],
  ["move out of the workspace", `python3 -c 'import shutil; shutil.move("README.md", "/tmp/x")'`, ...ASK_OUT],
  ["a computed source", `python3 -c 'import shutil,sys; shutil.copy(sys.argv[1], "b.txt")' a.txt`, ...UNKNOWN],
  ["a computed destination", `python3 -c 'import shutil; shutil.copy("a.txt", dst)'`, ...UNKNOWN],
  ["after chdir", `python3 -c 'import shutil, os; os.chdir("/etc"); shutil.copy("a.txt", "passwd")'`, ...UNKNOWN],
  ["copytree", `python3 -c 'import shutil; shutil.copytree("src", "src2")'`, ...UNKNOWN],
  ["copyfileobj", `python3 -c 'import shutil; shutil.copyfileobj(open("a.txt"), open("b.txt", "w"))'`, ...UNKNOWN],
  ["copymode", `python3 -c 'import shutil; shutil.copymode("a.txt", "b.txt")'`, ...UNKNOWN],
]);
