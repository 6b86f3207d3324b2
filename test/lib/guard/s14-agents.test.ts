import { expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { AGENT_CODE } from "../../../lib/guard/agent-files.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { NOOP, OK, PERSIST, PROTECTED, verdictRows } from "../../support/verdict-rows.ts";

// Session 14 (agents' own folders, archive renames). Commands are only judged; URLs name *.invalid
// hosts, nothing is fetched.
const fx = useGuardFixture();
for (const [path, text] of Object.entries({ "scripts/hooks/pre.sh": "#!/bin/sh\n", "plain/README.md": "x" })) {
  mkdirSync(dirname(join(fx.ws, path)), { recursive: true });
  writeFileSync(join(fx.ws, path), text);
}
const table = verdictRows(fx);

// tar-renames.ts: a rename's replacement text begins the names of the members it matches at their
// start. Each PROTECTED and PERSIST row was ALLOW_NO_EFFECT (the extraction's own op alone).
table("an extraction renamed into an agent's folder", [
  ["every member below .claude", "tar -xf a.tar --transform 's,^,.claude/,'", ...PROTECTED],
  ["--xform, attached, an escaped delimiter", "tar -xf a.tar --xform='s/^/.codex\\//'", ...PROTECTED],
  ["a whole name made a hook", "tar -xf a.tar --transform 's,.*,.git/hooks/pre-commit,'", ...PROTECTED],
  ["into git's hooks", "tar -xf a.tar --transform 's,^,.git/hooks/,'", ...PROTECTED],
  ["the second of two expressions", "tar -xf a.tar --transform 's,^pkg/,,;s,^,.cursor/,'", ...PROTECTED],
  ["a later --transform", "tar -xf a.tar --transform 's,^,ok/,' --transform 's,^,.gemini/,'", ...PROTECTED],
  ["a name the member completes", "tar -xf a.tar --transform 's,^x,.cl,'", ...PROTECTED],
  ["an MCP list the member completes", "tar -xf a.tar --transform 's,^,.mcp,'", ...PERSIST],
  ["`..` dropped as GNU tar drops it", "tar -xf a.tar --transform 's,^,x/../.claude/,'", ...PROTECTED],
  ["the matched text after the prefix", "tar -xf a.tar --transform 's,.*,.claude/&,'", ...PROTECTED],
  ["bsdtar's -s", "bsdtar -xf a.tar -s ',^,.claude/,'", ...PROTECTED],
  ["macOS tar's -s in a cluster", "tar -xvs ',^,.github/hooks/,' -f a.tar", ...PROTECTED],
  ["Copilot's hook folder", "tar -xzf a.tgz --transform 's,^,.github/hooks/,'", ...PROTECTED],
]);

table("renames that pass", [
  ["into a plain folder", "tar -xzf a.tgz --transform 's,^,src/,'", ...OK],
  ["a prefix dropped: the names stay unknown", "tar -xf a.tar --transform 's,^pkg-1.0/,,'", ...OK],
  ["../ dropped by GNU tar", "tar -xf a.tar --transform 's,^,../,'", ...OK],
  ["/ dropped by GNU tar", "tar -xf a.tar --xform 's,.*,/etc/x,'", ...OK],
  ["the matched text first", "tar -xf a.tar --transform 's,.*,&.claude/,'", ...OK],
  ["a folder below .claude that is no hook", "tar -xf a.tar --transform 's,^,.claude/skills/,'", ...OK],
  ["stripped after the rename", "tar -xf a.tar --transform 's,^,.claude/,' --strip-components=1", ...OK],
  ["link targets only", "tar -xf a.tar --transform 's,^,.claude/,R'", ...OK],
  ["a listing renames nothing on disk", "tar -tf a.tar --transform 's,^,.claude/,'", ...OK],
  ["to stdout", "tar -xOf a.tar --transform 's,^,.claude/,'", ...OK],
  ["a name no agent reads", "tar -xf a.tar --transform 's,^x,lib,'", ...OK],
]);

// agent-folders.ts agentFolderClone: `git submodule add URL DIR` checks the fetched tree out into
// DIR as a clone does. Each PROTECTED and PERSIST row was ALLOW_NO_EFFECT.
table("a submodule that becomes an agent's folder", [
  ["into .claude", "git submodule add https://h.invalid/r.git .claude", ...PROTECTED],
  ["into Claude's hook scripts", "git submodule add https://h.invalid/r.git .claude/hooks", ...PROTECTED],
  ["with a branch, ./ and a trailing slash", "git submodule add -b main https://h.invalid/r.git ./.cursor/", ...PROTECTED],
  ["into .vscode: its MCP list", "git submodule add https://h.invalid/r.git .vscode", ...PERSIST],
]);

table("submodules and clones that pass", [
  ["a plain folder", "git submodule add https://h.invalid/r.git vendor/lib", ...OK],
  ["an org's .github repository into another folder", "git clone https://github.invalid/org/.github org-github", ...OK],
  ["recursing into submodules of a new folder", "git clone --recurse-submodules https://h.invalid/r.git r", ...OK],
]);

// The org's `.github` repository cloned under its own name makes the project's `.github`, whose
// `hooks/*.json` Copilot CLI loads (kept from session 13: a decision, not an over-broad match).
table("an org's .github repository cloned under its name", [["blocks", "git clone https://github.invalid/org/.github", ...PROTECTED]]);

// agent-files.ts hookScriptFolders: the hook scripts beside the settings are protected as the
// settings are. Each was ALLOW_NOOP (a new file) or ALLOW_NO_EFFECT.
table("hook scripts", [
  ["a Claude hook script written", "echo 'rm -rf ~' > .claude/hooks/pre.sh", ...PROTECTED],
  ["copied over", "cp scripts/hooks/pre.sh .claude/hooks/pre.sh", ...PROTECTED],
  ["the user's Claude hooks", "cp scripts/hooks/pre.sh ~/.claude/hooks/", ...PROTECTED],
  ["Gemini's", "tee .gemini/hooks/log.sh < scripts/hooks/pre.sh", ...PROTECTED],
  ["Cursor's", "cp scripts/hooks/pre.sh .cursor/hooks/format.sh", ...PROTECTED],
  ["deleted", "rm -f .claude/hooks/pre.sh", ...PROTECTED],
  ["a folder of scripts copied in as the hook folder", "cp -r scripts/hooks .claude/hooks", ...PROTECTED],
  ["a tree bringing hooks/ into .claude", "cp -r scripts .claude", ...PROTECTED],
]);

table("hook scripts that pass", [
  ["read", "cat .claude/hooks/pre.sh", ...OK],
  ["Codex documents no hook script folder", "cp scripts/hooks/pre.sh .codex/hooks/pre.sh", ...NOOP],
  ["a tree without hooks into .claude", "cp -r plain .claude", ...NOOP],
]);

// agent-files.ts AGENT_CODE is derived from the one table; it names what policy.ts's own regex named.
test("AGENT_CODE matches the MCP lists and extensions, not hook settings", () => {
  const yes = ["/w/.mcp.json", "/h/.claude.json", "/w/.cursor/mcp.json", "/w/.vscode/mcp.json", "/c/Code - Insiders/User/mcp.json", "/c/VSCodium/User/profiles/p/mcp.json", "/h/.gemini/extensions/x/gemini-extension.json", "/h/.codeium/windsurf/mcp_config.json", "/h/.copilot/mcp-config.json"];
  const no = ["/w/.cursor/hooks.json", "/w/.claude/settings.json", "/h/.gemini/extensions", "/c/Code/User/profiles/a/b/mcp.json", "/w/x.mcp.json"];
  expect(yes.filter((p) => !AGENT_CODE.test(p))).toEqual([]);
  expect(no.filter((p) => AGENT_CODE.test(p))).toEqual([]);
});
