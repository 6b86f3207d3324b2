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

// Session 13 reread (agent-folders.ts agentFolderClone, beside git's handler in programs.ts): a
// clone whose folder is an agent's brings the fetched tree's hook settings and MCP server lists,
// judged as a copy from a source the guard cannot read. Each was ALLOW_NO_EFFECT (`~/.codex`:
// ASK_OUTSIDE_WORKSPACE). URLs name host.invalid: nothing is fetched, commands are only judged.
table("a clone that becomes an agent's folder", [
  ["into .claude", "git clone https://host.invalid/x.git .claude", ...PROTECTED],
  ["into the user's codex folder", "git clone https://host.invalid/x.git ~/.codex", ...PROTECTED],
  ["into .cursor: its hooks", "git clone https://host.invalid/x.git .cursor", ...PROTECTED],
  ["after --", "git clone --depth 1 -- https://host.invalid/x.git .claude/", ...PROTECTED],
  ["the folder named after the repository", "git clone https://host.invalid/u/.claude.git", ...PROTECTED],
  ["git -C ~ clone", "git -C ~ clone https://host.invalid/x.git .codex", ...PROTECTED],
]);

table("a clone that passes", [
  ["a bare clone has no work tree", "git clone --bare https://host.invalid/x.git .claude", ...OK],
  ["-n checks nothing out", "git clone -n https://host.invalid/x.git .claude", ...OK],
  ["another folder", "git clone https://host.invalid/x.git claude-config", ...OK],
  ["the folder named after the repository", "git clone https://host.invalid/u/dotclaude.git", ...OK],
]);

// `cp -t DIR`, `--target-directory=DIR`, `mv -t DIR`: the tree lands inside DIR under its name.
table("a .claude copied or moved here with -t", [
  ["cp -r -t .", "cp -r -t . backup/.claude", ...PROTECTED],
  ["cp -a --target-directory=.", "cp -a --target-directory=. backup/.claude", ...PROTECTED],
  ["mv -t .", "mv -t . backup/.claude", ...PROTECTED],
]);

// Common commands that copy an agent's folder elsewhere pass (no agent folder is made).
table("copies out of an agent's folder pass", [
  ["a skill copied out", "cp -r .vscode/x other/", ...NOOP],
  ["settings backed up", "cp -r backup/.claude other/", ...NOOP],
  ["rsync into a backup", "rsync -a backup/.claude/ other/", ...OK],
  ["mv to a .bak name", "mv .vscode .vscode.bak", ...OK],
  ["a link to the user's folder from elsewhere", "ln -s ~/.claude ~/dotfiles-claude", ...OK],
]);

// Session 13 reread: a glob source stands for its matches (`rsync -a evil/* .codex/` makes .codex
// and writes .codex/config.toml), and a missing destination named with a trailing `/` still
// becomes the one source's copy (GNU cp and mv in the sandbox: `cp -r evil new/` makes `new`).
// Each was ALLOW (ALLOW_NOOP or ALLOW_NO_EFFECT).
table("globs and a trailing slash", [
  ["rsync of a glob's matches", "rsync -a evil/* .codex/", ...PROTECTED],
  ["a narrower glob that matches the file", "rsync -a evil/*.toml .codex/", ...PROTECTED],
  ["a computed glob may bring anything", 'rsync -a "$D"/* .codex/', ...PROTECTED],
  ["a remote glob too", "rsync -a host:x/* .codex/", ...PROTECTED],
  ["cp -r onto no .codex/", "cp -r evil .codex/", ...PROTECTED],
  ["mv onto no .codex/", "mv evil .codex/", ...PROTECTED],
]);

table("globs that pass", [
  ["a glob whose matches are no agent file", "rsync -a evil/*.md .codex/", ...NOOP],
  ["a glob into another folder", "cp -r evil/* other/", ...NOOP],
  ["a computed glob into a skills folder", 'cp -r "$D"/* .claude/skills/', ...NOOP],
]);
