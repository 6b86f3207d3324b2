import { describe, expect, test } from "bun:test";
import { type HookAgent, runHook } from "../../../lib/guard/hooks/run-hook.ts";
import { hookPayload } from "../../fixtures/check/hook-answers.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";

// A tool the adapter does not judge gets the agent's own ALLOW answer, byte for byte the answer a
// harmless shell command gets (docs/contracts/check-hooks-v1.md). Cursor refuses a permission
// hook's empty answer (an IDE deny, and any deny under `failClosed`), so its ALLOW is JSON.

const fx = useGuardFixture();
const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
const hook = (agent: HookAgent, payload: unknown) => runHook(agent, bytes(payload), fx.env);

/** Each agent's pre-tool payload for a tool it does not judge, in the agent's own shape. */
const UNJUDGED: Array<[HookAgent, string, unknown]> = [
  ["claude", "Read", { session_id: "s", cwd: fx.ws, hook_event_name: "PreToolUse", tool_name: "Read", tool_input: { file_path: `${fx.ws}/README.md` } }],
  ["claude", "an MCP tool", { session_id: "s", cwd: fx.ws, hook_event_name: "PreToolUse", tool_name: "mcp__fs__write", tool_input: { path: ".claude/settings.json" } }],
  ["codex", "an MCP tool", { session_id: "s", turn_id: "t", cwd: fx.ws, hook_event_name: "PreToolUse", tool_name: "mcp__fs__read", tool_input: { path: "README.md" } }],
  ["cursor", "preToolUse Read", { hook_event_name: "preToolUse", conversation_id: "c", workspace_roots: [fx.ws], cwd: fx.ws, tool_name: "Read", tool_input: { file_path: `${fx.ws}/README.md` } }],
  ["cursor", "preToolUse Grep", { hook_event_name: "preToolUse", conversation_id: "c", workspace_roots: [fx.ws], tool_name: "Grep", tool_input: { pattern: "x" } }],
  ["gemini", "read_file", { session_id: "s", cwd: fx.ws, hook_event_name: "BeforeTool", timestamp: "2026-11-30T00:00:00Z", tool_name: "read_file", tool_input: { file_path: "README.md" } }],
  ["gemini", "an MCP tool", { session_id: "s", cwd: fx.ws, hook_event_name: "BeforeTool", tool_name: "mcp_fs_replace_text", tool_input: {} }],
  ["copilot", "view", { sessionId: "s", timestamp: 1, cwd: fx.ws, toolName: "view", toolArgs: JSON.stringify({ path: `${fx.ws}/README.md` }) }],
  ["copilot", "str_replace_editor view", { sessionId: "s", timestamp: 1, cwd: fx.ws, toolName: "str_replace_editor", toolArgs: JSON.stringify({ command: "view", path: `${fx.ws}/.git/config` }) }],
];

/** The ALLOW answer each agent's contract row names. */
const ALLOW: Record<HookAgent, string> = { claude: "", codex: "", cursor: '{"permission":"allow"}\n', gemini: "{}\n", copilot: "" };

describe("a tool the adapter does not judge gets the agent's ALLOW answer", () => {
  for (const [agent, name, payload] of UNJUDGED) {
    test(`${agent}: ${name} answers ${JSON.stringify(ALLOW[agent])}, as a harmless command does`, async () => {
      const skipped = await hook(agent, payload);
      const harmless = await hook(agent, hookPayload(agent, "git status", fx.ws));
      expect(skipped).toEqual({ stdout: ALLOW[agent], exitCode: 0 });
      expect(skipped).toEqual(harmless);
    });
  }

  test("cursor: a non-shell preToolUse answer is never empty (Cursor refuses an empty permission answer)", async () => {
    const a = await hook("cursor", UNJUDGED.find(([agent]) => agent === "cursor")![2]);
    expect(a.stdout.trim()).not.toBe("");
    expect(JSON.parse(a.stdout)).toEqual({ permission: "allow" });
  });
});
