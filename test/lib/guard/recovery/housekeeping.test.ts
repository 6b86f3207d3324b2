import { describe, expect, test } from "bun:test";
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { LeogrielError } from "../../../../lib/core/errors.ts";
import { applyCompensation } from "../../../../lib/guard/recovery/apply.ts";
import { projectAudit, readAudit } from "../../../../lib/guard/recovery/audit.ts";
import { collectGarbage } from "../../../../lib/guard/recovery/gc.ts";
import { listTransactions } from "../../../../lib/guard/recovery/inventory.ts";
import { readJournal } from "../../../../lib/guard/recovery/journal.ts";
import { journalPath, layoutOf } from "../../../../lib/guard/recovery/layout.ts";
import { lockPath } from "../../../../lib/guard/recovery/lock.ts";
import { restoreTransaction } from "../../../../lib/guard/recovery/restore.ts";
import { trashIndex } from "../../../../lib/guard/recovery/trash-index.ts";
import { treeHashes } from "../../../fixtures/check-recovery/tree.ts";
import { useTempDirs } from "../../../support/temp-dir.ts";

const tempDir = useTempDirs("leogriel-housekeeping-");
const DAY = 86_400_000;

async function quarantined(ws: string, name: string, bytes = 10): Promise<string> {
  writeFileSync(join(ws, name), "x".repeat(bytes));
  const result = await applyCompensation({ kind: "relocate", workspace: ws, targets: [join(ws, name)] });
  if (!result.ok) throw new Error(result.message);
  return result.txid;
}

describe("restore refusals", () => {
  const rows: { name: string; txid: string; code: string }[] = [
    { name: "a malformed id", txid: "../../etc", code: "invalid_txid" },
    { name: "an id with a newline", txid: "tx-20260101T000000Z-000000000000\n", code: "invalid_txid" },
    { name: "an unknown id", txid: "tx-20260101T000000Z-000000000000", code: "unknown_transaction" },
  ];
  for (const row of rows) {
    test(`${row.name} is ${row.code} (exit 2)`, async () => {
      const ws = tempDir();
      const err = await restoreTransaction(ws, row.txid, { force: false }).catch((e: LeogrielError) => e);
      expect(err).toBeInstanceOf(LeogrielError);
      expect(err).toMatchObject({ code: row.code, exitCode: 2 });
    });
  }

  test("a malformed id reaches the audit log only as a digest", async () => {
    const ws = tempDir();
    await restoreTransaction(ws, "rm -rf secret-dir", { force: false }).catch(() => undefined);
    const log = readFileSync(layoutOf(ws).audit, "utf8");
    expect(log).not.toContain("secret-dir");
    expect(readAudit(ws, 5)[0]).toMatchObject({ event: "restore", outcome: "failed" });
    expect(readAudit(ws, 5)[0]!.txid_sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  test("restoring twice is already_restored and changes nothing", async () => {
    const ws = tempDir();
    const txid = await quarantined(ws, "a.txt");
    await restoreTransaction(ws, txid, { force: false });
    const before = treeHashes(ws);
    const err = await restoreTransaction(ws, txid, { force: false }).catch((e: LeogrielError) => e);
    expect(err).toMatchObject({ code: "already_restored" });
    expect(treeHashes(ws)).toEqual(before);
  });

  test("an occupied destination is a conflict; --force preserves the occupant in backup_txids", async () => {
    const ws = tempDir();
    const txid = await quarantined(ws, "a.txt");
    writeFileSync(join(ws, "a.txt"), "the occupant");
    const refused = await restoreTransaction(ws, txid, { force: false });
    expect(refused).toMatchObject({ restored_count: 0, conflict_count: 1 });
    expect(refused.backup_txids).toBeUndefined();
    expect(readFileSync(join(ws, "a.txt"), "utf8")).toBe("the occupant");
    const forced = await restoreTransaction(ws, txid, { force: true });
    expect(forced).toMatchObject({ restored_count: 1, conflict_count: 0 });
    expect(readFileSync(join(ws, "a.txt"), "utf8")).toBe("xxxxxxxxxx");
    const backup = listTransactions(ws).transactions.find((t) => t.txid === forced.backup_txids![0]);
    expect(backup).toMatchObject({ purpose: "preservation", preserves: txid, quarantined_count: 1 });
  });

  test("a tampered journal path that leaves the workspace is refused per item", async () => {
    const ws = tempDir();
    const txid = await quarantined(ws, "a.txt");
    const path = journalPath(layoutOf(ws), txid);
    writeFileSync(path, readFileSync(path, "utf8").replace('"source":"a.txt"', '"source":"../outside.txt"'));
    const report = await restoreTransaction(ws, txid, { force: true });
    expect(report.items).toEqual([{ index: 0, source: "../outside.txt", status: "error", code: "path_outside_boundary" }]);
  });
});

describe("gc", () => {
  test("purges only settled transactions older than the retention and keeps their history", async () => {
    const ws = tempDir();
    const old = await quarantined(ws, "old.txt");
    const report = await collectGarbage(ws, { olderThanMs: 7 * DAY, dryRun: false, now: new Date(Date.now() + 7 * DAY + 60_000) });
    expect(report.purged.map((p) => p.txid)).toEqual([old]);
    expect(listTransactions(ws).transactions.find((t) => t.txid === old)?.bytes).toBe(0);
    const all = listTransactions(ws).transactions;
    expect(all.find((t) => t.txid === old)?.state).toBe("purged");
    expect(readJournal(journalPath(layoutOf(ws), old), old).records.at(-1)?.type).toBe("purge");
    await expect(restoreTransaction(ws, old, { force: false })).rejects.toMatchObject({ code: "transaction_purged" });
  });

  test("never purges a transaction younger than the retention", async () => {
    const ws = tempDir();
    await quarantined(ws, "a.txt");
    const report = await collectGarbage(ws, { olderThanMs: 7 * DAY, dryRun: false });
    expect(report.purged).toEqual([]);
  });

  test("never purges a transaction whose journal is incomplete or whose owner is alive", async () => {
    const ws = tempDir();
    const txid = await quarantined(ws, "a.txt");
    const path = journalPath(layoutOf(ws), txid);
    const lines = readFileSync(path, "utf8").split("\n").filter((l) => !l.includes("tx-commit"));
    writeFileSync(path, lines.join("\n"));
    writeFileSync(lockPath(layoutOf(ws), txid), JSON.stringify({ pid: process.pid, host: hostname() }));
    const report = await collectGarbage(ws, { olderThanMs: 0, dryRun: false, now: new Date(Date.now() + 60_000) });
    expect(report.purged).toEqual([]);
  });

  test("--max-bytes purges oldest first only until the payload fits; --dry-run changes nothing", async () => {
    const ws = tempDir();
    const a = await quarantined(ws, "a.txt", 100);
    await Bun.sleep(5);
    await quarantined(ws, "b.txt", 100);
    const later = new Date(Date.now() + 60_000);
    const dry = await collectGarbage(ws, { olderThanMs: 0, maxBytes: 150, dryRun: true, now: later });
    expect(dry.purged.map((p) => p.txid)).toEqual([a]);
    expect(listTransactions(ws).transactions.every((t) => t.state === "committed")).toBe(true);
    const real = await collectGarbage(ws, { olderThanMs: 0, maxBytes: 150, dryRun: false, now: later });
    expect(real).toMatchObject({ bytes_before: 200, bytes_after: 100, kept_count: 1 });
  });
});

describe("audit projection", () => {
  const rows: { name: string; input: unknown; expected: unknown }[] = [
    { name: "keeps codes, ids and counts", input: { v: 1, at: "2026-01-01T00:00:00.000Z", event: "gc", purged_count: 2 }, expected: { v: 1, at: "2026-01-01T00:00:00.000Z", event: "gc", purged_count: 2 } },
    { name: "drops a raw command and free-form reason", input: { v: 1, at: "2026-01-01T00:00:00.000Z", event: "check", command: "rm -rf /", reason: "because" }, expected: { v: 1, at: "2026-01-01T00:00:00.000Z", event: "check" } },
    { name: "drops free text under an allowed name", input: { v: 1, at: "2026-01-01T00:00:00.000Z", event: "check", check_id: "rm -rf /", reason_codes: ["not a code"] }, expected: { v: 1, at: "2026-01-01T00:00:00.000Z", event: "check" } },
    { name: "rejects a non-object", input: ["x"], expected: undefined },
    { name: "rejects a record without its required fields", input: { txid: "tx-20260101T000000Z-000000000000" }, expected: undefined },
  ];
  for (const row of rows) test(`projection ${row.name}`, () => expect(projectAudit(row.input)).toEqual(row.expected as never));

  test("status skips unreadable lines and never rewrites the log", async () => {
    const ws = tempDir();
    await quarantined(ws, "a.txt");
    appendFileSync(layoutOf(ws).audit, 'not json\n[1,2]\n{"v":1,"at":"2026-01-01T00:00:00.000Z","event":"check","command":"cat ~/.ssh/id_rsa"}\n');
    const before = readFileSync(layoutOf(ws).audit, "utf8");
    const records = readAudit(ws, 10);
    expect(records.at(-1)).toEqual({ v: 1, at: "2026-01-01T00:00:00.000Z", event: "check" });
    expect(JSON.stringify(records)).not.toContain("id_rsa");
    expect(readFileSync(layoutOf(ws).audit, "utf8")).toBe(before);
    expect(readAudit(ws, 0)).toEqual([]);
  });
});

describe("trash index", () => {
  test("counts candidate and identified locations within the declared scope", async () => {
    const root = tempDir();
    mkdirSync(join(root, "a"));
    await quarantined(join(root, "a"), "x.txt");
    mkdirSync(join(root, "b", ".agent-guard", "quarantine"), { recursive: true });
    mkdirSync(join(root, "deep", "er", "est", ".agent-guard", "quarantine"), { recursive: true });
    const index = trashIndex({ root, trash: [], maxDepth: 2, maxEntries: 1000 });
    expect(index).toMatchObject({ schema_version: 1, complete: true, count: 2, identified_count: 1 });
    expect(index.locations.find((l) => l.identified)?.transaction_count).toBe(1);
    const deeper = trashIndex({ root, trash: [], maxDepth: 5, maxEntries: 1000 });
    expect(deeper.count).toBe(3);
  });

  test("the entry limit and a missing --trash folder make the result partial", () => {
    const root = tempDir();
    for (let i = 0; i < 5; i++) mkdirSync(join(root, `d${i}`));
    expect(trashIndex({ root, trash: [], maxDepth: 3, maxEntries: 2 })).toMatchObject({ complete: false, entries_scanned: 2 });
    const missing = trashIndex({ root, trash: [join(root, "nope")], maxDepth: 3, maxEntries: 100 });
    expect(missing).toMatchObject({ complete: false, count: 1, identified_count: 0 });
    expect(missing.errors[0]?.code).toBe("ENOENT");
  });
});
