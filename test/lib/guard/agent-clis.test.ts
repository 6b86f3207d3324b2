import { join } from "node:path";
import { afterEach, describe, expect, test } from "bun:test";
import { classify } from "../../../lib/guard/classify.ts";
import { caseInsensitiveNames } from "../../../lib/guard/paths.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { OK, PERSIST, PROTECTED, verdictRows } from "../../support/verdict-rows.ts";

// Red team session 11, finding 5b (agent-clis.ts): the agents' own CLIs rewrite the hook settings
// the guard protects, judged as an in-place write of that file (as `echo x > ~/.codex/config.toml`);
// an MCP server or extension stored elsewhere asks as stored code. Every PROTECTED and PERSIST row
// was ALLOW_NO_EFFECT (or ALLOW_NOOP). Commands are only judged.
const fx = useGuardFixture();
const table = verdictRows(fx);

table("agent CLIs that rewrite hook settings", [
  ["codex mcp add: ~/.codex/config.toml", "codex mcp add evil -- /tmp/x.sh", ...PROTECTED],
  ["codex mcp add of a URL", "codex mcp add evil --url http://127.0.0.1/mcp", ...PROTECTED],
  ["codex mcp remove", "codex mcp remove evil", ...PROTECTED],
  ["codex mcp of a computed verb", "codex mcp $OP evil", ...PROTECTED],
  ["codex's own options before the group", "codex -c model=x --enable f mcp add evil -- /tmp/x.sh", ...PROTECTED],
  ["gemini mcp add: the project's .gemini/settings.json", "gemini mcp add evil /tmp/x.sh", ...PROTECTED],
  ["gemini mcp add -s user: ~/.gemini/settings.json", "gemini mcp add -s user evil /tmp/x.sh", ...PROTECTED],
  ["gemini mcp add --scope=project", "gemini mcp add --scope=project evil /tmp/x.sh", ...PROTECTED],
  ["gemini mcp remove", "gemini mcp remove evil", ...PROTECTED],
  ["claude plugin install: ~/.claude/settings.json", "claude plugin install x@y", ...PROTECTED],
  ["claude plugin install --scope project", "claude plugin install x@y --scope project", ...PROTECTED],
  ["claude plugin install -s local", "claude plugin install x@y -s local", ...PROTECTED],
  ["claude plugins uninstall", "claude plugins uninstall x", ...PROTECTED],
  ["claude plugin enable", "claude plugin enable x@y", ...PROTECTED],
  ["a marketplace added to a scope's settings", "claude plugin marketplace add owner/repo --scope project", ...PROTECTED],
  ["claude by its package name through npx", "npx -y @anthropic-ai/claude-code plugin install x@y", ...PROTECTED],
  ["gemini by its package name through bunx", "bunx @google/gemini-cli mcp add -s user evil /tmp/x.sh", ...PROTECTED],
]);

table("agent CLIs that store a server or extension elsewhere", [
  ["claude mcp add -s user: ~/.claude.json", "claude mcp add -s user evil -- /tmp/x.sh", ...PERSIST],
  ["claude mcp add -s project: .mcp.json", "claude mcp add -s project evil -- /tmp/x.sh", ...PERSIST],
  ["claude mcp add-json", `claude mcp add-json evil '{"command":"/tmp/x.sh"}'`, ...PERSIST],
  ["gemini extensions install", "gemini extensions install http://127.0.0.1/x.git", ...PERSIST],
  ["gemini extensions link", "gemini extensions link ./ext", ...PERSIST],
]);

// Session 12: the same files written by any other program (each row was ALLOW_NOOP or
// ALLOW_NO_EFFECT). Hook settings written that way were already protected.
table("an agent's MCP server list written by a redirection or a copy", [
  ["a project's .mcp.json", `echo '{"mcpServers":{}}' > .mcp.json`, ...PERSIST],
  ["appended to .mcp.json", "echo x >> .mcp.json", ...PERSIST],
  ["~/.claude.json", "cat servers.json > ~/.claude.json", ...PERSIST],
  ["a project's .cursor/mcp.json", "echo x > .cursor/mcp.json", ...PERSIST],
  ["the user's ~/.cursor/mcp.json", "echo x > ~/.cursor/mcp.json", ...PERSIST],
  ["a project's .vscode/mcp.json", "echo x > .vscode/mcp.json", ...PERSIST],
  ["Copilot CLI's ~/.copilot/mcp-config.json", "echo x > ~/.copilot/mcp-config.json", ...PERSIST],
  ["Windsurf's mcp_config.json", "echo x > ~/.codeium/windsurf/mcp_config.json", ...PERSIST],
  ["a Gemini CLI extension's manifest", "echo x > ~/.gemini/extensions/x/gemini-extension.json", ...PERSIST],
  ["copied over", "cp servers.json .mcp.json", ...PERSIST],
  ["through tee", "echo x | tee .mcp.json", ...PERSIST],
  ["moved onto it", "mv servers.json .mcp.json", ...PERSIST],
]);

// Review of session 12: VS Code's user-level list (`MCP: Open User Configuration`) lies in its
// user folder, not in a `.vscode` one; each row was ALLOW_NOOP.
table("VS Code's user-level MCP server list", [
  ["on Linux", "echo x > ~/.config/Code/User/mcp.json", ...PERSIST],
  ["on macOS", `echo x > "$HOME/Library/Application Support/Code/User/mcp.json"`, ...PERSIST],
  ["Insiders", `echo x > "$HOME/.config/Code - Insiders/User/mcp.json"`, ...PERSIST],
  ["VSCodium", "cp servers.json ~/.config/VSCodium/User/mcp.json", ...PERSIST],
  ["a profile's", "echo x > ~/.config/Code/User/profiles/1a2b/mcp.json", ...PERSIST],
  ["the user settings are another file", "echo x > ~/.config/Code/User/settings.json", "ALLOW", "ALLOW_NOOP"],
  ["a backup beside it", "echo x > ~/.config/Code/User/mcp.json.bak", "ALLOW", "ALLOW_NOOP"],
]);
verdictRows(fx, "powershell")("VS Code's user-level MCP server list from PowerShell", [
  ["below %APPDATA%", "Set-Content -Path C:\\Users\\u\\AppData\\Roaming\\Code\\User\\mcp.json -Value x", ...PERSIST],
]);

table("reading or removing an MCP server list is judged as before", [
  ["read", "cat .mcp.json", ...OK],
  ["copied elsewhere", "cp .mcp.json backup.json", "ALLOW", "ALLOW_NOOP"],
  ["a file merely named like it", "echo x > notes.mcp.json.txt", "ALLOW", "ALLOW_NOOP"],
]);

// Review of session 12: where names are compared without case (macOS, Windows) `.MCP.JSON` is
// the agent's `.mcp.json`; each row was ALLOW_NOOP there. Where case counts it is another file.
describe("an MCP server list spelled in another case", () => {
  const saved = caseInsensitiveNames.value;
  afterEach(() => {
    caseInsensitiveNames.value = saved;
  });
  const rows: Array<[string, string, "posix" | "powershell"]> = [
    ["a project's .MCP.JSON", "echo x > .MCP.JSON", "posix"],
    ["~/.Claude.json", "echo x > ~/.Claude.json", "posix"],
    ["~/.CURSOR/mcp.json", "echo x > ~/.CURSOR/mcp.json", "posix"],
    [".vscode\\MCP.json from PowerShell", "Set-Content -Path .vscode\\MCP.json -Value x", "powershell"],
  ];
  for (const [name, command, dialect] of rows) {
    test(`${name}: ${JSON.stringify(command)}`, () => {
      caseInsensitiveNames.value = true;
      const r = classify({ command, cwd: fx.ws, env: fx.env, dialect });
      expect([r.decision, r.reason]).toEqual(PERSIST);
      caseInsensitiveNames.value = false;
      expect(classify({ command, cwd: fx.ws, env: fx.env, dialect }).reason).not.toBe("ASK_PERSISTENT_CODE");
    });
  }
});

table("reading, help and the agents' sessions pass", [
  ["codex mcp list", "codex mcp list", ...OK],
  ["codex mcp get", "codex mcp get evil", ...OK],
  ["codex mcp add --help", "codex mcp add --help", ...OK],
  ["a codex session", 'codex exec "fix the tests"', ...OK],
  ["gemini mcp list", "gemini mcp list", ...OK],
  ["gemini extensions list", "gemini extensions list", ...OK],
  ["gemini extensions uninstall", "gemini extensions uninstall x", ...OK],
  ["a gemini prompt", 'gemini -p "hello"', ...OK],
  ["claude plugin list", "claude plugin list", ...OK],
  ["claude plugin validate", "claude plugin validate .", ...OK],
  ["a marketplace added without a scope", "claude plugin marketplace add owner/repo", ...OK],
  ["claude mcp list", "claude mcp list", ...OK],
  ["claude mcp remove", "claude mcp remove evil", ...OK],
  ["a claude prompt", 'claude -p "explain this repo"', ...OK],
  ["a computed prompt", 'claude "$PROMPT"', ...OK],
]);

test("CODEX_HOME and CLAUDE_CONFIG_DIR name the files the CLIs rewrite", () => {
  const env = { ...fx.env, CODEX_HOME: join(fx.root, "cx"), CLAUDE_CONFIG_DIR: join(fx.root, "cc") };
  const judge = (command: string) => classify({ command, cwd: fx.ws, env }).reason;
  expect(judge("codex mcp add evil -- /tmp/x.sh")).toBe("BLOCK_PROTECTED_PATH");
  expect(judge("claude plugin install x@y")).toBe("BLOCK_PROTECTED_PATH");
  // A CODEX_HOME of the command's own is not the one the running agent reads.
  expect(judge("CODEX_HOME=/tmp/elsewhere codex mcp add evil -- /tmp/x.sh")).toBe("ALLOW_NO_EFFECT");
  expect(judge('CODEX_HOME="$X" codex mcp add evil -- /tmp/x.sh')).toBe("BLOCK_UNDETERMINABLE_EFFECT");
});

// Session 13: the CLIs' folder variables read as envValue reads them; an unset one, by `unset` or
// `env -u`, is the default folder. The unset rows were BLOCK_UNDETERMINABLE_EFFECT (the unset
// marker read as a folder), the env rows ALLOW_NO_EFFECT (the command's own value read).
table("an agent CLI's folder variable unset or changed by env", [
  ["unset CODEX_HOME", "unset CODEX_HOME; codex mcp add evil -- /tmp/x.sh", ...PROTECTED],
  ["unset CLAUDE_CONFIG_DIR", "unset CLAUDE_CONFIG_DIR; claude plugin install x@y", ...PROTECTED],
  ["env -u over the command's own", "CODEX_HOME=/tmp/elsewhere env -u CODEX_HOME codex mcp add evil -- /tmp/x.sh", ...PROTECTED],
  ["env -u over the line's", "export CODEX_HOME=/tmp/elsewhere; env -u CODEX_HOME codex mcp add evil -- /tmp/x.sh", ...PROTECTED],
  ["env's value over the command's own", "CODEX_HOME=/tmp/elsewhere env CODEX_HOME=~/.codex codex mcp add evil -- /tmp/x.sh", ...PROTECTED],
  ["the last of repeated assignments, empty", "CODEX_HOME=/tmp/elsewhere CODEX_HOME= codex mcp add evil -- /tmp/x.sh", ...PROTECTED],
  ["the last of repeated assignments elsewhere", "CODEX_HOME= CODEX_HOME=/tmp/elsewhere codex mcp add evil -- /tmp/x.sh", ...OK],
]);
