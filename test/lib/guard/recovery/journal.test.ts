import { describe, expect, test } from "bun:test";
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { LeogrielError } from "../../../../lib/core/errors.ts";
import { appendRecord, readJournal, repairTornTail } from "../../../../lib/guard/recovery/journal.ts";
import { copyVerified, renameEntry } from "../../../../lib/guard/recovery/move.ts";
import { replay } from "../../../../lib/guard/recovery/tx-view.ts";
import { treeDigest } from "../../../../lib/guard/recovery/tree-digest.ts";
import { useTempDirs } from "../../../support/temp-dir.ts";
import { seededRandom } from "../../../support/seeded-random.ts";

const tempDir = useTempDirs("leogriel-journal-");
const TXID = "tx-20260101T000000Z-0123456789ab";
const START = { type: "tx-start", v: 1, txid: TXID, kind: "relocate", created_at: "2026-01-01T00:00:00.000Z", meta: { purpose: "compensation" } } as const;


describe("journal", () => {
  test("a torn last line is dropped and repaired; earlier records survive", () => {
    const path = join(tempDir(), "journal.jsonl");
    appendRecord(path, START);
    appendRecord(path, { type: "relocate-intent", index: 0, source: "a b", entry: "file", mode: 0o644 });
    writeFileSync(path, `${readFileSync(path, "utf8")}{"type":"relocate","ind`);
    expect(readJournal(path, TXID)).toMatchObject({ torn: true, records: [{ type: "tx-start" }, { type: "relocate-intent" }] });
    repairTornTail(path);
    appendRecord(path, { type: "relocate", index: 0, method: "rename" });
    expect(replay(readJournal(path, TXID).records, TXID).items).toEqual([{ index: 0, source: "a b", entry: "file", mode: 0o644, method: "rename", state: "quarantined" }]);
  });

  test("unknown fields are tolerated, as seed 001 asks of manifest readers", () => {
    const path = join(tempDir(), "journal.jsonl");
    writeFileSync(path, `${JSON.stringify({ ...START, future_field: 1 })}\n`);
    expect(replay(readJournal(path, TXID).records, TXID).state).toBe("open");
  });

  const hostile = ["", "null", "[]", '{"type":"tx-start"}', '{"type":"nope","index":0}', '{"type":"relocate","index":-1,"method":"rename"}', "\u0000", '{"type":"relocate-intent","index":0,"source":"","entry":"file","mode":0}'];
  for (const line of hostile) {
    test(`a bad middle line ${JSON.stringify(line)} makes the journal invalid, never a crash`, () => {
      const path = join(tempDir(), "journal.jsonl");
      writeFileSync(path, `${JSON.stringify(START)}\n${line}\n${JSON.stringify(START)}\n`);
      expect(() => readJournal(path, TXID)).toThrow(LeogrielError);
    });
  }

  test("random bytes and random record mutations only ever give records or journal_invalid (seeded fuzz)", () => {
    const next = seededRandom(20261129);
    const dir = tempDir();
    const base = [JSON.stringify(START), JSON.stringify({ type: "relocate-intent", index: 0, source: "src", entry: "dir", mode: 493 }), JSON.stringify({ type: "relocate", index: 0, method: "rename" })].join("\n");
    for (let i = 0; i < 300; i++) {
      const chars = [...base];
      for (let k = 0; k < 1 + Math.floor(next() * 6); k++) chars[Math.floor(next() * chars.length)] = String.fromCharCode(Math.floor(next() * 128));
      const path = join(dir, `j${i}.jsonl`);
      writeFileSync(path, `${chars.join("")}\n`);
      try {
        replay(readJournal(path, TXID).records, TXID);
      } catch (err) {
        expect(err).toBeInstanceOf(LeogrielError);
        expect((err as LeogrielError).code).toBe("journal_invalid");
      }
    }
  });
});

describe("moves across file systems", () => {
  // /dev/shm is a tmpfs on Linux: a real second file system, without mounting anything.
  test("rename reports EXDEV as false, and a verified copy holds every byte, mode and link", async () => {
    const src = join("/dev/shm", `leogriel-${process.pid}-${Date.now()}`);
    mkdirSync(join(src, "sub"), { recursive: true });
    writeFileSync(join(src, "sub", "f.bin"), Buffer.from([0, 1, 2, 255]), { mode: 0o600 });
    symlinkSync("../nowhere", join(src, "dangling"));
    const dest = join(tempDir(), "payload");
    try {
      expect(renameEntry(src, dest)).toBe(false);
      await copyVerified(src, dest);
      expect(await treeDigest(dest)).toBe(await treeDigest(src));
    } finally {
      rmSync(src, { recursive: true, force: true });
    }
  });

  test("a full disk during a cross-device copy leaves no partial copy behind", () => {
    const script = `
      import { mkdirSync, writeFileSync, existsSync, rmSync } from "node:fs";
      import { copyVerified } from ${JSON.stringify(join(import.meta.dir, "../../../../lib/guard/recovery/move.ts"))};
      const src = "/dev/shm/leogriel-enospc-" + process.pid; mkdirSync(src); writeFileSync(src + "/a", "a"); writeFileSync(src + "/b", "b");
      const dest = process.argv[2] + "/payload";
      try { await copyVerified(src, dest); } catch (e) { console.log(e.code, existsSync(dest), existsSync(dest + ".partial")); }
      rmSync(src, { recursive: true });`;
    const dir = tempDir();
    writeFileSync(join(dir, "s.ts"), script);
    const proc = Bun.spawnSync([process.execPath, join(dir, "s.ts"), dir], { env: { ...process.env, LEOGRIEL_RECOVERY_FAULT: "enospc-copy" } });
    expect(proc.stdout.toString().trim()).toBe("ENOSPC false false");
  });
});
