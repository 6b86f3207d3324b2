import type { DecisionJson } from "../decision-json.ts";
import { callDir, compensationNote, type HookAdapter, type HookAnswer, HookShapeError, optionalString, verdictMessage, windowsShell } from "./adapter.ts";
import { fileRequest } from "./file-request.ts";

/** Gemini CLI's own file-writing tools; both name the file in `tool_input.file_path`. */
const FILE_TOOLS = new Set(["write_file", "replace"]);

/**
 * Gemini CLI BeforeTool for `run_shell_command`, and for the file its `write_file` and `replace`
 * tools write: exit 0 with `{"decision":"deny", reason}` to block (Gemini has no ask: ASK is a
 * deny whose reason says a person must run it), `{}` to let the tool's own confirmation flow
 * continue.
 */
export const geminiAdapter: HookAdapter = {
  parse(payload, ctx) {
    const tool = optionalString(payload, "tool_name");
    if (tool === undefined) throw new HookShapeError("tool_name is missing");
    // A relative file_path is resolved against the project root, the payload's cwd.
    if (FILE_TOOLS.has(tool)) return fileRequest(tool, optionalString(payload, "tool_input", "file_path"), "tool_input.file_path", optionalString(payload, "cwd"));
    if (tool !== "run_shell_command") return { skip: true };
    const command = optionalString(payload, "tool_input", "command");
    if (command === undefined) throw new HookShapeError("tool_input.command is missing");
    // The tool runs in `directory` (`dir_path` in newer builds), relative to the project root.
    const dir = optionalString(payload, "tool_input", "dir_path") ?? optionalString(payload, "tool_input", "directory");
    // On Windows Gemini runs the command with `powershell.exe -NoProfile -Command`.
    return { command, cwd: callDir(optionalString(payload, "cwd"), dir), fallbackDialect: windowsShell(ctx) };
  },
  answer(json: DecisionJson) {
    const note = compensationNote(json);
    if (json.decision === "ALLOW" || json.decision === "SANITIZE" || (note && json.decision !== "BLOCK")) return _allow(note);
    const reason = json.decision === "BLOCK" ? verdictMessage(json) : `${verdictMessage(json)} A person must confirm and run it.`;
    return _deny(reason);
  },
  pass() {
    return _allow(undefined);
  },
  deny(message) {
    return { ..._deny(message), exitCode: 2, stderr: message };
  },
};

function _allow(note: string | undefined): HookAnswer {
  return { stdout: `${JSON.stringify(note ? { systemMessage: note } : {})}\n`, exitCode: 0 };
}

function _deny(reason: string) {
  return { stdout: `${JSON.stringify({ decision: "deny", reason, systemMessage: reason })}\n`, exitCode: 0 };
}
