import { appendRecord } from "./journal.ts";
import { journalPath, type QuarantineLayout } from "./layout.ts";
import { restoreItems, type ItemOutcome } from "./restore-items.ts";
import type { TxView } from "./tx-view.ts";

/** The result of undoing an uncommitted transaction. */
export interface RollbackResult {
  outcomes: ItemOutcome[];
  /** Every quarantined item is back in place. */
  complete: boolean;
  /** Nothing had reached the quarantine at all. */
  empty: boolean;
}

/**
 * Undoes a transaction that never committed (its compensation failed or its process died): marks
 * it aborted, then puts every quarantined item back. Items whose place is occupied stay in the
 * quarantine, restorable with `restore --force`; nothing is overwritten.
 */
export async function rollback(
  layout: QuarantineLayout,
  workspace: string,
  view: TxView,
  reason: "compensation_failed" | "recovered",
): Promise<RollbackResult> {
  if (view.state === "open") appendRecord(journalPath(layout, view.txid), { type: "tx-abort", reason });
  const outcomes = await restoreItems(layout, workspace, view);
  const empty = !view.items.some((i) => i.state === "quarantined" || i.state === "restoring" || i.state === "restored");
  return { outcomes, complete: outcomes.every((o) => o.status === "restored"), empty };
}
