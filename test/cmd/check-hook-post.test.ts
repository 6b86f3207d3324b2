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

  test("an unknown --span-mode is a usage error (exit 2, which blocks in Claude) and echoes nothing", () => {
    const { ws, env } = workspace();
    const p = runEntry("check", ["--hook", "claude", "--span-mode", "maybe"], { cwd: ws, env, stdin: claudePost(ws, ghp) });
    expect(p.exitCode).toBe(2);
    expect(p.stdout + p.stderr).not.toContain(ghp);
  });
});
