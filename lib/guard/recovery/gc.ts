import { appendAudit } from "./audit.ts";
import { layoutOf } from "./layout.ts";
import { acquireLock, releaseLock } from "./lock.ts";
import { listTransactions, type TxSummary } from "./inventory.ts";
import { purgeTx } from "./purge.ts";
import { recoverWorkspace } from "./recover.ts";
import { loadTx } from "./tx-view.ts";

/** The default retention: a quarantined target stays restorable for at least a week. */
export const DEFAULT_RETENTION_MS = 7 * 86_400_000;

export interface GcOptions {
  /** Only transactions older than this are eligible (the retention). */
  olderThanMs: number;
  /** When set, purge eligible transactions oldest first only until the payload fits. */
  maxBytes?: number;
  dryRun: boolean;
  now?: Date;
}

export interface GcReport {
  dry_run: boolean;
  retention_ms: number;
  cutoff: string;
  max_bytes?: number;
  bytes_before: number;
  bytes_after: number;
  /** Transactions purged (or, in a dry run, that would be). */
  purged: { txid: string; kind: string; bytes: number }[];
  /** Eligible by age but kept because the payload already fits `max_bytes`. */
  kept_count: number;
  errors: { txid: string; code: string }[];
}

/**
 * Garbage-collects a workspace's quarantine (ALLOW_TRASH_GC). Never purges a transaction younger
 * than the retention, one that is open, crashed, busy or mid-restore, or anything other than a
 * payload folder and a snapshot ref: journals, locks and the audit log stay.
 */
export async function collectGarbage(workspace: string, options: GcOptions): Promise<GcReport> {
  const now = options.now ?? new Date();
  const cutoff = new Date(now.getTime() - options.olderThanMs);
  if (!options.dryRun) await recoverWorkspace(workspace);
  const active = listTransactions(workspace).transactions.filter((t) => t.state !== "purged");
  const bytesBefore = active.reduce((n, t) => n + t.bytes, 0);
  const eligible = active.filter((t) => _eligible(t, cutoff));
  let remaining = bytesBefore;
  const chosen: TxSummary[] = [];
  for (const t of eligible) {
    if (options.maxBytes !== undefined && remaining <= options.maxBytes) break;
    chosen.push(t);
    remaining -= t.bytes;
  }
  const report: GcReport = {
    dry_run: options.dryRun,
    retention_ms: options.olderThanMs,
    cutoff: cutoff.toISOString(),
    ...(options.maxBytes !== undefined ? { max_bytes: options.maxBytes } : {}),
    bytes_before: bytesBefore,
    bytes_after: bytesBefore,
    purged: [],
    kept_count: eligible.length - chosen.length,
    errors: [],
  };
  for (const t of chosen) {
    if (!options.dryRun && !(await _purge(workspace, t.txid, report))) continue;
    report.purged.push({ txid: t.txid, kind: t.kind, bytes: t.bytes });
    report.bytes_after -= t.bytes;
  }
  if (!options.dryRun && (report.purged.length > 0 || report.errors.length > 0)) {
    try {
      appendAudit(workspace, { event: "gc", outcome: report.errors.length > 0 ? "partial" : "ok", reason_codes: ["ALLOW_TRASH_GC"], purged_count: report.purged.length, error_count: report.errors.length });
    } catch {
      report.errors.push({ txid: "", code: "audit_failed" });
    }
  }
  return report;
}

function _eligible(t: TxSummary, cutoff: Date): boolean {
  if (t.busy || t.needs_recovery) return false;
  if (!["committed", "aborted", "restored", "purging"].includes(t.state)) return false;
  return new Date(t.created_at).getTime() < cutoff.getTime();
}

async function _purge(workspace: string, txid: string, report: GcReport): Promise<boolean> {
  const layout = layoutOf(workspace);
  if (!acquireLock(layout, txid)) {
    report.errors.push({ txid, code: "transaction_busy" });
    return false;
  }
  try {
    const view = loadTx(layout, txid);
    if (view.state === "purged") return false;
    await purgeTx(layout, workspace, view);
    return true;
  } catch (err) {
    report.errors.push({ txid, code: String((err as { code?: unknown }).code ?? "purge_failed") });
    return false;
  } finally {
    releaseLock(layout, txid);
  }
}
