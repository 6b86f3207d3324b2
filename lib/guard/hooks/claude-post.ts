import { field, HookShapeError, optionalString } from "./adapter.ts";
import { blankedOutput, outputNote, outputText, type PostToolAdapter, type PostToolRequest } from "./post-adapter.ts";

/**
 * Claude Code and Codex PostToolUse: `tool_response` in. Claude (2.1.121 and later) replaces what
 * the model reads with `hookSpecificOutput.updatedToolOutput`, which must keep the result's JSON
 * shape; `updatedMCPToolOutput` does the same for MCP tools in older releases. Codex accepts
 * neither for built-in tools, but a `decision: "block"` replaces the result with `reason`, so the
 * redacted or withheld text travels there. Every answer exits 0: exit 2 would drop the JSON.
 */
export function claudePostAdapter(agent: "claude" | "codex"): PostToolAdapter {
  const replace = (visible: unknown, request: PostToolRequest | undefined, note: string, block: boolean) => {
    if (agent === "codex") return _json({ decision: "block", reason: block ? note : `${note}\n\n${outputText(visible)}`, systemMessage: note });
    const mcp = request?.mcp ? { updatedMCPToolOutput: visible } : {};
    const specific = { hookEventName: "PostToolUse", updatedToolOutput: visible, ...mcp, additionalContext: note };
    return _json({ ...(block ? { decision: "block", reason: note } : {}), systemMessage: note, hookSpecificOutput: specific });
  };
  return {
    parse(payload) {
      const tool = optionalString(payload, "tool_name");
      if (tool === undefined) throw new HookShapeError("tool_name is missing");
      const output = field(payload, "tool_response");
      if (output === undefined) throw new HookShapeError("tool_response is missing");
      return { output, cwd: optionalString(payload, "cwd"), mcp: tool.startsWith("mcp__") };
    },
    answer(verdict, request) {
      if (verdict.decision === "ALLOW") return { stdout: "", exitCode: 0 };
      return replace(verdict.visible, request, outputNote(verdict), verdict.decision !== "SANITIZE");
    },
    withhold(message, request) {
      const visible = request ? blankedOutput(request.output, "[WITHHELD by leogriel-check]") : message;
      return replace(visible, request, message, true);
    },
  };
}

function _json(body: unknown) {
  return { stdout: `${JSON.stringify(body)}\n`, exitCode: 0 };
}
