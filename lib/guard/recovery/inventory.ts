import { existsSync, readdirSync } from "node:fs";
import { LeogrielError } from "../../core/errors.ts";
import { layoutOf, payloadDir } from "./layout.ts";
import { isLocked, lockOwnerAlive } from "./lock.ts";
import { treeBytes } from "./tree-digest.ts";
import { loadTx, pendingRefs, quarantinedItems, type TxState, type TxView } from "./tx-view.ts";
import { isTxid } from "./txid.ts";

/** One transaction as `status` and `gc` see it. */
export interface TxSummary {
  txid: string;
  kind: "relocate" | "snapshot" | "refs";
  state: TxState;
  created_at: string;
  purpose: "compensation" | "preservation";
  check_id?: string;
  preserves?: string;
  item_count: number;
  quarantined_count: number;
  bytes: number;
  /** A process is working on it right now. */
  busy: boolean;
  /** It crashed mid-way; the next recovery pass (or `restore`) finishes it. */
  needs_recovery: boolean;
}

/** Every transaction of a workspace, oldest first, and the ids whose journals cannot be read. */
export function listTransactions(workspace: string): { transactions: TxSummary[]; invalid: string[] } {
  const layout = layoutOf(workspace);
  if (!existsSync(layout.tx)) return { transactions: [], invalid: [] };
  const transactions: TxSummary[] = [];
  const invalid: string[] = [];
  for (const txid of readdirSync(layout.tx).filter(isTxid).sort()) {
    let view: TxView;
    try {
      view = loadTx(layout, txid);
    } catch (err) {
      if (!(err instanceof LeogrielError)) throw err;
      if (!isLocked(layout, txid)) invalid.push(txid);
      continue;
    }
    const locked = isLocked(layout, txid);
    const alive = locked && lockOwnerAlive(layout, txid);
    transactions.push({
      txid,
      kind: view.kind,
      state: view.state,
      created_at: view.createdAt,
      purpose: view.meta.purpose,
      ...(view.meta.check_id ? { check_id: view.meta.check_id } : {}),
      ...(view.meta.preserves ? { preserves: view.meta.preserves } : {}),
      item_count: view.kind === "snapshot" ? 1 : view.kind === "refs" ? (view.refs?.refs.length ?? 0) : view.items.length,
      quarantined_count: _held(view),
      bytes: view.state === "purged" ? 0 : treeBytes(payloadDir(layout, txid)),
      busy: alive,
      needs_recovery: locked && !alive,
    });
  }
  transactions.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.txid.localeCompare(b.txid));
  return { transactions, invalid };
}

/** How many of a transaction's items the quarantine still holds (a snapshot and kept refs: until restored). */
function _held(view: TxView): number {
  if (view.kind === "relocate") return quarantinedItems(view).length;
  if (view.state !== "committed") return 0;
  return view.kind === "refs" ? pendingRefs(view).length : view.snapshotState !== "restored" ? 1 : 0;
}
