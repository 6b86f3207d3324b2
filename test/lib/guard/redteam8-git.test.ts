import { describe, expect, test } from "bun:test";
import { classify } from "../../../lib/guard/classify.ts";
import type { Decision } from "../../../lib/guard/decision.ts";
import type { ReasonCode } from "../../../lib/guard/reasons.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";

// Eighth red-team pass, git (confirmed with real git under a fake HOME in a sandbox):
// - git subcommands that print or store file content read a credential file like `cat`:
//   `git diff --no-index ~/.ssh/id_rsa /dev/null` printed the key (a path outside the work tree
//   needs no --no-index), `git hash-object -w` stored it for `git cat-file`; `git show` behind
//   global options (`git -C . show HEAD:.env`) was missed;
// - `git mv -f SRC DEST` replaced an existing DEST and its uncommitted content was gone.
const fx = useGuardFixture();

type Row = [string, Decision, ReasonCode];
const SECRET: [Decision, ReasonCode] = ["ASK", "ASK_SECRET_ACCESS"];
const OK: [Decision, ReasonCode] = ["ALLOW", "ALLOW_NO_EFFECT"];

function table(title: string, rows: Row[]): void {
  describe(title, () => {
    for (const [command, decision, reason] of rows) {
      test(JSON.stringify(command), () => {
        const r = classify({ command, cwd: fx.ws, env: fx.env, dialect: "posix" });
        expect([r.decision, r.reason]).toEqual([decision, reason]);
      });
    }
  });
}

table("red-team 8: git subcommands that print or store a credential file's content", [
  ["git diff --no-index ~/.ssh/id_rsa /dev/null", ...SECRET],
  ["git diff ~/.ssh/id_rsa /dev/null", ...SECRET],
  ["git diff --no-index -- ~/.aws/credentials README.md", ...SECRET],
  ["git hash-object -w ~/.ssh/id_rsa", ...SECRET],
  ["git -C . show HEAD:.env", ...SECRET],
  ["git -c core.pager=cat show HEAD:.env", ...SECRET],
  ["git log -p -- .env", ...SECRET],
  ["git blame .env", ...SECRET],
  ["git grep -e . -- .env", ...SECRET],
  ["git archive HEAD .env", ...SECRET],
  // Pathspecs and revisions only: no content of a credential file is printed.
  ["git log -- .env", ...OK],
  ["git diff HEAD -- README.md", ...OK],
  ["git diff --no-index a.txt b.txt", ...OK],
  ["git log --oneline -5", ...OK],
]);

table("red-team 8: git mv -f replaces an existing destination like mv", [
  ["git mv -f README.md src/main.ts", "RELOCATE", "RELOCATE_TREE"],
  ["git mv --force README.md src/main.ts", "RELOCATE", "RELOCATE_TREE"],
  ["git mv -kf README.md src/main.ts", "RELOCATE", "RELOCATE_TREE"],
  ["git mv -f -- README.md src/main.ts", "RELOCATE", "RELOCATE_TREE"],
  // Unforced, git refuses an existing destination; a dry run changes nothing.
  ["git mv README.md src/main.ts", ...OK],
  ["git mv -f -n README.md src/main.ts", ...OK],
  ["git mv -f README.md renamed.md", ...OK],
  ["git mv src lib", ...OK],
]);
