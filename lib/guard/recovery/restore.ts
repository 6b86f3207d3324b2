import { existsSync, lstatSync } from "node:fs";
import { LeogrielError } from "../../core/errors.ts";
import { sha256Hex } from "../../core/hash.ts";
import { appendAudit } from "./audit.ts";
import { appendRecord } from "./journal.ts";
import { journalPath, layoutOf, payloadPath, type QuarantineLayout } from "./layout.ts";
import { acquireLock, releaseLock } from "./lock.ts";
import { recoverTx } from "./recover.ts";
import { relocate } from "./relocate.ts";
import { destinationOf, keptInPlace, restoreItems, type ItemOutcome } from "./restore-items.ts";
import { settle } from "./settle.ts";
import { applySnapshot, snapshotConflicts } from "./snapshot-restore.ts";
import { restoreKeptRefs } from "./refs-restore.ts";
import { takeSnapshot } from "./snapshot.ts";
import { pendingRefs, quarantinedItems, type TxView } from "./tx-view.ts";
import { isTxid } from "./txid.ts";
import { relativeInside } from "./boundary.ts";

/** The result of `restore <txid>`. */
export interface RestoreReport {
  txid: string;
  kind: "relocate" | "snapshot" | "refs";
  restored_count: number;
  conflict_count: number;
  error_count: number;
  /** Preservation transactions a forced restore made of the occupants it replaced (seed 0.2.4). */
  backup_txids?: string[];
  items: ItemOutcome[];
  /** Set when the restore's journal or audit record could not be written (seed 0.2.4: non-success). */
  record_failed?: true;
}

/**
 * Puts a transaction's targets back. An occupied destination is a conflict unless `force`, which
 * first preserves every occupant in a new relocation (or snapshot) transaction and reports its id
 * in `backup_txids`. Paths outside the transaction's boundary are refused per item.
 * @throws {LeogrielError} `invalid_txid`, `unknown_transaction`, `transaction_busy`,
 *   `already_restored`, `transaction_purged`, `restore_branch_mismatch` (all exit 2)
 */
export async function restoreTransaction(workspace: string, txid: string, options: { force: boolean }): Promise<RestoreReport> {
  if (!isTxid(txid)) {
    _audit(workspace, { ..._auditTxid(txid), outcome: "failed", error_count: 1 });
    throw new LeogrielError("invalid_txid", "Cannot restore: the transaction id is malformed (expected tx-YYYYMMDDTHHMMSSZ-<12 hex>)", { exitCode: 2 });
  }
  const layout = layoutOf(workspace);
  if (!existsSync(journalPath(layout, txid))) {
    throw new LeogrielError("unknown_transaction", `Cannot restore ${txid}: no such transaction in this workspace`, { exitCode: 2 });
  }
  if (!acquireLock(layout, txid)) {
    throw new LeogrielError("transaction_busy", `Cannot restore ${txid}: another process is working on it`, { exitCode: 2 });
  }
  try {
    let view = await settle(layout, workspace, txid);
    if (view.state === "open") {
      await recoverTx(layout, workspace, txid);
      view = await settle(layout, workspace, txid);
    }
    const restoring = view.kind === "snapshot" ? _snapshot : view.kind === "refs" ? _refs : _relocation;
    const report = await restoring(layout, workspace, view, options);
    const done = report.conflict_count === 0 && report.error_count === 0;
    try {
      if (done) appendRecord(journalPath(layout, txid), { type: "tx-restored" });
    } catch {
      report.record_failed = true;
    }
    const audited = _audit(workspace, {
      txid,
      kind: view.kind,
      outcome: done ? "ok" : report.error_count > 0 ? "partial" : "conflict",
      restored_count: report.restored_count,
      conflict_count: report.conflict_count,
      error_count: report.error_count,
      backup_txids: report.backup_txids,
    });
    if (!audited) report.record_failed = true;
    return report;
  } finally {
    releaseLock(layout, txid);
  }
}

async function _relocation(layout: QuarantineLayout, workspace: string, view: TxView, options: { force: boolean }): Promise<RestoreReport> {
  _assertRestorable(view);
  const items = quarantinedItems(view);
  if (items.length === 0) throw _already(view.txid);
  const report: RestoreReport = { txid: view.txid, kind: "relocate", restored_count: 0, conflict_count: 0, error_count: 0, items: [] };
  if (options.force) {
    const occupants: { abs: string; rel: string }[] = [];
    for (const item of items) {
      try {
        const abs = destinationOf(workspace, item);
        if (!lstatSync(abs, { throwIfNoEntry: false })) continue;
        // An overwritten file the command left as it was is no occupant: the restore just drops its copy.
        if (await keptInPlace(item, abs, payloadPath(layout, view.txid, item.index))) continue;
        occupants.push({ abs, rel: relativeInside(workspace, abs) });
      } catch {
        // Not restorable here: the restore reports the item.
      }
    }
    if (occupants.length > 0) {
      const backup = await relocate(workspace, occupants, { purpose: "preservation", preserves: view.txid });
      report.backup_txids = [backup.txid];
    }
  }
  report.items = await restoreItems(layout, workspace, view);
  return { ...report, ..._counts(report.items) };
}

async function _snapshot(layout: QuarantineLayout, workspace: string, view: TxView, options: { force: boolean }): Promise<RestoreReport> {
  _assertRestorable(view);
  const snap = view.snapshot;
  if (!snap) throw new LeogrielError("journal_invalid", `Cannot restore ${view.txid}: the snapshot was never recorded`, { exitCode: 2 });
  if (view.snapshotState === "restored") throw _already(view.txid);
  const report: RestoreReport = { txid: view.txid, kind: "snapshot", restored_count: 0, conflict_count: 0, error_count: 0, items: [] };
  const item = { index: 0, source: "." };
  const conflicts = await snapshotConflicts(workspace, snap);
  if (conflicts.length > 0 && !options.force) {
    report.conflict_count = 1;
    report.items = [{ ...item, status: "conflict", code: conflicts[0] }];
    return report;
  }
  if (conflicts.length > 0) {
    const backup = await takeSnapshot(workspace, workspace, true, { purpose: "preservation", preserves: view.txid });
    report.backup_txids = [backup.txid];
    if (!backup.ok) {
      report.error_count = 1;
      report.items = [{ ...item, status: "error", code: "preservation_failed" }];
      return report;
    }
  }
  try {
    await applySnapshot(layout, workspace, view.txid, snap);
    report.restored_count = 1;
    report.items = [{ ...item, status: "restored" }];
  } catch (err) {
    report.error_count = 1;
    report.items = [{ ...item, status: "error", code: err instanceof LeogrielError ? err.code : "restore_failed" }];
  }
  return report;
}

async function _refs(layout: QuarantineLayout, workspace: string, view: TxView, options: { force: boolean }): Promise<RestoreReport> {
  _assertRestorable(view);
  if (!view.refs) throw new LeogrielError("journal_invalid", `Cannot restore ${view.txid}: its refs were never recorded`, { exitCode: 2 });
  const pending = pendingRefs(view);
  if (pending.length === 0) throw _already(view.txid);
  const { items, backup_txids } = await restoreKeptRefs(layout, workspace, view, view.refs, pending, options.force);
  return { txid: view.txid, kind: "refs", ..._counts(items), ...(backup_txids ? { backup_txids } : {}), items };
}

/** How many items a restore put back, left in conflict, or failed on. */
function _counts(items: ItemOutcome[]): Pick<RestoreReport, "restored_count" | "conflict_count" | "error_count"> {
  const count = (status: ItemOutcome["status"]) => items.filter((i) => i.status === status).length;
  return { restored_count: count("restored"), conflict_count: count("conflict"), error_count: count("error") };
}

function _assertRestorable(view: TxView): void {
  if (view.state === "purged" || view.state === "purging") {
    throw new LeogrielError("transaction_purged", `Cannot restore ${view.txid}: its payload was purged by gc`, { exitCode: 2 });
  }
  if (view.state === "restored") throw _already(view.txid);
}

function _already(txid: string): LeogrielError {
  return new LeogrielError("already_restored", `Cannot restore ${txid}: everything in it is already restored`, { exitCode: 2 });
}

function _audit(workspace: string, event: Omit<Parameters<typeof appendAudit>[1], "event">): boolean {
  try {
    appendAudit(workspace, { event: "restore", ...event });
    return true;
  } catch {
    return false;
  }
}

/**
 * How an audit record names a caller-supplied id (seed 0.2.5-rc1): a canonical id as itself, any
 * other spelling only by its digest, so a malformed argument never lands in the log verbatim.
 */
function _auditTxid(value: string): { txid: string } | { txid_sha256: string } {
  return isTxid(value) ? { txid: value } : { txid_sha256: sha256Hex(value) };
}
