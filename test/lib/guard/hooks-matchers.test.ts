import { describe, expect, test } from "bun:test";
import { type HookAgent, runHook } from "../../../lib/guard/hooks/run-hook.ts";
import { hookTarget } from "../../../lib/guard/install/hook-targets.ts";
import { hookVerdict } from "../../fixtures/check/hook-answers.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { useTempDirs } from "../../support/temp-dir.ts";

// The matcher install-hook writes must select every tool the agent's adapter judges: a tool the
// adapter reads but the matcher leaves out is never sent to the hook at all. Each row is a tool
// name with the input that makes the adapter deny; the agents' matchers are regular expressions
// on the tool name.

const fx = useGuardFixture();
const tempDir = useTempDirs("leogriel-matcher-");
const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

/** The pre-tool matcher install-hook writes for `agent`. */
function matcher(agent: HookAgent): RegExp {
  const target = hookTarget(agent, "project", tempDir(), fx.env)!;
  return new RegExp((target.entry("leogriel-check --hook x") as { matcher: string }).matcher);
}

const PATCH = "*** Begin Patch\n*** Update File: .codex/hooks.json\n@@\n-{}\n+{\"hooks\": {}}\n*** End Patch\n";

const JUDGED: Record<"claude" | "codex" | "gemini", Array<[string, Record<string, unknown>]>> = {
  claude: [
    ["Bash", { command: "rm -rf ~" }],
    ["PowerShell", { command: "Remove-Item -Recurse -Force ~" }],
    ["Write", { file_path: ".claude/settings.json", content: "{}" }],
    ["Edit", { file_path: ".leogriel/config.json", old_string: "a", new_string: "b" }],
    ["MultiEdit", { file_path: ".git/config", edits: [] }],
    ["NotebookEdit", { notebook_path: ".agent-guard/quarantine/x.ipynb", new_source: "x" }],
  ],
  codex: [
    ["Bash", { command: "rm -rf ~" }],
    ["shell", { command: ["bash", "-lc", "rm -rf ~"] }],
    ["local_shell", { command: ["rm", "-rf", "/"] }],
    ["exec_command", { cmd: "rm -rf ~" }],
    ["write_stdin", { session_id: 1, chars: "rm -rf ~\n" }],
    ["apply_patch", { command: PATCH }],
  ],
  gemini: [
    ["run_shell_command", { command: "rm -rf ~" }],
    ["write_file", { file_path: ".gemini/settings.json", content: "{}" }],
    ["replace", { file_path: ".git/config", old_string: "a", new_string: "b" }],
  ],
};
const EVENT: Record<keyof typeof JUDGED, string> = { claude: "PreToolUse", codex: "PreToolUse", gemini: "BeforeTool" };

/** Tools the adapter does not judge, which the matcher need not send. */
const UNJUDGED: Record<keyof typeof JUDGED, string[]> = {
  claude: ["Read", "WebFetch", "Glob"],
  codex: ["mcp__fs__Bash", "read_file", "view_image"],
  gemini: ["read_file", "mcp_fs_replace_text", "write_todos"],
};

describe("install-hook's pre-tool matcher selects every tool the adapter judges", () => {
  for (const agent of Object.keys(JUDGED) as Array<keyof typeof JUDGED>) {
    for (const [tool, input] of JUDGED[agent]) {
      test(`${agent}: ${tool} is matched and judged (denied here)`, async () => {
        expect(matcher(agent).test(tool)).toBe(true);
        const a = await runHook(agent, bytes({ session_id: "s", cwd: fx.ws, hook_event_name: EVENT[agent], tool_name: tool, tool_input: input }), fx.env);
        expect(hookVerdict(a.stdout, a.exitCode)).toBe("deny");
      });
    }
    test(`${agent}: ${UNJUDGED[agent].join(", ")} are not matched`, () => {
      for (const tool of UNJUDGED[agent]) expect(matcher(agent).test(tool)).toBe(false);
    });
  }
});
