import type { HookAgent } from "../hooks/run-hook.ts";

/** A hook payload in `agent`'s format asking about `command`. */
export function samplePayload(agent: HookAgent, command: string, cwd: string): string {
  switch (agent) {
    case "claude":
    case "codex":
      return JSON.stringify({ session_id: "leogriel-doctor", cwd, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command } });
    case "cursor":
      return JSON.stringify({ hook_event_name: "beforeShellExecution", command, cwd, workspace_roots: [cwd] });
    case "gemini":
      return JSON.stringify({ session_id: "leogriel-doctor", cwd, hook_event_name: "BeforeTool", tool_name: "run_shell_command", tool_input: { command } });
    case "copilot":
      return JSON.stringify({ sessionId: "leogriel-doctor", timestamp: 0, cwd, toolName: "bash", toolArgs: JSON.stringify({ command }) });
  }
}

/** Whether a hook's stdout and exit code are `agent`'s deny answer. */
export function isDeny(agent: HookAgent, stdout: string, exitCode: number): boolean {
  if (exitCode === 2 && agent !== "copilot" && agent !== "cursor") return true;
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(stdout);
  } catch {
    return false;
  }
  const specific = body.hookSpecificOutput as Record<string, unknown> | undefined;
  switch (agent) {
    case "claude":
    case "codex":
      return specific?.permissionDecision === "deny";
    case "cursor":
      return body.permission === "deny";
    case "gemini":
      return body.decision === "deny" || body.decision === "block";
    case "copilot":
      return body.permissionDecision === "deny";
  }
}

/** Whether a hook's answer lets a command proceed (no deny, no ask). */
export function isAllow(agent: HookAgent, stdout: string, exitCode: number): boolean {
  if (exitCode !== 0) return false;
  if (stdout.trim() === "") return agent !== "cursor";
  try {
    const body = JSON.parse(stdout) as Record<string, unknown>;
    const specific = body.hookSpecificOutput as Record<string, unknown> | undefined;
    if (agent === "cursor") return body.permission === "allow";
    return specific?.permissionDecision === undefined && body.permissionDecision === undefined && body.decision === undefined;
  } catch {
    return false;
  }
}
