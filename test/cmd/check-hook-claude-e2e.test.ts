import { describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startMockApi } from "../fixtures/check-hooks/mock-messages-api.ts";
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

async function session(command: string, setup: (ws: string) => void) {
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
  const api = startMockApi(command);
  try {
    const proc = Bun.spawn([CLAUDE, "-p", "run the command", "--output-format", "stream-json", "--verbose", "--include-hook-events", "--allowedTools", "Bash"], {
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

  test("a token printed by a command reaches the model redacted by the PostToolUse hook", async () => {
    const s = await session("cat notes.txt", (ws) => writeFileSync(join(ws, "notes.txt"), `deploy with GITHUB_TOKEN=${ghp}\n`));
    // What the model reads: the tool_result blocks of the request that follows the tool call.
    const last = s.api.requests.at(-1) as { messages: { content: unknown }[] };
    const seen = JSON.stringify(last.messages.at(-1)!.content);
    expect(seen).toContain("[REDACTED:github-pat]");
    expect(seen).not.toContain(ghp);
    expect(s.hooks).toContain("PostToolUse");
  }, 60_000);
});
