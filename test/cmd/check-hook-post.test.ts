import { describe, expect, test } from "bun:test";
import { mkdirSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { runEntry } from "../support/run-cli.ts";
import { useTempDirs } from "../support/temp-dir.ts";
import { chars, token } from "../lib/core/secrets/fixtures.ts";

const tempDir = useTempDirs("leogriel-check-hook-post-");
const ghp = token(["gh", "p_"], chars(36));

function workspace(): { ws: string; env: Record<string, string> } {
  const ws = join(realpathSync(tempDir()), "project");
  mkdirSync(ws);
  Bun.spawnSync(["git", "init", "-q"], { cwd: ws });
  return { ws, env: { HOME: ws, PATH: process.env.PATH ?? "" } };
}

const claudePost = (ws: string, stdout: string) =>
  JSON.stringify({ session_id: "s", cwd: ws, hook_event_name: "PostToolUse", tool_name: "Bash", tool_input: { command: "cat .env" }, tool_response: { stdout, stderr: "", interrupted: false } });

describe("leogriel-check --hook claude on a PostToolUse payload (real process)", () => {
  const rows: { args: string[]; decision?: string; sees: string }[] = [
    { args: [], sees: "GITHUB_TOKEN=[REDACTED:github-pat]\n" },
    { args: ["--span-mode", "block"], decision: "block", sees: "[WITHHELD by leogriel-check: BLOCK_SECRET]" },
  ];
  for (const row of rows) {
    test(`${["--hook", "claude", ...row.args].join(" ")} replaces the token in what the model reads, exit 0`, () => {
      const { ws, env } = workspace();
      const p = runEntry("check", ["--hook", "claude", ...row.args], { cwd: ws, env, stdin: claudePost(ws, `GITHUB_TOKEN=${ghp}\n`) });
      expect(p.exitCode).toBe(0);
      const body = JSON.parse(p.stdout);
      expect(body.decision).toBe(row.decision);
      expect(body.hookSpecificOutput.updatedToolOutput.stdout).toBe(row.sees);
      expect(p.stdout + p.stderr).not.toContain(ghp);
    });
  }

  test("an unknown --span-mode withholds the tool's output in Claude's format and echoes nothing", () => {
    const { ws, env } = workspace();
    const p = runEntry("check", ["--hook", "claude", "--span-mode", "maybe"], { cwd: ws, env, stdin: claudePost(ws, ghp) });
    expect(p.stdout + p.stderr).not.toContain(ghp);
    expect(p.stdout + p.stderr).toContain("misconfigured");
    if (p.exitCode === 0) expect(JSON.parse(p.stdout).decision).toBe("block");
    else expect(p.exitCode).toBe(2);
  });
});

describe("a hand-edited hook line is answered in the agent's format, never as a bare usage error", () => {
  const pre = (ws: string) => JSON.stringify({ toolName: "bash", toolArgs: { command: "ls" }, cwd: ws });
  for (const args of [["--span-mode", "loud"], ["--bogus"], ["--span-mode"], ["--dialect", "posix", "--dialect", "cmd"], ["extra"]]) {
    test(`--hook copilot ${args.join(" ")}: deny JSON, exit 0 (Copilot skips a failing hook)`, () => {
      const { ws, env } = workspace();
      const p = runEntry("check", ["--hook", "copilot", ...args], { cwd: ws, env, stdin: pre(ws) });
      expect(p.exitCode).toBe(0);
      const body = JSON.parse(p.stdout);
      expect(body.permissionDecision).toBe("deny");
      expect(body.permissionDecisionReason).toContain("misconfigured");
    });
  }

  test("--hook=copilot --dialect=posix is a well-formed hook line: the command is checked", () => {
    const { ws, env } = workspace();
    const p = runEntry("check", ["--hook=copilot", "--dialect=posix"], { cwd: ws, env, stdin: JSON.stringify({ toolName: "bash", toolArgs: { command: "ls" }, cwd: ws }) });
    expect(p.exitCode).toBe(0);
    expect(p.stdout).not.toContain("misconfigured");
  });

  test("an unknown agent is still the command line's usage error", () => {
    const { ws, env } = workspace();
    const p = runEntry("check", ["--hook", "nobody"], { cwd: ws, env, stdin: "{}" });
    expect(p.exitCode).toBe(2);
  });
});
