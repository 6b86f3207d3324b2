import { beforeAll } from "bun:test";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { type VerdictRow, verdictRows } from "../../support/verdict-rows.ts";

// The second false-positive hunt: everyday agent commands that were refused, each with the
// dangerous neighbour that stays refused.
const fx = useGuardFixture();
const table = verdictRows(fx);

beforeAll(() => {
  // A tracked credential file, a name with a blank, a link to the home's key, a notebook.
  for (const [path, text] of Object.entries({ "src/lib.ts": "export {};\n", "conf/.env": "TOKEN=x\n", "sp/a b.ts": "x\n", "notebook.ipynb": "{}\n" })) {
    mkdirSync(join(fx.ws, path, ".."), { recursive: true });
    writeFileSync(join(fx.ws, path), text);
  }
  mkdirSync(join(fx.ws, "keys"));
  symlinkSync(join(fx.home, ".ssh", "id_rsa"), join(fx.ws, "keys", "deploy"));
  const git = (...args: string[]) => Bun.spawnSync(["git", "-C", fx.ws, "-c", "user.name=t", "-c", "user.email=t@t", ...args], { stdout: "ignore", stderr: "ignore" });
  git("add", "src/lib.ts", "conf/.env");
  git("commit", "-qm", "more");
  writeFileSync(join(fx.ws, "src", "main.ts"), "export const x = 1;\n");
});

// loop-unroll.ts: a glob in the word list of the line's first command is expanded as bash does.
const LOOP_GLOBS: VerdictRow[] = [
  ["an in-place edit of each matched file is allowed", `for f in src/*.ts; do sed -i 's/a/b/' "$f"; done`, "ALLOW", "ALLOW_NO_EFFECT"],
  ["a formatter run on each matched file is allowed", `for f in src/*.ts; do npx prettier --write "$f"; done`, "ALLOW", "ALLOW_NO_EFFECT"],
  ["a delete of each match is relocated like rm *.md", `for f in *.md; do rm "$f"; done`, "RELOCATE", "RELOCATE_TREE"],
  ["a delete of every entry is relocated like rm -rf *", `for d in *; do rm -rf "$d"; done`, "RELOCATE", "RELOCATE_TREE"],
  ["a read through a matched link to a key asks", `for f in keys/*; do cat "$f"; done`, "ASK", "ASK_SECRET_ACCESS"],
  ["after a cd the folder is not the one the guard lists", `cd ~ && for d in *; do rm -rf "$d"; done`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["after any earlier command the list may differ", `true; for d in *; do rm -rf "$d"; done`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["an absolute pattern is not expanded", `for d in /*; do rm -rf "$d"; done`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a pattern leaving the folder is not expanded", `for d in ../*; do rm -rf "$d"; done`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a loop in a pipeline may race a writer", `for d in *; do rm -rf "$d"; done | cat`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a loop with a redirection opens a file first", `for d in *; do rm -rf "$d"; done > out.txt`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a match holding a blank is not expanded", `for f in sp/*; do rm "$f"; done`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a pattern matching nothing is not expanded", `for f in nomatch-*; do rm -rf "$f"; done`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["inside bash -c the directory is not known", `bash -c 'for d in *; do rm -rf "$d"; done'`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
];

// unknown-program.ts: a notebook export format named like a program is data.
const FORMATS: VerdictRow[] = [
  ["jupyter nbconvert --to script is allowed", "jupyter nbconvert --to script notebook.ipynb", "ALLOW", "ALLOW_NO_EFFECT"],
  ["jupytext --to script is allowed", "jupytext --to script notebook.ipynb", "ALLOW", "ALLOW_NO_EFFECT"],
  ["an unknown wrapper's --to script still runs script", "foo --to script -qc 'rm -rf ~'", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["script as jupyter's subcommand is still a program", "jupyter script -qc 'rm -rf ~'", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
];

// numeric-output.ts: a substitution that prints one number is a job count.
const JOB_COUNTS: VerdictRow[] = [
  ["make -j$(nproc) is allowed", "make -j$(nproc)", "ALLOW", "ALLOW_NO_EFFECT"],
  ["make -j quoted $(nproc) is allowed", 'make -j"$(nproc)" test', "ALLOW", "ALLOW_NO_EFFECT"],
  ["make -j with a separate $(nproc) is allowed", "make -j $(nproc)", "ALLOW", "ALLOW_NO_EFFECT"],
  ["make -j with backticks is allowed", "make -j`nproc`", "ALLOW", "ALLOW_NO_EFFECT"],
  ["a cmake build then make -j$(nproc) is allowed", "mkdir -p build && cd build && cmake .. && make -j$(nproc)", "ALLOW", "ALLOW_NO_EFFECT"],
  ["xargs -P$(nproc) is allowed", "echo a | xargs -P$(nproc) rm", "ALLOW", "ALLOW_NOOP"],
  ["several numbers unquoted split into more words", "make -j$(id -G)", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["an unknown variable stays unknown", "make -j$X", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a file's content stays unknown", "make -j$(cat n)", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a number as the makefile stays unknown", "make -f$(nproc)", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a function named nproc prints anything", "nproc() { echo -f/dev/stdin; }; make -j$(nproc)", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["rules on stdin stay unknown", "make -j$(nproc) -f /dev/stdin <<< 'all:; rm -rf ~'", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a number as xargs' argument file stays unknown", "xargs -a$(nproc) rm", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  // A number in a path names the files of its folder (false-positives-5); id may print nothing, leaving `~/`.
  ["a number in a path may be the folder itself", "rm -rf ~/$(id -u)", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
];

// xargs.ts, policy-find.ts: newline-separated find output into commands that edit the matches.
const FIND_LINES: VerdictRow[] = [
  ["find | xargs prettier --write is allowed", "find src -name '*.ts' | xargs npx prettier --write", "ALLOW", "ALLOW_NO_EFFECT"],
  ["find -print | xargs sed -i is allowed", "find src -name '*.ts' -print | xargs sed -i 's/a/b/'", "ALLOW", "ALLOW_NO_EFFECT"],
  ["find | xargs -d newline is allowed", "find src -name '*.ts' | xargs -d '\\n' npx eslint --fix", "ALLOW", "ALLOW_NO_EFFECT"],
  ["a match holding a blank would be split", "find sp -type f | xargs sed -i 's/a/b/'", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["an implied -print over -o is not an appended -exec", "find . -name a -o -name '*.ts' | xargs sed -i 's/a/b/'", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["deletes by newline-separated names stay unknown (red team 3)", "find src -name '*.ts' | xargs rm", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["moves by newline-separated names stay unknown", "find src -name '*.ts' | xargs -I{} mv {} /tmp/", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["the home folder is judged as a subtree", "find ~ -name '*.txt' | xargs sed -i 's/a/b/'", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
];

// git-listing.ts: a git name listing feeding xargs is listed by running it.
const GIT_LISTINGS: VerdictRow[] = [
  ["git diff --name-only | xargs eslint --fix is allowed", "git diff --name-only | xargs npx eslint --fix", "ALLOW", "ALLOW_NO_EFFECT"],
  ["git ls-files of a folder | xargs prettier is allowed", "git ls-files src | xargs npx prettier --write", "ALLOW", "ALLOW_NO_EFFECT"],
  ["git ls-files -z | xargs -0 sed -i is allowed", "git ls-files -z src | xargs -0 sed -i 's/a/b/'", "ALLOW", "ALLOW_NO_EFFECT"],
  ["git ls-files | xargs rm relocates the tracked files", "git ls-files src | xargs rm", "RELOCATE", "RELOCATE_TREE"],
  ["a listed credential file is read", "git ls-files conf | xargs npx prettier --write", "ASK", "ASK_SECRET_ACCESS"],
  ["after git add the listing may differ", "git add -A && git ls-files src | xargs npx prettier --write", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["--name-only as a pathspec prints the whole diff", "git diff -- --name-only | xargs npx prettier --write", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a format option prints other text", "git ls-files --format='%(path)' | xargs npx prettier --write", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["another repository through GIT_DIR", "GIT_DIR=/x git ls-files | xargs npx prettier --write", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["another repository through -C", "git -C / ls-files | xargs npx prettier --write", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
];

// xargs-input.ts, found in passing (a missed refusal, not a false positive): a computed replace
// string or delimiter made xargs' command read as text it is not.
const XARGS_VALUES: VerdictRow[] = [
  ["a computed replace string leaves the command as written", 'echo .git | xargs -I "$R" rm -rf .git', "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a computed replace string in the arguments", 'echo x | xargs -I "$R" rm -rf "$R"', "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["an empty replace string", "echo .git | xargs -I '' rm -rf .git", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a computed word after --replace is the command", 'echo .git | xargs --replace "$R" rm -rf .git', "BLOCK", "BLOCK_PROTECTED_PATH"],
  ["a literal replace string still runs per item", "echo build-missing | xargs -I {} rm -rf {}", "ALLOW", "ALLOW_NOOP"],
  ["a separate number-printing count is allowed", 'echo a | xargs -P "$(nproc)" rm', "ALLOW", "ALLOW_NOOP"],
];

table("false positives 2: globs in a for loop", LOOP_GLOBS);
table("false positives 2: notebook formats", FORMATS);
table("false positives 2: job counts from nproc", JOB_COUNTS);
table("false positives 2: find | xargs", FIND_LINES);
table("false positives 2: git name listings into xargs", GIT_LISTINGS);
table("xargs option values computed now", XARGS_VALUES);
