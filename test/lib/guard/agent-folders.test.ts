import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { NOOP, OK, PERSIST, PROTECTED, verdictRows } from "../../support/verdict-rows.ts";

// Session 13 (agent-folders.ts): a tree copied, moved or linked to become an agent's settings
// folder brings the hook settings and MCP server lists in it, judged as a write of each file is
// (`cp x .claude/settings.json` blocks, `cp x .cursor/mcp.json` asks). Every PROTECTED and PERSIST
// row was ALLOW (ALLOW_NOOP or ALLOW_NO_EFFECT; `mv evil ~/.cursor` ASK_OUTSIDE_WORKSPACE).
// Commands are only judged.
const fx = useGuardFixture();
for (const [path, text] of Object.entries({
  "evil/settings.json": "{}",
  "evil/mcp.json": "{}",
  "evil/config.toml": "",
  "plain/README.md": "x",
  "gem/settings.json": "{}",
  "gem/extensions/x/gemini-extension.json": "{}",
  "backup/.claude/settings.json": "{}",
})) {
  mkdirSync(dirname(join(fx.ws, path)), { recursive: true });
  writeFileSync(join(fx.ws, path), text);
}
mkdirSync(join(fx.ws, ".vscode"), { recursive: true });
const table = verdictRows(fx);

table("a tree that becomes an agent's folder", [
  ["cp -r onto no .claude", "cp -r evil .claude", ...PROTECTED],
  ["cp -r SRC/ onto no .claude", "cp -r evil/ .claude", ...PROTECTED],
  ["cp -a", "cp -a evil .claude", ...PROTECTED],
  ["the user's codex folder", "cp -r evil ~/.codex", ...PROTECTED],
  ["a project's codex folder", "cp -r evil .codex", ...PROTECTED],
  ["SRC/. into the user's codex folder", "cp -r evil/. ~/.codex/", ...PROTECTED],
  ["SRC/. into .claude", "cp -r evil/. .claude/", ...PROTECTED],
  ["cp -rT", "cp -rT evil .claude", ...PROTECTED],
  ["mv onto no .cursor: its MCP server list", "mv evil .cursor", ...PERSIST],
  ["mv onto no ~/.cursor", "mv evil ~/.cursor", ...PERSIST],
  ["rsync SRC/ into .claude", "rsync -a evil/ .claude/", ...PROTECTED],
  ["rsync SRC/ into ~/.cursor", "rsync -a evil/ ~/.cursor", ...PERSIST],
  ["a remote source may hold anything", "rsync -a host:x/ .claude/", ...PROTECTED],
  ["ln -s", "ln -s evil .claude", ...PROTECTED],
  ["ln -sf", "ln -sf evil .claude", ...PROTECTED],
  ["ln -s into home, the target read from the link's folder", "ln -s ws/evil ~/.claude", ...PROTECTED],
  ["gemini's settings and extensions", "cp -r gem ~/.gemini", ...PROTECTED],
  ["gemini's extensions folder", "cp -r gem/extensions ~/.gemini/extensions", ...PERSIST],
  ["a computed source may hold anything", 'cp -r "$D" .claude', ...PROTECTED],
  ["a source the line filled", "mkdir -p x && echo '{}' > x/settings.json && cp -r x .claude", ...PROTECTED],
  ["a .claude moved here under its own name", "mv backup/.claude .", ...PROTECTED],
  ["a .claude copied here under its own name", "cp -r backup/.claude ./", ...PROTECTED],
]);

table("what passes", [
  ["a tree without agent files", "cp -r plain .claude", ...NOOP],
  ["a tree without agent files, moved", "mv plain .cursor", ...OK],
  ["a missing source: cp fails", "cp -r missing .claude", ...NOOP],
  ["into an existing folder under the source's name", "cp -r evil .vscode", ...NOOP],
  ["a computed source into an existing folder", 'cp -r "$D" .vscode', ...OK],
  ["cp without -r copies no folder", "cp evil .claude", ...NOOP],
  ["rsync of a folder without / lands inside", "rsync -a evil .claude", ...NOOP],
  ["rsync's dry run", "rsync -an evil/ .claude/", ...OK],
  ["names another agent's files", "cp -r evil ~/.copilot", ...NOOP],
  ["a plain copy", "cp -r src build", ...NOOP],
]);
