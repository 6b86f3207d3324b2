import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { z } from "zod";
import { isErrno } from "../../core/errors.ts";
import { appendDurableLine } from "./journal.ts";
import { CheckId } from "./journal-records.ts";
import { ensureLayout, layoutOf } from "./layout.ts";
import { TXID_PATTERN } from "./txid.ts";

const Count = z.int().min(0);
const Code = z.string().regex(/^[A-Z][A-Z0-9_]{0,63}$/);
const Txid = z.string().regex(TXID_PATTERN);

/**
 * One audit log line (seed 0.2.0 / 0.2.5 minimization): a closed set of fields holding decisions,
 * static codes, ids and counts only. Never a command, a target spelling or free-form text; a
 * caller id that is not canonical is kept only as `txid_sha256`.
 */
export const AuditRecord = z
  .strictObject({
    v: z.literal(1),
    at: z.iso.datetime(),
    event: z.enum(["check", "compensation", "restore", "recovery", "gc"]),
    outcome: z.enum(["ok", "partial", "conflict", "failed"]).optional(),
    decision: z.enum(["ALLOW", "SANITIZE", "RELOCATE", "SNAPSHOT", "ASK", "BLOCK"]).optional(),
    reason_codes: z.array(Code).max(16).optional(),
    check_id: CheckId.optional(),
    txid: Txid.optional(),
    txid_sha256: z.string().regex(/^[0-9a-f]{64}$/).optional(),
    kind: z.enum(["relocate", "snapshot"]).optional(),
    target_count: Count.optional(),
    moved_count: Count.optional(),
    skipped_count: Count.optional(),
    restored_count: Count.optional(),
    conflict_count: Count.optional(),
    error_count: Count.optional(),
    purged_count: Count.optional(),
    backup_txids: z.array(Txid).max(64).optional(),
  })
  .meta({
    id: "check-audit-record",
    title: "leogriel-check audit record",
    description: "One line of .agent-guard/quarantine/audit.jsonl: decisions, codes, ids and counts, never command text.",
  });
export type AuditRecord = z.infer<typeof AuditRecord>;
export type AuditEvent = Omit<AuditRecord, "v" | "at">;

const FIELDS = Object.keys(AuditRecord.shape) as (keyof AuditRecord)[];
/** How much of the log's end `status` reads: old lines beyond it are history, not state. */
const TAIL_BYTES = 1024 * 1024;

/**
 * Projects any value onto the audit record: known fields whose values are valid survive, every
 * other field (legacy free text, raw commands) is dropped. Undefined for a non-object.
 */
export function projectAudit(value: unknown): AuditRecord | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const kept: Record<string, unknown> = {};
  for (const field of FIELDS) {
    const v = (value as Record<string, unknown>)[field];
    if (v !== undefined && AuditRecord.shape[field].safeParse(v).success) kept[field] = v;
  }
  const parsed = AuditRecord.safeParse(kept);
  return parsed.success ? parsed.data : undefined;
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
