import { describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { LeogrielError } from "../../../../lib/core/errors.ts";
import { layoutOf } from "../../../../lib/guard/recovery/layout.ts";
import { recoverWorkspace } from "../../../../lib/guard/recovery/recover.ts";
import { restoreTransaction } from "../../../../lib/guard/recovery/restore.ts";
import { listTransactions } from "../../../../lib/guard/recovery/inventory.ts";
import { treeHashes } from "../../../fixtures/check-recovery/tree.ts";
import { useTempDirs } from "../../../support/temp-dir.ts";

const tempDir = useTempDirs("leogriel-crash-");
const CHILD = join(import.meta.dir, "../../../fixtures/check-recovery/child-apply.ts");

function workspace(): string {
  const ws = tempDir();
  mkdirSync(join(ws, "src", "lib"), { recursive: true });
  writeFileSync(join(ws, "src", "lib", "a.ts"), "export const a = 1;\n");
  writeFileSync(join(ws, "src", "b c.txt"), "b");
  writeFileSync(join(ws, "notes.md"), "# notes\n");
  return ws;
}

function child(args: string[], step: number): { killed: boolean; stdout: string } {
  const proc = Bun.spawnSync([process.execPath, CHILD, ...args], {
    env: { ...process.env, LEOGRIEL_RECOVERY_FAULT: `crash-at:${step}` },
  });
  return { killed: proc.signalCode === "SIGKILL", stdout: proc.stdout.toString() };
}

/** Restores whatever a recovered workspace still holds in committed transactions. */
async function restoreCommitted(ws: string): Promise<void> {
  for (const t of listTransactions(ws).transactions) {
    if (t.state === "committed") await restoreTransaction(ws, t.txid, { force: false });
  }
}

describe("crash recovery", () => {
  test("a relocation killed after any step is recovered with every original byte back", async () => {
    let step = 1;
    for (; step < 40; step++) {
      const ws = workspace();
      const before = treeHashes(ws);
      const plan = { kind: "relocate", workspace: ws, targets: [join(ws, "src"), join(ws, "notes.md")] };
      const run = child(["apply", JSON.stringify(plan)], step);
      if (!run.killed) break;
      await recoverWorkspace(ws);
      expect(listTransactions(ws).transactions.filter((t) => t.needs_recovery)).toEqual([]);
      await restoreCommitted(ws);
      expect(treeHashes(ws), `killed after step ${step}`).toEqual(before);
    }
    // Each of the two targets takes an intent, a move and a record, plus start, commit and audit.
    expect(step).toBeGreaterThan(9);
  });

  test("a restore killed after any step completes on the next restore with every byte back", async () => {
    let step = 1;
    for (; step < 40; step++) {
      const ws = workspace();
      const before = treeHashes(ws);
      const plan = { kind: "relocate", workspace: ws, targets: [join(ws, "src"), join(ws, "notes.md")] };
      const { txid } = JSON.parse(Bun.spawnSync([process.execPath, CHILD, "apply", JSON.stringify(plan)]).stdout.toString());
      const run = child(["restore", txid, ws], step);
      if (!run.killed) break;
      try {
        await restoreTransaction(ws, txid, { force: false });
      } catch (err) {
        expect((err as LeogrielError).code).toBe("already_restored");
      }
      expect(treeHashes(ws), `killed after step ${step}`).toEqual(before);
      expect(layoutOf(ws).root).toContain(".agent-guard");
    }
    expect(step).toBeGreaterThan(6);
  });
});
