import { describe, expect, test } from "bun:test";
import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { applyCompensation } from "../../../../lib/guard/recovery/apply.ts";
import { layoutOf, payloadPath } from "../../../../lib/guard/recovery/layout.ts";
import { restoreTransaction } from "../../../../lib/guard/recovery/restore.ts";
import { loadTx } from "../../../../lib/guard/recovery/tx-view.ts";
import { isTxid } from "../../../../lib/guard/recovery/txid.ts";
import { treeHashes } from "../../../fixtures/check-recovery/tree.ts";
import { useTempDirs } from "../../../support/temp-dir.ts";

const tempDir = useTempDirs("leogriel-recovery-");

/** A workspace with hostile names: spaces, a newline, unicode, a symlink out, a read-only file. */
function workspace(): string {
  const ws = tempDir();
  mkdirSync(join(ws, "src", "deep", "er"), { recursive: true });
  writeFileSync(join(ws, "src", "a file.txt"), "spaces");
  writeFileSync(join(ws, "src", "line\nbreak"), "newline");
  writeFileSync(join(ws, "src", "deep", "er", "ünï-😀.txt"), "unicode");
  writeFileSync(join(ws, "readonly.txt"), "ro");
  chmodSync(join(ws, "readonly.txt"), 0o444);
  symlinkSync("/etc/hostname", join(ws, "link-out"));
  writeFileSync(join(ws, "keep.txt"), "untouched");
  return ws;
}

describe("applyCompensation relocate", () => {
  // moved: gone before the command runs; copied: a deleted file or folder small enough to copy,
  // left in place for the command (recovery/relocate.ts KEEP_DELETED_MAX_BYTES, KEEP_FOLDER_LIMITS).
  const rows: { name: string; targets: (ws: string) => string[]; moved: string[]; copied?: string[] }[] = [
    { name: "a folder tree with spaces, newlines and unicode", targets: (ws) => [join(ws, "src")], moved: [], copied: ["src"] },
    { name: "a symlink (moved, never followed)", targets: (ws) => [join(ws, "link-out")], moved: ["link-out"] },
    { name: "a read-only file", targets: (ws) => [join(ws, "readonly.txt")], moved: [], copied: ["readonly.txt"] },
    { name: "a target nested in another target", targets: (ws) => [join(ws, "src", "deep"), join(ws, "src")], moved: [], copied: ["src"] },
    { name: "a duplicate target", targets: (ws) => [join(ws, "src"), join(ws, "src")], moved: [], copied: ["src"] },
    { name: "a target that vanished (covered, skipped)", targets: (ws) => [join(ws, "gone"), join(ws, "src")], moved: [], copied: ["src"] },
    { name: "a spelling with a .. segment that stays inside", targets: (ws) => [join(ws, "src", "..", "keep.txt")], moved: [], copied: ["keep.txt"] },
  ];

  for (const row of rows) {
    test(`relocation, the delete, then restore is byte-identical for ${row.name}`, async () => {
      const ws = workspace();
      const before = treeHashes(ws);
      const result = await applyCompensation({ kind: "relocate", workspace: ws, targets: row.targets(ws), checkId: "chk_1" });
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      expect(isTxid(result.txid)).toBe(true);
      expect(result.covered).toBe(row.targets(ws).length);
      for (const m of row.moved) expect(existsSync(join(ws, m))).toBe(false);
      const copied = row.copied ?? [];
      const items = loadTx(layoutOf(ws), result.txid).items;
      for (const c of copied) expect(_entryHashes(join(ws, c))).toEqual(_entryHashes(payloadPath(layoutOf(ws), result.txid, items.find((i) => i.source === c)!.index)));
      expect(loadTx(layoutOf(ws), result.txid).state).toBe("committed");
      // The command's delete, of what it still finds.
      for (const target of row.targets(ws)) rmSync(target, { recursive: true, force: true });
      const report = await restoreTransaction(ws, result.txid, { force: false });
      expect(report).toMatchObject({ restored_count: row.moved.length + copied.length, conflict_count: 0, error_count: 0 });
      expect(treeHashes(ws)).toEqual(before);
    });
  }

  const refused: { name: string; targets: (ws: string) => string[] }[] = [
    { name: "no target", targets: () => [] },
    { name: "a path outside the workspace", targets: () => ["/etc/hostname"] },
    { name: "the workspace itself", targets: (ws) => [ws] },
    { name: "a relative path", targets: () => ["src"] },
    { name: "the quarantine", targets: (ws) => [layoutOf(ws).root] },
    { name: "a file inside the quarantine", targets: (ws) => [join(layoutOf(ws).root, "audit.jsonl")] },
    { name: "a parent of the quarantine", targets: (ws) => [join(ws, ".agent-guard")] },
    { name: "a path through a symlinked folder that leaves the workspace", targets: (ws) => [join(ws, "escape", "hostname")] },
  ];

  for (const row of refused) {
    test(`refuses ${row.name} before moving anything (BLOCK_UNDETERMINABLE_EFFECT)`, async () => {
      const ws = workspace();
      symlinkSync("/etc", join(ws, "escape"));
      const before = treeHashes(ws);
      const result = await applyCompensation({ kind: "relocate", workspace: ws, targets: row.targets(ws) });
      expect(result).toMatchObject({ ok: false, reason: "BLOCK_UNDETERMINABLE_EFFECT" });
      expect(treeHashes(ws)).toEqual(before);
    });
  }

  test("a full disk in the middle of the journal is COMPENSATION_FAILED and leaves everything in place", async () => {
    const ws = workspace();
    const before = treeHashes(ws);
    const proc = Bun.spawnSync(
      [process.execPath, join(import.meta.dir, "../../../fixtures/check-recovery/child-apply.ts"), "apply", JSON.stringify({ kind: "relocate", workspace: ws, targets: [join(ws, "src")] })],
      { env: { ...process.env, LEOGRIEL_RECOVERY_FAULT: "enospc-journal:3" } },
    );
    const result = JSON.parse(proc.stdout.toString());
    expect(result).toMatchObject({ ok: false, reason: "COMPENSATION_FAILED" });
    expect(result.message).not.toContain(ws);
    expect(treeHashes(ws)).toEqual(before);
  });

  test("an audit intent that cannot persist is COMPENSATION_FAILED with nothing moved", async () => {
    const ws = workspace();
    const before = treeHashes(ws);
    const proc = Bun.spawnSync(
      [process.execPath, join(import.meta.dir, "../../../fixtures/check-recovery/child-apply.ts"), "apply", JSON.stringify({ kind: "relocate", workspace: ws, targets: [join(ws, "src")] })],
      { env: { ...process.env, LEOGRIEL_RECOVERY_FAULT: "enospc-journal:1" } },
    );
    expect(JSON.parse(proc.stdout.toString())).toMatchObject({ ok: false, reason: "COMPENSATION_FAILED" });
    expect(treeHashes(ws)).toEqual(before);
  });

  test("quarantine metadata holds no command text and the quarantine is git-ignored", async () => {
    const ws = workspace();
    const result = await applyCompensation({ kind: "relocate", workspace: ws, targets: [join(ws, "src")], checkId: "chk_2" });
    expect(result.ok).toBe(true);
    const layout = layoutOf(ws);
    expect(readFileSync(join(layout.root, ".gitignore"), "utf8")).toBe("*\n");
    const audit = readFileSync(layout.audit, "utf8");
    expect(audit).not.toContain("src");
    expect(audit).toContain('"check_id":"chk_2"');
    expect(readdirSync(layout.locks)).toEqual([]);
  });
});

/** A file's bytes, or a folder's tree. */
function _entryHashes(path: string): Record<string, string> | string {
  return lstatSync(path).isDirectory() ? treeHashes(path) : readFileSync(path, "utf8");
}
