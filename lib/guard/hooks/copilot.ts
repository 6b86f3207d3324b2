import type { DecisionJson } from "../decision-json.ts";
import { callDir, compensationNote, field, type HookAdapter, HookShapeError, optionalString, silence, verdictMessage } from "./adapter.ts";
import { fileRequest, patchRequest } from "./file-request.ts";
import { typedCommand } from "./typed-input.ts";

const SHELL_TOOLS: Record<string, string | undefined> = { bash: undefined, shell: undefined, powershell: "powershell" };
/** The tools that type into a running bash or PowerShell session (`input`, after async `bash`). */
const WRITE_TOOLS: Record<string, string | undefined> = { write_bash: undefined, write_powershell: "powershell" };
/** Copilot's own file-writing tools: `create` and `edit` (`path`), the older `str_replace_editor` (`command`, `path`), `apply_patch` (a patch). */
const EDIT_TOOLS = new Set(["create", "edit", "str_replace_editor", "apply_patch"]);

/**
 * GitHub Copilot CLI preToolUse: `toolName` with `toolArgs` (a JSON string or an object), or the
 * VS Code form `tool_name`/`tool_input`. Copilot skips a hook that exits non-zero, so every
 * answer, the error deny included, is JSON with exit 0.
 */
export const copilotAdapter: HookAdapter = {
  parse(payload) {
    // A postToolUse payload (camelCase, no event name) carries the result: the command already ran.
    if (field(payload, "toolResult") !== undefined || field(payload, "tool_result") !== undefined) return { skip: true };
    const tool = optionalString(payload, "toolName") ?? optionalString(payload, "tool_name");
    if (tool === undefined) throw new HookShapeError("toolName is missing");
    const name = tool.toLowerCase();
    const writes = Object.hasOwn(WRITE_TOOLS, name);
    if (!Object.hasOwn(SHELL_TOOLS, name) && !writes && !EDIT_TOOLS.has(name)) return { skip: true };
    const raw = field(payload, "toolArgs") ?? field(payload, "tool_input");
    const root = optionalString(payload, "cwd");
    // The patch may come as the bare patch text, which is not JSON (Copilot reads it that way too).
    if (name === "apply_patch") return patchRequest(name, _patchText(raw), "toolArgs", root);
    const args = _json(raw);
    if (EDIT_TOOLS.has(name)) {
      if (name === "str_replace_editor" && optionalString(args, "command") === "view") return { skip: true };
      return fileRequest(name, optionalString(args, "path"), "toolArgs.path", root);
    }
    const cwd = callDir(root, optionalString(args, "cwd"));
    if (writes) {
      const input = optionalString(args, "input");
      if (input === undefined) throw new HookShapeError("toolArgs.input is missing");
      return typedCommand(input, WRITE_TOOLS[name], cwd);
    }
    const command = optionalString(args, "command");
    if (command === undefined) throw new HookShapeError("toolArgs.command is missing");
    return { command, cwd, dialect: SHELL_TOOLS[name] };
  },
  answer(json: DecisionJson) {
    const note = compensationNote(json);
    if (json.decision === "ALLOW" || json.decision === "SANITIZE" || (note && json.decision !== "BLOCK")) return silence();
    return _answer(json.decision === "BLOCK" ? "deny" : "ask", verdictMessage(json));
  },
  pass: silence,
  deny(message) {
    return _answer("deny", message);
  },
};

/** toolArgs as Copilot sends it: a JSON string, or the parsed value. */
function _json(raw: unknown): unknown {
  if (typeof raw !== "string") return raw;
  try {
    return JSON.parse(raw);
  } catch {
    throw new HookShapeError("toolArgs is not JSON");
  }
}

/** apply_patch's patch: the text itself, a JSON string of it, or `{input}` / `{patch}`. */
function _patchText(raw: unknown): string | undefined {
  let args = raw;
  if (typeof raw === "string") {
    try {
      args = JSON.parse(raw);
    } catch {
      return raw;
    }
  }
  if (typeof args === "string") return args;
  return optionalString(args, "input") ?? optionalString(args, "patch");
}

function _answer(permissionDecision: "deny" | "ask", permissionDecisionReason: string) {
  return { stdout: `${JSON.stringify({ permissionDecision, permissionDecisionReason })}\n`, exitCode: 0 };
}
