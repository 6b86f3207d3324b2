/**
 * Harness for the capture and verify suites: temp git repositories, a signing key, a Codex
 * session wired to the loopback mock, and runs of an entry in-process or as a real process.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { CommandDef } from "citty";
import { runCli, type RunOptions } from "../../lib/core/cli.ts";
import { createKeyFile, type SigningKey } from "../../lib/core/keys.ts";
import { captureStdio } from "./capture-stdio.ts";
import { codexBinary, codexEnv, makeCodexHome } from "./codex-home.ts";
import { startMockResponses, type MockResponses, type MockTurn } from "./mock-responses.ts";
import { REPO, type ProcessResult } from "./run-cli.ts";

const GIT_ID = { GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@host.invalid", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@host.invalid" };

/** `git` in `cwd`, failing the test on a non-zero exit. */
export function gitIn(cwd: string, ...args: string[]): string {
  const proc = Bun.spawnSync(["git", ...args], { cwd, env: { ...process.env, ...GIT_ID } });
  if (proc.exitCode !== 0) throw new Error(`git ${args.join(" ")} failed: ${proc.stderr.toString()}`);
  return proc.stdout.toString();
}

/** A git repository in `dir` holding `files` in one commit (no commit when `files` is empty). */
export function makeRepo(dir: string, files: Record<string, string> = { "README.md": "init\n" }): string {
  gitIn(dir, "init", "-q");
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  if (Object.keys(files).length > 0) {
    gitIn(dir, "add", "-A");
    gitIn(dir, "commit", "-qm", "init");
  }
  return dir;
}

/** Writes `.agentproof/request.json` (a string is written verbatim). */
export function writeRequest(root: string, request: unknown): string {
  mkdirSync(join(root, ".agentproof"), { recursive: true });
  const path = join(root, ".agentproof", "request.json");
  writeFileSync(path, typeof request === "string" ? request : JSON.stringify(request));
  return path;
}

export interface CodexSession {
  mock: MockResponses;
  /** The whole environment for capture: isolated CODEX_HOME, the mock key, codex and signing key. */
  env: Record<string, string>;
  key: SigningKey;
  stop(): Promise<void>;
}

/** A mock model scripted with `turns`, an isolated CODEX_HOME and a fresh signing key under `dir`. */
export function codexSession(dir: string, turns: MockTurn[]): CodexSession {
  const mock = startMockResponses(turns);
  const home = join(dir, "codex-home");
  mkdirSync(home);
  makeCodexHome(mock.baseUrl, home);
  const keyPath = join(dir, "signing-key.json");
  const key = createKeyFile(keyPath);
  const env = {
    ...codexEnv(home),
    LEOGRIEL_CODEX: codexBinary(),
    LEOGRIEL_SIGNING_KEY: keyPath,
    XDG_CONFIG_HOME: join(dir, "xdg"),
    NO_COLOR: "1",
  };
  return { mock, env, key, stop: () => mock.stop() };
}

/** Runs an entry as a real process without blocking the event loop (the mock must keep serving). */
export async function runEntryAsync(entry: string, args: string[], options: { cwd: string; env: Record<string, string | undefined> }): Promise<ProcessResult> {
  const proc = Bun.spawn([process.execPath, join(REPO, "cmd", `${entry}.ts`), ...args], {
    cwd: options.cwd,
    env: options.env,
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  const [stdout, stderr, exitCode] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { exitCode, stdout, stderr };
}

/**
 * Runs a command in this process with `env` replacing process.env for the duration, capturing
 * what it writes to stdout and stderr.
 */
// biome-ignore lint: citty's CommandDef is generic over its args.
export async function runInProcess(command: CommandDef<any>, options: RunOptions, env: Record<string, string | undefined>): Promise<ProcessResult> {
  const saved = { ...process.env };
  for (const k of Object.keys(process.env)) delete process.env[k];
  Object.assign(process.env, env);
  try {
    const { result: exitCode, stdout, stderr } = await captureStdio(() => runCli(command, options));
    return { exitCode, stdout, stderr };
  } finally {
    for (const k of Object.keys(process.env)) delete process.env[k];
    Object.assign(process.env, saved);
  }
}

/** The receipt of `root`: its text, envelope and decoded statement. */
export function readReceipt(root: string) {
  const text = readFileSync(join(root, ".agentproof", "agent-session.json"), "utf8");
  const envelope = JSON.parse(text) as { payload: string; payloadType: string; signatures: { keyid: string; sig: string }[] };
  const statement = JSON.parse(Buffer.from(envelope.payload, "base64").toString("utf8"));
  return { text, envelope, statement };
}
