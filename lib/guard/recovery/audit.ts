import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { isErrno } from "../../core/errors.ts";
import type { AuditRecord } from "./audit-record.ts";
import { CHECK_ID_PATTERN } from "./check-id.ts";
import { appendDurableLine } from "./journal.ts";
import { ensureLayout, layoutOf } from "./layout.ts";
import { type Check, count, datetime, listOf, matches, oneOf } from "./plain-checks.ts";
import { TXID_PATTERN } from "./txid.ts";

export type { AuditRecord } from "./audit-record.ts";
export type AuditEvent = Omit<AuditRecord, "v" | "at">;

const txid = matches(TXID_PATTERN);

/** The fields of audit-record.ts, in its order, as plain checks (see plain-checks.ts). */
const FIELDS: Record<keyof AuditRecord, Check> = {
  v: oneOf(1),
  at: datetime,
  event: oneOf("check", "compensation", "restore", "recovery", "gc"),
  outcome: oneOf("ok", "partial", "conflict", "failed"),
  decision: oneOf("ALLOW", "SANITIZE", "RELOCATE", "SNAPSHOT", "ASK", "BLOCK"),
  reason_codes: listOf(matches(/^[A-Z][A-Z0-9_]{0,63}$/), 16),
  check_id: matches(CHECK_ID_PATTERN),
  txid,
  txid_sha256: matches(/^[0-9a-f]{64}$/),
  kind: oneOf("relocate", "snapshot", "refs"),
  target_count: count,
  moved_count: count,
  skipped_count: count,
  restored_count: count,
  conflict_count: count,
  error_count: count,
  purged_count: count,
  backup_txids: listOf(txid, 64),
};
const REQUIRED = ["v", "at", "event"] as const;
/** How much of the log's end `status` reads: old lines beyond it are history, not state. */
const TAIL_BYTES = 1024 * 1024;

/**
 * Projects any value onto the audit record: known fields whose values are valid survive, every
 * other field (legacy free text, raw commands) is dropped. Undefined for a non-object.
 */
export function projectAudit(value: unknown): AuditRecord | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const kept: Record<string, unknown> = {};
  for (const [field, check] of Object.entries(FIELDS)) {
    const v = Object.hasOwn(value, field) ? (value as Record<string, unknown>)[field] : undefined;
    if (v !== undefined && check(v)) kept[field] = v;
  }
  return REQUIRED.every((field) => field in kept) ? (kept as AuditRecord) : undefined;
}

/**
 * Appends one event to the workspace's audit log, durably, after projecting it (so no caller can
 * smuggle text in).
 * @throws {Error} the file system error when the line cannot persist
 */
export function appendAudit(workspace: string, event: AuditEvent): void {
  const layout = layoutOf(workspace);
  ensureLayout(layout);
  const record = projectAudit({ ...event, v: 1, at: new Date().toISOString() });
  if (record) appendDurableLine(layout.audit, JSON.stringify(record));
}

/** The last `limit` audit records, projected; unreadable lines are skipped, never rewritten. */
export function readAudit(workspace: string, limit: number): AuditRecord[] {
  if (limit <= 0) return [];
  const lines = _tail(layoutOf(workspace).audit).split("\n");
  const records: AuditRecord[] = [];
  for (let i = lines.length - 1; i >= 0 && records.length < limit; i--) {
    let value: unknown;
    try {
      value = JSON.parse(lines[i]!);
    } catch {
      continue;
    }
    const record = projectAudit(value);
    if (record) records.unshift(record);
  }
  return records;
}

function _tail(path: string): string {
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch (err) {
    if (isErrno(err, "ENOENT")) return "";
    throw err;
  }
  try {
    const size = fstatSync(fd).size;
    const start = Math.max(0, size - TAIL_BYTES);
    const buffer = Buffer.alloc(size - start);
    let off = 0;
    while (off < buffer.length) {
      const n = readSync(fd, buffer, off, buffer.length - off, start + off);
      if (n === 0) break;
      off += n;
    }
    const text = buffer.subarray(0, off).toString("utf8");
    return start === 0 ? text : text.slice(text.indexOf("\n") + 1);
  } finally {
    closeSync(fd);
  }
}
