import { afterEach, describe, expect, test } from "bun:test";
import { closeSync, existsSync, ftruncateSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { captureCommand, captureRunOptions } from "../../cmd/capture.ts";
import { sha256Hex } from "../../lib/core/hash.ts";
import { CaptureResult, ErrorResult } from "../../lib/proof/results.ts";
import { SessionPredicate } from "../../lib/proof/session-predicate.ts";
import { failedTurn, messageTurn, shellTurn, type MockTurn } from "../support/mock-responses.ts";
import { codexSession, makeRepo, readReceipt, runEntryAsync, runInProcess, writeRequest, type CodexSession } from "../support/proof-harness.ts";
import { useTempDirs } from "../support/temp-dir.ts";

const PROMPT = "Create from_shell.txt. PROMPT-SENTINEL-7f3a";
const REQUEST = { action: "capture", model: "mock-model", prompt: PROMPT, sandbox: "workspace-write" };

let session: CodexSession | undefined;
afterEach(async () => {
  await session?.stop();
  session = undefined;
});
// After the hook above (bun runs afterEach hooks in the order they were added): a session is
// stopped before its folder is removed.
const tempDir = useTempDirs("leogriel-capture-");

function setup(turns: MockTurn[], files?: Record<string, string>) {
  const dir = tempDir();
  const repo = join(dir, "repo");
  mkdirSync(repo);
  makeRepo(repo, files);
  writeRequest(repo, REQUEST);
  session = codexSession(dir, turns);
  return { dir, repo, env: session.env, mock: session.mock };
}

/** A capture process left running, so a test can signal it mid-session. */
function spawnCapture(repo: string, env: Record<string, string>) {
  return Bun.spawn([process.execPath, join(import.meta.dir, "..", "..", "cmd", "capture.ts"), "--request", ".agentproof/request.json"], {
    cwd: repo,
    env,
    stdout: "pipe",
    stderr: "pipe",
  });
}

/** Every process below `pid` (Linux's /proc; none elsewhere). */
function descendants(pid: number): number[] {
  const file = `/proc/${pid}/task/${pid}/children`;
  if (!existsSync(file)) return [];
  const children = readFileSync(file, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  return children.flatMap((child) => [child, ...descendants(child)]);
}

function killQuietly(pid: number): void {
  try {
    process.kill(pid, "SIGKILL");
  } catch {
    // Already gone.
  }
}

function errorOf(stderr: string): ErrorResult {
  const lines = stderr.trim().split("\n");
  expect(lines).toHaveLength(1);
  return ErrorResult.parse(JSON.parse(lines[0]!));
}

describe("leogriel-capture with the real Codex CLI", () => {
  test("records a session that runs a command and publishes a signed receipt", async () => {
    const { repo, env, mock } = setup([shellTurn("call_1", "echo hi > from_shell.txt && echo changed > README.md"), messageTurn("done")]);
    const run = await runEntryAsync("capture", ["--request", ".agentproof/request.json"], { cwd: repo, env });

    expect(run.exitCode).toBe(0);
    const result = CaptureResult.parse(JSON.parse(run.stdout));
    expect(run.stdout.trim().split("\n")).toHaveLength(1);
    expect(run.stderr).toContain("Captured .agentproof/agent-session.json");
    expect(run.stderr).not.toContain("Reading prompt from stdin");
    expect(result.changed_paths).toBe(2);

    const { text, envelope, statement } = readReceipt(repo);
    expect(text.endsWith("\n") && !text.slice(0, -1).includes("\n")).toBe(true);
    expect(sha256Hex(text)).toBe(result.receipt_sha256);
    expect(envelope.payloadType).toBe("application/vnd.in-toto+json");
    expect(Buffer.from(envelope.payload, "base64").toString()).not.toContain("PROMPT-SENTINEL");
    expect(statement.subject).toEqual([
      { name: "README.md", digest: { sha256: sha256Hex("changed\n") } },
      { name: "from_shell.txt", digest: { sha256: sha256Hex("hi\n") } },
    ]);
    const predicate = SessionPredicate.parse(statement.predicate);
    expect(predicate.request).toMatchObject({ model: "mock-model", sandbox: "workspace-write", prompt_sha256: sha256Hex(PROMPT) });
    expect(predicate.changes.map((c) => [c.path, c.status])).toEqual([["README.md", "modified"], ["from_shell.txt", "added"]]);
    expect(JSON.parse(predicate.events.lines[0]!).type).toBe("thread.started");
    expect(JSON.parse(predicate.events.lines.at(-1)!).type).toBe("turn.completed");
    expect(predicate.child).toMatchObject({ exit_code: 0, timed_out: false, signal: null });
    expect(predicate.signer.keyid).toBe(session!.key.keyid);
    expect(mock.requests).toHaveLength(2);
    expect(JSON.stringify(mock.requests[1])).toContain("function_call_output");
  });

  test("does not tell Codex where the signing key lives", async () => {
    const { repo, env } = setup([shellTurn("call_1", "printenv > seen-env.txt; true"), messageTurn("done")]);
    const run = await runEntryAsync("capture", ["--request", ".agentproof/request.json"], { cwd: repo, env });
    expect(run.exitCode).toBe(0);
    const seen = readFileSync(join(repo, "seen-env.txt"), "utf8");
    expect(seen).toContain("CODEX_HOME=");
    expect(seen).not.toContain("LEOGRIEL_SIGNING_KEY");
    expect(seen).not.toContain(env.LEOGRIEL_SIGNING_KEY!);
  });

  test("cuts the prompt out of events when Codex echoes it, keeping only its commitment", async () => {
    const { dir, repo, env } = setup([]);
    // A stand-in Codex that echoes its stdin (the prompt) in an event, on stdout and on stderr.
    const echo = join(dir, "echo-codex.ts");
    writeFileSync(
      echo,
      [
        "const prompt = await Bun.stdin.text();",
        'console.log(JSON.stringify({ type: "item.completed", item: { type: "user_message", text: prompt } }));',
        'console.log(`raw: ${prompt}`);',
        "process.stderr.write(prompt);",
      ].join("\n"),
    );
    const codex = join(dir, "codex");
    writeFileSync(codex, `#!/bin/sh\nexec '${process.execPath}' '${echo}'\n`, { mode: 0o755 });
    const run = await runEntryAsync("capture", ["--request", ".agentproof/request.json"], { cwd: repo, env: { ...env, LEOGRIEL_CODEX: codex } });

    expect(run.exitCode).toBe(0);
    expect(run.stdout + run.stderr).not.toContain("PROMPT-SENTINEL");
    const { text, envelope } = readReceipt(repo);
    const payload = Buffer.from(envelope.payload, "base64").toString();
    expect(text + payload).not.toContain("PROMPT-SENTINEL");
    const events = SessionPredicate.parse(JSON.parse(payload).predicate).events;
    const marker = `[PROMPT sha256:${sha256Hex(PROMPT)}]`;
    expect(events.lines).toEqual([JSON.stringify({ type: "item.completed", item: { type: "user_message", text: marker } }), `raw: ${marker}`]);
    expect(events.redactions).toBe(2);
  });

  test("records deletions in process, leaving deleted paths out of the subjects", async () => {
    const { repo, env } = setup([shellTurn("call_1", "rm gone.txt && echo new > added.txt"), messageTurn("done")], { "gone.txt": "bye\n", "README.md": "init\n" });
    const run = await runInProcess(captureCommand, { ...captureRunOptions, rawArgs: ["--request", ".agentproof/request.json", "--cwd", repo] }, env);

    expect(run.exitCode).toBe(0);
    expect(CaptureResult.parse(JSON.parse(run.stdout))).toMatchObject({ changed_paths: 2, subjects: 1 });
    const { statement } = readReceipt(repo);
    expect(statement.subject.map((s: { name: string }) => s.name)).toEqual(["added.txt"]);
    const gone = SessionPredicate.parse(statement.predicate).changes.find((c) => c.path === "gone.txt");
    expect(gone).toMatchObject({ status: "deleted", after: null, before: { sha256: sha256Hex("bye\n") } });
  });

  test("still writes a receipt when the model fails, then reports codex_failed with stderr commitments only", async () => {
    const { repo, env } = setup([failedTurn("mock failure")]);
    const run = await runEntryAsync("capture", ["--request", ".agentproof/request.json"], { cwd: repo, env });

    expect(run.exitCode).toBe(1);
    expect(run.stdout).toBe("");
    const error = errorOf(run.stderr);
    expect(error.error).toBe("codex_failed");
    expect(error.details).toMatchObject({ exit_code: 1, receipt: ".agentproof/agent-session.json" });
    expect(Object.keys(error.details!).sort()).toEqual(["exit_code", "receipt", "receipt_sha256", "signal", "stderr_bytes", "stderr_lines", "stderr_sha256"]);
    const predicate = SessionPredicate.parse(readReceipt(repo).statement.predicate);
    expect(predicate.events.lines.map((l) => JSON.parse(l).type)).toContain("turn.failed");
    expect(predicate.child.stderr.sha256).toBe(error.details!.stderr_sha256 as string);
  });

  test("stops a hanging Codex at the capture timeout and records the partial session", async () => {
    const { repo, env } = setup([{ kind: "hang" }]);
    const run = await runEntryAsync("capture", ["--request", ".agentproof/request.json", "--timeout", "1"], { cwd: repo, env });

    expect(run.exitCode).toBe(1);
    expect(errorOf(run.stderr)).toMatchObject({ error: "capture_timeout", limits: { timeout_ms: 1000 } });
    const predicate = SessionPredicate.parse(readReceipt(repo).statement.predicate);
    expect(predicate.child).toMatchObject({ timed_out: true, exit_code: null });
  });

  test("refuses to replace a receipt the agent published during the run", async () => {
    const { repo, env } = setup([shellTurn("call_1", "echo other > .agentproof/agent-session.json"), messageTurn("done")]);
    const run = await runEntryAsync("capture", ["--request", ".agentproof/request.json"], { cwd: repo, env });

    expect(run.exitCode).toBe(1);
    expect(errorOf(run.stderr).error).toBe("receipt_output_already_exists");
    expect(readFileSync(join(repo, ".agentproof", "agent-session.json"), "utf8")).toBe("other\n");
    expect(readdirSync(join(repo, ".agentproof")).sort()).toEqual(["agent-session.json", "request.json"]);
  });

  test("stops Codex and writes no receipt when capture gets SIGTERM mid-run", async () => {
    const { repo, env, mock } = setup([{ kind: "hang" }]);
    const proc = spawnCapture(repo, env);
    await mock.received(1);
    proc.kill("SIGTERM");
    await proc.exited;

    expect(proc.signalCode).toBe("SIGTERM");
    expect(readdirSync(join(repo, ".agentproof"))).toEqual(["request.json"]);
  });

  test("leaves no receipt and no temp file when killed mid-run", async () => {
    const { repo, env, mock } = setup([{ kind: "hang" }]);
    const proc = spawnCapture(repo, env);
    await mock.received(1);
    // SIGKILL leaves capture no chance to stop Codex: the test stops the orphans itself, or
    // they write into the session's folder after it is removed.
    const orphans = descendants(proc.pid);
    proc.kill("SIGKILL");
    await proc.exited;
    for (const pid of orphans) killQuietly(pid);
    await mock.stop();

    expect(proc.signalCode).toBe("SIGKILL");
    expect(readdirSync(join(repo, ".agentproof"))).toEqual(["request.json"]);
  });
});

describe("leogriel-capture refusals", () => {
  test.each([
    ["git is missing", "none", "git_unavailable"],
    ["codex is missing", "git-only", "codex_unavailable"],
  ])("reports %s as a typed error (real process)", async (_name, path, code) => {
    const { dir, repo, env, mock } = setup([messageTurn("done")]);
    const bin = join(dir, "bin");
    mkdirSync(bin);
    if (path === "git-only") symlinkSync(Bun.which("git")!, join(bin, "git"));
    const { LEOGRIEL_CODEX: _codex, ...rest } = env;
    const run = await runEntryAsync("capture", ["--request", ".agentproof/request.json"], { cwd: repo, env: { ...rest, PATH: bin } });

    expect(run.exitCode).toBe(1);
    expect(run.stdout).toBe("");
    expect(errorOf(run.stderr).error).toBe(code);
    expect(mock.requests).toHaveLength(0);
  });

  test("reports a directory outside any git work tree as git_repository_required", async () => {
    const { dir, env } = setup([messageTurn("done")]);
    writeRequest(dir, REQUEST);
    const run = await runInProcess(captureCommand, { ...captureRunOptions, rawArgs: ["--request", ".agentproof/request.json", "--cwd", dir] }, env);
    expect(run.exitCode).toBe(1);
    expect(errorOf(run.stderr).error).toBe("git_repository_required");
  });

  test("refuses a symlinked .agentproof directory", async () => {
    const { dir, repo, env } = setup([messageTurn("done")]);
    const elsewhere = join(dir, "elsewhere");
    renameSync(join(repo, ".agentproof"), elsewhere);
    symlinkSync(elsewhere, join(repo, ".agentproof"));
    const run = await runInProcess(captureCommand, { ...captureRunOptions, rawArgs: ["--request", ".agentproof/request.json", "--cwd", repo] }, env);
    expect(run.exitCode).toBe(1);
    expect(errorOf(run.stderr).error).toBe("control_path_symlink");
    expect(readdirSync(elsewhere)).toEqual(["request.json"]);
  });

  test("refuses a request that is a FIFO at once, as a real process, without running Codex", async () => {
    const { repo, env, mock } = setup([messageTurn("done")]);
    expect(Bun.spawnSync(["mkfifo", join(repo, ".agentproof", "fifo.json")]).exitCode).toBe(0);
    const run = await runEntryAsync("capture", ["--request", ".agentproof/fifo.json"], { cwd: repo, env });

    expect(run.exitCode).toBe(1);
    expect(run.stdout).toBe("");
    expect(errorOf(run.stderr)).toMatchObject({ error: "request_not_regular_file", message: expect.stringContaining("FIFO") });
    expect(mock.requests).toHaveLength(0);
  });

  test("refuses an existing receipt before running Codex, leaving it unchanged", async () => {
    const { repo, env, mock } = setup([messageTurn("done")]);
    writeFileSync(join(repo, ".agentproof", "agent-session.json"), "mine\n");
    const run = await runInProcess(captureCommand, { ...captureRunOptions, rawArgs: ["--request", ".agentproof/request.json", "--cwd", repo] }, env);

    expect(run.exitCode).toBe(1);
    expect(errorOf(run.stderr).error).toBe("receipt_output_already_exists");
    expect(readFileSync(join(repo, ".agentproof", "agent-session.json"), "utf8")).toBe("mine\n");
    expect(mock.requests).toHaveLength(0);
  });

  test("refuses a repository outside the supported profile before running Codex", async () => {
    const { repo, env, mock } = setup([messageTurn("done")]);
    const fd = openSync(join(repo, "huge.bin"), "w");
    ftruncateSync(fd, 2 * 1024 ** 3);
    closeSync(fd);
    const run = await runInProcess(captureCommand, { ...captureRunOptions, rawArgs: ["--request", ".agentproof/request.json", "--cwd", repo] }, env);

    expect(run.exitCode).toBe(1);
    expect(errorOf(run.stderr)).toMatchObject({ error: "repository_profile_exceeded", details: { path: "huge.bin", limit: "file_max_bytes" } });
    expect(mock.requests).toHaveLength(0);
    expect(existsSync(join(repo, ".agentproof", "agent-session.json"))).toBe(false);
  });

  test.each([
    ["an unknown key", { ...REQUEST, extra: 1 }, "request_invalid"],
    ["a verify request", { action: "verify" }, "request_action_unsupported"],
    ["an empty prompt", { ...REQUEST, prompt: "" }, "request_invalid"],
    ["a duplicate key", '{"action":"verify","action":"capture","model":"m","prompt":"p","sandbox":"read-only"}', "request_duplicate_key"],
    ["malformed JSON", '{"action":', "request_invalid_json"],
    ["a byte order mark", `\uFEFF${JSON.stringify(REQUEST)}`, "request_invalid_json"],
    ["a __proto__ key", `{"__proto__":{"sandbox":"danger-full-access"},${JSON.stringify(REQUEST).slice(1)}`, "request_invalid"],
  ])("refuses a request with %s (exit 1, one ERROR object, prompt never echoed)", async (_name, request, code) => {
    const { repo, env } = setup([messageTurn("done")]);
    writeRequest(repo, request);
    const run = await runInProcess(captureCommand, { ...captureRunOptions, rawArgs: ["--request", ".agentproof/request.json", "--cwd", repo] }, env);

    expect(run.exitCode).toBe(1);
    expect(run.stdout).toBe("");
    expect(errorOf(run.stderr).error).toBe(code);
    expect(run.stderr).not.toContain("PROMPT-SENTINEL");
  });
});
