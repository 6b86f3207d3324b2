import { describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { valueSha256 } from "../../../lib/core/secrets/finding-hash.ts";
import { type HookAgent, runHook } from "../../../lib/guard/hooks/run-hook.ts";
import type { SpanMode } from "../../../lib/guard/span/reasons.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { chars, token } from "../core/secrets/fixtures.ts";

const fx = useGuardFixture();
const ghp = token(["gh", "p_"], chars(36));
const exemptToken = token(["gh", "p_"], chars(36));
mkdirSync(join(fx.ws, ".agent-guard"), { recursive: true });
writeFileSync(join(fx.ws, ".agent-guard", "exfil-allow.toml"), `version = 1\nvalues = ["sha256:${valueSha256(exemptToken)}"]\nbare line\n`);

type PostAgent = "claude" | "codex" | "gemini";
const EVENT: Record<PostAgent, string> = { claude: "PostToolUse", codex: "PostToolUse", gemini: "AfterTool" };
const bash = (stdout: string) => ({ stdout, stderr: "", interrupted: false, isImage: false });

/** A post-tool payload of `agent` for a tool result. */
function payload(agent: PostAgent, output: unknown, tool = agent === "gemini" ? "run_shell_command" : "Bash") {
  return { session_id: "s", cwd: fx.ws, hook_event_name: EVENT[agent], tool_name: tool, tool_input: { command: "cat .env" }, tool_response: output };
}

const post = (agent: HookAgent, body: unknown, mode: SpanMode = "sanitize") =>
  runHook(agent, new TextEncoder().encode(typeof body === "string" ? body : JSON.stringify(body)), fx.env, undefined, mode);

/** What the model gets back, read from each agent's answer: the result itself, or undefined when it passes unchanged. */
function modelSees(agent: PostAgent, stdout: string): unknown {
  if (stdout.trim() === "" || stdout.trim() === "{}") return undefined;
  const body = JSON.parse(stdout);
  if (agent === "claude") return body.hookSpecificOutput.updatedToolOutput;
  return body.reason;
}

const AGENTS: PostAgent[] = ["claude", "codex", "gemini"];

describe("post-tool hook: the span guard over a tool's result", () => {
  const rows: { name: string; output: unknown; mode?: SpanMode; tool?: string; verdict: "pass" | "redacted" | "withheld" }[] = [
    { name: "a clean result passes unchanged", output: bash("hello\n"), verdict: "pass" },
    { name: "a token in stdout is redacted, the shape kept", output: bash(`GITHUB_TOKEN=${ghp}\nok\n`), verdict: "redacted" },
    { name: "a token in a plain string result is redacted", output: `token: ${ghp}`, verdict: "redacted" },
    { name: "a token in an MCP content block is redacted", output: { content: [{ type: "text", text: `key ${ghp}` }] }, tool: "mcp__gh__get", verdict: "redacted" },
    { name: "a base64-wrapped token is redacted", output: bash(Buffer.from(`token=${ghp}`).toString("base64")), verdict: "redacted" },
    { name: "ask mode withholds the result", output: bash(`t=${ghp}`), mode: "ask", verdict: "withheld" },
    { name: "block mode withholds the result", output: bash(`t=${ghp}`), mode: "block", verdict: "withheld" },
    { name: "a token exempted by sha256 passes", output: bash(`t=${exemptToken}`), mode: "block", verdict: "pass" },
    { name: "binary output (a NUL byte) is withheld", output: bash("bin\u0000ary"), verdict: "withheld" },
    { name: "a result nested 100 levels deep is withheld, not crashed on", output: JSON.parse(`${"[".repeat(100)}"x"${"]".repeat(100)}`), verdict: "withheld" },
  ];
  for (const agent of AGENTS) {
    for (const row of rows) {
      test(`${agent}: ${row.name}`, async () => {
        const a = await post(agent, payload(agent, row.output, row.tool), row.mode);
        expect(a.exitCode).toBe(0);
        expect(a.stdout).not.toContain(ghp);
        expect(a.stderr ?? "").not.toContain(ghp);
        const sees = modelSees(agent, a.stdout);
        if (row.verdict === "pass") expect(sees).toBeUndefined();
        if (row.verdict === "redacted") expect(JSON.stringify(sees)).toContain("[REDACTED:github-pat]");
        if (row.verdict === "withheld") expect(JSON.stringify(sees).toLowerCase()).toContain("withheld");
        if (row.verdict !== "pass" && agent !== "claude") expect(JSON.parse(a.stdout).decision).toBe(agent === "gemini" ? "deny" : "block");
      });
    }
  }

  test("claude: the replacement keeps the result's keys, and an MCP tool gets updatedMCPToolOutput too", async () => {
    const a = JSON.parse((await post("claude", payload("claude", bash(`t=${ghp}`)))).stdout);
    expect(Object.keys(a.hookSpecificOutput.updatedToolOutput)).toEqual(["stdout", "stderr", "interrupted", "isImage"]);
    expect(a.hookSpecificOutput.updatedMCPToolOutput).toBeUndefined();
    expect(a.systemMessage).toContain("github-pat ×1");
    const m = JSON.parse((await post("claude", payload("claude", { content: [{ type: "text", text: ghp }] }, "mcp__x__y"))).stdout);
    expect(m.hookSpecificOutput.updatedMCPToolOutput).toEqual(m.hookSpecificOutput.updatedToolOutput);
  });

  test("exemption file diagnostics go to stderr without quoting the file", async () => {
    const a = await post("claude", payload("claude", bash("clean")));
    expect(a.stderr).toContain("exfil-allow.toml");
    expect(a.stderr).not.toContain("bare line");
  });

  const broken: { name: string; input: string }[] = [
    { name: "a result field that is missing", input: JSON.stringify({ hook_event_name: "PostToolUse", tool_name: "Bash", cwd: fx.ws }) },
    { name: "malformed JSON that names the post-tool event", input: `{"hook_event_name":"PostToolUse","tool_response":{"stdout":"${ghp}` },
    { name: "a payload over the size limit", input: JSON.stringify(payload("claude", bash(`${ghp} ${"x".repeat(9 << 20)}`))) },
  ];
  for (const row of broken) {
    test(`claude: ${row.name} is withheld, never passed`, async () => {
      const a = await post("claude", row.input);
      expect(a.exitCode).toBe(0);
      const body = JSON.parse(a.stdout);
      expect(body.decision).toBe("block");
      expect(JSON.stringify(body.hookSpecificOutput.updatedToolOutput).toLowerCase()).toContain("withheld");
      expect(a.stdout).not.toContain(ghp);
    });
  }

  const untouched: { agent: HookAgent; name: string; body: unknown }[] = [
    { agent: "claude", name: "a PostToolUseFailure event", body: { hook_event_name: "PostToolUseFailure", cwd: fx.ws, tool_name: "Bash", tool_input: { command: "rm -rf scratch.txt" }, error: ghp } },
    { agent: "cursor", name: "an afterShellExecution event", body: { hook_event_name: "afterShellExecution", cwd: fx.ws, command: "rm -rf scratch.txt", output: ghp } },
    { agent: "copilot", name: "a postToolUse payload (no event name, a toolResult)", body: { cwd: fx.ws, toolName: "bash", toolArgs: { command: "rm -rf scratch.txt" }, toolResult: { resultType: "success", textResultForLlm: ghp } } },
    { agent: "gemini", name: "a PostToolUse event (not Gemini's)", body: { hook_event_name: "PostToolUse", cwd: fx.ws, tool_name: "run_shell_command", tool_input: { command: "rm -rf scratch.txt" } } },
  ];
  for (const row of untouched) {
    test(`${row.agent}: ${row.name} passes untouched and never re-runs the command's compensation`, async () => {
      const a = await post(row.agent, row.body);
      expect(a).toEqual({ stdout: "", exitCode: 0 });
      expect(existsSync(join(fx.ws, "scratch.txt"))).toBe(true);
    });
  }
});
