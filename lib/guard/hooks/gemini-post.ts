import { field, HookShapeError, optionalString } from "./adapter.ts";
import { outputNote, outputText, type PostToolAdapter } from "./post-adapter.ts";

/**
 * Gemini CLI AfterTool: `tool_response` (`llmContent`, `returnDisplay`, `error`) in; a
 * `decision: "deny"` hides the real result and sends `reason` to the model in its place, so the
 * redacted text (SANITIZE) or the withheld notice (ASK, BLOCK) travels there.
 */
export const geminiPostAdapter: PostToolAdapter = {
  parse(payload) {
    const output = field(payload, "tool_response");
    if (output === undefined) throw new HookShapeError("tool_response is missing");
    return { output, cwd: optionalString(payload, "cwd"), mcp: (optionalString(payload, "tool_name") ?? "").startsWith("mcp__") };
  },
  answer(verdict) {
    if (verdict.decision === "ALLOW") return { stdout: "{}\n", exitCode: 0 };
    const note = outputNote(verdict);
    const llm = field(verdict.visible, "llmContent");
    const text = verdict.decision === "SANITIZE" ? outputText(llm ?? verdict.visible) : note;
    return _deny(text, note);
  },
  withhold(message) {
    return _deny(message, message);
  },
};

function _deny(reason: string, systemMessage: string) {
  return { stdout: `${JSON.stringify({ decision: "deny", reason, systemMessage })}\n`, exitCode: 0 };
}
