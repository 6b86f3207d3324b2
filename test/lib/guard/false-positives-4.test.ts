import { beforeAll } from "bun:test";
import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import type { Decision } from "../../../lib/guard/decision.ts";
import type { ReasonCode } from "../../../lib/guard/reasons.ts";
import { OK, OUTSIDE, RELOCATE, SECRET, UNKNOWN, type VerdictRow, verdictRows } from "../../support/verdict-rows.ts";

// The fourth false-positive hunt: `git grep -l` read like `git ls-files`, grep/head/tail stages
// between a git listing and xargs or inside its substitution, `git branch [--merged]` into
// `xargs git branch -d` (effects/git-listing.ts, posix/line-filter.ts), `d=$(mktemp -d) && …`
// (posix/temp-output.ts) and `$(git rev-parse HEAD)` in a sed script (posix/hash-output.ts),
// each with the dangerous neighbours that stay refused.
const fx = useGuardFixture();
const table = verdictRows(fx);

function commit(ws: string, files: Record<string, string>): (...args: string[]) => void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(ws, path, ".."), { recursive: true });
    writeFileSync(join(ws, path), text);
  }
  const git = (...args: string[]) => void Bun.spawnSync(["git", "-C", ws, "-c", "user.name=t", "-c", "user.email=t@t", ...args], { stdout: "ignore", stderr: "ignore" });
  git("add", ...Object.keys(files));
  git("commit", "-qm", "more");
  return git;
}

beforeAll(() => {
  // Tracked: code naming oldName, a credential file naming it too, a vendored file; one merged branch.
  const git = commit(fx.ws, { "src/lib.ts": "export const oldName = 1;\n", "src/app.py": "oldName = 1\n", "src/other.ts": "x\n", "conf/.env": "TOKEN=oldName\n", "vendor/v.ts": "oldName\n" });
  git("branch", "feature");
});

// `git grep -l` lists tracked work-tree files (never .git), read by running it now.
const GREP: VerdictRow[] = [
  ["sed -i on the files git grep lists is allowed", "git grep -l oldName -- src | xargs sed -i 's/oldName/newName/g'", ...OK],
  ["prettier on the files git grep lists is allowed", "git grep -l oldName -- src | xargs npx prettier --write", ...OK],
  ["NUL-separated names into xargs -0", "git grep -lz oldName -- src | xargs -0 sed -i 's/oldName/newName/g'", ...OK],
  ["--name-only and -e, a pathspec without --", "git grep --name-only -e oldName src | xargs sed -i 's/oldName/newName/g'", ...OK],
  ["a fixed string may hold regex characters", "git grep -lF 'oldName = 1;' -- src | xargs sed -i 's/oldName/newName/g'", ...OK],
  ["substituted as words", "npx prettier --write $(git grep -l oldName -- src)", ...OK],
  ["a grep stage drops the credential file", "git grep -l oldName | grep -v '^conf/' | xargs sed -i 's/oldName/newName/g'", ...OK],
  ["no match runs nothing with -r", "git grep -l zzzNoSuchName | xargs -r sed -i 's/a/b/'", ...OK],
  ["a delete of the listed files relocates them", "git grep -l oldName -- src | xargs rm", ...RELOCATE],
  ["the credential file it lists is read", "git grep -l oldName | xargs sed -i 's/oldName/newName/g'", ...SECRET],
  ["the credential file substituted", "npx prettier --write $(git grep -l oldName)", ...SECRET],
  // Session 17: a pattern read by the locale or the dialect lists every tracked file with a line (a superset).
  ["-i folds case by the locale: every file under src", "git grep -il oldName -- src | xargs sed -i 's/a/b/'", ...OK],
  ["a regex dot matches by the locale: every file under src", "git grep -l 'old.ame' -- src | xargs sed -i 's/a/b/'", ...OK],
  ["-P, and a pathspec without --", "git grep -lP 'old\\w+' src | xargs sed -i 's/a/b/'", ...OK],
  ["--ignore-case -z into xargs -0", "git grep --ignore-case -lz oldname -- src | xargs -0 sed -i 's/a/b/'", ...OK],
  ["-v lists files with another line", "git grep -lv oldName -- src | xargs sed -i 's/a/b/'", ...OK],
  ["the superset holds the credential file", "git grep -il OLDNAME | xargs sed -i 's/a/b/'", ...SECRET],
  ["the credential file does not match, but the superset is read", "git grep -l 'new.ame' | xargs sed -i 's/a/b/'", ...SECRET],
  ["a delete of the superset relocates every file under src", "git grep -il oldName -- src | xargs rm", ...RELOCATE],
  ["xargs -n runs before the superset's git grep ends", "git grep -il oldName -- src | xargs -n 1 sed -i 's/a/b/'", ...UNKNOWN],
  ["--untracked lists other files", "git grep -l --untracked oldName | xargs sed -i 's/a/b/'", ...UNKNOWN],
  ["--no-index lists other files", "git grep -l --no-index oldName | xargs sed -i 's/a/b/'", ...UNKNOWN],
  ["--textconv runs the configured filters", "git grep -l --textconv oldName | xargs sed -i 's/a/b/'", ...UNKNOWN],
  ["-O opens the files in a pager", "git grep -l -O oldName | xargs sed -i 's/a/b/'", ...UNKNOWN],
  ["patterns from a file", "git grep -l -f pats.txt | xargs sed -i 's/a/b/'", ...UNKNOWN],
  ["an option after the pattern", "git grep -l oldName --untracked | xargs sed -i 's/a/b/'", ...UNKNOWN],
  ["a computed pattern", 'git grep -l "$P" | xargs sed -i s/a/b/', ...UNKNOWN],
  ["without -l it prints lines", "git grep oldName -- src | xargs sed -i 's/a/b/'", ...UNKNOWN],
  ["another repository through -C", "git -C / grep -l root | xargs sed -i 's/a/b/'", ...UNKNOWN],
  ["after git add the listing may differ", "git add -A && git grep -l oldName | xargs sed -i 's/a/b/'", ...UNKNOWN],
  // xargs -n/-I/-P run while git still reads files the command may change (`xargs -n 2 mv`).
  ["xargs -n runs before git grep ends", "git grep -l oldName -- src | xargs -n 1 sed -i 's/a/b/'", ...UNKNOWN],
  ["xargs -I runs before git diff ends", "git diff --name-only | xargs -I{} npx prettier --write {}", ...UNKNOWN],
  ["an index listing is read first", "git ls-files src | xargs -n 1 rm", ...RELOCATE],
  ["a for loop over git grep runs after it", `for f in $(git grep -l oldName -- src); do sed -i 's/a/b/' "$f"; done`, ...OK],
  ["a while-read loop may run while git grep still reads", `while read -r f; do sed -i 's/a/b/' "$f"; done < <(git grep -l oldName -- src)`, ...UNKNOWN],
];

// grep, head and tail stages applied in process, before xargs or inside the substitution.
const STAGES: VerdictRow[] = [
  ["a grep -E stage before xargs", "git diff --name-only HEAD~1 | grep -E '\\.(ts|py)$' | grep -v vendor/ | xargs npx prettier --write", ...OK],
  ["a tail stage before xargs", "git ls-files src | tail -n 2 | xargs npx prettier --write", ...OK],
  ["a head stage before xargs", "git ls-files src | head -1 | xargs rm", ...RELOCATE],
  ["a head stage substituted", "npx prettier --write $(git ls-files src | head -n 2)", ...OK],
  ["tail -n +N starts at a line", "npx prettier --write $(git ls-files | tail -n +4)", ...OK],
  ["a head stage keeps the credential file it passes", "git ls-files | head -n 3 | xargs npx prettier --write", ...SECRET],
  ["sort orders by the locale", "git ls-files src | sort | xargs rm", ...UNKNOWN],
  ["uniq compares by the locale", "git ls-files src | uniq | xargs rm", ...UNKNOWN],
  ["head -c cuts a name", "git ls-files src | head -c 5 | xargs rm", ...UNKNOWN],
  ["head -n -N", "git ls-files src | head -n -1 | xargs rm", ...UNKNOWN],
  ["a stage over NUL-separated names", "git ls-files -z src | head -n 1 | xargs -0 rm", ...UNKNOWN],
  ["a stage with a file operand", "git ls-files src | head -n 1 list.txt | xargs rm", ...UNKNOWN],
  ["another program between", "git ls-files src | sed 1d | xargs rm", ...UNKNOWN],
];

// `git branch [--merged]` lists branch names; `git branch -d` refuses unmerged branches.
const BRANCHES: VerdictRow[] = [
  ["deleting the merged branches is allowed", "git branch --merged | grep -v main | xargs git branch -d", ...OK],
  ["grep -v of the current branch's mark", "git branch --merged | grep -v '\\*' | xargs git branch -d", ...OK],
  ["an ERE of the mark and the main branches", "git branch --merged | grep -Ev '(^\\*|master|main)' | xargs -n 1 git branch -d", ...OK],
  ["-D deletes the listed branches, kept first as for named ones", "git branch | grep -v main | xargs git branch -D", "SNAPSHOT", "SNAPSHOT_GIT_REFS"],
  ["a column layout is not read", "git -c column.ui=always branch --merged | xargs git branch -d", ...UNKNOWN],
  ["names from a file may be options", "cat names.txt | xargs git branch -d", ...UNKNOWN],
  ["an operand creates a branch", "git branch newb | xargs git branch -d", ...UNKNOWN],
  ["remote listings are not read", "git branch -a --merged | xargs git branch -d", ...UNKNOWN],
  ["a substituted branch listing is no file list", "rm -rf $(git branch --merged)", ...UNKNOWN],
  // Session 7: a `while read -r` loop over the same listing, piped in or read from `< <(…)`.
  ["a while-read loop over the merged branches", `git branch --merged | grep -v main | while read -r b; do git branch -d "$b"; done`, ...OK],
  ["a while-read loop without the current branch's mark", `git branch --merged | grep -v '\\*' | while read -r br; do git branch -d "$br"; done`, ...OK],
  ["the variable named after git's subcommand", `git branch --merged | grep -v main | while read -r branch; do git branch -d "$branch"; done`, ...OK],
  ["a mention that is no git subcommand may assign it", `git branch --merged | grep -v main | while read -r branch; do read -r x branch; git branch -d "$branch"; done`, ...UNKNOWN],
  ["an assignment after git's subcommand", `git branch --merged | grep -v main | while read -r branch; do git branch -d "$branch"; branch=~; rm -rf "$branch"; done`, ...UNKNOWN],
  ["the loop reading a process substitution", `while read -r b; do git branch -d "$b"; done < <(git branch --merged | grep -v main)`, ...OK],
  // One forced delete per run: as with `git branch -D a; git branch -D b`, only the first is kept.
  ["-D in the loop deletes the listed branches", `git branch | grep -v main | while read -r b; do git branch -D "$b"; done`, "ASK", "ASK_GIT_HISTORY_LOSS"],
  ["a file listing piped into a loop", `git ls-files src | while read -r f; do rm "$f"; done`, ...RELOCATE],
  ["read without -r", `git branch --merged | grep -v main | while read b; do git branch -d "$b"; done`, ...UNKNOWN],
  ["IFS given to read", `git branch --merged | grep -v main | while IFS=- read -r b; do git branch -d "$b"; done`, ...UNKNOWN],
  ["IFS= keeps the mark's blanks", `git branch --merged | grep -v main | while IFS= read -r b; do git branch -d "$b"; done`, ...UNKNOWN],
  ["IFS set earlier in the line", `IFS=-; git branch --merged | grep -v main | while read -r b; do git branch -d "$b"; done`, ...UNKNOWN],
  ["names from a file piped in", `cat names.txt | while read -r b; do git branch -d "$b"; done`, ...UNKNOWN],
  ["after a cd", `cd src && git branch --merged | while read -r b; do git branch -d "$b"; done`, ...UNKNOWN],
  ["the loop's stdin redirected", `git branch --merged | grep -v main | while read -r b; do git branch -d "$b"; done < names.txt`, ...UNKNOWN],
  ["the loop piped on", `git branch --merged | grep -v main | while read -r b; do git branch -d "$b"; done | cat`, ...UNKNOWN],
  ["the loop in the background", `git branch --merged | grep -v main | while read -r b; do git branch -d "$b"; done &`, ...UNKNOWN],
  ["git grep piped into a loop may still be reading", `git grep -l oldName -- src | while read -r f; do sed -i 's/a/b/' "$f"; done`, ...UNKNOWN],
];

// `d=$(mktemp -d) && …`: after `&&`, d is a new folder in the temporary directory.
const TEMP: [Decision, ReasonCode] = ["ALLOW", "ALLOW_TEMP_PATH"];
const MKTEMP: VerdictRow[] = [
  ["a copy into a new temporary folder", 'tmpdir=$(mktemp -d) && cp -r src "$tmpdir"', ...TEMP],
  ["a temporary folder used and removed", 'd=$(mktemp -d) && cp -r src "$d" && rm -rf "$d"', ...TEMP],
  ["a quoted substitution, --directory", 'd="$(mktemp --directory)" && cp -r src "$d" && rm -rf "$d"', ...TEMP],
  ["a temporary file written and removed", 'f=$(mktemp) && echo hi > "$f" && rm -f "$f"', ...TEMP],
  ["after ; a failed mktemp leaves it empty", 'd=$(mktemp -d); rm -rf "$d"/*', ...UNKNOWN],
  ["after ||", 'd=$(mktemp -d) || rm -rf "$d"/*', ...UNKNOWN],
  ["after the && list ends", 'd=$(mktemp -d) && true; rm -rf "$d"/*', ...UNKNOWN],
  ["the parent of the new folder", 'd=$(mktemp -d) && rm -rf "$d"/..', "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["a copy of a credential folder into it", 'd=$(mktemp -d) && cp -r ~/.ssh "$d"', ...SECRET],
  ["a template may name any folder", 'd=$(mktemp -d ../x.XXXX) && rm -rf "$d"/..', ...UNKNOWN],
  ["-p TMPDIR itself (session 11: mktemp-folders.test.ts)", 'd=$(mktemp -d -p /tmp) && rm -rf "$d"', "ALLOW", "ALLOW_TEMP_PATH"],
  ["-p another DIR (BSD lets TMPDIR override it)", 'd=$(mktemp -d -p /var/tmp) && rm -rf "$d"', ...UNKNOWN],
  ["-u makes no folder", 'd=$(mktemp -u) && rm -rf "$d"', ...UNKNOWN],
  ["a TMPDIR the line set is followed", 'export TMPDIR=~ && d=$(mktemp -d) && rm -rf "$d"', "BLOCK", "BLOCK_OUTSIDE_WORKSPACE"],
  ["a TMPDIR the line made unknown", 'export TMPDIR="$X" && d=$(mktemp -d) && rm -rf "$d"', ...UNKNOWN],
  ["a function named mktemp", 'mktemp() { echo ~; }; d=$(mktemp -d) && rm -rf "$d"', ...UNKNOWN],
  ["a second substitution in the value", 'd=$(mktemp -d)$(echo /..) && rm -rf "$d"', ...UNKNOWN],
  ["local's status is not mktemp's", 'local d=$(mktemp -d) && rm -rf "$d"/*', ...UNKNOWN],
  ["! runs what follows when mktemp failed", '! d=$(mktemp -d) && rm -rf "$d"/*', ...UNKNOWN],
  ["! inside the substitution", 'd=$(! mktemp -d) && rm -rf "$d"/*', ...UNKNOWN],
  ["a substitution sent to the background exits 0", 'd=$(mktemp -d &) && rm -rf "$d"/*', ...UNKNOWN],
  ["another command in the substitution", 'd=$(mktemp -d || true) && rm -rf "$d"/*', ...UNKNOWN],
  ["a DEBUG trap under extdebug skips mktemp", 'shopt -s extdebug; set -T; trap false DEBUG; d=$(mktemp -d) && rm -rf "$d"/*', ...UNKNOWN],
  ["a loop body runs again", 'for i in 1 2; do d=$(mktemp -d) && rm -rf "$d"; done', ...UNKNOWN],
  ["an uppercase name may be the shell's (IFS)", 'IFS=$(mktemp -d) && rm -rf "$IFS"', ...UNKNOWN],
];

// A commit hash in a sed script: letters and digits inside an s command's parts.
const HASH: VerdictRow[] = [
  ["the short hash into a replacement", 'sed -i "s/COMMIT/$(git rev-parse --short HEAD)/" README.md', ...OK],
  ["the full hash, a flag after it", 'sed -i "s/^commit: .*/commit: $(git rev-parse HEAD)/g" README.md', ...OK],
  ["another delimiter, -e", 'sed -i -e "s|COMMIT|$(git rev-parse --short=8 --verify HEAD)|" README.md', ...OK],
  ["unquoted", "sed -i s/COMMIT/$(git rev-parse --short HEAD)/ README.md", ...OK],
  ["in the flags it may be e", 'sed -i "s/x/y/$(git rev-parse --short HEAD)" README.md', ...UNKNOWN],
  ["as the command it may be e CMD", 'sed -i "1$(git rev-parse HEAD)" README.md', ...UNKNOWN],
  ["after a backslash", 'sed -i "s/x/\\\\$(git rev-parse HEAD)/" README.md', ...UNKNOWN],
  ["with a letter as the delimiter", 'sed -i "sx$(git rev-parse HEAD)xyx" README.md', ...UNKNOWN],
  ["in an address", 'sed -i "/$(git rev-parse HEAD)/d" README.md', ...UNKNOWN],
  ["a tag name may hold / and ;e", 'sed -i "s/x/$(git describe --tags)/" README.md', ...UNKNOWN],
  ["a branch name may hold /", 'sed -i "s/x/$(git rev-parse --abbrev-ref HEAD)/" README.md', ...UNKNOWN],
  ["another revision is echoed when it does not resolve", 'sed -i "s/x/$(git rev-parse origin/we)/" README.md', ...UNKNOWN],
  ["its error sent into the output", 'sed -i "s/x/$(git rev-parse HEAD 2>&1)/" README.md', ...UNKNOWN],
  ["a function named git", "git() { echo 'x/e'; }; sed -i \"s/x/$(git rev-parse HEAD)/\" README.md", ...UNKNOWN],
  ["another substitution beside it", 'sed -i "s/x/$(git rev-parse HEAD)$(cat f)/" README.md', ...UNKNOWN],
  ["a number stays unknown in a script", 'sed -i "s/x/$(nproc)/" README.md', ...UNKNOWN],
];

// Session 7: `rg -l`, `grep -rl` and `fd` into xargs (effects/search-listing.ts). Which names they
// print is not computed, so they stand for every entry under the folders searched: edits and
// reads of each are judged on all of them; a delete only of fd's exact names (none hidden or
// ignored), as a relocation of every entry would move files the command never touches.
const SEARCHES: VerdictRow[] = [
  ["sed -i on the files rg lists in a folder", "rg -l oldName src | xargs sed -i 's/oldName/newName/g'", ...OK],
  ["grep -rl in a folder", "grep -rl oldName src | xargs sed -i 's/oldName/newName/g'", ...OK],
  ["grep -rlF with --include, two folders", "grep -rlF --include='*.ts' oldName src vendor | xargs sed -i 's/a/b/'", ...OK],
  ["a formatter on rg's names", "rg -l oldName src vendor | xargs npx prettier --write", ...OK],
  ["rg --files", "rg --files src | xargs npx prettier --write", ...OK],
  ["fd's names deleted are relocated", "fd -e py | xargs rm", ...RELOCATE],
  ["fd in a folder, -t f", "fd -t f -e ts . src | xargs rm -f", ...RELOCATE],
  ["fd with ignored matches (build/, node_modules/) is no exact list", "fd -e js | xargs rm", ...UNKNOWN],
  ["a delete of rg's names", "rg -l oldName src | xargs rm", ...UNKNOWN],
  ["a move of rg's names", "rg -l oldName src | xargs mv", ...UNKNOWN],
  ["fd with a pattern is no exact list", "fd lib src | xargs rm", ...UNKNOWN],
  ["fd -H lists hidden entries", "fd -H -e ts . src | xargs rm", ...UNKNOWN],
  ["the credential file under the folder may be named", "rg -l oldName conf | xargs sed -i 's/a/b/'", ...SECRET],
  ["grep -r . searches .git too (deliberate)", "grep -rl oldName . | xargs sed -i 's/a/b/'", "BLOCK", "BLOCK_PROTECTED_PATH"],
  ["rg -L follows links", "rg -L -l oldName src | xargs sed -i 's/a/b/'", ...UNKNOWN],
  ["rg --pre runs a program per file", "rg --pre ./x -l oldName src | xargs sed -i 's/a/b/'", ...UNKNOWN],
  ["rg -z runs decompressors", "rg -z -l oldName src | xargs sed -i 's/a/b/'", ...UNKNOWN],
  ["rg -c prints counts", "rg -c oldName src | xargs sed -i 's/a/b/'", ...UNKNOWN],
  ["grep -R follows links", "grep -Rl oldName src | xargs sed -i 's/a/b/'", ...UNKNOWN],
  ["grep without -r reads stdin", "grep -l oldName | xargs sed -i 's/a/b/'", ...UNKNOWN],
  ["a folder outside the workspace", "grep -rl notes ~/Documents | xargs sed -i 's/a/b/'", ...UNKNOWN],
  ["a folder through ..", "rg -l oldName src/.. | xargs sed -i 's/a/b/'", ...UNKNOWN],
  ["a configuration file the line names", "RIPGREP_CONFIG_PATH=x rg -l oldName src | xargs sed -i 's/a/b/'", ...UNKNOWN],
  ["a configuration file exported", "export RIPGREP_CONFIG_PATH=x; rg -l oldName src | xargs sed -i 's/a/b/'", ...UNKNOWN],
  ["xargs -n may run while rg still searches", "rg -l oldName src | xargs -n 1 sed -i 's/a/b/'", ...UNKNOWN],
  ["a function named rg", "rg() { echo ~/.bashrc; }; rg -l oldName src | xargs sed -i 's/a/b/'", ...UNKNOWN],
  ["after a write", "touch src/new.ts && rg -l oldName src | xargs sed -i 's/a/b/'", ...UNKNOWN],
  // fd's own -x/-X run their command on each entry, judged with an unknown word for it (fd had
  // no handler: `fd -e ts -x rm` was ALLOW_NO_EFFECT).
  ["fd -x runs a command on each match", "fd -e ts -x rm", ...UNKNOWN],
  ["fd -X in a cluster", "fd -HX rm", ...UNKNOWN],
  ["fd --exec with a placeholder, then more options", "fd --exec rm -rf {//} ';' -e ts", ...UNKNOWN],
  ["fd -x of a reader", "fd --type f --exec cat {}", ...OK],
  ["fd -x echo", "fd -e ts -x echo", ...OK],
  ["fd -l runs ls", "fd -l lib", ...OK],
  // A cluster's letter that takes a value ends it: `-tx` is `--type x` (executables), no -x.
  ["fd -tx lists executables", "fd -tx rm", ...OK],
  ["fd -Htx lists executables", "fd -Htx", ...OK],
  ["fd -tf -x rm still runs rm", "fd -tf -x rm", ...UNKNOWN],
  ["fd -t x -X rm still runs rm", "fd -t x -X rm", ...UNKNOWN],
  // Session 9: option values are read as clap reads them. `--and` and `--size`/`-S` take a value
  // that starts with `-` (allow_hyphen_values), `-C` takes one (`-Cx` is the folder x), and after
  // `--` every word is a pattern or a path: none of these is -x. CMD runs in -C's folder.
  ["fd --and -x searches for -x", "fd --and -x rm", ...OK],
  ["fd --and -HX searches for -HX", "fd --and -HX rm", ...OK],
  ["fd -S -x takes -x as the size", "fd -S -x rm", ...OK],
  ["fd -- -x searches for -x", "fd -- -x rm", ...OK],
  ["fd -- after a pattern", "fd -- foo -x rm", ...OK],
  ["fd -Cx searches in the folder x", "fd -Cx rm", ...OK],
  ["fd --and of a quoted computed pattern", 'fd --and "$X" -e ts', ...OK],
  ["fd -x after the ; with --and -x", "fd -e ts -x echo ';' --and -x", ...OK],
  ["fd -S -10k -x rm still runs rm", "fd -S -10k -x rm", ...UNKNOWN],
  ["fd --size=-1M -X rm still runs rm", "fd --size=-1M -X rm", ...UNKNOWN],
  ["fd --exclude -x rm is read as -x (clap refuses it: nothing runs)", "fd --exclude -x rm", ...UNKNOWN],
  ["fd -0x in a cluster after a digit flag", "fd -0x rm", ...UNKNOWN],
  ["fd -C ~ runs its command in the home", "fd -C ~ -x sh -c 'rm -rf Documents' ';'", ...OUTSIDE],
  ["fd --base-directory after the ; counts too", "fd -X sh -c 'rm -rf Documents' ';' --base-directory ~", ...OUTSIDE],
  ["fd --base-directory=DIR", "fd --base-directory=$HOME -X sh -c 'rm -rf Documents' ';'", ...OUTSIDE],
  ["fd -C of a folder the guard cannot name", "fd -C \"$D\" -x sh -c 'echo x > out.txt' ';'", ...UNKNOWN],
];

table("false positives 4: git grep -l read like git ls-files", GREP);
table("false positives 4: rg, grep -r and fd listings into xargs", SEARCHES);
// xargs' own redirection replaces the pipe as its input: the listing is not what it reads (the
// first three were RELOCATE_TREE or SNAPSHOT of the listed names while xargs read names.txt).
table("false positives 4: a redirection of xargs' stdin replaces the pipe", [
  ["a git listing", "git ls-files src | xargs rm -rf < names.txt", ...UNKNOWN],
  ["a branch listing", "git branch --merged | grep -v main | xargs git branch -D < names.txt", ...UNKNOWN],
  ["find -print0", "find src -name '*.ts' -print0 | xargs -0 rm < names.txt", ...UNKNOWN],
  ["fd's names", "fd -e py | xargs rm 0< names.txt", ...UNKNOWN],
  ["rg's names", "rg -l oldName src | xargs sed -i 's/a/b/' < names.txt", ...UNKNOWN],
  ["a here-string is the input", "git ls-files src | xargs rm -rf <<< /", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
]);
table("false positives 4: grep, head and tail stages of a listing", STAGES);
table("false positives 4: git branch listings into git branch -d", BRANCHES);
table("false positives 4: a mktemp folder after &&", MKTEMP);
table("false positives 4: a commit hash in a sed script", HASH);
// Without TMPDIR in the environment mktemp uses /tmp; with TMPDIR in the home, its folder is there.
verdictRows({ ws: fx.ws, env: { ...fx.env, TMPDIR: undefined } })("false positives 4: mktemp without TMPDIR", [["/tmp", 'd=$(mktemp -d) && cp -r src "$d" && rm -rf "$d"', ...TEMP]]);
verdictRows({ ws: fx.ws, env: { ...fx.env, TMPDIR: fx.home } })("false positives 4: mktemp with TMPDIR in the home", [["the home", 'd=$(mktemp -d) && rm -rf "$d"', "BLOCK", "BLOCK_OUTSIDE_WORKSPACE"]]);

// A second repository: a branch named `-D` (git update-ref accepts it) turns `xargs git branch
// -d` into a forced delete, and with core.quotePath off a listing prints names outside ASCII
// raw, which a grep stage would match by the locale's rules, and names that are no UTF-8.
const odd = useGuardFixture();
const oddTable = verdictRows(odd);

beforeAll(() => {
  symlinkSync(join(odd.home, ".ssh", "id_rsa"), join(odd.ws, "na\u00efve"));
  // A name that is no UTF-8: `bad` and the byte 0xff.
  writeFileSync(Buffer.concat([Buffer.from(`${odd.ws}/bad`), Buffer.from([0xff])]), "x\n");
  const git = commit(odd.ws, { "src/lib.ts": "x\n" });
  git("add", "-A");
  git("commit", "-qm", "link");
  git("update-ref", "refs/heads/-D", "HEAD");
  git("config", "core.quotePath", "false");
});

oddTable("false positives 4: listings a stage cannot read", [
  ["a branch named -D forces the delete", "git branch --merged | grep -v main | xargs git branch -d", "SNAPSHOT", "SNAPSHOT_GIT_REFS"],
  ["a branch named -D forces the delete in a while-read loop", `git branch --merged | grep -v main | while read -r b; do git branch -d "$b"; done`, "ASK", "ASK_GIT_HISTORY_LOSS"],
  ["a raw name outside ASCII is not filtered in process", "rm -rf $(git ls-files | grep -v 'na.ve')", ...UNKNOWN],
  ["nor before xargs", "git ls-files | grep -v 'na.ve' | xargs rm -rf", ...UNKNOWN],
  ["a name that is no UTF-8 is not read", "git ls-files | xargs rm -rf", ...UNKNOWN],
]);

// A project folder first on the environment's PATH (direnv's `PATH_add bin`) holding a `git`
// (never run: the guard's own git skips project folders): a listing read while the line is
// parsed is what that program prints, not the real git's names (relied-output.ts).
const shadowed = useGuardFixture();
beforeAll(() => {
  commit(shadowed.ws, { "src/lib.ts": "x\n" });
  mkdirSync(join(shadowed.ws, "bin"), { recursive: true });
  writeFileSync(join(shadowed.ws, "bin", "git"), "#!/bin/sh\necho ..\n");
  chmodSync(join(shadowed.ws, "bin", "git"), 0o755);
});
verdictRows({ ws: shadowed.ws, get env() { return { ...shadowed.env, PATH: `${shadowed.ws}/bin:${shadowed.env.PATH}` }; } })("false positives 4: a project git on PATH prints what it likes", [
  ["substituted as words", "rm -rf $(git ls-files src)", ...UNKNOWN],
  ["a for loop over the listing", `for f in $(git ls-files src); do rm -rf "$f"; done`, ...UNKNOWN],
  ["a while-read loop over a process substitution", `while read -r f; do rm -rf "$f"; done < <(git ls-files src)`, ...UNKNOWN],
  ["a while-read loop piped in", `git ls-files src | while read -r f; do rm -rf "$f"; done`, ...UNKNOWN],
  ["xargs (as before)", "git ls-files src | xargs rm -rf", ...UNKNOWN],
]);

// Names xargs would split or read as an option, and a project's rg first on PATH.
const names = useGuardFixture();
beforeAll(() => {
  for (const path of ["-x.py", "src/a b.ts", "src/new\nline.rs", "lib/.hidden.py", "lib/ok.py"]) {
    mkdirSync(join(names.ws, path, ".."), { recursive: true });
    writeFileSync(join(names.ws, path), "oldName\n");
  }
  mkdirSync(join(names.ws, "bin"), { recursive: true });
  writeFileSync(join(names.ws, "bin", "rg"), "#!/bin/sh\necho ~/.bashrc\n");
  chmodSync(join(names.ws, "bin", "rg"), 0o755);
});
verdictRows(names)("false positives 4: search listings xargs cannot pass as they are", [
  ["a name starting with -", "fd -e py | xargs rm", ...UNKNOWN],
  ["a name with a blank", "rg -l oldName src | xargs sed -i 's/a/b/'", ...UNKNOWN],
  ["a name with a newline", "fd -e rs . src | xargs sed -i 's/a/b/'", ...UNKNOWN],
  ["a hidden match fd may skip or list", "fd -e py . lib | xargs rm", ...UNKNOWN],
  ["its edits are judged on every name", "fd -e py . lib | xargs sed -i 's/a/b/'", ...OK],
]);
verdictRows({ ws: names.ws, get env() { return { ...names.env, PATH: `${names.ws}/bin:${names.env.PATH}` }; } })("false positives 4: a project rg on PATH", [
  ["rg found first in the project", "rg -l oldName lib | xargs sed -i 's/a/b/'", ...UNKNOWN],
]);
