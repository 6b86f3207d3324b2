import { describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { readHookArgs } from "../../../lib/guard/hooks/hook-args.ts";
import { listTransactions } from "../../../lib/guard/recovery/inventory.ts";
import { type HookAgent, runHook } from "../../../lib/guard/hooks/run-hook.ts";
import { isOurCommand, selfCommand } from "../../../lib/guard/install/hook-targets.ts";
import { hookVerdict } from "../../fixtures/check/hook-answers.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { notedTxid, quarantinedSources } from "../../support/quarantined.ts";

// Red-team pass 6, hook adapters: H1 (per-call working directory), H2 (input typed into a running
// session), H3 (Windows shells), L1 (Codex argv commands).
const fx = useGuardFixture();
const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
const hook = (agent: HookAgent, payload: unknown, platform: NodeJS.Platform = "linux", env = fx.env, dialect?: string) =>
  runHook(agent, bytes(payload), env, dialect, "sanitize", platform);
const verdict = async (agent: HookAgent, payload: unknown, platform?: NodeJS.Platform) => {
  const a = await hook(agent, payload, platform);
  return hookVerdict(a.stdout, a.exitCode);
};

describe("H1: the per-call working directory is where the command is judged", () => {
  const gemini = (command: string, input: Record<string, unknown>) => ({ cwd: fx.ws, hook_event_name: "BeforeTool", tool_name: "run_shell_command", tool_input: { command, ...input } });
  const seed = () => {
    mkdirSync(join(fx.ws, "sub", "data"), { recursive: true });
    writeFileSync(join(fx.ws, "sub", "data", "p.txt"), "p\n");
  };

  for (const [name, input] of [
    ["directory", { directory: "sub" }],
    ["directory with a trailing slash", { directory: "sub/" }],
    ["dir_path (newer builds)", { dir_path: "sub" }],
    ["an absolute directory", { directory: "<ws>/sub" }],
  ] as const) {
    test(`gemini ${name}: rm -rf data deletes sub/data, so it is quarantined first`, async () => {
      seed();
      const fixed = Object.fromEntries(Object.entries(input).map(([k, v]) => [k, v.replace("<ws>", fx.ws)]));
      const a = await hook("gemini", gemini("rm -rf data", fixed));
      expect(a.stdout).toContain("kept 1 path(s) in the quarantine");
      expect(quarantinedSources(fx.ws, notedTxid(a.stdout))).toEqual(["sub/data"]);
    });
  }

  test("gemini: a directory that leads out of the workspace is judged there", async () => {
    // From the home folder (no repository: its own workspace) the delete is quarantined first.
    const a = await hook("gemini", gemini("rm -rf .ssh", { directory: ".." }));
    expect(a.stdout).toContain("kept 1 path(s) in the quarantine");
    expect(quarantinedSources(fx.home, notedTxid(a.stdout))).toEqual([".ssh"]);
    expect(await verdict("gemini", gemini("rm -rf ..", { dir_path: join(fx.home, "Documents") }))).toBe("deny");
    expect(await verdict("gemini", gemini("rm -rf ../.bashrc", { directory: "src" }))).toBe("allow");
  });

  test("gemini: a directory that is not a string is the adapter's shape error", async () => {
    const a = await hook("gemini", gemini("ls", { directory: 42 }));
    expect(hookVerdict(a.stdout, a.exitCode)).toBe("deny");
    expect(a.stdout).toContain("tool_input.directory is not a string");
  });

  test("gemini: harmless commands in a directory stay allowed", async () => {
    seed();
    expect(await verdict("gemini", gemini("ls data", { directory: "sub" }))).toBe("allow");
    expect(await verdict("gemini", gemini("cat p.txt", { directory: "sub/data" }))).toBe("allow");
  });

  test("codex workdir and copilot toolArgs.cwd are honoured too", async () => {
    expect(await verdict("codex", { cwd: fx.ws, tool_name: "Bash", tool_input: { command: "rm -rf ..", workdir: "src" } })).toBe("deny");
    expect(await verdict("copilot", { cwd: fx.ws, toolName: "bash", toolArgs: JSON.stringify({ command: "rm -rf ..", cwd: "src" }) })).toBe("deny");
    mkdirSync(join(fx.home, ".ssh"), { recursive: true }); // an earlier row's line may have moved it
    const earlier = new Set(listTransactions(fx.home).transactions.map((t) => t.txid));
    expect(await verdict("copilot", { cwd: fx.ws, toolName: "bash", toolArgs: JSON.stringify({ command: "rm -rf .ssh", cwd: fx.home }) })).toBe("allow");
    // Copilot's answer carries no note: the new transaction is found in the home folder's quarantine.
    const added = listTransactions(fx.home).transactions.filter((t) => !earlier.has(t.txid));
    expect(added.map((t) => quarantinedSources(fx.home, t.txid))).toEqual([[".ssh"]]);
    expect(await verdict("codex", { cwd: fx.ws, tool_name: "Bash", tool_input: { command: "ls", workdir: "src" } })).toBe("allow");
    const bad = await hook("codex", { cwd: fx.ws, tool_name: "Bash", tool_input: { command: "ls", workdir: ["src"] } });
    expect(hookVerdict(bad.stdout, bad.exitCode)).toBe("deny");
  });
});

describe("H2: input typed into a running session is judged as a command in that shell", () => {
  const write = (tool: string, input: string) => ({ sessionId: "s", cwd: fx.ws, toolName: tool, toolArgs: JSON.stringify({ sessionId: "1", input }) });

  for (const input of [
    "rm -rf ~/.ssh\n",
    "rm -rf ~/.ssh{enter}",
    "rm -rf ~/.ssh\r",
    "ls\nrm -rf ~/.ssh\n",
    'bash -c "rm -rf ~/.ssh"\n',
    "sudo rm -rf ~/.ssh\n",
    // A line left open would be finished by the next input and judged alone.
    "rm -rf ~/.ss",
    "rm -rf ~/.ss\\\n",
    "bash <<EOF\n",
    // Completion and editing keys change the line the shell runs.
    "rm -rf ~/.ss\t\n",
    "\x1b[A\n",
    "{up}{enter}",
    "echo x\x7f\n",
  ]) {
    test(`copilot write_bash ${JSON.stringify(input)} is denied`, async () => {
      expect(await verdict("copilot", write("write_bash", input))).toBe("deny");
    });
  }

  test("copilot write_powershell is judged as PowerShell", async () => {
    expect(await verdict("copilot", write("write_powershell", "Remove-Item -Recurse -Force $HOME\n"))).toBe("deny");
    expect(await verdict("copilot", write("write_powershell", "Get-ChildItem\n"))).toBe("allow");
  });

  for (const input of ["y\n", "ls\n", "git status\npwd\n", "", "\x03", "\x04", "{enter}", "npm test{enter}"]) {
    test(`copilot write_bash ${JSON.stringify(input)} stays allowed`, async () => {
      expect(await verdict("copilot", write("write_bash", input))).toBe("allow");
    });
  }

  test("copilot write_bash without input is the shape error", async () => {
    const a = await hook("copilot", { cwd: fx.ws, toolName: "write_bash", toolArgs: JSON.stringify({ sessionId: "1" }) });
    expect(hookVerdict(a.stdout, a.exitCode)).toBe("deny");
    expect(a.exitCode).toBe(0);
  });

  test("a bare interactive shell or interpreter in async mode is allowed: what it reads later is checked", async () => {
    for (const command of ["bash", "sh -i", "python3", "node"]) {
      expect(await verdict("copilot", { cwd: fx.ws, toolName: "bash", toolArgs: JSON.stringify({ command, mode: "async", sessionId: "1" }) })).toBe("allow");
    }
    // Python or JavaScript typed into such a session is not shell: a call fails closed.
    expect(await verdict("copilot", write("write_bash", "__import__('shutil').rmtree('/tmp/x')\n"))).toBe("deny");
  });

  test("codex write_stdin and exec_command are judged, never skipped", async () => {
    const codex = (tool: string, input: Record<string, unknown>) => ({ cwd: fx.ws, hook_event_name: "PreToolUse", tool_name: tool, tool_input: input });
    expect(await verdict("codex", codex("write_stdin", { session_id: 1, chars: "rm -rf ~/.ssh\n" }))).toBe("deny");
    expect(await verdict("codex", codex("write_stdin", { session_id: 1, chars: "rm -rf ~/.ss" }))).toBe("deny");
    expect(await verdict("codex", codex("write_stdin", { session_id: 1, chars: "" }))).toBe("allow");
    expect(await verdict("codex", codex("write_stdin", { session_id: 1, chars: "q\n" }))).toBe("allow");
    expect(await verdict("codex", codex("exec_command", { cmd: "rm -rf ~/.ssh" }))).toBe("deny");
    expect(await verdict("codex", codex("exec_command", { cmd: "Remove-Item -Recurse -Force $HOME", shell: "pwsh.exe" }))).toBe("deny");
    expect(await verdict("codex", codex("exec_command", { cmd: "git status", workdir: "src" }))).toBe("allow");
    // Claude has no such tools: a same-named tool there is not a shell.
    expect(await verdict("claude", codex("write_stdin", { chars: "rm -rf ~/.ssh\n" }))).toBe("allow");
  });
});

describe("H3: on Windows the agent's shell is the default dialect", () => {
  const payload: Record<HookAgent, (command: string) => unknown> = {
    gemini: (command) => ({ cwd: fx.ws, hook_event_name: "BeforeTool", tool_name: "run_shell_command", tool_input: { command } }),
    cursor: (command) => ({ hook_event_name: "beforeShellExecution", command, cwd: fx.ws }),
    codex: (command) => ({ cwd: fx.ws, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command } }),
    claude: (command) => ({ cwd: fx.ws, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command } }),
    copilot: (command) => ({ cwd: fx.ws, toolName: "bash", toolArgs: JSON.stringify({ command }) }),
  };
  const PS = ["Remove-Item -Recurse -Force $HOME", "ri ~ -r -fo", "Get-ChildItem $HOME | Remove-Item -Recurse -Force"];

  for (const agent of ["gemini", "cursor", "codex"] as const) {
    for (const command of PS) {
      test(`${agent} on win32: ${command} is denied`, async () => {
        expect(await verdict(agent, payload[agent](command), "win32")).toBe("deny");
      });
    }
    test(`${agent} on win32: everyday PowerShell stays allowed`, async () => {
      expect(await verdict(agent, payload[agent]("Get-ChildItem"), "win32")).toBe("allow");
      expect(await verdict(agent, payload[agent]("git status"), "win32")).toBe("allow");
    });
    test(`${agent}: --dialect and AGENT_GUARD_DIALECT still win over the platform`, async () => {
      const env = { ...fx.env, USERPROFILE: fx.home };
      let a = await hook(agent, payload[agent]("rd /s /q %USERPROFILE%\\.ssh"), "win32", { ...env, AGENT_GUARD_DIALECT: "cmd" });
      expect(hookVerdict(a.stdout, a.exitCode)).toBe("deny");
      a = await hook(agent, payload[agent]("rd /s /q %USERPROFILE%\\.ssh"), "win32", env, "cmd");
      expect(hookVerdict(a.stdout, a.exitCode)).toBe("deny");
    });
  }

  test("claude Bash (Git Bash) and copilot bash stay posix on win32", async () => {
    expect(await verdict("claude", payload.claude("rm -rf ~/.ssh"), "win32")).toBe("deny");
    expect(await verdict("copilot", payload.copilot("rm -rf ~/.ssh"), "win32")).toBe("deny");
  });

  test("install-hook writes --dialect powershell into the Windows hook line of gemini, cursor and codex", () => {
    for (const agent of ["gemini", "cursor", "codex"] as const) {
      const line = selfCommand(agent, "win32");
      expect(line.endsWith(`--hook ${agent} --dialect powershell`)).toBe(true);
      expect(isOurCommand(`leogriel-check${line.slice(line.indexOf(" --hook"))}`, agent)).toBe(true);
      expect(readHookArgs(line.split(" ").slice(-4))).toEqual({ agent, dialect: "powershell", spanMode: "sanitize" });
      expect(selfCommand(agent, "linux").endsWith(`--hook ${agent}`)).toBe(true);
    }
    expect(selfCommand("claude", "win32").endsWith("--hook claude")).toBe(true);
    expect(selfCommand("copilot", "win32").endsWith("--hook copilot")).toBe(true);
  });
});

describe("L1: a Codex argv command is read, not denied as a shape error", () => {
  const codex = (command: unknown) => ({ cwd: fx.ws, hook_event_name: "PreToolUse", tool_name: "shell", tool_input: { command } });

  for (const argv of [["bash", "-lc", "rm -rf ~/.ssh"], ["/bin/zsh", "-c", "rm -rf ~/.ssh"], ["sh", "-c", "cd ~ && rm -rf .ssh"], ["rm", "-rf", "/"], ["sudo", "rm", "-rf", "/"], ["bash", "-c", "bash -c 'rm -rf ~/.ssh'"]]) {
    test(`${JSON.stringify(argv)} is denied for what it does`, async () => {
      const a = await hook("codex", codex(argv));
      expect(hookVerdict(a.stdout, a.exitCode)).toBe("deny");
      expect(a.stdout).not.toContain("is not a string");
    });
  }

  for (const argv of [["bash", "-lc", "git status"], ["echo", "rm -rf ~/.ssh"], ["ls", "-la", "my dir"], ["rm", "-rf", "~/.ssh"] /* no shell: the tilde is a literal name */]) {
    test(`${JSON.stringify(argv)} stays allowed`, async () => {
      expect(await verdict("codex", codex(argv))).toBe("allow");
    });
  }

  test("an argv delete of an absolute path outside the workspace is denied", async () => {
    expect(await verdict("codex", codex(["rm", "-rf", join(fx.home, ".ssh")]))).toBe("deny");
  });

  test("an empty or non-string argv is the shape error", async () => {
    expect(await verdict("codex", codex([]))).toBe("deny");
    expect(await verdict("codex", codex(["rm", 1]))).toBe("deny");
  });
});
