import type { DecisionJson } from "../decision-json.ts";
import { callDir, compensationNote, field, type HookAdapter, type HookContext, type HookRequest, HookShapeError, optionalString, silence, verdictMessage, windowsShell } from "./adapter.ts";
import { argvCommand } from "./argv-command.ts";
import { fileRequest, patchRequest, shellPatch } from "./file-request.ts";
import { typedCommand } from "./typed-input.ts";

/** The shell tools, each with the dialect it is known to run (`undefined`: the platform's shell). */
const CLAUDE_TOOLS = new Set(["Bash", "PowerShell", "shell", "local_shell"]);
const SHELL_TOOLS: Record<string, string | undefined> = { Bash: undefined, PowerShell: "powershell", shell: undefined, local_shell: undefined, exec_command: undefined, write_stdin: undefined };
/** Claude's own file-writing tools and the input field naming the file (red team 6 C1). */
const FILE_TOOLS: Record<string, string> = { Write: "file_path", Edit: "file_path", MultiEdit: "file_path", NotebookEdit: "notebook_path" };

/**
 * Claude Code PreToolUse (and Codex, which speaks the same wire format): `tool_input.command`
 * of the Bash or PowerShell tool, or the files of the agent's own edit tool (Claude's Write,
 * Edit, MultiEdit, NotebookEdit; Codex's apply_patch), in; `hookSpecificOutput.permissionDecision`
 * out. Codex honours only deny reliably, so its ASK is a deny whose reason says a person must run
 * the command.
 */
export function claudeAdapter(agent: "claude" | "codex"): HookAdapter {
  return {
    parse(payload, ctx) {
      const tool = optionalString(payload, "tool_name");
      if (tool === undefined) throw new HookShapeError("tool_name is missing");
      if (agent === "claude" && Object.hasOwn(FILE_TOOLS, tool)) return _claudeFile(payload, tool);
      if (agent === "codex" && tool === "apply_patch") return _codexPatch(payload);
      if (!Object.hasOwn(SHELL_TOOLS, tool) || (agent === "claude" && !CLAUDE_TOOLS.has(tool))) return { skip: true };
      if (agent === "claude") return _claude(payload, tool);
      const request = _codex(payload, tool, ctx);
      // `apply_patch <<'EOF' …` in a shell tool is applied by Codex itself, never run by the shell.
      const writes = tool !== "write_stdin" && "command" in request ? (request.writes ?? shellPatch(request.command, request.cwd)) : undefined;
      return writes ? { ...request, writes } : request;
    },
    answer(json: DecisionJson) {
      const note = compensationNote(json);
      if (json.decision === "BLOCK" || (json.decision !== "ALLOW" && json.decision !== "SANITIZE" && !note)) {
        const ask = json.decision !== "BLOCK" && agent === "claude";
        const suffix = !ask && json.decision !== "BLOCK" ? " A person must confirm and run it." : "";
        return _json(ask ? "ask" : "deny", `${verdictMessage(json)}${suffix}`);
      }
      if (!note) return silence();
      return { stdout: `${JSON.stringify({ systemMessage: note, hookSpecificOutput: { hookEventName: "PreToolUse", additionalContext: note } })}\n`, exitCode: 0 };
    },
    pass: silence,
    deny(message) {
      // Exit 2 blocks in Claude and Codex even if the JSON were not read; stderr is the reason.
      return { ..._json("deny", message), exitCode: 2, stderr: message };
    },
  };
}

/** Claude Code: Bash runs Git Bash on Windows too, so only the PowerShell tool has a dialect. */
function _claude(payload: unknown, tool: string): HookRequest {
  const command = optionalString(payload, "tool_input", "command");
  if (command === undefined) throw new HookShapeError("tool_input.command is missing");
  return { command, cwd: optionalString(payload, "cwd"), dialect: SHELL_TOOLS[tool] };
}

/** Claude's Write, Edit, MultiEdit and NotebookEdit: the file they write, judged by file-tool.ts. */
function _claudeFile(payload: unknown, tool: string): HookRequest {
  const key = FILE_TOOLS[tool]!;
  return fileRequest(tool, optionalString(payload, "tool_input", key), `tool_input.${key}`, optionalString(payload, "cwd"));
}

/**
 * Codex's apply_patch: `tool_input.command` is the patch text; the files its headers name are
 * judged by file-tool.ts, relative to the session folder `cwd` as Codex applies them.
 */
function _codexPatch(payload: unknown): HookRequest {
  return patchRequest("apply_patch", optionalString(payload, "tool_input", "command"), "tool_input.command", optionalString(payload, "cwd"));
}

/**
 * Codex: `command` as a string or an argv array (`shell`, `local_shell`), `cmd` of a unified-exec
 * `exec_command` (with its `shell`), `chars` typed into a running session by `write_stdin`, each
 * in the call's `workdir`. On Windows Codex runs the text in PowerShell.
 */
function _codex(payload: unknown, tool: string, ctx: HookContext): HookRequest {
  const cwd = callDir(optionalString(payload, "cwd"), optionalString(payload, "tool_input", "workdir") ?? optionalString(payload, "tool_input", "working_directory"));
  const platform = SHELL_TOOLS[tool] ? undefined : windowsShell(ctx);
  if (tool === "write_stdin") {
    const chars = optionalString(payload, "tool_input", "chars");
    if (chars === undefined) throw new HookShapeError("tool_input.chars is missing");
    // The session's shell, when the payload names it. Codex's write_stdin does not: the text is
    // judged in the platform's shell (below), and it must be a whole line in posix and in
    // PowerShell alike, whichever the session runs (a trailing `,` leaves PowerShell waiting).
    const shell = optionalString(payload, "tool_input", "shell");
    const session = shell === undefined ? undefined : _shellDialect(shell);
    const typed = typedCommand(chars, session, cwd, session === undefined ? [undefined, "powershell"] : [session]);
    return "command" in typed && session === undefined ? { ...typed, fallbackDialect: platform } : typed;
  }
  if (tool === "exec_command") {
    const cmd = optionalString(payload, "tool_input", "cmd");
    if (cmd === undefined) throw new HookShapeError("tool_input.cmd is missing");
    const shell = optionalString(payload, "tool_input", "shell");
    return { command: cmd, cwd, dialect: shell === undefined ? undefined : _shellDialect(shell), fallbackDialect: platform };
  }
  const raw = field(payload, "tool_input", "command");
  if (Array.isArray(raw) && raw.length > 0 && raw.every((w) => typeof w === "string")) {
    const argv = argvCommand(raw as string[]);
    const writes = argv.script === undefined ? undefined : shellPatch(argv.script, cwd);
    return { command: argv.command, cwd, dialect: argv.dialect ?? SHELL_TOOLS[tool], fallbackDialect: platform, ...(writes && { writes }) };
  }
  let command: string;
  if (typeof raw === "string") command = raw;
  else if (raw === undefined || raw === null) throw new HookShapeError("tool_input.command is missing");
  else throw new HookShapeError("tool_input.command is not a string or a list of strings");
  return { command, cwd, dialect: SHELL_TOOLS[tool], fallbackDialect: platform };
}

/** The dialect of a shell program named by path (`/bin/zsh`, `pwsh.exe`, `cmd.exe`). */
function _shellDialect(shell: string): string {
  const name = shell.replace(/^.*[\\/]/, "").toLowerCase().replace(/\.exe$/, "");
  return name === "powershell" || name === "pwsh" ? "powershell" : name === "cmd" ? "cmd" : "posix";
}

/**
 * The deny or ask answer, as JSON.stringify writes it. Written out by hand: JSON.stringify's code
 * cost an answer that serialises nothing else (a blocked or asked command) about 0.1 MiB of
 * memory (docs/check.md "Session 10: hook memory"). A reason of printable ASCII without `"` or `\`
 * (every static message and check id) is its own JSON string; any other goes through JSON.stringify.
 */
function _json(decision: "deny" | "ask", reason: string) {
  const quoted = _plainJsonText(reason) ? `"${reason}"` : JSON.stringify(reason);
  return { stdout: `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"${decision}","permissionDecisionReason":${quoted}}}\n`, exitCode: 0 };
}

/** Printable ASCII without `"` or `\`: JSON.stringify writes it unchanged between the quotes. */
function _plainJsonText(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c > 0x7e || c === 0x22 || c === 0x5c) return false;
  }
  return true;
}
