import { afterEach, describe, expect, test } from "bun:test";
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { verifyCommand, verifyRunOptions } from "../../cmd/verify.ts";
import { toHex } from "../../lib/core/hash.ts";
import { createKeyFile, type SigningKey } from "../../lib/core/keys.ts";
import { createReleaseReceipt } from "../../lib/core/release-receipt.ts";
import { observePath, type PathState } from "../../lib/proof/observe-path.ts";
import { ErrorResult, VerifyResult } from "../../lib/proof/results.ts";
import { sessionReceiptText } from "../../lib/proof/session-receipt.ts";
import { messageTurn, shellTurn } from "../support/mock-responses.ts";
import { codexSession, makeRepo, runEntryAsync, runInProcess, writeRequest, type CodexSession } from "../support/proof-harness.ts";
import { simulatedPredicate, writeSimulatedReceipt } from "../support/session-receipt-factory.ts";
import { useTempDirs } from "../support/temp-dir.ts";

const tempDir = useTempDirs("leogriel-verify-");
const ENV = { PATH: process.env.PATH, HOME: "/nonexistent", NO_COLOR: "1" };

let session: CodexSession | undefined;
afterEach(async () => {
  await session?.stop();
  session = undefined;
});

function repoWithKey(): { repo: string; key: SigningKey; dir: string } {
  const dir = tempDir();
  const repo = join(dir, "repo");
  mkdirSync(repo);
  makeRepo(repo, { "README.md": "init\n", "src/a.txt": "a\n" });
  return { repo, dir, key: createKeyFile(join(dir, "key.json")) };
}

async function verifyIn(repo: string, extra: string[] = []) {
  const rawArgs = ["--request", ".agentproof/request.json", "--cwd", repo, ...extra];
  return runInProcess(verifyCommand, verifyRunOptions(rawArgs), ENV);
}

function resultOf(stdout: string): VerifyResult {
  return VerifyResult.parse(JSON.parse(stdout));
}

describe("leogriel-verify --request after a real capture", () => {
  test("MATCHes the repository Codex left, then MISMATCHes after an edit and fails on a flipped byte", async () => {
    const dir = tempDir();
    const repo = join(dir, "repo");
    mkdirSync(repo);
    makeRepo(repo);
    writeRequest(repo, { action: "capture", model: "mock-model", prompt: "write a file", sandbox: "workspace-write" });
    session = codexSession(dir, [shellTurn("call_1", "echo hi > from_shell.txt"), messageTurn("done")]);
    expect((await runEntryAsync("capture", ["--request", ".agentproof/request.json"], { cwd: repo, env: session.env })).exitCode).toBe(0);
    writeRequest(repo, { action: "verify" });

    const match = await runEntryAsync("verify", ["--request", ".agentproof/request.json"], { cwd: repo, env: session.env });
    expect(match.exitCode).toBe(0);
    expect(resultOf(match.stdout)).toMatchObject({ receipt_valid: true, repository: { result: "MATCH", checked_paths: 1, differences: [] } });
    expect(match.stderr).toContain("repository: MATCH");

    writeFileSync(join(repo, "from_shell.txt"), "edited\n");
    const mismatch = await runEntryAsync("verify", ["--request", ".agentproof/request.json"], { cwd: repo, env: session.env });
    expect(mismatch.exitCode).toBe(1);
    expect(resultOf(mismatch.stdout).repository).toMatchObject({ result: "MISMATCH", differences: [{ path: "from_shell.txt" }] });

    const receiptPath = join(repo, ".agentproof", "agent-session.json");
    const bytes = new Uint8Array(await Bun.file(receiptPath).arrayBuffer());
    bytes[200] = bytes[200]! ^ 0x01;
    writeFileSync(receiptPath, bytes);
    const flipped = await runEntryAsync("verify", ["--request", ".agentproof/request.json"], { cwd: repo, env: session.env });
    expect(flipped.exitCode).toBe(1);
    expect(resultOf(flipped.stdout)).toMatchObject({ receipt_valid: false, repository: null });
  });
});

describe("leogriel-verify --request", () => {
  test("reports trust only for a signer listed in --trusted-keys", async () => {
    const { repo, key, dir } = repoWithKey();
    await writeSimulatedReceipt(repo, key, () => writeFileSync(join(repo, "src", "a.txt"), "b\n"));
    writeRequest(repo, { action: "verify" });
    const other = createKeyFile(join(dir, "other.json"));
    const trustedFile = (k: SigningKey) => {
      const path = join(dir, `trusted-${k.keyid.slice(0, 8)}.json`);
      writeFileSync(path, JSON.stringify({ schemaVersion: 1, keys: [{ keyid: k.keyid, publicKey: toHex(k.publicKey) }] }));
      return path;
    };

    const trusted = await verifyIn(repo, ["--trusted-keys", trustedFile(key)]);
    expect(trusted.exitCode).toBe(0);
    expect(resultOf(trusted.stdout).signature).toEqual({ keyid: key.keyid, valid: true, trusted: true });

    const untrusted = await verifyIn(repo, ["--trusted-keys", trustedFile(other)]);
    expect(untrusted.exitCode).toBe(1);
    expect(resultOf(untrusted.stdout)).toMatchObject({ receipt_valid: true, signature: { valid: true, trusted: false }, repository: { result: "MATCH" } });
  });

  test("warns signer_not_checked in the result and the summary when no trusted-keys file exists", async () => {
    const { repo, key } = repoWithKey();
    await writeSimulatedReceipt(repo, key, () => writeFileSync(join(repo, "src", "a.txt"), "b\n"));
    writeRequest(repo, { action: "verify" });
    const run = await verifyIn(repo);
    expect(run.exitCode).toBe(0);
    const result = resultOf(run.stdout);
    expect(result.warnings).toEqual([{ code: "signer_not_checked", message: expect.stringContaining("not who signed it") }]);
    expect(result.signature.trusted).toBeUndefined();
    expect(run.stderr).toContain(`by key ${key.keyid} (signer not checked)`);
    expect(run.stderr).toContain("No trusted-keys file was given or found");
  });

  test("uses the user's trusted-keys file by default and then gives no warning", async () => {
    const { repo, key, dir } = repoWithKey();
    await writeSimulatedReceipt(repo, key, () => writeFileSync(join(repo, "src", "a.txt"), "b\n"));
    writeRequest(repo, { action: "verify" });
    mkdirSync(join(dir, "xdg", "leogriel"), { recursive: true });
    writeFileSync(join(dir, "xdg", "leogriel", "trusted-keys.json"), JSON.stringify({ schemaVersion: 1, keys: [{ keyid: key.keyid, publicKey: toHex(key.publicKey) }] }));
    const run = await runInProcess(verifyCommand, verifyRunOptions(["--request", ".agentproof/request.json", "--cwd", repo]), { ...ENV, XDG_CONFIG_HOME: join(dir, "xdg") });
    expect(run.exitCode).toBe(0);
    const result = resultOf(run.stdout);
    expect(result.warnings).toBeUndefined();
    expect(result.signature.trusted).toBe(true);
    expect(run.stderr).toContain("(trusted)");
    expect(run.stderr).not.toContain("signer not checked");
  });

  test.each([
    ["a capture request", () => ({ action: "capture", model: "m", prompt: "p", sandbox: "read-only" }), "request_action_unsupported"],
    ["an extra key", () => ({ action: "verify", force: true }), "request_invalid"],
    ["an unknown action", () => ({ action: "sign" }), "request_invalid"],
  ])("refuses %s with exit 1 and one ERROR object", async (_name, request, code) => {
    const { repo, key } = repoWithKey();
    await writeSimulatedReceipt(repo, key, () => {});
    writeRequest(repo, request());
    const run = await verifyIn(repo);
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toBe("");
    expect(ErrorResult.parse(JSON.parse(run.stderr))).toMatchObject({ result: "ERROR", action: "verify", error: code });
  });

  test("reports a missing receipt and a symlinked one as typed errors", async () => {
    const { repo, dir } = repoWithKey();
    writeRequest(repo, { action: "verify" });
    expect(JSON.parse((await verifyIn(repo)).stderr).error).toBe("receipt_not_found");
    writeFileSync(join(dir, "elsewhere.json"), "{}");
    symlinkSync(join(dir, "elsewhere.json"), join(repo, ".agentproof", "agent-session.json"));
    const run = await verifyIn(repo);
    expect(run.exitCode).toBe(1);
    expect(JSON.parse(run.stderr).error).toBe("control_path_symlink");
  });

  test("reports a directory outside any repository as git_repository_required", async () => {
    const dir = tempDir();
    writeRequest(dir, { action: "verify" });
    const run = await verifyIn(dir);
    expect(run.exitCode).toBe(1);
    expect(JSON.parse(run.stderr).error).toBe("git_repository_required");
  });

  test.each([
    [["--request", "r.json", "--release", "bin"], "either --request or --release"],
    [["--request", "r.json", "--receipt", "x"], "--receipt is for --release"],
    [["--request", "r.json", "--verbose"], "--verbose is not available"],
    [["--request", "r.json", "--bogus"], "unknown option --bogus"],
  ])("rejects the options %p with exit 2", async (args, message) => {
    const run = await runInProcess(verifyCommand, verifyRunOptions(args), ENV);
    expect(run.exitCode).toBe(2);
    const error = ErrorResult.parse(JSON.parse(run.stderr));
    expect(error.error).toBe("invalid_usage");
    expect(error.message).toContain(message);
  });

  test("rejects a run with neither --request nor --release with exit 2", async () => {
    const run = await runInProcess(verifyCommand, verifyRunOptions([]), ENV);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain("give --request <file> or --release <binary>");
  });
});

describe("leogriel-verify never reads outside what capture observes", () => {
  // A receipt signed by the key verify uses, whose only change names `path` with `after`.
  async function receiptNaming(repo: string, key: SigningKey, path: string, after: PathState) {
    const predicate = await simulatedPredicate(repo, () => writeFileSync(join(repo, "src", "a.txt"), "b\n"));
    const changes = [{ path, status: "added" as const, before: null, after }];
    writeFileSync(join(repo, ".agentproof", "agent-session.json"), sessionReceiptText({ ...predicate, changes }, key));
    writeRequest(repo, { action: "verify" });
  }

  test.each([".git/config", ".GIT/config", "src/../.git/config"])("refuses a receipt naming %s without hashing it", async (path) => {
    const { repo, key } = repoWithKey();
    const real = observePath(repo, ".git/config", 1 << 20) as PathState;
    mkdirSync(join(repo, ".agentproof"), { recursive: true });
    await receiptNaming(repo, key, path, real);
    const run = await verifyIn(repo);
    expect(run.exitCode).toBe(1);
    const result = resultOf(run.stdout);
    expect(result).toMatchObject({ receipt_valid: false, checks: { statement: false, signature: true }, repository: null });
    expect(result.problems[0]).toContain(`the receipt names the path ${JSON.stringify(path)}, which verify never reads`);
    expect(run.stdout).not.toContain(real.sha256);
  });

  test("does not follow a committed symlink to a file outside the repository", async () => {
    const { repo, key, dir } = repoWithKey();
    mkdirSync(join(dir, "outside"));
    writeFileSync(join(dir, "outside", "secret.txt"), "outside secret\n");
    symlinkSync(join(dir, "outside"), join(repo, "link"));
    mkdirSync(join(repo, ".agentproof"), { recursive: true });
    const outside = observePath(join(dir, "outside"), "secret.txt", 1 << 20) as PathState;
    await receiptNaming(repo, key, "link/secret.txt", outside);
    const result = resultOf((await verifyIn(repo)).stdout);
    expect(result.receipt_valid).toBe(true);
    expect(result.repository).toMatchObject({ result: "MISMATCH", differences: [{ path: "link/secret.txt", actual: null }] });
  });

  test.each([
    ["a FIFO", (path: string) => expect(Bun.spawnSync(["mkfifo", path]).exitCode).toBe(0), "receipt_unreadable"],
    ["a directory", (path: string) => mkdirSync(path), "receipt_unreadable"],
  ])("reports a receipt that is %s as a typed error without waiting", async (_name, make, code) => {
    const { repo } = repoWithKey();
    writeRequest(repo, { action: "verify" });
    make(join(repo, ".agentproof", "agent-session.json"));
    const run = await verifyIn(repo);
    expect(run.exitCode).toBe(1);
    expect(ErrorResult.parse(JSON.parse(run.stderr))).toMatchObject({ error: code, message: expect.stringContaining("not a regular file") });
  });

  test("refuses a receipt with a byte order mark before its canonical line", async () => {
    const { repo, key } = repoWithKey();
    const text = await writeSimulatedReceipt(repo, key, () => writeFileSync(join(repo, "src", "a.txt"), "b\n"));
    writeFileSync(join(repo, ".agentproof", "agent-session.json"), `\uFEFF${text}`);
    writeRequest(repo, { action: "verify" });
    const run = await verifyIn(repo);
    expect(run.exitCode).toBe(1);
    expect(resultOf(run.stdout)).toMatchObject({ receipt_valid: false, repository: null });
  });

  test("refuses a verify request that is a FIFO without waiting for a writer", async () => {
    const { repo, key } = repoWithKey();
    await writeSimulatedReceipt(repo, key, () => {});
    expect(Bun.spawnSync(["mkfifo", join(repo, ".agentproof", "fifo.json")]).exitCode).toBe(0);
    const run = await runEntryAsync("verify", ["--request", ".agentproof/fifo.json"], { cwd: repo, env: ENV });
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toBe("");
    expect(ErrorResult.parse(JSON.parse(run.stderr)).error).toBe("request_not_regular_file");
  });
});

describe("leogriel-verify --release (unchanged)", () => {
  test("verifies a release binary's receipt and fails a tampered binary", async () => {
    const dir = tempDir();
    const key = createKeyFile(join(dir, "key.json"));
    const binary = join(dir, "leogriel-test-bin");
    writeFileSync(binary, "binary bytes");
    writeFileSync(`${binary}.receipt.json`, await createReleaseReceipt(binary, { target: "linux-x64", leogriel: "0.1.0" }, key));

    const ok = await runInProcess(verifyCommand, verifyRunOptions(["--release", binary, "--json"]), ENV);
    expect(ok.exitCode).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ ok: true, command: "verify", data: { valid: true } });

    writeFileSync(binary, "binary bytez");
    const bad = await runEntryAsync("verify", ["--release", binary], { cwd: dir, env: ENV });
    expect(bad.exitCode).toBe(1);
    expect(bad.stderr).toContain("INVALID");
    rmSync(binary);
  });
});
