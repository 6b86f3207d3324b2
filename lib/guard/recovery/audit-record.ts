import { z } from "zod";
import { CheckId } from "./journal-records.ts";
import { TXID_PATTERN } from "./txid.ts";

// The published contract (schemas/); audit.ts projects and writes records with the plain-code
// twin of these fields (the compensation path stays free of zod), held to them by a test.

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
    kind: z.enum(["relocate", "snapshot", "refs"]).optional(),
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
