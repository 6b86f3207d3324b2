import type { DecisionJson } from "../decision-json.ts";
import { compensationNote, type HookAdapter, HookShapeError, optionalString, verdictMessage } from "./adapter.ts";

const SHELL_TOOLS: Record<string, string | undefined> = { Bash: undefined, PowerShell: "powershell", shell: undefined, local_shell: undefined };

/**
 * Claude Code PreToolUse (and Codex, which speaks the same wire format): `tool_input.command`
 * of the Bash or PowerShell tool in, `hookSpecificOutput.permissionDecision` out. Codex honours
 * only deny reliably, so its ASK is a deny whose reason says a person must run the command.
 */
export function claudeAdapter(agent: "claude" | "codex"): HookAdapter {
  return {
    parse(payload) {
      const tool = optionalString(payload, "tool_name");
      if (tool === undefined) throw new HookShapeError("tool_name is missing");
      if (!(tool in SHELL_TOOLS)) return { skip: true };
      const command = optionalString(payload, "tool_input", "command");
      if (command === undefined) throw new HookShapeError("tool_input.command is missing");
      return { command, cwd: optionalString(payload, "cwd"), dialect: SHELL_TOOLS[tool] };
    },
    answer(json: DecisionJson) {
      const note = compensationNote(json);
      if (json.decision === "BLOCK" || (json.decision !== "ALLOW" && json.decision !== "SANITIZE" && !note)) {
        const ask = json.decision !== "BLOCK" && agent === "claude";
        const suffix = !ask && json.decision !== "BLOCK" ? " A person must confirm and run it." : "";
        return _json(ask ? "ask" : "deny", `${verdictMessage(json)}${suffix}`);
      }
      if (!note) return { stdout: "", exitCode: 0 };
      return { stdout: `${JSON.stringify({ systemMessage: note, hookSpecificOutput: { hookEventName: "PreToolUse", additionalContext: note } })}\n`, exitCode: 0 };
    },
    deny(message) {
      // Exit 2 blocks in Claude and Codex even if the JSON were not read; stderr is the reason.
      return { ..._json("deny", message), exitCode: 2, stderr: message };
    },
  };
}

function _json(decision: "deny" | "ask", reason: string) {
  const body = { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: decision, permissionDecisionReason: reason } };
  return { stdout: `${JSON.stringify(body)}\n`, exitCode: 0 };
}
