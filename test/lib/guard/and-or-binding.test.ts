import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { NOOP, OK, RELOCATE, UNKNOWN, verdictRows } from "../../support/verdict-rows.ts";

// `a || b && c` is `(a || b) && c` in the shell: `&&` and `||` bind alike, left to right, so c runs
// when a succeeded and b was skipped. The parser nested c in b's frame, as if it ran only after b:
// `cd ~; true || cd /tmp && rm -rf *` was ALLOW_TEMP_PATH and empties the home folder (found by
// helper `cwd`, session 18). Commands are only judged; nothing runs.
const fx = useGuardFixture();
const table = verdictRows(fx);

table("a cd on the right of || does not carry to the && after it (was ALLOW_TEMP_PATH)", [
  ["in the home folder", "cd ~; true || cd /tmp && rm -rf *", ...UNKNOWN],
  ["after cd ~ &&", "cd ~ && true || cd /tmp && rm -rf *", ...UNKNOWN],
  ["in the workspace", "true || cd /tmp && rm -rf *", ...UNKNOWN],
  ["false on the left (the cd may run or not)", "false || cd /tmp && rm -rf *", ...UNKNOWN],
  ["a test on the left", "test -d /tmp/x || cd /tmp && rm -rf *", ...UNKNOWN],
  ["a longer list", "ls && true || cd /tmp && echo ok && rm -rf *", ...UNKNOWN],
]);

table("harmless neighbours keep their decisions", [
  ["a cd then && only", "cd src && rm -rf x", ...NOOP],
  ["a cd then && after the ||'s &&", "true || echo no && cd src && rm -rf x", ...NOOP],
  ["mkdir if missing, then cd into it", "test -d build || mkdir build && cd build && cmake ..", ...OK],
  ["fallback install, then test", "npm ci || npm install && npm test", ...OK],
  ["stash when dirty, then pull", "git diff --quiet || git stash && git pull", ...OK],
  ["a delete after the list, in the workspace", "true || echo no && rm -rf build", ...RELOCATE],
  ["a missing target after the list", "true || echo no && rm -rf missing", ...NOOP],
]);
