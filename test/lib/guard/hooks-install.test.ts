import { describe, expect, test } from "bun:test";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { HookAgent } from "../../../lib/guard/hooks/run-hook.ts";
import { doctor } from "../../../lib/guard/install/doctor.ts";
import { installHook } from "../../../lib/guard/install/install-hook.ts";
import { useTempDirs } from "../../support/temp-dir.ts";

const tempDir = useTempDirs("leogriel-hooks-install-");
const ENTRY = join(import.meta.dir, "..", "..", "..", "cmd", "check.ts");
const command = (agent: HookAgent) => `'${process.execPath}' '${ENTRY}' --hook ${agent}`;

function setup() {
  const root = tempDir();
  const ws = join(root, "ws");
  mkdirSync(ws);
  return { ws, env: { HOME: join(root, "home"), PATH: process.env.PATH } };
}

// The post-tool entry runs the same command line: the payload's hook_event_name picks the mode.
const POST: Record<HookAgent, { event: string; matcher: string } | null> = {
  claude: { event: "PostToolUse", matcher: "*" },
  codex: { event: "PostToolUse", matcher: "*" },
  gemini: { event: "AfterTool", matcher: ".*" },
  cursor: null,
  copilot: null,
};

describe("install-hook writes the post-tool entry where the agent has one", () => {
  for (const [agent, post] of Object.entries(POST) as [HookAgent, (typeof POST)[HookAgent]][]) {
    test(`${agent}: ${post ? `hooks.${post.event} gets our command with matcher ${post.matcher}` : "only the pre-tool entry is written"}`, () => {
      const { ws, env } = setup();
      const report = installHook(agent, "project", ws, command(agent), env);
      const hooks = JSON.parse(readFileSync(report.path, "utf8")).hooks as Record<string, unknown[]>;
      const events = Object.keys(hooks);
      if (!post) {
        expect(events).toHaveLength(1);
        return;
      }
      const entries = hooks[post.event] as { matcher: string; hooks: { command: string }[] }[];
      expect(entries).toHaveLength(1);
      expect(entries[0]!.matcher).toBe(post.matcher);
      expect(entries[0]!.hooks[0]!.command).toBe(command(agent));
      expect(installHook(agent, "project", ws, command(agent), env).changed).toBe(false);
    });
  }

  test("an install from before the post-tool mode is DRIFTED until install-hook runs again", () => {
    const { ws, env } = setup();
    const report = installHook("claude", "project", ws, command("claude"), env);
    const doc = JSON.parse(readFileSync(report.path, "utf8"));
    const keep = { matcher: "Edit", hooks: [{ type: "command", command: "other-tool" }] };
    doc.hooks.PostToolUse = [keep];
    writeFileSync(report.path, JSON.stringify(doc));
    const [before] = doctor(ws, { checkDrift: true, env }).filter((r) => r.installed);
    expect(before).toMatchObject({ agent: "claude", runs: true, post_installed: false, drift: "DRIFTED" });
    expect(before!.detail).toContain("PostToolUse");
    installHook("claude", "project", ws, command("claude"), env);
    expect(JSON.parse(readFileSync(report.path, "utf8")).hooks.PostToolUse[0]).toEqual(keep);
    const [after] = doctor(ws, { checkDrift: true, env }).filter((r) => r.installed);
    expect(after).toMatchObject({ post_installed: true, drift: "CURRENT" });
  });
});
