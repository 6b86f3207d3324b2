import { appendRecord } from "./journal.ts";
import { journalPath, payloadDir, type QuarantineLayout } from "./layout.ts";
import { removeTree } from "./move.ts";
import { gitStep } from "./git-run.ts";
import type { TxView } from "./tx-view.ts";
import { dropKeptRefs } from "./refs-snapshot.ts";

/**
 * Purges a transaction's payload (GC, ALLOW_TRASH_GC): `purge-intent`, delete the payload folder
 * (or a snapshot's or kept refs' refs), `purge`. The journal stays as history: a purged transaction is listed
 * in `transactions` but not in the active inventory. The caller holds the lock.
 */
export async function purgeTx(layout: QuarantineLayout, workspace: string, view: TxView): Promise<void> {
  appendRecord(journalPath(layout, view.txid), { type: "purge-intent" });
  await finishPurge(layout, workspace, view);
}

/** The second half of a purge, also run by the recovery pass after a crash in between. */
export async function finishPurge(layout: QuarantineLayout, workspace: string, view: TxView): Promise<void> {
  removeTree(payloadDir(layout, view.txid));
  if (view.snapshot) {
    await gitStep(workspace, ["update-ref", "-d", view.snapshot.ref], "purge_failed");
    if (view.snapshot.merge) await gitStep(workspace, ["update-ref", "-d", view.snapshot.merge.ref], "purge_failed");
  }
  if (view.kind === "refs") await dropKeptRefs(workspace, view.txid);
  appendRecord(journalPath(layout, view.txid), { type: "purge" });
}
