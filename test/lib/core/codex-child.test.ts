import { describe, expect, test } from "bun:test";
import { chmodSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { codexExecArgs, resolveCodexBinary, runCodexChild, type CodexChildOptions } from "../../../lib/core/codex-child.ts";
import { sha256Hex } from "../../../lib/core/hash.ts";
import { useTempDirs } from "../../support/temp-dir.ts";

const tempDir = useTempDirs("leogriel-codex-child-");

// A stand-in child: a shell script, so the launcher's plumbing is tested without a model.
function script(body: string): string {
  const path = join(tempDir(), "codex");
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
  return path;
}

async function run(codex: string, overrides: Partial<CodexChildOptions> = {}) {
  const lines: string[] = [];
  const result = await runCodexChild({
    codex,
    args: ["-a", "never"],
    cwd: tempDir(),
    env: { PATH: process.env.PATH },
    stdin: "the prompt",
    timeoutMs: 60_000,
    onLine: (line) => lines.push(new TextDecoder().decode(line)),
    maxLineBytes: 1024,
    ...overrides,
  });
  return { result, lines };
}

describe("codexExecArgs", () => {
  test("puts -a never before exec and the prompt nowhere", () => {
    expect(codexExecArgs({ model: "gpt-5.6-sol", sandbox: "read-only", root: "/repo dir" })).toEqual([
      "-a", "never", "-m", "gpt-5.6-sol", "exec", "--sandbox", "read-only", "--json", "-C", "/repo dir",
    ]);
  });
});

describe("resolveCodexBinary", () => {
  test("prefers LEOGRIEL_CODEX, then codex on PATH", () => {
    const explicit = script("exit 0");
    expect(resolveCodexBinary({ LEOGRIEL_CODEX: explicit, PATH: "" })).toBe(explicit);
    const onPath = script("exit 0");
    expect(resolveCodexBinary({ PATH: join(onPath, "..") })).toBe(onPath);
  });

  test.each([
    ["LEOGRIEL_CODEX naming a missing file", { LEOGRIEL_CODEX: "/nonexistent/codex", PATH: "" }],
    ["LEOGRIEL_CODEX naming a directory", { LEOGRIEL_CODEX: "/", PATH: "" }],
    ["no codex on PATH", { PATH: "/nonexistent" }],
  ])("reports codex_unavailable for %s", (_name, env) => {
    expect(() => resolveCodexBinary(env)).toThrow(expect.objectContaining({ code: "codex_unavailable", exitCode: 1 }));
  });

  test("reports a non-executable LEOGRIEL_CODEX as codex_unavailable", () => {
    const path = script("exit 0");
    chmodSync(path, 0o644);
    expect(() => resolveCodexBinary({ LEOGRIEL_CODEX: path })).toThrow(expect.objectContaining({ code: "codex_unavailable" }));
  });
});

describe("runCodexChild", () => {
  test("sends the prompt on stdin only and streams stdout lines in order", async () => {
    const { result, lines } = await run(script('echo "args:$*"; cat; printf "\\nlast-without-newline"'));
    expect(lines).toEqual(["args:-a never", "the prompt", "last-without-newline"]);
    expect(result).toMatchObject({ exitCode: 0, signal: null, timedOut: false, stdout: { lines: 3 } });
  });

  test("keeps only a commitment to stderr: sha256, bytes and lines", async () => {
    const { result, lines } = await run(script('printf "secret one\\nsecret two" >&2; exit 3'));
    expect(result.exitCode).toBe(3);
    expect(result.stderr).toEqual({ sha256: sha256Hex("secret one\nsecret two"), bytes: 21, lines: 2 });
    expect(JSON.stringify(result)).not.toContain("secret");
    expect(lines).toEqual([]);
  });

  test("stops a child that outlives the timeout with SIGTERM", async () => {
    const { result } = await run(script("exec sleep 300"), { timeoutMs: 200 });
    expect(result).toMatchObject({ timedOut: true, exitCode: null, signal: "SIGTERM" });
  });

  test("kills what the child left running in its process group when it exits", async () => {
    const dir = tempDir();
    const { result } = await run(script(`sleep 300 & echo $! > "${dir}/pid"; exit 0`));
    expect(result.exitCode).toBe(0);
    const pid = Number(readFileSync(join(dir, "pid"), "utf8"));
    // The group was sent SIGKILL before runCodexChild returned; wait for the kernel to reap it.
    for (let i = 0; i < 100 && _alive(pid); i++) await Bun.sleep(20);
    expect(_alive(pid)).toBe(false);
  });

  test("stops the child and rethrows when the line handler throws", async () => {
    const promise = run(script('echo one; exec sleep 300'), {
      onLine: () => {
        throw new Error("stop here");
      },
    });
    await expect(promise).rejects.toThrow("stop here");
  });

  test("stops the child at a line longer than maxLineBytes", async () => {
    const promise = run(script('head -c 5000 /dev/zero | tr "\\0" x; exec sleep 300'), { maxLineBytes: 1000 });
    await expect(promise).rejects.toMatchObject({ code: "codex_output_too_large" });
  });

  test("reports an executable that cannot start as codex_unavailable", async () => {
    await expect(run("/nonexistent/codex")).rejects.toMatchObject({ code: "codex_unavailable" });
  });
});

function _alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return !/^\d+ \([^)]*\) Z/.test(stat);
  } catch {
    return false;
  }
}
