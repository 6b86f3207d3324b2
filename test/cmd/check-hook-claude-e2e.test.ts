import { describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type MockToolCall, startMockApi } from "../fixtures/check-hooks/mock-messages-api.ts";
import { chars, token } from "../lib/core/secrets/fixtures.ts";
import { CLAUDE, claudeMockEnv } from "../support/claude-cli.ts";
import { runEntry } from "../support/run-cli.ts";
import { useTempDirs } from "../support/temp-dir.ts";

// The real Claude Code CLI (devDependency @anthropic-ai/claude-code) against a loopback mock of
// the Messages API, with the hooks `install-hook claude` writes into an isolated config folder
// (research/claude-e2e.md). `--allowedTools Bash` is the open baseline: without a hook decision
// the command would run, so a block is the hook's doing (GNU rm's --preserve-root default is the
// backstop for `rm -rf /`). CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC keeps the CLI off the
// network; the only connections it makes are to the mock.
const tempDir = useTempDirs("leogriel-claude-e2e-");
const ghp = token(["gh", "p_"], chars(36));

async function session(command: string | ((ws: string) => MockToolCall[]), setup: (ws: string) => void, tools = "Bash") {
  const root = realpathSync(tempDir());
  const home = join(root, "home");
  const ws = join(home, "project");
  for (const dir of [ws, join(root, "config"), join(root, "tmp")]) mkdirSync(dir, { recursive: true });
  setup(ws);
  const git = (...args: string[]) => Bun.spawnSync(["git", "-c", "user.name=t", "-c", "user.email=t@t", ...args], { cwd: ws });
  git("init", "-q");
  git("add", ".");
  git("commit", "-qm", "one");
  const env = { PATH: process.env.PATH ?? "", HOME: home, TMPDIR: "/tmp", CLAUDE_CONFIG_DIR: join(root, "config") };
  expect(runEntry("check", ["install-hook", "claude", "--scope", "user", "--cwd", ws], { env }).exitCode).toBe(0);
  const api = startMockApi(typeof command === "string" ? command : command(ws));
  try {
    const proc = Bun.spawn([CLAUDE, "-p", "run the command", "--output-format", "stream-json", "--verbose", "--include-hook-events", "--allowedTools", tools], {
      cwd: ws,
      stdin: "ignore",
      stdout: "pipe",
      stderr: "pipe",
      env: { ...env, CLAUDE_CODE_TMPDIR: join(root, "tmp"), ...claudeMockEnv(api.url) },
    });
    const [out] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
    const events = out.split("\n").filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
    const results = events.flatMap((e) => ((e.message as { content?: { type: string; content: unknown }[] })?.content ?? []).filter((b) => b.type === "tool_result"));
    const hooks = events.filter((e) => e.subtype === "hook_response");
    return { ws, env, api, results: JSON.stringify(results), hooks: JSON.stringify(hooks) };
  } finally {
    api.stop();
  }
}

describe("Claude Code with the hooks install-hook wrote (real CLI, loopback API)", () => {
  test("rm -rf / is blocked by the PreToolUse hook, and the model is told why", async () => {
    const s = await session("rm -rf /", (ws) => writeFileSync(join(ws, "a.txt"), "a\n"));
    expect(s.hooks).toContain("PreToolUse");
    expect(s.results).toContain("BLOCK_PROTECTED_ANCESTOR");
    expect(existsSync(join(s.ws, "a.txt"))).toBe(true);
  }, 60_000);

  test("rm -rf src runs after the hook moved src into the quarantine, and restore brings it back", async () => {
    const s = await session("rm -rf src", (ws) => {
      mkdirSync(join(ws, "src"));
      writeFileSync(join(ws, "src", "main.ts"), "export {};\n");
    });
    expect(existsSync(join(s.ws, "src"))).toBe(false);
    const txid = /leogriel-check restore (tx-[0-9TZ]+-[0-9a-f]{12})/.exec(s.hooks)?.[1];
    expect(txid).toBeDefined();
    expect(runEntry("check", ["restore", txid!], { cwd: s.ws, env: s.env }).exitCode).toBe(0);
    expect(readFileSync(join(s.ws, "src", "main.ts"), "utf8")).toBe("export {};\n");
  }, 60_000);

  // Red team 6 C1: the file tools were not hooked, so the agent could rewrite the guard's control
  // files. `--allowedTools Read,Edit` is the open baseline: the same Edit of an ordinary file goes
  // through, and so did one of `.leogriel/config.json` under the old `Bash|PowerShell` matcher.
  // Claude Code itself asks before writing its own settings (headless: refused), so for
  // `.claude/settings.json` the test shows the hook answers first, with its reason.
  const SETTINGS = `${JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "leogriel-check --hook claude" }] }] } }, null, 2)}\n`;
  const edit = (file: string, from: string, to: string): MockToolCall[] => [
    { name: "Read", input: { file_path: file } },
    { name: "Edit", input: { file_path: file, old_string: from, new_string: to } },
  ];

  test("an Edit of .claude/settings.json is denied by the PreToolUse hook and the file stays unchanged", async () => {
    const s = await session((ws) => edit(join(ws, ".claude", "settings.json"), '"Bash"', '"NoSuchTool"'), (ws) => {
      mkdirSync(join(ws, ".claude"));
      writeFileSync(join(ws, ".claude", "settings.json"), SETTINGS);
    }, "Read,Edit");
    expect(s.hooks).toContain("PreToolUse");
    expect(s.results).toContain("BLOCK_PROTECTED_PATH");
    expect(readFileSync(join(s.ws, ".claude", "settings.json"), "utf8")).toBe(SETTINGS);
  }, 60_000);

  test("an Edit of .leogriel/config.json granting itself allow rules is denied and the file stays unchanged", async () => {
    const config = `${JSON.stringify({ schemaVersion: 1, check: { allow: [] } })}\n`;
    const s = await session((ws) => edit(join(ws, ".leogriel", "config.json"), "[]", '["BLOCK_OUTSIDE_WORKSPACE"]'), (ws) => {
      mkdirSync(join(ws, ".leogriel"));
      writeFileSync(join(ws, ".leogriel", "config.json"), config);
    }, "Read,Edit");
    expect(s.results).toContain("BLOCK_PROTECTED_PATH");
    expect(readFileSync(join(s.ws, ".leogriel", "config.json"), "utf8")).toBe(config);
  }, 60_000);

  test("the same Edit of an ordinary workspace file goes through (the hook has no opinion)", async () => {
    const s = await session((ws) => edit(join(ws, "notes.md"), "old", "new"), (ws) => writeFileSync(join(ws, "notes.md"), "old text\n"), "Read,Edit");
    expect(s.results).not.toContain("leogriel-check");
    expect(readFileSync(join(s.ws, "notes.md"), "utf8")).toBe("new text\n");
  }, 60_000);

  test("a token printed by a command reaches the model redacted by the PostToolUse hook", async () => {
    const s = await session("cat notes.txt", (ws) => writeFileSync(join(ws, "notes.txt"), `deploy with GITHUB_TOKEN=${ghp}\n`));
    // What the model reads: the request that follows the tool call holds the redacted result (a
    // hook's note may follow it as a message of its own), and no request ever holds the token.
    const last = s.api.requests.at(-1) as { messages: { content: unknown }[] };
    expect(JSON.stringify(last.messages)).toContain("[REDACTED:github-pat]");
    expect(JSON.stringify(s.api.requests)).not.toContain(ghp);
    expect(s.hooks).toContain("PostToolUse");
  }, 60_000);
});
