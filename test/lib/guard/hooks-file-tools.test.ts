import { describe, expect, test } from "bun:test";
import { mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { type HookAgent, runHook } from "../../../lib/guard/hooks/run-hook.ts";
import { hookVerdict } from "../../fixtures/check/hook-answers.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";

// The other agents' own file-edit tools (Gemini's write_file and replace, Codex's apply_patch,
// Copilot's create, edit, str_replace_editor and apply_patch) are judged like Claude's (red team
// 6 C1): a write to protected storage is BLOCK_PROTECTED_PATH in the agent's deny format, any
// other file gets the agent's ALLOW answer. Payloads are in each agent's own shape.

const fx = useGuardFixture();
const bytes = (value: unknown) => new TextEncoder().encode(typeof value === "string" ? value : JSON.stringify(value));
const hook = (agent: HookAgent, payload: unknown) => runHook(agent, bytes(payload), fx.env);

mkdirSync(join(fx.ws, "docs"), { recursive: true });
symlinkSync(join(fx.ws, ".git", "config"), join(fx.ws, "docs", "git-config"));

/** A patch in the apply_patch format that adds `path`. */
const addPatch = (path: string) => `*** Begin Patch\n*** Add File: ${path}\n+{}\n*** End Patch\n`;
const gemini = (tool: string, input: Record<string, unknown>) => ({ session_id: "s", transcript_path: "/t.json", cwd: fx.ws, hook_event_name: "BeforeTool", timestamp: "2026-11-30T00:00:00.000Z", tool_name: tool, tool_input: input });
const codex = (patch: string) => ({ session_id: "s", turn_id: "t", transcript_path: null, cwd: fx.ws, hook_event_name: "PreToolUse", model: "gpt-5", permission_mode: "default", tool_name: "apply_patch", tool_use_id: "call-1", tool_input: { command: patch } });
const copilot = (tool: string, args: unknown) => ({ sessionId: "s", timestamp: 1, cwd: fx.ws, toolName: tool, toolArgs: typeof args === "string" ? args : JSON.stringify(args) });

/** Each agent's edit tools, as the payload for writing `path`. */
const TOOLS: Array<[HookAgent, string, (path: string) => unknown]> = [
  ["gemini", "write_file", (p) => gemini("write_file", { file_path: p, content: "{}" })],
  ["gemini", "replace", (p) => gemini("replace", { file_path: p, old_string: "a", new_string: "b", instruction: "swap" })],
  ["codex", "apply_patch Add File", (p) => codex(addPatch(p))],
  ["codex", "apply_patch Update File", (p) => codex(`*** Begin Patch\n*** Update File: ${p}\n@@\n-a\n+b\n*** End Patch\n`)],
  ["codex", "apply_patch Delete File", (p) => codex(`*** Begin Patch\n*** Delete File: ${p}\n*** End Patch\n`)],
  ["codex", "apply_patch Move to", (p) => codex(`*** Begin Patch\n*** Update File: src/main.ts\n*** Move to: ${p}\n@@\n-export {};\n+export {};\n*** End Patch\n`)],
  ["copilot", "create", (p) => copilot("create", { path: p, file_text: "{}" })],
  ["copilot", "edit", (p) => copilot("edit", { path: p, old_str: "a", new_str: "b" })],
  ["copilot", "str_replace_editor", (p) => copilot("str_replace_editor", { command: "str_replace", path: p, old_str: "a", new_str: "b" })],
  ["copilot", "apply_patch (the bare patch)", (p) => copilot("apply_patch", addPatch(p))],
  ["copilot", "apply_patch ({input})", (p) => copilot("apply_patch", { input: addPatch(p) })],
  ["copilot", "create (VS Code form)", (p) => ({ hook_event_name: "PreToolUse", session_id: "s", timestamp: "2026-11-30T00:00:00Z", cwd: fx.ws, tool_name: "create", tool_input: { path: p, file_text: "{}" } })],
];

const DENIED: Array<[string, string]> = [
  ["the guard's configuration", ".leogriel/config.json"],
  ["Claude's settings", ".claude/settings.json"],
  ["Gemini's settings", ".gemini/settings.json"],
  ["the user's Gemini settings", "~/.gemini/settings.json"],
  ["Codex's hooks", ".codex/hooks.json"],
  ["Cursor's hooks", ".cursor/hooks.json"],
  ["a Copilot hook file", ".github/hooks/leogriel-check.json"],
  ["the Git config", ".git/config"],
  ["the quarantine", ".agent-guard/quarantine/x"],
  ["a link into .git", "docs/git-config"],
];
const ALLOWED: Array<[string, string]> = [
  ["a workspace file", "src/main.ts"],
  ["a new workspace file", "src/new.ts"],
  ["a startup file outside the workspace", "~/.bashrc"],
];

const spell = (path: string, absolute: boolean) => (path.startsWith("~/") ? join(fx.home, path.slice(2)) : absolute ? join(fx.ws, path) : path);

/** The reason field of each agent's deny. */
function reason(agent: HookAgent, stdout: string): string {
  const body = JSON.parse(stdout);
  return body.hookSpecificOutput?.permissionDecisionReason ?? body.permissionDecisionReason ?? body.reason;
}

/** Each agent's ALLOW answer. */
const ALLOW: Partial<Record<HookAgent, string>> = { gemini: "{}\n", codex: "", copilot: "" };

describe("the other agents' file tools cannot write the guard's control files", () => {
  for (const [agent, tool, payload] of TOOLS) {
    for (const [name, path] of DENIED) {
      for (const absolute of [true, false]) {
        if (path.startsWith("~/") && !absolute) continue;
        test(`${agent} ${tool} of ${name} (${absolute ? "absolute" : "relative"}) is denied BLOCK_PROTECTED_PATH`, async () => {
          const a = await hook(agent, payload(spell(path, absolute)));
          expect(a.exitCode).toBe(0);
          expect(hookVerdict(a.stdout, a.exitCode)).toBe("deny");
          expect(reason(agent, a.stdout)).toContain("BLOCK_PROTECTED_PATH");
        });
      }
    }
    for (const [name, path] of ALLOWED) {
      test(`${agent} ${tool} of ${name} gets the agent's ALLOW answer`, async () => {
        expect(await hook(agent, payload(spell(path, false)))).toEqual({ stdout: ALLOW[agent]!, exitCode: 0 });
      });
    }
  }
});

describe("apply_patch: every file the patch names is judged", () => {
  test("one protected file among several blocks the patch", async () => {
    const patch = "*** Begin Patch\n*** Add File: src/a.ts\n+a\n*** Update File: README.md\n@@\n-readme\n+read me\n*** Delete File: .claude/settings.json\n*** End Patch\n";
    const a = await hook("codex", codex(patch));
    expect(reason("codex", a.stdout)).toContain("BLOCK_PROTECTED_PATH");
  });

  test("a header inside an added line names no file", async () => {
    expect(await hook("codex", codex(addPatch("docs/notes.md").replace("+{}", "+*** Update File: .git/config")))).toEqual({ stdout: "", exitCode: 0 });
  });

  test("CRLF line ends and indented headers are read as Codex reads them", async () => {
    const a = await hook("codex", codex("*** Begin Patch\r\n  *** Update File: .git/config\r\n@@\r\n-a\r\n+b\r\n*** End Patch\r\n"));
    expect(reason("codex", a.stdout)).toContain("BLOCK_PROTECTED_PATH");
  });

  test("a relative path is resolved against the session folder", async () => {
    const a = await hook("codex", { ...codex(addPatch("../.claude/settings.json")), cwd: join(fx.ws, "src") });
    expect(reason("codex", a.stdout)).toContain("BLOCK_PROTECTED_PATH");
  });
});

describe("codex: apply_patch run through a shell tool is judged as the patch Codex applies", () => {
  const heredoc = (body: string, prefix = "") => `${prefix}apply_patch <<'EOF'\n*** Begin Patch\n${body}*** End Patch\nEOF\n`;
  const bash = (command: unknown, tool = "Bash", key = "command") => ({ session_id: "s", turn_id: "t", cwd: fx.ws, hook_event_name: "PreToolUse", tool_name: tool, tool_input: { [key]: command } });
  const DENIED: Array<[string, unknown]> = [
    ["a heredoc to Codex's hooks", bash(heredoc("*** Update File: .codex/hooks.json\n@@\n-{}\n+{}\n"))],
    ["a heredoc after cd into .git", bash(heredoc("*** Delete File: config\n", "cd .git && "))],
    ["a heredoc after a quoted cd", bash(heredoc("*** Add File: settings.json\n+{}\n", "cd '.claude' && "))],
    ["exec_command's cmd", bash(heredoc("*** Add File: .leogriel/config.json\n+{}\n"), "exec_command", "cmd")],
    ["the shell tool's argv", bash(["apply_patch", "*** Begin Patch\n*** Update File: .git/config\n@@\n-a\n+b\n*** End Patch\n"], "shell")],
    ["a harmless patch followed by a delete of home", bash(`${heredoc("*** Add File: src/a.ts\n+a\n")}rm -rf ~\n`)],
  ];
  for (const [name, payload] of DENIED) {
    test(`${name} is denied`, async () => {
      const a = await hook("codex", payload);
      expect(hookVerdict(a.stdout, a.exitCode)).toBe("deny");
    });
  }

  test("a heredoc to a workspace file passes", async () => {
    expect(await hook("codex", bash(heredoc("*** Add File: src/a.ts\n+a\n")))).toEqual({ stdout: "", exitCode: 0 });
  });

  test("a patch that is only printed (no apply_patch program) is judged as shell text alone", async () => {
    expect(await hook("codex", bash("printf '%s\\n' '*** Begin Patch' '*** Delete File: .git/config'"))).toEqual({ stdout: "", exitCode: 0 });
  });
});

describe("malformed file-tool input is the agent's deny", () => {
  const CASES: Array<[HookAgent, string, unknown, number]> = [
    ["codex", "a patch that names no file", codex("*** Begin Patch\n*** End Patch\n"), 2],
    ["codex", "a patch that is not a string", { ...codex(""), tool_input: { command: ["*** Add File: x"] } }, 2],
    ["codex", "a missing patch", { ...codex(""), tool_input: {} }, 2],
    ["gemini", "a file_path that is not a string", gemini("write_file", { file_path: 42, content: "x" }), 2],
    ["gemini", "an empty file_path", gemini("replace", { file_path: "", old_string: "a", new_string: "b" }), 2],
    ["copilot", "create without a path", copilot("create", { file_text: "x" }), 0],
    ["copilot", "edit args that are not JSON", copilot("edit", "{path: x"), 0],
    ["copilot", "a bare patch that names no file", copilot("apply_patch", "*** Begin Patch\n*** End Patch\n"), 0],
  ];
  for (const [agent, name, payload, exitCode] of CASES) {
    test(`${agent}: ${name}`, async () => {
      const a = await hook(agent, payload);
      expect(a.exitCode).toBe(exitCode);
      expect(hookVerdict(a.stdout, a.exitCode)).toBe("deny");
      expect(a.stdout).toContain("unexpected hook input");
    });
  }

  test("copilot: str_replace_editor view reads and is not judged", async () => {
    expect(await hook("copilot", copilot("str_replace_editor", { command: "view", path: ".git/config" }))).toEqual({ stdout: "", exitCode: 0 });
  });
});
