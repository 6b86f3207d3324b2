import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { OK, REMOTE, verdictRows } from "../../support/verdict-rows.ts";

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
