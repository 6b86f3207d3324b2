import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { OK, SECRET, verdictRows } from "../../support/verdict-rows.ts";

// Eighth red-team pass, git (confirmed with real git under a fake HOME in a sandbox):
// - git subcommands that print or store file content read a credential file like `cat`:
//   `git diff --no-index ~/.ssh/id_rsa /dev/null` printed the key (a path outside the work tree
//   needs no --no-index), `git hash-object -w` stored it for `git cat-file`; `git show` behind
//   global options (`git -C . show HEAD:.env`) was missed;
// - `git mv -f SRC DEST` replaced an existing DEST and its uncommitted content was gone.
const fx = useGuardFixture();


const table = verdictRows(fx);

table("red-team 8: git subcommands that print or store a credential file's content", [
  ["git diff", "git diff --no-index ~/.ssh/id_rsa /dev/null", ...SECRET],
  ["git diff", "git diff ~/.ssh/id_rsa /dev/null", ...SECRET],
  ["git diff", "git diff --no-index -- ~/.aws/credentials README.md", ...SECRET],
  ["git hash-object", "git hash-object -w ~/.ssh/id_rsa", ...SECRET],
  ["git -C", "git -C . show HEAD:.env", ...SECRET],
  ["git -c", "git -c core.pager=cat show HEAD:.env", ...SECRET],
  ["git log", "git log -p -- .env", ...SECRET],
  ["git blame", "git blame .env", ...SECRET],
  ["git grep", "git grep -e . -- .env", ...SECRET],
  ["git archive", "git archive HEAD .env", ...SECRET],
  // Pathspecs and revisions only: no content of a credential file is printed.
  ["git log", "git log -- .env", ...OK],
  ["git diff", "git diff HEAD -- README.md", ...OK],
  ["git diff", "git diff --no-index a.txt b.txt", ...OK],
  ["git log", "git log --oneline -5", ...OK],
]);

table("red-team 8: git mv -f replaces an existing destination like mv", [
  ["git mv", "git mv -f README.md src/main.ts", "RELOCATE", "RELOCATE_TREE"],
  ["git mv", "git mv --force README.md src/main.ts", "RELOCATE", "RELOCATE_TREE"],
  ["git mv", "git mv -kf README.md src/main.ts", "RELOCATE", "RELOCATE_TREE"],
  ["git mv", "git mv -f -- README.md src/main.ts", "RELOCATE", "RELOCATE_TREE"],
  // Unforced, git refuses an existing destination; a dry run changes nothing.
  ["git mv", "git mv README.md src/main.ts", ...OK],
  ["git mv", "git mv -f -n README.md src/main.ts", ...OK],
  ["git mv", "git mv -f README.md renamed.md", ...OK],
  ["git mv", "git mv src lib", ...OK],
]);
