import { describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sha256Hex } from "../../../lib/core/hash.ts";
import type { DecisionJson } from "../../../lib/guard/decision-json.ts";
import { runHook } from "../../../lib/guard/hooks/run-hook.ts";
import { readSentinelReceipts, recordSentinelReceipt, SENTINEL_RECEIPT_NAME } from "../../../lib/guard/hooks/sentinel-receipt.ts";
import { useTempDirs } from "../../support/temp-dir.ts";

const tempDir = useTempDirs("leogriel-sentinel-receipt-");
const NONCE = "0123456789abcdef0123456789abcdef";
const OTHER = "fedcba9876543210fedcba9876543210";
const json = { decision: "RELOCATE", reason: "RELOCATE_TREE", compensation: { applied: { txid: "tx-1" } } } as unknown as DecisionJson;
const AT = new Date("2026-11-29T23:08:36.000Z");

function setup() {
  const dir = tempDir();
  const path = join(dir, SENTINEL_RECEIPT_NAME);
  return { dir, path, env: { LEOGRIEL_SENTINEL_RECEIPT: path, LEOGRIEL_SENTINEL_NONCE_SHA256: sha256Hex(NONCE) } };
}

describe("the sentinel receipt writer", () => {
  test("writes one line of hashes and fixed fields: no command text, no nonce", () => {
    const { path, env } = setup();
    const command = `rm -rf ./leogriel-sentinel-${NONCE} && echo private-words GITHUB_TOKEN=ghp_notreal`;
    expect(recordSentinelReceipt("claude", command, json, env, AT)).toBe(true);
    const text = readFileSync(path, "utf8");
    expect(text).toBe(`${JSON.stringify({ v: 1, nonce_sha256: sha256Hex(NONCE), agent: "claude", decision: "RELOCATE", reason: "RELOCATE_TREE", compensated: true, at: AT.toISOString() })}\n`);
    for (const raw of [NONCE, "rm -rf", "private-words", "ghp_notreal", "tx-1"]) expect(text).not.toContain(raw);
  });

  const ignored: [string, (s: ReturnType<typeof setup>) => [string, Record<string, string | undefined>]][] = [
    ["a command with another nonce", (s) => [`rm -rf ./leogriel-sentinel-${OTHER}`, s.env]],
    ["a command without a sentinel", (s) => ["rm -rf ./build", s.env]],
    ["a nonce one digit short", (s) => [`rm -rf ./leogriel-sentinel-${NONCE.slice(1)}`, s.env]],
    ["no expected hash", (s) => [`rm -rf ./leogriel-sentinel-${NONCE}`, { LEOGRIEL_SENTINEL_RECEIPT: s.path }]],
    ["the nonce itself given as the expected hash", (s) => [`rm -rf ./leogriel-sentinel-${NONCE}`, { ...s.env, LEOGRIEL_SENTINEL_NONCE_SHA256: NONCE }]],
    ["a receipt path with another file name", (s) => [`rm -rf ./leogriel-sentinel-${NONCE}`, { ...s.env, LEOGRIEL_SENTINEL_RECEIPT: join(s.dir, "victim.txt") }]],
  ];
  for (const [name, make] of ignored) {
    test(`writes nothing for ${name}`, () => {
      const s = setup();
      const [command, env] = make(s);
      expect(recordSentinelReceipt("claude", command, json, env, AT)).toBe(false);
      expect(existsSync(s.path)).toBe(false);
      expect(existsSync(join(s.dir, "victim.txt"))).toBe(false);
    });
  }

  test("a receipt that cannot be written is left out without throwing", () => {
    const { dir, env } = setup();
    const path = join(dir, "no-such-dir", SENTINEL_RECEIPT_NAME);
    expect(recordSentinelReceipt("claude", `rm -rf ./leogriel-sentinel-${NONCE}`, json, { ...env, LEOGRIEL_SENTINEL_RECEIPT: path }, AT)).toBe(false);
  });

  test("the reader keeps this nonce's well-formed receipts and skips the rest", () => {
    const { path, env } = setup();
    recordSentinelReceipt("claude", `rm -rf ./leogriel-sentinel-${NONCE}`, json, env, AT);
    const good = readFileSync(path, "utf8");
    writeFileSync(path, `not json\n{"v":1,"nonce_sha256":"${sha256Hex(NONCE)}"}\n${JSON.stringify({ ...JSON.parse(good), nonce_sha256: sha256Hex(OTHER) })}\n${good}`);
    expect(readSentinelReceipts(path, sha256Hex(NONCE))).toEqual([JSON.parse(good)]);
    expect(readSentinelReceipts(join(path, "missing"), sha256Hex(NONCE))).toEqual([]);
  });
});

describe("the hook leaves the receipt", () => {
  function payload(ws: string, command: string) {
    return new TextEncoder().encode(JSON.stringify({ session_id: "s", cwd: ws, hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command } }));
  }

  test("a sentinel delete is quarantined and answered as usual, and the receipt records it", async () => {
    const s = setup();
    const ws = join(s.dir, "ws");
    mkdirSync(ws);
    writeFileSync(join(ws, `leogriel-sentinel-${NONCE}`), "marker");
    const answer = await runHook("claude", payload(ws, `rm -rf ./leogriel-sentinel-${NONCE}`), { HOME: s.dir, ...s.env });
    expect(answer.exitCode).toBe(0);
    expect(answer.stdout).toContain("leogriel-check restore tx-");
    const txid = /leogriel-check restore (tx-[0-9TZ]+-[0-9a-f]+)/.exec(answer.stdout)?.[1];
    expect(readFileSync(join(ws, ".agent-guard", "quarantine", "tx", txid!, "payload", "0"), "utf8")).toBe("marker");
    expect(readSentinelReceipts(s.path, sha256Hex(NONCE))).toMatchObject([{ agent: "claude", decision: "RELOCATE", reason: "RELOCATE_TREE", compensated: true }]);
  });

  test("a denied sentinel delete is recorded as the BLOCK it was", async () => {
    const s = setup();
    const answer = await runHook("codex", payload(s.dir, `rm -rf / ./leogriel-sentinel-${NONCE}`), { HOME: s.dir, ...s.env });
    expect(answer.stdout).toContain('"permissionDecision":"deny"');
    expect(readSentinelReceipts(s.path, sha256Hex(NONCE))).toMatchObject([{ agent: "codex", decision: "BLOCK", compensated: false }]);
  });

  test("without the receipt variable the hook writes no receipt", async () => {
    const s = setup();
    await runHook("claude", payload(s.dir, `rm -rf / ./leogriel-sentinel-${NONCE}`), { HOME: s.dir, LEOGRIEL_SENTINEL_NONCE_SHA256: sha256Hex(NONCE) });
    expect(existsSync(s.path)).toBe(false);
  });
});
