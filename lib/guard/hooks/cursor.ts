import type { DecisionJson } from "../decision-json.ts";
import { compensationNote, field, type HookAdapter, HookShapeError, optionalString, verdictMessage, windowsShell } from "./adapter.ts";

/**
 * Cursor beforeShellExecution (`command`, `cwd`) and preToolUse (`tool_name: "Shell"`,
 * `tool_input.command`). The answer is always valid JSON with `permission` allow | ask | deny,
 * in both the snake_case and the older camelCase message fields: Cursor refuses a permission
 * hook's empty answer (an IDE deny, and any deny under `failClosed`), so a tool the guard does
 * not judge gets `{"permission":"allow"}` as well.
 */
export const cursorAdapter: HookAdapter = {
  parse(payload, ctx) {
    const event = optionalString(payload, "hook_event_name");
    let command: string | undefined;
    if (event === "preToolUse") {
      if (optionalString(payload, "tool_name") !== "Shell") return { skip: true };
      command = optionalString(payload, "tool_input", "command");
    } else command = optionalString(payload, "command");
    if (command === undefined) throw new HookShapeError("command is missing");
    const roots = field(payload, "workspace_roots");
    const root = Array.isArray(roots) && typeof roots[0] === "string" ? roots[0] : undefined;
    // Cursor's terminal on Windows is PowerShell.
    return { command, cwd: optionalString(payload, "cwd") || root, fallbackDialect: windowsShell(ctx) };
  },
  answer(json: DecisionJson) {
    const note = compensationNote(json);
    if (json.decision === "ALLOW" || json.decision === "SANITIZE" || (note && json.decision !== "BLOCK")) {
      return _answer("allow", note);
    }
    return _answer(json.decision === "BLOCK" ? "deny" : "ask", verdictMessage(json));
  },
  pass() {
    return _answer("allow");
  },
  deny(message) {
    return _answer("deny", message);
  },
};

function _answer(permission: "allow" | "ask" | "deny", message?: string) {
  const messages = message ? { user_message: message, agent_message: message, userMessage: message, agentMessage: message } : {};
  return { stdout: `${JSON.stringify({ permission, ...messages })}\n`, exitCode: 0 };
}
