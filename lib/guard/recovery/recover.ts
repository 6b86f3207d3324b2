import { existsSync, readdirSync } from "node:fs";
import { journalPath, layoutOf, txDir, type QuarantineLayout } from "./layout.ts";
import { acquireLock, releaseLock } from "./lock.ts";
import { removeTree } from "./move.ts";
import { finishPurge } from "./purge.ts";
import { rollback } from "./rollback.ts";
import { settle } from "./settle.ts";
import { isTxid } from "./txid.ts";

/** What one recovery pass did to one crashed transaction. */
export interface RecoveredTx {
  txid: string;
  /** `rolled-back`: an uncommitted transaction undone; `settled`: an interrupted restore or purge finished its bookkeeping. */
  action: "rolled-back" | "partially-rolled-back" | "settled" | "discarded";
}

/**
 * The recovery pass: every transaction whose lock names a process that is gone crashed mid-way.
 * An uncommitted one is rolled back (its targets go back where they were); an interrupted restore
 * or purge gets its journal settled so the next `restore` or `gc` can continue. Transactions of
 * live processes are left alone.
 */
export async function recoverWorkspace(workspace: string): Promise<RecoveredTx[]> {
  const layout = layoutOf(workspace);
  if (!existsSync(layout.locks)) return [];
  const recovered: RecoveredTx[] = [];
  for (const name of readdirSync(layout.locks).sort()) {
    const txid = name.replace(/\.lock$/, "");
    if (!name.endsWith(".lock") || !isTxid(txid) || !acquireLock(layout, txid)) continue;
    recovered.push({ txid, action: await recoverTx(layout, workspace, txid) });
    releaseLock(layout, txid);
  }
  return recovered;
}

/** Recovers one transaction whose lock this process now holds. */
export async function recoverTx(layout: QuarantineLayout, workspace: string, txid: string): Promise<RecoveredTx["action"]> {
  if (!existsSync(journalPath(layout, txid))) {
    // The owner died before its first record: nothing can have moved.
    removeTree(txDir(layout, txid));
    return "discarded";
  }
  const view = await settle(layout, workspace, txid);
  if (view.state === "purging") {
    await finishPurge(layout, workspace, view);
    return "settled";
  }
  if (view.state !== "open" && view.state !== "aborted") return "settled";
  const result = await rollback(layout, workspace, view, "recovered");
  return result.complete ? "rolled-back" : "partially-rolled-back";
}
