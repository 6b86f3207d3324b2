#!/usr/bin/env bun
// `bun run bench capture`: (1) capture's overhead over a bare Codex run of the same mock session
// (target ≤ 150 ms); (2) verify of a receipt with 10,000 events and 1,000 changed files
// (target ≤ 1 s), in-process and as a process. Real Codex CLI, loopback mock, temp git repos.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { codexExecArgs } from "../lib/core/codex-child.ts";
import { createKeyFile } from "../lib/core/keys.ts";
import { standardLimits } from "../lib/proof/limits.ts";
import { verifySession } from "../lib/proof/verify-session.ts";
import { codexBinary, codexEnv, makeCodexHome } from "../test/support/codex-home.ts";
import { messageTurn, shellTurn, startMockResponses } from "../test/support/mock-responses.ts";
import { makeRepo, writeRequest } from "../test/support/proof-harness.ts";
import { writeSimulatedReceipt } from "../test/support/session-receipt-factory.ts";

const RUNS = 7;
const dir = mkdtempSync(join(tmpdir(), "leogriel-bench-capture-"));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function time(run: () => Promise<void>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

async function spawnOk(argv: string[], cwd: string, env: Record<string, string>, stdin?: string): Promise<void> {
  const proc = Bun.spawn(argv, { cwd, env, stdin: stdin === undefined ? "ignore" : "pipe", stdout: "pipe", stderr: "pipe" });
  if (stdin !== undefined && proc.stdin) {
    proc.stdin.write(stdin);
    proc.stdin.end();
  }
  const [, , code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  if (code !== 0) throw new Error(`${argv[0]} exited ${code}`);
}

try {
  // 1. Capture overhead: the same two-turn session, bare codex vs leogriel-capture; each run
  // gets a fresh mock so it sees the whole script from its first turn.
  mkdirSync(join(dir, "repo"));
  const repo = makeRepo(join(dir, "repo"), { "README.md": "init\n", "src/a.ts": "export {};\n" });
  const home = join(dir, "home");
  mkdirSync(home);
  const env = { ...codexEnv(home), LEOGRIEL_CODEX: codexBinary(), LEOGRIEL_SIGNING_KEY: join(dir, "key.json"), NO_COLOR: "1" };
  createKeyFile(env.LEOGRIEL_SIGNING_KEY);
  const request = { action: "capture", model: "mock-model", prompt: "write from_shell.txt", sandbox: "workspace-write" } as const;
  writeRequest(repo, request);
  const session = async (run: () => Promise<void>) => {
    const mock = startMockResponses([shellTurn("call_1", "echo hi > from_shell.txt"), messageTurn("done")]);
    makeCodexHome(mock.baseUrl, home);
    try {
      return await time(run);
    } finally {
      await mock.stop();
    }
  };
  const bare: number[] = [];
  const captured: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    bare.push(await session(() => spawnOk([codexBinary(), ...codexExecArgs({ ...request, root: repo })], repo, env, request.prompt)));
    rmSync(join(repo, ".agentproof", "agent-session.json"), { force: true });
    captured.push(await session(() => spawnOk([process.execPath, join(import.meta.dir, "..", "cmd", "capture.ts"), "--request", ".agentproof/request.json"], repo, env)));
  }
  console.log("| capture overhead (same mock session, median of 7) | ms |");
  console.log("|---|---|");
  console.log(`| bare codex exec --json | ${median(bare).toFixed(0)} |`);
  console.log(`| leogriel-capture (bun start, request, 2 snapshots, codex, sign, publish) | ${median(captured).toFixed(0)} |`);
  console.log(`| overhead (target ≤ 150) | ${(median(captured) - median(bare)).toFixed(0)} |`);

  // 2. Verify: 10,000 events and 1,000 changed files.
  const big = join(dir, "big");
  mkdirSync(big);
  makeRepo(big, { "README.md": "init\n" });
  const key = createKeyFile(join(dir, "key2.json"));
  const events = Array.from({ length: 10_000 }, (_, i) =>
    JSON.stringify({ type: "item.completed", item: { id: `item_${i}`, type: "command_execution", command: `/bin/bash -c 'echo ${i}'`, aggregated_output: `${i}\n`, exit_code: 0, status: "completed" } }),
  );
  const receipt = await writeSimulatedReceipt(big, key, () => {
    mkdirSync(join(big, "gen"));
    for (let i = 0; i < 1000; i++) writeFileSync(join(big, "gen", `f${i}.txt`), `file ${i}\n`.repeat(50));
  }, events);
  writeRequest(big, { action: "verify" });
  const inProcess: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    inProcess.push(await time(async () => {
      const report = await verifySession({ requestPath: ".agentproof/request.json", cwd: big, limits: standardLimits() });
      if (!report.receipt_valid || report.repository?.result !== "MATCH") throw new Error("verify did not MATCH");
    }));
  }
  const asProcess: number[] = [];
  for (let i = 0; i < 3; i++) {
    asProcess.push(await time(() => spawnOk([process.execPath, join(import.meta.dir, "..", "cmd", "verify.ts"), "--request", ".agentproof/request.json"], big, { PATH: process.env.PATH ?? "" })));
  }
  console.log(`\n| verify, receipt of ${(receipt.length / 1024 / 1024).toFixed(1)} MiB: 10,000 events, 1,000 changed files | ms |`);
  console.log("|---|---|");
  console.log(`| in-process, median of 7 (target ≤ 1000) | ${median(inProcess).toFixed(0)} |`);
  console.log(`| bun cmd/verify.ts as a process, median of 3 | ${median(asProcess).toFixed(0)} |`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
