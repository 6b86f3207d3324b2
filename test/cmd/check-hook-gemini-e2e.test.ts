import { describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type MockGeminiCall, startMockGeminiApi } from "../fixtures/check-hooks/mock-gemini-api.ts";
import { chars, token } from "../lib/core/secrets/fixtures.ts";
import { GEMINI, GEMINI_SETTINGS, geminiMockEnv } from "../support/gemini-cli.ts";
import { runEntry } from "../support/run-cli.ts";
import { useTempDirs } from "../support/temp-dir.ts";

// The real Gemini CLI (devDependency @google/gemini-cli) against a loopback mock of the Gemini
// API, with the hooks `install-hook gemini` writes into an isolated HOME. `--yolo` is the open
// baseline: without a hook decision the shell command runs (without --yolo a headless run does
// not even offer run_shell_command), so a block is the hook's doing. `-m` names a model, so the
// CLI makes no routing call; `--skip-trust` lets it start in the fresh workspace.
const tempDir = useTempDirs("leogriel-gemini-e2e-");
const ghp = token(["gh", "p_"], chars(36));

async function session(command: string | MockGeminiCall, setup: (ws: string, home: string) => void) {
  if (!existsSync(GEMINI)) throw new Error(`Gemini CLI missing at ${GEMINI}: run npm ci (devDependency @google/gemini-cli)`);
  const root = realpathSync(tempDir());
  const home = join(root, "home");
  const ws = join(home, "project");
  mkdirSync(join(home, ".gemini"), { recursive: true });
  mkdirSync(ws, { recursive: true });
  writeFileSync(join(home, ".gemini", "settings.json"), JSON.stringify(GEMINI_SETTINGS));
  setup(ws, home);
  const git = (...args: string[]) => Bun.spawnSync(["git", "-c", "user.name=t", "-c", "user.email=t@t", ...args], { cwd: ws });
  git("init", "-q");
  git("add", ".");
  git("commit", "-qm", "one");
  const env = { PATH: process.env.PATH ?? "", HOME: home, TMPDIR: "/tmp" };
  expect(runEntry("check", ["install-hook", "gemini", "--scope", "user", "--cwd", ws], { env }).exitCode).toBe(0);
  const api = startMockGeminiApi(command);
  try {
    const proc = Bun.spawn(["node", GEMINI, "-p", "run the command", "--output-format", "stream-json", "--yolo", "--skip-trust", "-m", "gemini-2.5-flash"], {
      cwd: ws,
      stdin: "ignore",
      stdout: "pipe",
      stderr: "pipe",
      env: { ...env, ...geminiMockEnv(api.url) },
    });
    const [out, err, exitCode] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
    if (exitCode !== 0) throw new Error(`gemini exited ${exitCode}: ${err}`);
    const events = out.split("\n").filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
    const results = JSON.stringify(events.filter((e) => e.type === "tool_result"));
    return { ws, home, env, api, out, err, results };
  } finally {
    api.stop();
  }
}

describe("Gemini CLI with the hooks install-hook wrote (real CLI, loopback API)", () => {
  test("rm -rf ~/Documents is denied by the BeforeTool hook and the folder stays", async () => {
    const s = await session("rm -rf ~/Documents", (_ws, home) => {
      mkdirSync(join(home, "Documents"));
      writeFileSync(join(home, "Documents", "cv.txt"), "cv\n");
    });
    expect(s.results).toContain("BLOCK_OUTSIDE_WORKSPACE");
    // The model is told why: the request after the tool call carries the hook's reason.
    expect(JSON.stringify(s.api.requests.at(-1)?.body.contents?.at(-1))).toContain("BLOCK_OUTSIDE_WORKSPACE");
    expect(readFileSync(join(s.home, "Documents", "cv.txt"), "utf8")).toBe("cv\n");
  }, 60_000);

  test("echo hi runs (the hook has no opinion)", async () => {
    const s = await session("echo hi", () => {});
    expect(s.results).toContain('"status":"success"');
    expect(JSON.stringify(s.api.requests.at(-1)?.body.contents?.at(-1))).toContain("Output: hi");
    expect(s.results).not.toContain("leogriel-check");
  }, 60_000);

  test("rm -rf src runs after the hook moved src into the quarantine, and restore brings it back", async () => {
    const s = await session("rm -rf src", (ws) => {
      mkdirSync(join(ws, "src"));
      writeFileSync(join(ws, "src", "main.ts"), "export {};\n");
    });
    expect(existsSync(join(s.ws, "src"))).toBe(false);
    // The hook's systemMessage is printed on stderr as "Hook system message: ...".
    const txid = /Hook system message: .*leogriel-check restore (tx-[0-9TZ]+-[0-9a-f]{12})/.exec(s.err)?.[1];
    expect(txid).toBeDefined();
    expect(runEntry("check", ["restore", txid!], { cwd: s.ws, env: s.env }).exitCode).toBe(0);
    expect(readFileSync(join(s.ws, "src", "main.ts"), "utf8")).toBe("export {};\n");
  }, 60_000);

  // The file tools could rewrite the guard's own control files: the BeforeTool matcher covers write_file.
  test("a write_file over .gemini/settings.json is denied and the hooks stay", async () => {
    let settings = "";
    const s = await session({ name: "write_file", args: { file_path: ".gemini/settings.json", content: "{}\n" } }, (ws) => {
      mkdirSync(join(ws, ".gemini"));
      settings = `${JSON.stringify({ hooks: { BeforeTool: [] } })}\n`;
      writeFileSync(join(ws, ".gemini", "settings.json"), settings);
    });
    expect(s.results).toContain("BLOCK_PROTECTED_PATH");
    expect(readFileSync(join(s.ws, ".gemini", "settings.json"), "utf8")).toBe(settings);
  }, 60_000);

  test("the same write_file of an ordinary workspace file goes through (the hook has no opinion)", async () => {
    const s = await session({ name: "write_file", args: { file_path: "notes.md", content: "new\n" } }, (ws) => writeFileSync(join(ws, "notes.md"), "old\n"));
    expect(s.results).not.toContain("leogriel-check");
    expect(readFileSync(join(s.ws, "notes.md"), "utf8")).toBe("new\n");
  }, 60_000);

  test("a token printed by cat reaches the model redacted by the AfterTool hook", async () => {
    const s = await session("cat notes.txt", (ws) => writeFileSync(join(ws, "notes.txt"), `deploy with GITHUB_TOKEN=${ghp}\n`));
    expect(JSON.stringify(s.api.requests.at(-1)?.body.contents)).toContain("[REDACTED:github-pat]");
    expect(JSON.stringify(s.api.requests)).not.toContain(ghp);
  }, 60_000);
});
