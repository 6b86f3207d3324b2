import { expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { valueSha256 } from "../../lib/core/secrets/finding-hash.ts";
import { SpanResult } from "../../lib/guard/span/contract-schemas.ts";
import { chars, token } from "../lib/core/secrets/fixtures.ts";
import { useTempDirs } from "../support/temp-dir.ts";

const tempDir = useTempDirs("span-cmd-");

const ROOT = resolve(import.meta.dir, "../..");
const ghp = token(["gh", "p_"], chars(36));
// cmd/check/main.ts wires `span` as a subcommand; this host does the same so the test does not
// depend on the rest of leogriel-check.
const HOST = `import { defineCommand } from "citty";
import { runCli } from "${ROOT}/lib/core/cli.ts";
import span from "${ROOT}/cmd/check/span.ts";
await runCli(defineCommand({ meta: { name: "check" }, subCommands: { span } }));`;

async function check(args: string[], stdin: string | Uint8Array, cwd = tempDir()) {
  const host = join(cwd, "host.ts");
  writeFileSync(host, HOST);
  const proc = Bun.spawn([process.execPath, host, "span", ...args], { cwd, stdin: new Blob([stdin]), stdout: "pipe", stderr: "pipe", env: { ...process.env, NO_COLOR: "1" } });
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { code, stdout, stderr };
}

// [args, stdin, exit code, decision in --json]
const ROWS: Array<[string[], string, number, string]> = [
  [["--json"], "nothing to see\n", 0, "ALLOW"],
  [["--json"], `token ${ghp}\n`, 0, "SANITIZE"],
  [["--json", "--mode", "ask"], `token ${ghp}\n`, 3, "ASK"],
  [["--json", "--mode", "block"], `token ${ghp}\n`, 2, "BLOCK"],
  [["--json"], "bin\u0000ary", 2, "BLOCK"],
];

test.each(ROWS)("leogriel-check span %p exits with the verdict's code", async (args, stdin, code, decision) => {
  const r = await check(args, stdin);
  expect(r.code).toBe(code);
  const doc = SpanResult.parse(JSON.parse(r.stdout));
  expect(doc.decision).toBe(decision as "ALLOW");
  expect(r.stdout + r.stderr).not.toContain(ghp);
});

test("without --json the sanitized text goes to stdout and the verdict to stderr", async () => {
  const r = await check([], `a\nkey ${ghp}\nb\n`);
  expect(r).toEqual({ code: 0, stdout: "a\nkey [REDACTED:github-pat]\nb\n", stderr: expect.stringContaining("SANITIZE_SECRET") });
});

test("invalid UTF-8 blocks and a bad mode is an error (exit 1)", async () => {
  expect((await check([], new Uint8Array([0x61, 0xff]))).code).toBe(2);
  const bad = await check(["--mode", "later"], "x");
  expect(bad.code).toBe(1);
  expect(bad.stderr).toContain("--mode must be sanitize, ask or block");
});

test("the exemption file at the workspace root exempts by sha256 and its diagnostics go to stderr", async () => {
  const root = tempDir();
  mkdirSync(join(root, ".agent-guard"));
  writeFileSync(join(root, ".agent-guard", "exfil-allow.toml"), `values = ["sha256:${valueSha256(ghp)}"]\nmystery = 1\n`);
  const r = await check(["--json", "--mode", "block", "--cwd", root], `t ${ghp}\n`);
  expect(r.code).toBe(0);
  const doc = SpanResult.parse(JSON.parse(r.stdout));
  expect([doc.reason, doc.exemption.exempted, doc.exemption.diagnostics.map((d) => d.code)]).toEqual(["ALLOW_EXEMPTED", 1, ["EXEMPTION_UNKNOWN_KEY"]]);
  expect(r.stderr).toContain("unknown key ignored");
});

test("the command declares the shared flags and --mode", async () => {
  const { default: span } = await import("../../cmd/check/span.ts");
  expect(span.meta).toMatchObject({ name: "span" });
  expect(Object.keys(span.args ?? {})).toEqual(expect.arrayContaining(["json", "cwd", "mode"]));
});
