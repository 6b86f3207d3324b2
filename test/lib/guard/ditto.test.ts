import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { NOOP, OK, PROTECTED, SECRET, UNKNOWN, verdictRows } from "../../support/verdict-rows.ts";

// Session 13 reread (programs.ts `ditto`): macOS's ditto was no program the guard knew, so every
// ditto line passed, `ditto x .git/hooks` too. `ditto SRC DST` merges SRC into DST (judged as
// `cp -RT SRC DST`), `-c` writes an archive, `-x` extracts one into a folder. Commands are only judged.
const fx = useGuardFixture();
const table = verdictRows(fx);

table("ditto's writes (each was ALLOW_NO_EFFECT)", [
  ["a folder merged into the hooks folder", "ditto x .git/hooks", ...PROTECTED],
  ["a file onto a hook", "ditto x/pre-commit .git/hooks/pre-commit", ...PROTECTED],
  ["-V and two sources", "ditto -V a b .git/hooks", ...PROTECTED],
  ["an archive extracted into the hooks folder", "ditto -x -k A.zip .git/hooks", ...PROTECTED],
  ["an archive written onto a hook", "ditto -c -k --keepParent src .git/hooks/pre-commit", ...PROTECTED],
  ["a computed word may be an option", "ditto $OPTS src build", ...UNKNOWN],
]);

table("ditto: what passes or stays", [
  ["a copy in the workspace", "ditto src build", ...OK],
  ["--arch takes the next word", "ditto --arch x86_64 src build", ...OK],
  ["an archive of the build", "ditto -c -k --sequesterRsrc --keepParent build app.zip", ...NOOP],
  ["a credential folder copied is read", "ditto ~/.ssh backup", ...SECRET],
]);
