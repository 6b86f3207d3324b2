import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { ASK_OUT, OK, PERSIST, PROTECTED, verdictRows } from "../../support/verdict-rows.ts";

// Session 13 (policy.ts `_namesNothing`): touch, mkdir, mkfifo and mknod make or restamp an empty
// entry, which names no MCP server: in an agent's server list they pass (each OK row was
// ASK_PERSISTENT_CODE). A write of content still asks; protected storage, a startup file and the
// Startup folder are judged as before. Commands are only judged.
const fx = useGuardFixture();
const table = verdictRows(fx);

table("an empty entry in an agent's MCP server list", [
  ["touch .mcp.json", "touch .mcp.json", ...OK],
  ["touch ~/.claude.json", "touch ~/.claude.json", ...OK],
  ["touch .cursor/mcp.json", "touch .cursor/mcp.json", ...OK],
  ["touch -d", "touch -d yesterday .mcp.json", ...OK],
  ["an extension folder without its manifest", "mkdir -p ~/.gemini/extensions/x", ...OK],
  ["an empty file in the extensions folder", "touch ~/.gemini/extensions/x", ...OK],
]);

table("what is judged as before", [
  ["content written", "echo '{}' > .mcp.json", ...PERSIST],
  ["an empty redirection replaces the list", ": > .mcp.json", ...PERSIST],
  ["a copy", "cp x .mcp.json", ...PERSIST],
  ["hook settings are protected", "touch .claude/settings.json", ...PROTECTED],
  ["a git hook is protected", "touch .git/hooks/pre-commit", ...PROTECTED],
  ["a startup file", "touch ~/.bashrc", ...ASK_OUT],
  ["the Startup folder", "touch ~/AppData/Roaming/Microsoft/Windows/'Start Menu'/Programs/Startup/x.bat", ...PERSIST],
]);
