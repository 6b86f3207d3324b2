import { join } from "node:path";

/**
 * The files the coding agents read hooks or MCP servers from, as a path below the folder that
 * holds them (`*` is any one name; a last `*` any entry with what is below it). One table for the
 * three places that judge them: `hooks` entries are hook settings and the hook scripts they name
 * (protected: control-files.ts, hookScriptFolders below), `code` entries MCP server lists and
 * extensions, programs the agent starts outside any hook (ASK_PERSISTENT_CODE: policy.ts
 * AGENT_CODE), and a tree copied into one of these folders brings both (effects/agent-folders.ts).
 */
export const AGENT_FILES: ReadonlyArray<{ path: string; kind: "hooks" | "code" }> = [
  { path: ".claude/settings.json", kind: "hooks" },
  { path: ".claude/settings.local.json", kind: "hooks" },
  { path: ".claude/hooks/*", kind: "hooks" },
  { path: ".codex/config.toml", kind: "hooks" },
  { path: ".codex/hooks.json", kind: "hooks" },
  { path: ".gemini/settings.json", kind: "hooks" },
  { path: ".gemini/hooks/*", kind: "hooks" },
  { path: ".gemini/extensions/*", kind: "code" },
  { path: ".cursor/hooks.json", kind: "hooks" },
  { path: ".cursor/hooks/*", kind: "hooks" },
  { path: ".cursor/mcp.json", kind: "code" },
  { path: ".vscode/mcp.json", kind: "code" },
  { path: ".copilot/mcp-config.json", kind: "code" },
  { path: ".github/hooks/*", kind: "hooks" },
  { path: ".codeium/windsurf/mcp_config.json", kind: "code" },
  ...["Code", "Code - Insiders", "VSCodium"].flatMap((app) => [
    { path: `${app}/User/mcp.json`, kind: "code" as const },
    { path: `${app}/User/profiles/*/mcp.json`, kind: "code" as const },
  ]),
];

// The MCP server lists read wherever they lie: Claude Code's project `.mcp.json` and its user
// `~/.claude.json` (or `$CLAUDE_CONFIG_DIR/.claude.json`).
const LOOSE_CODE = [".mcp.json", ".claude.json"];

const _escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const _pattern = (path: string): string => _escape(path).replace(/\\\*$/, ".+").replace(/\\\*/g, "[^/]+");

/**
 * A path (absolute) that is an agent's MCP server list or extension, or in one: a write there
 * stores a program the agent starts later (policy.ts).
 */
export const AGENT_CODE = new RegExp(`/(?:${[...LOOSE_CODE, ...AGENT_FILES.filter((f) => f.kind === "code").map((f) => f.path)].map(_pattern).join("|")})$`);

/**
 * The folders holding the hook scripts the agents' own documentation puts beside their hook
 * settings: Claude Code's `.claude/hooks/` (`$CLAUDE_PROJECT_DIR/.claude/hooks/x.sh`), Gemini
 * CLI's `.gemini/hooks/`, Cursor's `.cursor/hooks/` (commands relative to hooks.json), project and
 * user scope. A settings file runs what it names there on every event, outside any hook: a script
 * rewritten is a hook added (it may rewrite the settings themselves), so each is protected as the
 * settings are (docs/check.md, session 14). Codex documents no such folder; Copilot's
 * `.github/hooks/` is protected whole already (install/hook-targets.ts).
 */
export function hookScriptFolders(workspace: string, home: string, claudeConfigDir: string | undefined): string[] {
  const folders = AGENT_FILES.filter((f) => f.kind === "hooks" && f.path.endsWith("/hooks/*") && !f.path.startsWith(".github/")).map((f) => f.path.slice(0, -2));
  return folders.flatMap((f) => [join(workspace, f), f.startsWith(".claude/") && claudeConfigDir ? join(claudeConfigDir, "hooks") : join(home, f)]);
}
