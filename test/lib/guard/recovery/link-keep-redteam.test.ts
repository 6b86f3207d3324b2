import { describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { classify } from "../../../../lib/guard/classify.ts";
import { applyCompensation } from "../../../../lib/guard/recovery/apply.ts";
import { KEEP_FOLDER_LIMITS } from "../../../../lib/guard/recovery/relocate.ts";
import { restoreTransaction } from "../../../../lib/guard/recovery/restore.ts";
import { useTempDirs } from "../../../support/temp-dir.ts";

// Session 19 red team (helper `rt2`) of the link tree (link-tree.ts): a large folder the line reads
// before deleting stays in place with its files hard-linked into the quarantine. A write in place
// into one of its files before the delete (`: > data/app.db`, `truncate`, `dd conv=notrunc`)
// reaches the quarantine's name too, so the restore brings the truncated file back. The plan the
// guard gives (classify) is applied, the line is run by bash, and the transaction restored.
const tempDir = useTempDirs("leogriel-link-redteam-");
const OVER_COPY = KEEP_FOLDER_LIMITS.entries + 100;

function workspace(): string {
  const ws = tempDir();
  mkdirSync(join(ws, ".git"));
  for (let i = 0; i < OVER_COPY; i++) {
    const dir = join(ws, "data", `d${Math.floor(i / 100)}`);
    if (i % 100 === 0) mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `f${i}.json`), `{"n":${i}}\n`);
  }
  writeFileSync(join(ws, "data", "app.db"), "precious rows\n");
  return ws;
}

async function runGuarded(ws: string, line: string): Promise<string> {
  const r = classify({ command: line, cwd: ws, env: { HOME: tempDir(), TMPDIR: "/tmp", PATH: process.env.PATH } });
  expect(r.decision).toBe("RELOCATE");
  const applied = await applyCompensation(r.plan as Parameters<typeof applyCompensation>[0]);
  if (!applied.ok) throw new Error(applied.message);
  Bun.spawnSync(["bash", "-c", line], { cwd: ws });
  await restoreTransaction(ws, applied.txid, { force: false });
  return Bun.file(join(ws, "data", "app.db")).text();
}

describe("a write in place into a linked folder's file before its delete", () => {
  for (const write of [": > data/app.db", "truncate -s0 data/app.db", "printf XXXXXXX | dd of=data/app.db conv=notrunc status=none", "cp /dev/null data/app.db", "shred data/app.db", "find data -name app.db -exec truncate -s0 {} +", "echo XXXXXXX 1<>data/app.db"]) {
    test(write, async () => {
      expect(await runGuarded(workspace(), `du -s data > /dev/null && ${write} && rm -rf data`)).toBe("precious rows\n");
    }, 60_000);
  }
  test("no write: every byte comes back", async () => {
    expect(await runGuarded(workspace(), "du -s data > /dev/null && rm -rf data")).toBe("precious rows\n");
  }, 60_000);
});
