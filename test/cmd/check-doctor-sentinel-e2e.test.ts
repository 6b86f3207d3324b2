import { describe, expect, test } from "bun:test";
import { mkdirSync, readdirSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { startMockApi } from "../fixtures/check-hooks/mock-messages-api.ts";
import { CLAUDE_DIR, claudeMockEnv } from "../support/claude-cli.ts";
import { runEntry } from "../support/run-cli.ts";
import { useTempDirs } from "../support/temp-dir.ts";

// `doctor --live-sentinel` against the real Claude Code CLI and a loopback mock of the Messages
// API (research/claude-e2e.md). The doctor finds `claude` on PATH and inherits the endpoint from
// the environment, as it would a user's credentials; the mock plays a model that runs the
// sentinel command the prompt names, or one that only answers with text.
const tempDir = useTempDirs("leogriel-sentinel-e2e-");
const SENTINEL = /rm -rf \.\/leogriel-sentinel-[0-9a-f]{32}/;

async function doctorRun(opts: { hook: "user" | "project" | false; model: "obeys" | "chats"; url?: string; timeout?: string }) {
  const root = realpathSync(tempDir());
  const ws = join(root, "home", "project");
  const tmp = join(root, "tmp");
  for (const dir of [ws, tmp, join(root, "config")]) mkdirSync(dir, { recursive: true });
  const env = { PATH: `${CLAUDE_DIR}:${process.env.PATH ?? ""}`, HOME: join(root, "home"), TMPDIR: tmp, CLAUDE_CONFIG_DIR: join(root, "config") };
  if (opts.hook) expect(runEntry("check", ["install-hook", "claude", "--scope", opts.hook, "--cwd", ws], { env }).exitCode).toBe(0);
  const api = startMockApi((messages) => (opts.model === "obeys" ? SENTINEL.exec(messages)?.[0] : undefined));
  // The run is async so the mock, served by this process, can answer while the doctor waits.
  try {
    const proc = Bun.spawn([process.execPath, join(import.meta.dir, "..", "..", "cmd", "check.ts"), "doctor", "--live-sentinel", "--json", "--timeout", opts.timeout ?? "60", "--cwd", ws], {
      env: { ...env, NO_COLOR: "1", ...claudeMockEnv(opts.url ?? api.url) },
      stdout: "pipe",
      stderr: "pipe",
    });
    const [stdout, stderr, exitCode] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
    return { exitCode, stdout, stderr, tmp, report: JSON.parse(stdout).data.live_sentinel[0], requests: api.requests.length };
  } finally {
    api.stop();
  }
}

describe("doctor --live-sentinel with the real Claude Code CLI (loopback API)", () => {
  test("PASS: the hook install-hook wrote moves the sentinel into the quarantine and leaves a hashed receipt", async () => {
    const r = await doctorRun({ hook: "user", model: "obeys" });
    expect(r.report).toMatchObject({ agent: "claude", result: "PASS", reason: "HOOK_INTERCEPTED" });
    expect(r.report.evidence).toMatchObject({ tool_call_seen: true, sentinel: "quarantined", exit_code: 0, timed_out: false });
    expect(r.report.evidence.receipts).toEqual([
      { v: 1, nonce_sha256: r.report.nonce_sha256, agent: "claude", decision: "RELOCATE", reason: "RELOCATE_TREE", compensated: true, at: expect.any(String) },
    ]);
    expect(r.report.settings).toEqual([expect.stringMatching(/config\/settings\.json$/)]);
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout).ok).toBe(true);
    // Nothing of the run is kept: the scratch folder is gone, and neither the nonce nor the
    // command (only its hash) reaches the report.
    expect(readdirSync(r.tmp)).toEqual([]);
    expect(r.stdout).not.toMatch(/leogriel-sentinel-[0-9a-f]{32}|rm -rf/);
  }, 90_000);

  test("PASS: a hook installed in the project's .claude/settings.json is loaded for the scratch run", async () => {
    const r = await doctorRun({ hook: "project", model: "obeys" });
    expect(r.report).toMatchObject({ result: "PASS", reason: "HOOK_INTERCEPTED", settings: [expect.stringMatching(/project\/\.claude\/settings\.json$/)] });
    expect(r.report.evidence).toMatchObject({ sentinel: "quarantined" });
    expect(r.exitCode).toBe(0);
  }, 90_000);

  test("INCONCLUSIVE: a model that never calls the tool proves nothing, and it does not look like a PASS", async () => {
    const r = await doctorRun({ hook: "user", model: "chats" });
    expect(r.report).toMatchObject({ result: "INCONCLUSIVE", reason: "NO_TOOL_CALL" });
    expect(r.report.evidence).toMatchObject({ tool_call_seen: false, sentinel: "intact", receipts: [] });
    expect(r.exitCode).toBe(3);
    expect(JSON.parse(r.stdout).ok).toBe(false);
    expect(r.requests).toBeGreaterThan(0);
  }, 90_000);

  test("FAIL: without a hook the agent runs the delete and the sentinel is gone", async () => {
    const r = await doctorRun({ hook: false, model: "obeys" });
    expect(r.report).toMatchObject({ result: "FAIL", reason: "SENTINEL_DELETED", settings: [] });
    expect(r.report.evidence).toMatchObject({ tool_call_seen: true, sentinel: "missing", receipts: [] });
    expect(r.exitCode).toBe(1);
    expect(JSON.parse(r.stdout).ok).toBe(false);
    expect(readdirSync(r.tmp)).toEqual([]);
  }, 90_000);

  test("INCONCLUSIVE: an API that never answers runs into the timeout, and the scratch folder still goes", async () => {
    const hung = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Promise<Response>(() => {}) });
    try {
      const r = await doctorRun({ hook: "user", model: "obeys", url: `http://127.0.0.1:${hung.port}`, timeout: "2" });
      expect(r.report).toMatchObject({ result: "INCONCLUSIVE", reason: "AGENT_TIMEOUT" });
      expect(r.report.evidence).toMatchObject({ timed_out: true, exit_code: null, sentinel: "intact" });
      expect(r.exitCode).toBe(3);
      expect(readdirSync(r.tmp)).toEqual([]);
    } finally {
      hung.stop(true);
    }
  }, 90_000);

  test("INCONCLUSIVE: an agent that cannot reach its API ends in an error, not a PASS", async () => {
    const dead = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response() });
    const url = `http://127.0.0.1:${dead.port}`;
    dead.stop(true);
    const r = await doctorRun({ hook: "user", model: "obeys", url });
    expect(r.report).toMatchObject({ result: "INCONCLUSIVE", reason: "AGENT_ERROR" });
    expect(r.report.evidence).toMatchObject({ tool_call_seen: false, sentinel: "intact", receipts: [] });
    expect(r.exitCode).toBe(3);
  }, 90_000);

  test("INCONCLUSIVE: an agent that is not on PATH is not a PASS", async () => {
    const root = realpathSync(tempDir());
    const r = runEntry("check", ["doctor", "--live-sentinel", "--cwd", root], { env: { PATH: "/nonexistent", HOME: root } });
    expect(r.exitCode).toBe(3);
    expect(r.stderr).toContain("claude live sentinel: INCONCLUSIVE AGENT_NOT_FOUND");
  });
});

describe("doctor --live-sentinel flags", () => {
  test("an agent without a live probe is UNVERIFIED (exit 3, ok false), and nothing is run", () => {
    const root = realpathSync(tempDir());
    const r = runEntry("check", ["doctor", "--live-sentinel", "--agent", "codex", "--json", "--cwd", root], { env: { HOME: root } });
    expect(r.exitCode).toBe(3);
    const out = JSON.parse(r.stdout);
    expect(out.ok).toBe(false);
    expect(out.data.live_sentinel).toEqual([{ agent: "codex", result: "UNVERIFIED", reason: "NOT_SUPPORTED", detail: expect.any(String), settings: [], duration_ms: expect.any(Number) }]);
  });

  const usage: [string, string[]][] = [
    ["--agent without --live-sentinel", ["--agent", "claude"]],
    ["--timeout without --live-sentinel", ["--timeout", "10"]],
    ["an unknown agent", ["--live-sentinel", "--agent", "nope"]],
    ["a zero timeout", ["--live-sentinel", "--timeout", "0"]],
    ["a fractional timeout", ["--live-sentinel", "--timeout", "1.5"]],
    ["a timeout over an hour", ["--live-sentinel", "--timeout", "3601"]],
    ["a timeout that is not a number", ["--live-sentinel", "--timeout", "soon"]],
    ["--check-drift in the same run", ["--live-sentinel", "--check-drift"]],
  ];
  for (const [name, args] of usage) {
    test(`${name} is a usage error (exit 2)`, () => {
      const root = realpathSync(tempDir());
      const r = runEntry("check", ["doctor", ...args, "--json", "--cwd", root], { env: { HOME: root, PATH: "/nonexistent" } });
      expect(r.exitCode).toBe(2);
      expect(JSON.parse(r.stdout).errors[0].code).toBe("invalid_usage");
    });
  }
});
