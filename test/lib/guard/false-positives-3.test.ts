import { beforeAll } from "bun:test";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { OK, type VerdictRow, verdictRows } from "../../support/verdict-rows.ts";

// The third false-positive hunt: git name listings substituted into arguments or read by a
// loop (posix/listing-words.ts), each with the dangerous neighbours that stay refused.
const fx = useGuardFixture();
const table = verdictRows(fx);

beforeAll(() => {
  // Tracked: code, a credential file, a name with a blank, a name with `=`, a link to the home's key.
  for (const [path, text] of Object.entries({ "src/lib.ts": "export {};\n", "src/app.py": "x = 1\n", "conf/.env": "TOKEN=x\n", "sp/a b.ts": "x\n", "eq/A=b.ts": "x\n" })) {
    mkdirSync(join(fx.ws, path, ".."), { recursive: true });
    writeFileSync(join(fx.ws, path), text);
  }
  mkdirSync(join(fx.ws, "keys"));
  symlinkSync(join(fx.home, ".ssh", "id_rsa"), join(fx.ws, "keys", "deploy"));
  const git = (...args: string[]) => Bun.spawnSync(["git", "-C", fx.ws, "-c", "user.name=t", "-c", "user.email=t@t", ...args], { stdout: "ignore", stderr: "ignore" });
  git("add", "src", "conf/.env", "sp", "eq", "keys");
  git("commit", "-qm", "more");
  writeFileSync(join(fx.ws, "src", "main.ts"), "export const x = 1;\n");
});

// An unquoted $(git listing) that is a whole word of the line's first command: the names it prints.
const SUBSTITUTED: VerdictRow[] = [
  ["prettier on the changed files is allowed", "npx prettier --write $(git diff --name-only)", "ALLOW", "ALLOW_NO_EFFECT"],
  ["eslint on the staged files is allowed", "npx eslint --fix $(git diff --name-only --cached)", "ALLOW", "ALLOW_NO_EFFECT"],
  ["black on the tracked Python files is allowed", "black $(git ls-files '*.py')", "ALLOW", "ALLOW_NO_EFFECT"],
  ["ruff --fix on a pathspec after -- is allowed", "ruff check --fix $(git diff --name-only -- '*.ts')", "ALLOW", "ALLOW_NO_EFFECT"],
  ["perl -pi on the tracked Markdown files is allowed", `perl -pi -e "s/old/new/g" $(git ls-files '*.md')`, "ALLOW", "ALLOW_NO_EFFECT"],
  ["a grep -E filter is applied in process", "npx prettier --write $(git diff --name-only --diff-filter=d | grep -E '\\.(ts|tsx)$')", "ALLOW", "ALLOW_NO_EFFECT"],
  ["a grep -v filter is applied in process", "npx prettier --write $(git ls-files src | grep -v '\\.py$')", "ALLOW", "ALLOW_NO_EFFECT"],
  ["rm of the listed files relocates them", "rm -rf $(git ls-files src)", "RELOCATE", "RELOCATE_TREE"],
  ["rm in a subshell of its own", "( rm -rf $(git ls-files src) )", "RELOCATE", "RELOCATE_TREE"],
  ["a command after && runs once the listing is done", "rm -rf $(git ls-files src) && touch x", "RELOCATE", "RELOCATE_TREE"],
  ["a filter cannot hide the credential file it passes", "npx prettier --write $(git ls-files | grep -F .env)", "ASK", "ASK_SECRET_ACCESS"],
  ["a listed credential file is read", "npx prettier --write $(git ls-files conf)", "ASK", "ASK_SECRET_ACCESS"],
  ["a read through a listed link to a key asks", "cat $(git ls-files keys)", "ASK", "ASK_SECRET_ACCESS"],
  ["a listed name with a blank splits", "rm -rf $(git ls-files)", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a listed name with = could assign", "npx prettier --write $(git ls-files eq)", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a computed pathspec", 'rm -rf $(git ls-files "$D")', "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a quoted substitution is one word", 'rm -rf "$(git ls-files src)"', "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a substitution inside a word", "rm -rf x$(git ls-files src)", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["the listing as the command name", "$(git ls-files src)", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["after git add the listing may differ", "git add -A && rm -rf $(git ls-files src)", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["after any earlier command", "touch x; rm -rf $(git ls-files src)", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["an earlier substitution runs first", "rm -rf $(touch x) $(git ls-files src)", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a pipeline stage may write while git lists", "rm -rf $(git ls-files -o) | tee out.txt", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a list sent to the background", "rm -rf $(git ls-files src) && true & touch x", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a subshell whose redirection opens first", "( rm -rf $(git ls-files src) ) > out.txt", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a group in a pipeline", "{ rm -rf $(git ls-files src); } | cat", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a function body runs later", "f() { rm -rf $(git ls-files src); }; touch x; f", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a loop body runs again", "for i in 1 2; do rm -rf $(git ls-files src); done", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["inside bash -c", "bash -c 'rm -rf $(git ls-files src)'", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["-z output loses its separators in a substitution", "rm -rf $(git ls-files -z src)", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["another repository through -C", "rm -rf $(git -C / ls-files)", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["another repository through GIT_DIR", "rm -rf $(GIT_DIR=/x git ls-files)", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a format option prints other text", "rm -rf $(git ls-files --format='%(path)')", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a bracket pattern is not read in process", "rm -rf $(git ls-files | grep -E '[a-z]+')", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["grep with a file operand", "rm -rf $(git ls-files | grep src list.txt)", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["another program in the substitution", "rm -rf $(git ls-files src | sed s/a/b/)", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
];

// A for loop over such a substitution, and a while-read loop over `< <(listing)`.
const LOOPS: VerdictRow[] = [
  ["prettier on each changed file is allowed", `for f in $(git diff --name-only); do npx prettier --write "$f"; done`, "ALLOW", "ALLOW_NO_EFFECT"],
  ["an in-place edit of each listed file is allowed", `for f in $(git ls-files '*.md'); do sed -i 's/a/b/' "$f"; done`, "ALLOW", "ALLOW_NO_EFFECT"],
  ["a delete of each listed file relocates it", `for f in $(git ls-files src); do rm "$f"; done`, "RELOCATE", "RELOCATE_TREE"],
  ["a read of a listed credential asks", `for f in $(git ls-files conf); do cat "$f"; done`, "ASK", "ASK_SECRET_ACCESS"],
  ["a while-read loop over the changed files is allowed", `while read -r f; do npx prettier --write "$f"; done < <(git diff --name-only)`, "ALLOW", "ALLOW_NO_EFFECT"],
  ["IFS= read of the listed files relocates deletes", `while IFS= read -r f; do rm "$f"; done < <(git ls-files src)`, "RELOCATE", "RELOCATE_TREE"],
  ["a while-read loop followed by another command", `while read -r f; do rm "$f"; done < <(git ls-files src); touch x`, "RELOCATE", "RELOCATE_TREE"],
  ["a glob loop inside an endless loop expands again later", `for ((;;)); do for d in src/*; do rm -rf "$d"; done; touch src/new; done`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a glob loop in a case item piped to a writer", `case x in x) for d in src/*; do rm -rf "$d"; done;; esac | tee src/new`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a listing in a case item piped to a writer", "case x in x) rm -rf $(git ls-files -o);; esac | tee new", "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a for list with a blank in a name", `for f in $(git ls-files sp); do rm "$f"; done`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a for loop after an earlier command", `true; for f in $(git ls-files src); do rm "$f"; done`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a for loop in a pipeline", `for f in $(git ls-files -o); do rm "$f"; done | cat`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a for loop over a computed pathspec", `for f in $(git ls-files "$D"); do rm "$f"; done`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a while-read loop after an earlier command", `true; while read -r f; do rm "$f"; done < <(git ls-files src)`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a while-read loop in a pipeline", `while read -r f; do rm "$f"; done < <(git ls-files src) | cat`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a while-read loop that may go to the background", `while read -r f; do rm "$f"; done < <(git ls-files src) && true &`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["read into two names", `while read -r f g; do rm "$f"; done < <(git ls-files src)`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a while-read loop over another program", `while read -r f; do rm "$f"; done < <(cat list.txt)`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
  ["a while-read loop over a computed pathspec", `while read -r f; do rm "$f"; done < <(git ls-files "$D")`, "BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"],
];

// Content searches feeding xargs: their output is not computed in process, but since session 7
// it stands for every entry under the folders searched, so edits of each are judged on all of
// them (false-positives-4.test.ts, effects/search-listing.ts).
const SEARCHES: VerdictRow[] = [
  ["rg -l into sed -i", "rg -l oldName src | xargs sed -i 's/oldName/newName/g'", ...OK],
  ["grep -rl into sed -i", `grep -rl "http://" src | xargs sed -i 's#http://#https://#g'`, ...OK],
  ["fd into black", "fd -e py | xargs black", ...OK],
];

table("false positives 3: git listings substituted as words", SUBSTITUTED);
table("false positives 3: loops over git listings", LOOPS);
table("false positives 3: content searches into xargs", SEARCHES);
