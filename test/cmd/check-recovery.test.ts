import { afterEach, describe, expect, test } from "bun:test";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { checkArgs, main } from "../../cmd/check/main.ts";
import { runCli } from "../../lib/core/cli.ts";
import { applyCompensation } from "../../lib/guard/recovery/apply.ts";
import { captureStdio } from "../support/capture-stdio.ts";
import { runEntry } from "../support/run-cli.ts";
import { useTempDirs } from "../support/temp-dir.ts";

const tempDir = useTempDirs("leogriel-check-recovery-");

afterEach(() => {
  process.exitCode = 0;
});

/** Runs `check <args>` in-process, capturing stdout and stderr. */
async function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const { result: code, stdout, stderr } = await captureStdio(() => runCli(main, { rawArgs: checkArgs(args), internalExitCode: 1 }));
  return { code, stdout, stderr };
}

async function quarantine(ws: string): Promise<string> {
  writeFileSync(join(ws, "a.txt"), "a");
  const result = await applyCompensation({ kind: "relocate", workspace: ws, targets: [join(ws, "a.txt")] });
  if (!result.ok) throw new Error(result.message);
  // The command's delete: a small file stays in place for the line until the line deletes it.
  rmSync(join(ws, "a.txt"));
  return result.txid;
}

describe("check restore / status / gc (in-process)", () => {
  test("restore --json puts the file back and reports counts in the envelope", async () => {
    const ws = tempDir();
    const txid = await quarantine(ws);
    const res = await run(["restore", txid, "--json", "--cwd", ws]);
    expect(res.code).toBe(0);
    expect(JSON.parse(res.stdout)).toMatchObject({ ok: true, command: "check restore", data: { txid, restored_count: 1, conflict_count: 0, error_count: 0 } });
    expect(readFileSync(join(ws, "a.txt"), "utf8")).toBe("a");
  });

  const restoreRows: { name: string; args: (ws: string, txid: string) => string[]; code: number; error?: string }[] = [
    { name: "a malformed txid", args: (ws) => ["restore", "not-a-txid", "--json", "--cwd", ws], code: 2, error: "invalid_txid" },
    { name: "an unknown txid", args: (ws) => ["restore", "tx-20260101T000000Z-000000000000", "--json", "--cwd", ws], code: 2, error: "unknown_transaction" },
    { name: "a missing txid", args: (ws) => ["restore", "--json", "--cwd", ws], code: 2, error: "invalid_usage" },
    { name: "an unknown flag", args: (ws, txid) => ["restore", txid, "--yes", "--json", "--cwd", ws], code: 2, error: "invalid_usage" },
  ];
  for (const row of restoreRows) {
    test(`restore with ${row.name} exits ${row.code} with ${row.error}`, async () => {
      const ws = tempDir();
      const txid = await quarantine(ws);
      const res = await run(row.args(ws, txid));
      expect(res.code).toBe(row.code);
      expect(JSON.parse(res.stdout).errors[0].code).toBe(row.error);
      expect(existsSync(join(ws, "a.txt"))).toBe(false);
    });
  }

  test("restore over an occupied path exits 1 and keeps the occupant", async () => {
    const ws = tempDir();
    const txid = await quarantine(ws);
    writeFileSync(join(ws, "a.txt"), "occupant");
    const res = await run(["restore", txid, "--json", "--cwd", ws]);
    expect(res.code).toBe(1);
    expect(JSON.parse(res.stdout)).toMatchObject({ ok: false, data: { conflict_count: 1 }, warnings: [{ code: "destination_occupied" }] });
    expect(readFileSync(join(ws, "a.txt"), "utf8")).toBe("occupant");
  });

  test("status --json lists the active inventory and the projected audit", async () => {
    const ws = tempDir();
    const txid = await quarantine(ws);
    const res = await run(["status", "--json", "--cwd", ws]);
    expect(res.code).toBe(0);
    const data = JSON.parse(res.stdout).data;
    expect(data.tx_inventory).toEqual([txid]);
    expect(data.transactions[0]).toMatchObject({ txid, kind: "relocate", state: "committed", quarantined_count: 1 });
    expect(data.audit.at(-1)).toMatchObject({ event: "compensation", outcome: "ok", txid, moved_count: 1 });
  });

  const statusRows: { name: string; args: (ws: string) => string[]; code: number }[] = [
    { name: "--root without --trash-index", args: (ws) => ["status", "--root", ws, "--cwd", ws], code: 2 },
    { name: "--max-depth without --trash-index", args: (ws) => ["status", "--max-depth", "2", "--cwd", ws], code: 2 },
    { name: "a negative --max-depth", args: (ws) => ["status", "--trash-index", "--max-depth", "-1", "--cwd", ws], code: 2 },
    { name: "a zero --max-entries", args: (ws) => ["status", "--trash-index", "--max-entries", "0", "--cwd", ws], code: 2 },
    { name: "a --root that is not a folder", args: (ws) => ["status", "--trash-index", "--root", join(ws, "nope"), "--cwd", ws], code: 2 },
    { name: "a complete index", args: (ws) => ["status", "--trash-index", "--cwd", ws], code: 0 },
    { name: "an index cut short by --max-entries", args: (ws) => ["status", "--trash-index", "--max-entries", "1", "--cwd", ws], code: 1 },
  ];
  for (const row of statusRows) {
    test(`status with ${row.name} exits ${row.code}`, async () => {
      const ws = tempDir();
      await quarantine(ws);
      writeFileSync(join(ws, "b.txt"), "b");
      expect((await run(row.args(ws))).code).toBe(row.code);
    });
  }

  test("status --trash-index --json writes the schema_version 1 document, not the envelope", async () => {
    const ws = tempDir();
    await quarantine(ws);
    const res = await run(["status", "--trash-index", "--json", "--cwd", ws]);
    expect(JSON.parse(res.stdout)).toMatchObject({ schema_version: 1, complete: true, count: 1, identified_count: 1 });
  });

  test("gc --dry-run --older-than 0s lists without purging; a bad duration exits 2", async () => {
    const ws = tempDir();
    const txid = await quarantine(ws);
    const dry = await run(["gc", "--dry-run", "--older-than", "0s", "--json", "--cwd", ws]);
    expect(dry.code).toBe(0);
    expect(JSON.parse(dry.stdout).data.dry_run).toBe(true);
    expect((await run(["gc", "--older-than", "soon", "--json", "--cwd", ws])).code).toBe(2);
    expect((await run(["gc", "--max-bytes", "-5", "--json", "--cwd", ws])).code).toBe(2);
    expect(JSON.parse((await run(["status", "--json", "--cwd", ws])).stdout).data.tx_inventory).toEqual([txid]);
  });
});

describe("check restore (real process)", () => {
  test("bun cmd/check.ts restore <txid> in a temp dir exits 0, stdout empty, human report on stderr", async () => {
    const ws = tempDir();
    const txid = await quarantine(ws);
    const proc = runEntry("check", ["restore", txid], { cwd: ws });
    expect(proc.exitCode).toBe(0);
    expect(proc.stdout).toBe("");
    expect(proc.stderr).toContain(`Restored 1 of 1 from ${txid}`);
    expect(readFileSync(join(ws, "a.txt"), "utf8")).toBe("a");
    const again = runEntry("check", ["restore", txid, "--json"], { cwd: ws });
    expect(again.exitCode).toBe(2);
    expect(JSON.parse(again.stdout).errors[0].code).toBe("already_restored");
  });
});
