import { describe, expect, test } from "bun:test";
import { type HookAgent, runHook } from "../../../lib/guard/hooks/run-hook.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";

const fx = useGuardFixture();
const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

const PAYLOAD: Record<HookAgent, (command: string) => unknown> = {
  claude: (command) => ({ session_id: "s", cwd: fx.ws, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command } }),
  codex: (command) => ({ session_id: "s", turn_id: "t", cwd: fx.ws, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command } }),
  cursor: (command) => ({ hook_event_name: "beforeShellExecution", command, cwd: "", workspace_roots: [fx.ws] }),
  gemini: (command) => ({ session_id: "s", cwd: fx.ws, hook_event_name: "BeforeTool", tool_name: "run_shell_command", tool_input: { command } }),
  copilot: (command) => ({ sessionId: "s", timestamp: 1, cwd: fx.ws, toolName: "bash", toolArgs: JSON.stringify({ command }) }),
};

function verdict(stdout: string, exitCode: number): "allow" | "ask" | "deny" {
  if (exitCode === 2) return "deny";
  if (stdout.trim() === "") return "allow";
  const body = JSON.parse(stdout);
  const decision = body.hookSpecificOutput?.permissionDecision ?? body.permission ?? body.permissionDecision ?? body.decision;
  return decision === "deny" ? "deny" : decision === "ask" ? "ask" : "allow";
}

// ASK is native in Claude, Cursor and Copilot; Codex and Gemini deny with "a person must confirm".
const ASK: Record<HookAgent, "ask" | "deny"> = { claude: "ask", codex: "deny", cursor: "ask", gemini: "deny", copilot: "ask" };

describe("hook answers for data-store and infrastructure destroys", () => {
  for (const agent of Object.keys(ASK) as HookAgent[]) {
    for (const [code, command] of [
      ["ASK_DATA_STORE_DESTROY", "psql -c 'DROP DATABASE production'"],
      ["ASK_INFRA_DESTROY", "terraform destroy -auto-approve"],
    ] as const) {
      test(`${agent}: ${code} is ${ASK[agent]}, names the code and never the command`, async () => {
        const a = await runHook(agent, bytes(PAYLOAD[agent](command)), fx.env);
        expect(verdict(a.stdout, a.exitCode)).toBe(ASK[agent]);
        expect(a.exitCode).toBe(0);
        expect(a.stdout).toContain(code);
        expect(a.stdout).not.toContain("DROP DATABASE");
        expect(a.stdout).not.toContain("auto-approve");
        if (ASK[agent] === "deny") expect(a.stdout).toContain("A person must confirm");
      });
    }
  }
});
