import { describe, expect, test } from "bun:test";
import { chmodSync, existsSync, linkSync, lstatSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { LeogrielError } from "../../../../lib/core/errors.ts";
import { applyCompensation } from "../../../../lib/guard/recovery/apply.ts";
import { listTransactions } from "../../../../lib/guard/recovery/inventory.ts";
import { layoutOf, payloadPath } from "../../../../lib/guard/recovery/layout.ts";
import { recoverWorkspace } from "../../../../lib/guard/recovery/recover.ts";
import { KEEP_DELETED_MAX_BYTES, KEEP_FOLDER_LIMITS } from "../../../../lib/guard/recovery/relocate.ts";
import { restoreTransaction } from "../../../../lib/guard/recovery/restore.ts";
import { loadTx } from "../../../../lib/guard/recovery/tx-view.ts";
import { treeHashes } from "../../../fixtures/check-recovery/tree.ts";
import { useTempDirs } from "../../../support/temp-dir.ts";

// Files a command only overwrites (plan.kept), deleted files up to KEEP_DELETED_MAX_BYTES and
// deleted folders within KEEP_FOLDER_LIMITS are copied into the quarantine and left in place, so a
// line that reads or tests them first still finds them (session 15's first task, session 18).
const tempDir = useTempDirs("leogriel-keep-");
const CHILD = join(import.meta.dir, "../../../fixtures/check-recovery/child-apply.ts");

function workspace(): string {
  const ws = tempDir();
  mkdirSync(join(ws, "src"), { recursive: true });
  writeFileSync(join(ws, "src", "a.ts"), "export const a = 1;\n");
  writeFileSync(join(ws, "package.json"), '{"version":"1"}\n');
  chmodSync(join(ws, "package.json"), 0o640);
  writeFileSync(join(ws, ".env"), "A=1\n");
  writeFileSync(join(ws, "real.txt"), "the link's file\n");
  symlinkSync("real.txt", join(ws, "link.txt"));
  return ws;
}

const plan = (ws: string, targets: string[], kept: string[]) => ({
  kind: "relocate" as const,
  workspace: ws,
  targets: targets.map((t) => join(ws, t)),
  kept: kept.map((t) => join(ws, t)),
});

async function applied(ws: string, targets: string[], kept: string[]): Promise<string> {
  const result = await applyCompensation(plan(ws, targets, kept));
  if (!result.ok) throw new Error(result.message);
  return result.txid;
}

describe("a kept (overwritten) file is copied and stays in place", () => {
  test("the file stays with its bytes and mode, the payload holds a copy, the journal says keep", async () => {
    const ws = workspace();
    const before = treeHashes(ws);
    const txid = await applied(ws, ["package.json"], ["package.json"]);
    expect(treeHashes(ws)).toEqual(before);
    const payload = payloadPath(layoutOf(ws), txid, 0);
    expect(readFileSync(payload, "utf8")).toBe('{"version":"1"}\n');
    expect(lstatSync(payload).mode & 0o777).toBe(0o640);
    expect(loadTx(layoutOf(ws), txid).items).toMatchObject([{ source: "package.json", entry: "file", method: "keep", state: "quarantined" }]);
  });

  test("a kept symlink moves (a write through it would reach its file); a small deleted folder stays", async () => {
    const ws = workspace();
    const txid = await applied(ws, ["src", "package.json", "link.txt"], ["package.json", "link.txt"]);
    expect(readFileSync(join(ws, "src", "a.ts"), "utf8")).toBe("export const a = 1;\n");
    expect(lstatSync(join(ws, "link.txt"), { throwIfNoEntry: false })).toBeUndefined();
    expect(existsSync(join(ws, "package.json"))).toBe(true);
    const methods = loadTx(layoutOf(ws), txid).items.map((i) => [i.source, i.method]);
    expect(methods).toEqual([
      ["src", "keep"],
      ["package.json", "keep"],
      ["link.txt", "rename"],
    ]);
  });

  test("a file with another hard link is moved: a write in place would change the other name's content too", async () => {
    const ws = workspace();
    const outside = join(tempDir(), "outside.txt");
    writeFileSync(outside, "shared bytes\n");
    linkSync(outside, join(ws, "linked.txt"));
    const txid = await applied(ws, ["linked.txt"], ["linked.txt"]);
    expect(existsSync(join(ws, "linked.txt"))).toBe(false);
    expect(loadTx(layoutOf(ws), txid).items.map((i) => i.method)).toEqual(["rename"]);
    // The line's overwrite makes a new file; the other name keeps its bytes, and the restore brings the link back.
    writeFileSync(join(ws, "linked.txt"), "overwritten\n");
    expect(readFileSync(outside, "utf8")).toBe("shared bytes\n");
    rmSync(join(ws, "linked.txt"));
    expect((await restoreTransaction(ws, txid, { force: false })).restored_count).toBe(1);
    expect(lstatSync(join(ws, "linked.txt")).ino).toBe(lstatSync(outside).ino);
  });

  test("a deleted file is copied and left in place up to KEEP_DELETED_MAX_BYTES, a larger one is moved", async () => {
    const ws = workspace();
    writeFileSync(join(ws, "big.bin"), Buffer.alloc(KEEP_DELETED_MAX_BYTES + 1, 7));
    writeFileSync(join(ws, "edge.bin"), Buffer.alloc(KEEP_DELETED_MAX_BYTES, 7));
    const txid = await applied(ws, ["big.bin", "edge.bin", ".env"], []);
    expect(existsSync(join(ws, "big.bin"))).toBe(false);
    expect(existsSync(join(ws, "edge.bin"))).toBe(true);
    expect(readFileSync(join(ws, ".env"), "utf8")).toBe("A=1\n");
    expect(loadTx(layoutOf(ws), txid).items.map((i) => [i.source, i.method])).toEqual([
      ["big.bin", "rename"],
      ["edge.bin", "keep"],
      [".env", "keep"],
    ]);
    // The line's delete, then the restore: every file back.
    rmSync(join(ws, "edge.bin"));
    rmSync(join(ws, ".env"));
    expect(await restoreTransaction(ws, txid, { force: false })).toMatchObject({ restored_count: 3, conflict_count: 0, error_count: 0 });
    expect(readFileSync(join(ws, ".env"), "utf8")).toBe("A=1\n");
    expect(lstatSync(join(ws, "big.bin")).size).toBe(KEEP_DELETED_MAX_BYTES + 1);
  });

  test("a kept target that does not exist is skipped like a vanished one", async () => {
    const ws = workspace();
    const result = await applyCompensation(plan(ws, ["missing.json", "package.json"], ["missing.json", "package.json"]));
    expect(result).toMatchObject({ ok: true, covered: 2 });
    expect(loadTx(layoutOf(ws), (result as { txid: string }).txid).items.map((i) => i.state)).toEqual(["quarantined"]);
  });
});

describe("a deleted folder is copied and left in place when it is small and plain", () => {
  const folder = (ws: string, files: Record<string, string | Buffer>) => {
    for (const [name, bytes] of Object.entries(files)) {
      mkdirSync(join(ws, "dist", name, ".."), { recursive: true });
      writeFileSync(join(ws, "dist", name), bytes);
    }
  };
  const methodOf = (ws: string, txid: string) => loadTx(layoutOf(ws), txid).items.map((i) => [i.source, i.entry, i.method]);

  test("the folder stays, the payload holds the same tree, and after the line deletes it the restore brings it back", async () => {
    const ws = workspace();
    folder(ws, { "app.js": "1\n", "assets/logo.svg": "<svg/>\n", "empty/.keep": "" });
    chmodSync(join(ws, "dist", "assets"), 0o750);
    const before = treeHashes(ws);
    const txid = await applied(ws, ["dist"], []);
    expect(treeHashes(ws)).toEqual(before);
    expect(methodOf(ws, txid)).toEqual([["dist", "dir", "keep"]]);
    expect(readFileSync(join(payloadPath(layoutOf(ws), txid, 0), "assets", "logo.svg"), "utf8")).toBe("<svg/>\n");
    expect(lstatSync(join(payloadPath(layoutOf(ws), txid, 0), "assets")).mode & 0o777).toBe(0o750);
    rmSync(join(ws, "dist"), { recursive: true });
    expect(await restoreTransaction(ws, txid, { force: false })).toMatchObject({ restored_count: 1, conflict_count: 0, error_count: 0 });
    expect(treeHashes(ws)).toEqual(before);
  });

  test("left as it was: restored without --force; a file changed inside it is a conflict", async () => {
    const ws = workspace();
    folder(ws, { "app.js": "1\n" });
    const unchanged = await applied(ws, ["dist"], []);
    expect(await restoreTransaction(ws, unchanged, { force: false })).toMatchObject({ restored_count: 1, conflict_count: 0 });
    expect(existsSync(payloadPath(layoutOf(ws), unchanged, 0))).toBe(false);
    const changed = await applied(ws, ["dist"], []);
    writeFileSync(join(ws, "dist", "app.js"), "2\n");
    expect(await restoreTransaction(ws, changed, { force: false })).toMatchObject({ restored_count: 0, conflict_count: 1 });
  });

  // Above the copy limits the files are linked instead (session 19, link-keep.test.ts).
  test(`more than ${KEEP_FOLDER_LIMITS.entries} entries, or more than ${KEEP_FOLDER_LIMITS.bytes} bytes of files: linked, not copied`, async () => {
    const ws = workspace();
    const many: Record<string, string> = {};
    for (let i = 0; i < KEEP_FOLDER_LIMITS.entries; i++) many[`f${i}`] = "";
    folder(ws, many);
    const atLimit = await applied(ws, ["dist"], []);
    expect(methodOf(ws, atLimit)).toEqual([["dist", "dir", "keep"]]);
    expect(lstatSync(join(payloadPath(layoutOf(ws), atLimit, 0), "f0")).nlink).toBe(1);
    writeFileSync(join(ws, "dist", "one-more"), "");
    const over = await applied(ws, ["dist"], []);
    expect(methodOf(ws, over)).toEqual([["dist", "dir", "keep"]]);
    expect(lstatSync(join(payloadPath(layoutOf(ws), over, 0), "one-more")).ino).toBe(lstatSync(join(ws, "dist", "one-more")).ino);
    rmSync(join(ws, "dist"), { recursive: true });

    const half = Buffer.alloc(KEEP_FOLDER_LIMITS.bytes / 2, 1);
    folder(ws, { "a.bin": half, "b.bin": half });
    const full = await applied(ws, ["dist"], []);
    expect(methodOf(ws, full)).toEqual([["dist", "dir", "keep"]]);
    expect(lstatSync(join(payloadPath(layoutOf(ws), full, 0), "a.bin")).nlink).toBe(1);
    writeFileSync(join(ws, "dist", "c.bin"), "x");
    const heavy = await applied(ws, ["dist"], []);
    expect(methodOf(ws, heavy)).toEqual([["dist", "dir", "keep"]]);
    expect(lstatSync(join(payloadPath(layoutOf(ws), heavy, 0), "a.bin")).ino).toBe(lstatSync(join(ws, "dist", "a.bin")).ino);
  });

  test("a folder holding a symlink or a file with another hard link is moved", async () => {
    const ws = workspace();
    folder(ws, { "app.js": "1\n" });
    symlinkSync("../real.txt", join(ws, "dist", "link"));
    expect(methodOf(ws, await applied(ws, ["dist"], []))).toEqual([["dist", "dir", "rename"]]);
    folder(ws, { "app.js": "1\n" });
    linkSync(join(ws, "real.txt"), join(ws, "dist", "hard"));
    expect(methodOf(ws, await applied(ws, ["dist"], []))).toEqual([["dist", "dir", "rename"]]);
  });
});

describe("restoring a kept file", () => {
  test("left as it was by the command: restored without --force, and the copy goes", async () => {
    const ws = workspace();
    const before = treeHashes(ws);
    const txid = await applied(ws, [".env"], [".env"]);
    const report = await restoreTransaction(ws, txid, { force: false });
    expect(report).toMatchObject({ restored_count: 1, conflict_count: 0, error_count: 0 });
    expect(report.backup_txids).toBeUndefined();
    expect(treeHashes(ws)).toEqual(before);
    expect(existsSync(payloadPath(layoutOf(ws), txid, 0))).toBe(false);
    expect(loadTx(layoutOf(ws), txid).state).toBe("restored");
  });

  test("replaced by the command: a conflict without --force; --force keeps the new file in a preservation transaction", async () => {
    const ws = workspace();
    const before = treeHashes(ws);
    const txid = await applied(ws, ["package.json"], ["package.json"]);
    writeFileSync(join(ws, "package.json"), '{"version":"2"}\n');
    const refused = await restoreTransaction(ws, txid, { force: false });
    expect(refused).toMatchObject({ restored_count: 0, conflict_count: 1 });
    expect(refused.items[0]).toMatchObject({ source: "package.json", code: "destination_occupied" });
    expect(readFileSync(join(ws, "package.json"), "utf8")).toBe('{"version":"2"}\n');

    const forced = await restoreTransaction(ws, txid, { force: true });
    expect(forced).toMatchObject({ restored_count: 1, conflict_count: 0, error_count: 0 });
    expect(treeHashes(ws)).toEqual(before);
    const [backup] = forced.backup_txids!;
    expect(loadTx(layoutOf(ws), backup!).items).toMatchObject([{ source: "package.json", method: "rename" }]);
    expect(readFileSync(payloadPath(layoutOf(ws), backup!, 0), "utf8")).toBe('{"version":"2"}\n');
  });

  test("a mode change alone is a change: the restore does not call it in place", async () => {
    const ws = workspace();
    const txid = await applied(ws, ["package.json"], ["package.json"]);
    chmodSync(join(ws, "package.json"), 0o600);
    expect(await restoreTransaction(ws, txid, { force: false })).toMatchObject({ restored_count: 0, conflict_count: 1 });
  });

  test("--force with a kept file left in place preserves nothing", async () => {
    const ws = workspace();
    const txid = await applied(ws, ["package.json", "src"], ["package.json"]);
    const report = await restoreTransaction(ws, txid, { force: true });
    expect(report).toMatchObject({ restored_count: 2, conflict_count: 0, error_count: 0 });
    expect(report.backup_txids).toBeUndefined();
  });
});

describe("failures and crashes with kept files", () => {
  test("a full disk after the kept copy is COMPENSATION_FAILED; the rollback leaves every file in place and no copy behind", () => {
    const ws = workspace();
    const before = treeHashes(ws);
    const proc = Bun.spawnSync([process.execPath, CHILD, "apply", JSON.stringify(plan(ws, ["package.json", "src"], ["package.json"]))], {
      // 1 audit intent, 2 tx-start, 3 intent, 4 relocate keep, 5 the second intent fails.
      env: { ...process.env, LEOGRIEL_RECOVERY_FAULT: "enospc-journal:5" },
    });
    expect(JSON.parse(proc.stdout.toString())).toMatchObject({ ok: false, reason: "COMPENSATION_FAILED" });
    expect(treeHashes(ws)).toEqual(before);
    for (const t of listTransactions(ws).transactions) {
      expect(t.needs_recovery).toBe(false);
      expect(readdirSync(join(layoutOf(ws).tx, t.txid, "payload"))).toEqual([]);
    }
  });

  test("a relocation with a kept file killed after any step is recovered with every byte in place", async () => {
    let step = 1;
    for (; step < 40; step++) {
      const ws = workspace();
      const before = treeHashes(ws);
      const run = Bun.spawnSync([process.execPath, CHILD, "apply", JSON.stringify(plan(ws, ["src", "package.json"], ["package.json"]))], {
        env: { ...process.env, LEOGRIEL_RECOVERY_FAULT: `crash-at:${step}` },
      });
      if (run.signalCode !== "SIGKILL") break;
      await recoverWorkspace(ws);
      expect(listTransactions(ws).transactions.filter((t) => t.needs_recovery)).toEqual([]);
      for (const t of listTransactions(ws).transactions) {
        if (t.state === "committed") await restoreTransaction(ws, t.txid, { force: false });
      }
      expect(treeHashes(ws), `killed after step ${step}`).toEqual(before);
    }
    expect(step).toBeGreaterThan(6);
  });

  test("a restore of a kept file killed after any step completes on the next restore", async () => {
    let step = 1;
    for (; step < 40; step++) {
      const ws = workspace();
      const before = treeHashes(ws);
      const { txid } = JSON.parse(Bun.spawnSync([process.execPath, CHILD, "apply", JSON.stringify(plan(ws, ["src", "package.json"], ["package.json"]))]).stdout.toString());
      const run = Bun.spawnSync([process.execPath, CHILD, "restore", txid, ws], { env: { ...process.env, LEOGRIEL_RECOVERY_FAULT: `crash-at:${step}` } });
      if (run.signalCode !== "SIGKILL") break;
      try {
        await restoreTransaction(ws, txid, { force: false });
      } catch (err) {
        expect((err as LeogrielError).code).toBe("already_restored");
      }
      expect(treeHashes(ws), `killed after step ${step}`).toEqual(before);
      expect(loadTx(layoutOf(ws), txid).items.every((i) => i.state === "restored")).toBe(true);
    }
    expect(step).toBeGreaterThan(3);
  });
});
