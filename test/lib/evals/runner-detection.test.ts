import { describe, expect, test } from "bun:test";
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { claudePlatformProblem, ClaudeCodeRunner } from "../../../lib/evals/claude-runner.ts";
import { CodexRunner, MIN_CODEX_VERSION } from "../../../lib/evals/codex-runner.ts";
import { atLeast } from "../../../lib/evals/runner-version.ts";
import { codexBinary } from "../../support/codex-home.ts";
import { useTempDirs } from "../../support/temp-dir.ts";

const tempDir = useTempDirs("leogriel-evals-detect-");

/** A folder on PATH holding one fake executable that prints `output` for --version. */
function fakeOnPath(name: string, output: string, exitCode = 0): string {
  const dir = join(tempDir(), "bin");
  mkdirSync(dir);
  writeFileSync(join(dir, name), `#!/bin/sh\necho '${output}'\nexit ${exitCode}\n`);
  chmodSync(join(dir, name), 0o755);
  return dir;
}

describe("CodexRunner.detect", () => {
  test("finds the real Codex CLI and its capabilities", async () => {
    const d = await new CodexRunner({ PATH: "/usr/bin:/bin", LEOGRIEL_CODEX: codexBinary() }).detect();
    expect([d.available, d.version, d.experimental]).toEqual([true, "0.171.0", false]);
    expect(d.capabilities).toContain("network-deny");
  });

  const ROWS: Array<[string, Record<string, string>, string]> = [
    ["no codex on PATH", { PATH: "/nonexistent" }, "no codex executable on PATH"],
    ["LEOGRIEL_CODEX naming nothing", { PATH: "/usr/bin:/bin", LEOGRIEL_CODEX: "/nonexistent/codex" }, "LEOGRIEL_CODEX does not name an executable file"],
  ];
  test.each(ROWS)("reports %s as unavailable", async (_what, env, reason) => {
    const d = await new CodexRunner(env).detect();
    expect([d.available, d.reason]).toEqual([false, expect.stringContaining(reason)]);
  });

  test("refuses a Codex older than the minimum, naming both versions", async () => {
    const d = await new CodexRunner({ PATH: `${fakeOnPath("codex", "codex-cli 0.98.0")}:/usr/bin:/bin` }).detect();
    expect([d.available, d.version, d.reason]).toEqual([false, "0.98.0", `Cannot run Codex 0.98.0: version ${MIN_CODEX_VERSION} or newer is required`]);
  });

  test("refuses a codex that prints no version", async () => {
    const d = await new CodexRunner({ PATH: `${fakeOnPath("codex", "hello", 3)}:/usr/bin:/bin` }).detect();
    expect([d.available, d.reason]).toEqual([false, expect.stringContaining("did not print a version (exit 3)")]);
  });
});

describe("ClaudeCodeRunner", () => {
  const PLATFORMS: Array<[NodeJS.Platform, string, string | undefined]> = [
    ["darwin", "", undefined],
    ["linux", "Linux version 6.8.0-45-generic (buildd@lcy02)", undefined],
    ["linux", "Linux version 5.15.153.1-microsoft-standard-WSL2", undefined],
    ["linux", "Linux version 4.4.0-19041-Microsoft (Microsoft@Microsoft.com)", "WSL1"],
    ["win32", "", "win32"],
    ["freebsd", "", "freebsd"],
  ];
  test.each(PLATFORMS)("on %s %j fails closed unless supported", (platform, proc, problem) => {
    const found = claudePlatformProblem(platform, () => proc);
    if (problem === undefined) expect(found).toBeUndefined();
    else expect(found).toContain(problem);
  });

  const VERSIONS: Array<[string, boolean]> = [["2.1.187 (Claude Code)", true], ["2.1.240 (Claude Code)", true], ["2.1.186 (Claude Code)", false], ["2.1.187-beta.1 (Claude Code)", false], ["1.0.0", false]];
  test.each(VERSIONS)("with claude --version %j is available: %p", async (output, available) => {
    const d = await new ClaudeCodeRunner({ PATH: `${fakeOnPath("claude", output)}:/usr/bin:/bin` }, "linux", () => "Linux version 6.8.0").detect();
    expect([d.available, d.experimental]).toEqual([available, true]);
  });

  test("refuses to run even when detected, rather than run without the isolation it promises", () => {
    expect(() => new ClaudeCodeRunner().preflight()).toThrow("does not run it yet");
  });

  test("is unavailable on Windows before it looks for an executable", async () => {
    const d = await new ClaudeCodeRunner({ PATH: fakeOnPath("claude", "2.1.200") }, "win32").detect();
    expect(d.reason).toContain("does not support win32");
  });
});

describe("atLeast", () => {
  test.each([["0.171.0", true], ["0.172.1", true], ["1.0.0", true], ["0.170.9", false], ["0.171.0-alpha.1", false], ["junk", false]] as const)("%s >= 0.171.0 is %p", (v, expected) => {
    expect(atLeast(v, "0.171.0")).toBe(expected);
  });
});
