import { describe, expect, test } from "bun:test";
import { appendFileSync, existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { codexBinary, codexEnv, makeCodexHome } from "../support/codex-home.ts";
import { messageTurn, shellTurn, startMockResponses } from "../support/mock-responses.ts";
import { runEntry } from "../support/run-cli.ts";
import { useTempDirs } from "../support/temp-dir.ts";

// The real Codex CLI (devDependency @openai/codex 0.171) against a loopback mock of the Responses
// API, with the hooks `install-hook codex` writes into an isolated CODEX_HOME (HOME is a temp
// folder too). The mock model asks for one `exec_command` call, Codex's shell tool, which Codex
// hands to PreToolUse as `tool_name: "Bash"`, then answers "done".
//
// The open baseline: `--dangerously-bypass-approvals-and-sandbox` runs a command with no approval
// prompt and no sandbox. Codex's own built-in rule still rejects `rm -f`-style commands ("rm -f
// style commands are not permitted"), so the deletes here are `rm -r`, which Codex runs: the
// first test shows `rm -r ~/Documents` deleting the folder when no hook runs. The only
// connections Codex makes are to the mock on 127.0.0.1 (checked with strace: plugins and
// analytics, below, are what reached out).
//
// Trust: Codex runs a hook only once its hash is trusted (the TUI's `/hooks` review writes
// `[hooks.state."<key>"] trusted_hash = "sha256:…"` into the user config.toml); `codex exec`
// skips an untrusted hook without a word. `--dangerously-bypass-hook-trust` trusts the hooks of
// this one invocation (Codex's flag for automation that vets its own hooks); "config" records
// the trust as `/hooks` does, with the key and hash Codex's own app-server reports.
const tempDir = useTempDirs("leogriel-codex-e2e-");
const BYPASS = ["--dangerously-bypass-hook-trust"];

/**
 * Trusts every hook Codex finds, as the TUI's `/hooks` review does: the key and current hash of
 * each come from `codex app-server`'s `hooks/list` (Codex computes the hash; we never do).
 */
async function trustHooks(codexHome: string, ws: string, env: Record<string, string>): Promise<string[]> {
  const proc = Bun.spawn([codexBinary(), "app-server"], { cwd: ws, stdin: "pipe", stdout: "pipe", stderr: "ignore", env });
  const send = (message: unknown) => proc.stdin.write(`${JSON.stringify(message)}\n`);
  send({ id: 1, method: "initialize", params: { clientInfo: { name: "leogriel-test", version: "1" } } });
  send({ method: "initialized" });
  send({ id: 2, method: "hooks/list", params: { cwds: [ws] } });
  await proc.stdin.flush();
  type Listed = { key: string; currentHash: string; trustStatus: string };
  let hooks: Listed[] | undefined;
  const reader = proc.stdout.pipeThrough(new TextDecoderStream()).getReader();
  for (let buffered = ""; hooks === undefined; ) {
    const { value, done } = await reader.read();
    if (done) break;
    buffered += value;
    for (const line of buffered.split("\n").slice(0, -1)) {
      const message = JSON.parse(line) as { id?: number; result?: { data: { hooks: Listed[] }[] } };
      if (message.id === 2) hooks = message.result!.data.flatMap((d) => d.hooks);
    }
    buffered = buffered.slice(buffered.lastIndexOf("\n") + 1);
  }
  proc.kill();
  await proc.exited;
  const state = (hooks ?? []).map((h) => `\n[hooks.state.${JSON.stringify(h.key)}]\ntrusted_hash = ${JSON.stringify(h.currentHash)}\n`);
  appendFileSync(join(codexHome, "config.toml"), state.join(""));
  return (hooks ?? []).map((h) => h.trustStatus);
}

interface Options {
  /** How the hooks are trusted: for this run only, recorded in config.toml, or not at all. */
  trust?: "bypass" | "config" | "none";
  /** Where install-hook writes: `$CODEX_HOME/hooks.json` (user) or `.codex/hooks.json` (project). */
  scope?: "user" | "project";
  /** More `codex exec` arguments. */
  exec?: string[];
}

async function session(command: string, setup: (home: string, ws: string) => void, { trust = "bypass", scope = "user", exec = [] }: Options = {}) {
  const root = realpathSync(tempDir());
  const home = join(root, "home");
  const ws = join(home, "project");
  const codexHome = join(root, "codex-home");
  for (const dir of [ws, codexHome]) mkdirSync(dir, { recursive: true });
  setup(home, ws);
  const git = (...args: string[]) => Bun.spawnSync(["git", "-c", "user.name=t", "-c", "user.email=t@t", ...args], { cwd: ws });
  git("init", "-q");
  git("add", ".");
  git("commit", "-qm", "one");
  const api = startMockResponses([shellTurn("call_1", command), messageTurn("done")]);
  // Off the network too: makeCodexHome turns plugins and analytics off.
  makeCodexHome(api.baseUrl, codexHome);
  const env = { ...codexEnv(codexHome), HOME: home, TMPDIR: "/tmp" };
  const install = runEntry("check", ["install-hook", "codex", "--scope", scope, "--cwd", ws], { env });
  expect(install.exitCode).toBe(0);
  expect(install.stderr).toContain("type /hooks and trust");
  const trusted = trust === "config" ? await trustHooks(codexHome, ws, env) : [];
  try {
    const args = ["exec", "--json", "--dangerously-bypass-approvals-and-sandbox", ...(trust === "bypass" ? BYPASS : []), ...exec, "-C", ws, "run the command"];
    const proc = Bun.spawn([codexBinary(), ...args], { cwd: ws, stdin: "ignore", stdout: "pipe", stderr: "pipe", env });
    const [out] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
    const events = out.split("\n").filter(Boolean).map((line) => JSON.parse(line) as { type: string; item?: Record<string, unknown> });
    const ran = events.filter((e) => e.type === "item.completed" && e.item?.type === "command_execution").map((e) => e.item!);
    // What the model read back for its call: the tool output, or the hook's reason for the deny.
    const toolOutput = JSON.stringify((api.requests.at(-1)?.input as { type: string }[]).filter((i) => i.type === "function_call_output"));
    return { ws, home, env, trusted, ran, toolOutput, requests: JSON.stringify(api.requests), turnCompleted: events.some((e) => e.type === "turn.completed") };
  } finally {
    await api.stop();
  }
}

const documents = (home: string) => {
  mkdirSync(join(home, "Documents"));
  writeFileSync(join(home, "Documents", "tax.pdf"), "tax\n");
};

const withSrc = (_home: string, ws: string) => {
  mkdirSync(join(ws, "src"));
  writeFileSync(join(ws, "src", "main.ts"), "export {};\n");
};

/** src is gone, the model was told the restore line (a developer message), and restore brings src back. */
function expectRestored(s: { ws: string; env: Record<string, string>; requests: string }) {
  expect(existsSync(join(s.ws, "src"))).toBe(false);
  const txid = /leogriel-check restore (tx-[0-9TZ]+-[0-9a-f]{12})/.exec(s.requests)?.[1];
  expect(txid).toBeDefined();
  expect(runEntry("check", ["restore", txid!], { cwd: s.ws, env: s.env }).exitCode).toBe(0);
  expect(readFileSync(join(s.ws, "src", "main.ts"), "utf8")).toBe("export {};\n");
}

describe("Codex with the hooks install-hook wrote (real CLI, loopback API)", () => {
  test("baseline: without hook trust Codex skips the hook and rm -r ~/Documents runs", async () => {
    const s = await session("rm -r ~/Documents", documents, { trust: "none" });
    expect(s.ran.map((i) => i.exit_code)).toEqual([0]);
    expect(existsSync(join(s.home, "Documents"))).toBe(false);
  }, 60_000);

  test("rm -r ~/Documents is denied by the PreToolUse hook, the model is told why, and the folder stays", async () => {
    const s = await session("rm -r ~/Documents", documents);
    expect(s.turnCompleted).toBe(true);
    expect(s.ran).toEqual([]);
    expect(s.toolOutput).toContain("Command blocked by PreToolUse hook: leogriel-check: BLOCK BLOCK_OUTSIDE_WORKSPACE");
    expect(readFileSync(join(s.home, "Documents", "tax.pdf"), "utf8")).toBe("tax\n");
  }, 60_000);

  test("trusted in config.toml as /hooks records it, the hook runs without the bypass flag", async () => {
    const s = await session("rm -r ~/Documents", documents, { trust: "config" });
    // Both entries install-hook wrote (PreToolUse, PostToolUse) were new to Codex.
    expect(s.trusted).toEqual(["untrusted", "untrusted"]);
    expect(s.ran).toEqual([]);
    expect(s.toolOutput).toContain("BLOCK_OUTSIDE_WORKSPACE");
    expect(existsSync(join(s.home, "Documents", "tax.pdf"))).toBe(true);
  }, 60_000);

  // A project's `.codex/` layer is read only in a trusted project folder, hook trust or not.
  test("project scope: .codex/hooks.json is ignored until the folder is a trusted project (codex exec --trust)", async () => {
    const ignored = await session("rm -r ~/Documents", documents, { scope: "project" });
    expect(ignored.ran.map((i) => i.exit_code)).toEqual([0]);
    expect(existsSync(join(ignored.home, "Documents"))).toBe(false);
    const trusted = await session("rm -r ~/Documents", documents, { scope: "project", exec: ["--trust"] });
    expect(trusted.ran).toEqual([]);
    expect(trusted.toolOutput).toContain("BLOCK_OUTSIDE_WORKSPACE");
    expect(existsSync(join(trusted.home, "Documents", "tax.pdf"))).toBe(true);
  }, 60_000);

  test("echo hi runs (the hook has no objection)", async () => {
    const s = await session("echo hi", () => {});
    expect(s.ran.map((i) => [i.exit_code, i.aggregated_output])).toEqual([[0, "hi\n"]]);
    expect(s.toolOutput).not.toContain("leogriel-check");
  }, 60_000);

  test("rm -r src runs after the hook moved src into the quarantine, and restore brings it back", async () => {
    const s = await session("rm -r src", withSrc);
    expect(s.ran.map((i) => [i.command, i.exit_code])).toEqual([["/bin/bash -c 'rm -r src'", 0]]);
    expectRestored(s);
  }, 60_000);

  // Codex's built-in rule rejects `rm -rf` after the hook answered: the hook (which runs first)
  // already moved src into the quarantine, so src is gone though the command never ran, and the
  // model is told both the rejection and the restore line.
  test("rm -rf src: the hook quarantines src, Codex's own rule then rejects the command, restore brings src back", async () => {
    const s = await session("rm -rf src", withSrc);
    expect(s.ran).toEqual([]);
    expect(s.toolOutput).toContain("rm -f style commands are not permitted");
    expectRestored(s);
  }, 60_000);
});
