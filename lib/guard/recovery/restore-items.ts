import { lstatSync, mkdirSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { LeogrielError } from "../../core/errors.ts";
import { checkpoint } from "./fault.ts";
import { appendRecord } from "./journal.ts";
import { journalPath, payloadPath, type QuarantineLayout } from "./layout.ts";
import { assertReachableInside, resolveInside } from "./boundary.ts";
import { copyVerified, removeTree, renameEntry } from "./move.ts";
import { quarantinedItems, type TxItem, type TxView } from "./tx-view.ts";
import { treeDigest } from "./tree-digest.ts";

/** What happened to one quarantined target during a restore. */
export interface ItemOutcome {
  index: number;
  /** Workspace-relative path the target is restored to. */
  source: string;
  status: "restored" | "conflict" | "error";
  code?: string;
  /**
   * With `stash_restack_pending`: the stash entries a failed restore took off the list and could
   * not store again, oldest first, each kept alive by its ref (stash-order.ts).
   */
  restacked?: Array<{ ref: string; commit: string; message: string }>;
}

/** The temporary name a cross-device restore copies to, beside the destination. */
export function restorePartialPath(dest: string, txid: string): string {
  return join(dirname(dest), `.${basename(dest)}.${txid}.partial`);
}

/**
 * Moves every quarantined item of a transaction back to where it was, last moved first (so a
 * folder comes back before anything that was inside it). An occupied destination is a conflict
 * and is never touched; each move is journalled (`restore-intent`, then `restore`).
 */
export async function restoreItems(layout: QuarantineLayout, workspace: string, view: TxView): Promise<ItemOutcome[]> {
  const outcomes: ItemOutcome[] = [];
  for (const item of quarantinedItems(view).reverse()) {
    outcomes.push(await _restoreOne(layout, workspace, view.txid, item));
  }
  return outcomes;
}

/** A kept (overwritten) file whose place holds the same bytes, mode and type as its copy. */
export async function keptInPlace(item: TxItem, dest: string, payload: string): Promise<boolean> {
  return item.method === "keep" && (await treeDigest(dest)) === (await treeDigest(payload));
}

/** The absolute destination of an item, checked against the transaction's boundary. */
export function destinationOf(workspace: string, item: TxItem): string {
  const dest = resolveInside(workspace, item.source);
  assertReachableInside(workspace, dest);
  return dest;
}

async function _restoreOne(layout: QuarantineLayout, workspace: string, txid: string, item: TxItem): Promise<ItemOutcome> {
  const base = { index: item.index, source: item.source };
  try {
    const dest = destinationOf(workspace, item);
    const payload = payloadPath(layout, txid, item.index);
    if (!lstatSync(payload, { throwIfNoEntry: false })) return { ...base, status: "error", code: "payload_missing" };
    const journal = journalPath(layout, txid);
    if (lstatSync(dest, { throwIfNoEntry: false })) {
      if (!(await keptInPlace(item, dest, payload))) return { ...base, status: "conflict", code: "destination_occupied" };
      // The command left the overwritten file as it was (or the compensation is rolled back before
      // the command ran): it is back already, and the copy goes.
      appendRecord(journal, { type: "restore-intent", index: item.index });
      removeTree(payload);
      checkpoint();
      appendRecord(journal, { type: "restore", index: item.index });
      return { ...base, status: "restored" };
    }
    mkdirSync(dirname(dest), { recursive: true });
    appendRecord(journal, { type: "restore-intent", index: item.index });
    if (renameEntry(payload, dest)) {
      checkpoint();
      appendRecord(journal, { type: "restore", index: item.index });
    } else {
      await copyVerified(payload, dest, restorePartialPath(dest, txid));
      checkpoint();
      appendRecord(journal, { type: "restore", index: item.index });
      removeTree(payload);
      checkpoint();
    }
    return { ...base, status: "restored" };
  } catch (err) {
    const code = err instanceof LeogrielError ? err.code : String((err as { code?: unknown }).code ?? "restore_failed");
    return { ...base, status: "error", code };
  }
}
