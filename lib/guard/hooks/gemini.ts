import type { DecisionJson } from "../decision-json.ts";
import { compensationNote, type HookAdapter, HookShapeError, optionalString, verdictMessage } from "./adapter.ts";

/**
 * Gemini CLI BeforeTool for `run_shell_command`: exit 0 with `{"decision":"deny", reason}` to
 * block (Gemini has no ask: ASK is a deny whose reason says a person must run it), `{}` to let
 * the tool's own confirmation flow continue.
 */
export const geminiAdapter: HookAdapter = {
  parse(payload) {
    const tool = optionalString(payload, "tool_name");
    if (tool === undefined) throw new HookShapeError("tool_name is missing");
    if (tool !== "run_shell_command") return { skip: true };
    const command = optionalString(payload, "tool_input", "command");
    if (command === undefined) throw new HookShapeError("tool_input.command is missing");
    return { command, cwd: optionalString(payload, "cwd") };
  },
  answer(json: DecisionJson) {
    const note = compensationNote(json);
    if (json.decision === "ALLOW" || json.decision === "SANITIZE" || (note && json.decision !== "BLOCK")) {
      return { stdout: `${JSON.stringify(note ? { systemMessage: note } : {})}\n`, exitCode: 0 };
    }
    const reason = json.decision === "BLOCK" ? verdictMessage(json) : `${verdictMessage(json)} A person must confirm and run it.`;
    return _deny(reason);
  },
  deny(message) {
    return { ..._deny(message), exitCode: 2, stderr: message };
  },
};

function _deny(reason: string) {
  return { stdout: `${JSON.stringify({ decision: "deny", reason, systemMessage: reason })}\n`, exitCode: 0 };
}
