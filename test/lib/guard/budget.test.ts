import { describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { classify } from "../../../lib/guard/classify.ts";
import { runEntry } from "../../support/run-cli.ts";
import { useTempDirs } from "../../support/temp-dir.ts";

const tempDir = useTempDirs();

// A line whose analysis grows with the square of its length: every copy may overwrite what an
// earlier one landed. Its answer is ALLOW (nothing exists) when the analysis runs to the end.
const copyChain = (n: number) => Array.from({ length: n }, (_, i) => `cp a${i} a${i + 1}`).join("; ");

function workspace(): string {
  const ws = tempDir();
  mkdirSync(join(ws, ".git"));
  writeFileSync(join(ws, "keep.txt"), "x\n");
  return ws;
}

describe("work budget", () => {
  test("a line that outlasts its budget is BLOCK_UNDETERMINABLE_EFFECT, not a late answer", () => {
    const ws = workspace();
    const env = { HOME: tempDir(), PATH: process.env.PATH };
    expect(classify({ command: copyChain(300), cwd: ws, env }).decision).toBe("ALLOW");
    const spent = classify({ command: copyChain(300), cwd: ws, env, budgetMs: 1 });
    expect(spent.decision).toBe("BLOCK");
    expect(spent.reason).toBe("BLOCK_UNDETERMINABLE_EFFECT");
  });

  test("the budget belongs to one check: the next check has its own", () => {
    const ws = workspace();
    const env = { HOME: tempDir(), PATH: process.env.PATH };
    expect(classify({ command: copyChain(300), cwd: ws, env, budgetMs: 1 }).decision).toBe("BLOCK");
    expect(classify({ command: "rm keep.txt", cwd: ws, env }).reason).toBe("RELOCATE_TREE");
  });

  test("a hook denies a line built to be slow instead of timing out (the agent would run it)", () => {
    const ws = workspace();
    // Thousands of globs over a system tree: each expands and is judged on its own.
    const line = Array.from({ length: 4000 }, (_, i) => `ls /usr/*/*${i % 10}`).join("; ") + `; ${copyChain(3000)}`;
    const payload = JSON.stringify({ session_id: "s", cwd: ws, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: line } });
    const r = runEntry("check", ["--hook", "claude"], { cwd: ws, stdin: payload, env: { HOME: tempDir() } });
    const answer = JSON.parse(r.stdout);
    expect(answer.hookSpecificOutput.permissionDecision).toBe("deny");
    expect(answer.hookSpecificOutput.permissionDecisionReason).toContain("BLOCK_UNDETERMINABLE_EFFECT");
  });
});
