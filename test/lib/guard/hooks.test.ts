import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { claudeAdapter } from "../../../lib/guard/hooks/claude.ts";
import { type HookAgent, runHook } from "../../../lib/guard/hooks/run-hook.ts";
import { ASK_FORM, hookPayload, hookVerdict } from "../../fixtures/check/hook-answers.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";

const fx = useGuardFixture();
const bytes = (value: unknown) => new TextEncoder().encode(typeof value === "string" ? value : JSON.stringify(value));
const hook = (agent: HookAgent, payload: unknown) => runHook(agent, bytes(payload), fx.env);

const AGENTS: HookAgent[] = ["claude", "codex", "cursor", "gemini", "copilot"];
/** Each agent's payload for a shell command. */
const PAYLOAD = Object.fromEntries(AGENTS.map((agent) => [agent, (command: string) => hookPayload(agent, command, fx.ws)])) as Record<HookAgent, (command: string) => unknown>;

const ASK = ASK_FORM;

describe("hook adapters", () => {
  for (const agent of AGENTS) {
    test(`${agent}: rm -rf ~ is denied, with the reason code in the agent's reason field`, async () => {
      const a = await hook(agent, PAYLOAD[agent]("rm -rf ~"));
      expect(a.exitCode).toBe(0);
      expect(hookVerdict(a.stdout, a.exitCode)).toBe("deny");
      expect(a.stdout).toContain("BLOCK_PROTECTED_ANCESTOR");
      expect(a.stdout).not.toContain("rm -rf");
    });

    test(`${agent}: a harmless command is allowed`, async () => {
      const a = await hook(agent, PAYLOAD[agent]("git status"));
      expect(hookVerdict(a.stdout, a.exitCode)).toBe("allow");
    });

    test(`${agent}: an ASK verdict is ${ASK[agent]}`, async () => {
      const a = await hook(agent, PAYLOAD[agent]("git reflog expire --all"));
      expect(hookVerdict(a.stdout, a.exitCode)).toBe(ASK[agent]);
    });

    for (const [name, input] of [
      ["malformed JSON", "{not json"],
      ["invalid UTF-8", new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])],
      ["a JSON array", "[]"],
      ["a shell tool without a command", agent === "cursor" ? { hook_event_name: "beforeShellExecution" } : agent === "copilot" ? { toolName: "bash", toolArgs: "{}" } : { tool_name: agent === "gemini" ? "run_shell_command" : "Bash", tool_input: {} }],
      ["a command that is not a string", agent === "copilot" ? { toolName: "bash", toolArgs: JSON.stringify({ command: 42 }) } : JSON.stringify(PAYLOAD[agent]("x")).replace('"x"', "42")],
    ] as const) {
      test(`${agent}: ${name} is denied in the agent's format, never a crash`, async () => {
        const a = await runHook(agent, input instanceof Uint8Array ? input : bytes(input), fx.env);
        expect(hookVerdict(a.stdout, a.exitCode)).toBe("deny");
        if (agent === "copilot" || agent === "cursor") expect(a.exitCode).toBe(0); // they skip non-zero hooks
      });
    }
  }

  // The payload is decoded leniently and, only when it holds U+FFFD, again strictly (run-hook.ts).
  test("claude: an undecodable byte inside the command is the unreadable payload's deny, a U+FFFD character the command's BLOCK", async () => {
    const json = new TextEncoder().encode(JSON.stringify(PAYLOAD.claude("ls XX")));
    const at = json.indexOf(0x58);
    const broken = new Uint8Array([...json.subarray(0, at), 0xff, ...json.subarray(at + 2)]);
    const a = await runHook("claude", broken, fx.env);
    expect(hookVerdict(a.stdout, a.exitCode)).toBe("deny");
    expect(a.stdout).toContain("not valid UTF-8 JSON");
    const b = await hook("claude", PAYLOAD.claude("ls \uFFFD"));
    expect(hookVerdict(b.stdout, b.exitCode)).toBe("deny");
    expect(b.stdout).toContain("BLOCK_UNDETERMINABLE_EFFECT");
    expect(b.stdout).not.toContain("not valid UTF-8 JSON");
  });

  test("claude: a workspace delete is compensated (a small file copied into the quarantine) and then allowed", async () => {
    const a = await hook("claude", PAYLOAD.claude("rm -rf scratch.txt"));
    expect(hookVerdict(a.stdout, a.exitCode)).toBe("allow");
    const txid = /leogriel-check restore (tx-[0-9TZ]+-[0-9a-f]+)/.exec(JSON.parse(a.stdout).hookSpecificOutput.additionalContext)?.[1];
    expect(txid).toBeDefined();
    // Left in place for the line (which may read it before the delete); the copy is what restore brings back.
    expect(readFileSync(join(fx.ws, ".agent-guard", "quarantine", "tx", txid!, "payload", "0"), "utf8")).toBe(readFileSync(join(fx.ws, "scratch.txt"), "utf8"));
  });

  test("claude: the PowerShell tool is classified with the PowerShell dialect", async () => {
    const a = await hook("claude", { tool_name: "PowerShell", cwd: fx.ws, tool_input: { command: "Remove-Item -Recurse -Force /" } });
    expect(a.stdout).toContain("BLOCK_PROTECTED_ANCESTOR");
  });

  test("copilot: the VS Code payload form is understood", async () => {
    const a = await hook("copilot", { hook_event_name: "PreToolUse", cwd: fx.ws, tool_name: "bash", tool_input: { command: "rm -rf /" } });
    expect(hookVerdict(a.stdout, a.exitCode)).toBe("deny");
  });

  test("cursor: the preToolUse Shell form is understood", async () => {
    const a = await hook("cursor", { hook_event_name: "preToolUse", tool_name: "Shell", tool_input: { command: "rm -rf /" }, cwd: fx.ws });
    expect(hookVerdict(a.stdout, a.exitCode)).toBe("deny");
  });

  test("a tool that is not a shell passes silently", async () => {
    const a = await hook("claude", { tool_name: "Read", cwd: fx.ws, tool_input: { file_path: "/etc/passwd" } });
    expect(a).toEqual({ stdout: "", exitCode: 0 });
  });

  // claude.ts writes its deny and ask answers by hand (no JSON.stringify code in a blocked
  // command's hook process): the bytes must be JSON.stringify's for every reason.
  test("claude: a deny answer is JSON.stringify's bytes, for a plain reason and for one that needs escapes", () => {
    for (const message of ["leogriel-check: BLOCK X: a (b) [c] {d} ~ `e` 'f' (check chk_00ff)", 'quote " and back\\slash', "tab\tnew\nline \u0001 \u007f é \u2028 \ud83d\ude00 \ud800", ""]) {
      const body = { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: message } };
      expect(claudeAdapter("claude").deny(message)).toEqual({ stdout: `${JSON.stringify(body)}\n`, exitCode: 2, stderr: message });
    }
  });

  test("an oversize payload is denied", async () => {
    const a = await runHook("claude", new Uint8Array(9 << 20).fill(0x20), fx.env);
    expect(hookVerdict(a.stdout, a.exitCode)).toBe("deny");
  });
});
