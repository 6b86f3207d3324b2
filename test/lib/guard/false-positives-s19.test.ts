import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { OK, RELOCATE, REMOTE, UNKNOWN, verdictRows } from "../../support/verdict-rows.ts";

// Session 19's false-positive hunt on agent-style commands (helper `hunt`, round 2): lines an
// agent writes in a normal session that the guard misread, each with neighbours that must keep
// their verdict. Commands are only judged; nothing runs.
const fx = useGuardFixture();
const table = verdictRows(fx);

// npx (npm's bin/npx-cli.js) and bunx read their own options before the package only: what
// follows it is the command's. `-p web/tsconfig.json` after `tsc` is tsc's project, not npx's
// `--package` (read as the GitHub shorthand `owner/repo`: ASK_REMOTE_CODE).
table("npx and bunx options after the command are the command's (was ASK_REMOTE_CODE)", [
  ["tsc -p with a nested tsconfig", "npx tsc --noEmit -p web/tsconfig.json", ...OK],
  ["tsc -p of a package folder", "npx tsc -p packages/core", ...OK],
  ["piped to grep", 'npx tsc --noEmit -p web/tsconfig.json 2>&1 | grep -c "error TS"', ...OK],
  ["bunx tsc -p", "bunx tsc -p web/tsconfig.json", ...OK],
  ["a --package word after the command", "npx eslint --package acme/config src", ...OK],
]);

table("npx's own package options and sources still ask", [
  ["-p before the command", "npx -p acme/tool tool", ...REMOTE],
  ["--package= before the command", "npx --package=acme/tool tool", ...REMOTE],
  ["a GitHub shorthand as the command", "npx --yes acme/tool -p x", ...REMOTE],
  ["a github: source", "npx -y github:acme/tool", ...REMOTE],
  ["bunx -p before the command", "bunx -p acme/tool tool", ...REMOTE],
  ["npm exec reads options after the command", "npm exec tsc -p acme/tool", ...REMOTE],
  ["a registry of its own", "npx --registry https://registry.example.invalid tsc", ...REMOTE],
]);

// A content search's names ended in NUL bytes (`grep -Z`/`--null`, `rg -0`/`--null`, `fd -0`/
// `--print0`) into `xargs -0` are the names it prints one per line into plain xargs
// (search-listing.ts, session 7): the same folders' files, judged for an edit of each.
table("a NUL-separated content search into xargs -0 (was BLOCK_UNDETERMINABLE_EFFECT)", [
  ["grep -rlZ into sed -i", "grep -rlZ 'oldName' src | xargs -0 sed -i 's/oldName/newName/g'", ...OK],
  ["grep --null", "grep -rl --null oldName src | xargs -0 sed -i s/a/b/", ...OK],
  ["rg -0", "rg -l -0 oldName src | xargs -0 sed -i s/a/b/", ...OK],
  ["rg --null into xargs --null prettier", "rg -l --null oldName src | xargs --null npx prettier --write", ...OK],
  ["fd -0", "fd -0 -e ts . src | xargs -0 sed -i s/a/b/", ...OK],
  ["fd -0 into rm: fd's exact names move, as without -0", "fd -0 -e ts . src | xargs -0 rm", ...RELOCATE],
]);

table("NUL and newline separators that disagree, deletes, and searches outside stay as before", [
  ["grep -Z into rm", "grep -rlZ x src | xargs -0 rm", ...UNKNOWN],
  ["grep -Z into plain xargs", "grep -rlZ x src | xargs sed -i s/a/b/", ...UNKNOWN],
  ["newlines into xargs -0", "grep -rl x src | xargs -0 sed -i s/a/b/", ...UNKNOWN],
  ["grep -Z substituted (the shell drops NUL bytes)", "sed -i s/a/b/ $(grep -rlZ x src)", ...UNKNOWN],
  ["a search outside the workspace", "grep -rlZ x ~ | xargs -0 sed -i s/a/b/", ...UNKNOWN],
  ["grep -z reads NUL-ended lines", "grep -rlz x src | xargs -0 sed -i s/a/b/", ...UNKNOWN],
]);
