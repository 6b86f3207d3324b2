import { CHECK_ID_PATTERN } from "./check-id.ts";
import { HEAD_FILES, TEXT_FILES, UNMERGED_ENTRY } from "./merge-state-files.ts";
import { BRANCH_REF, MAX_KEPT_REFS, OBJECT_ID } from "./plan.ts";
import type { JournalRecord } from "./journal-records.ts";
import { type Check, count, datetime, fields, listOf, matches, nonEmptyString, nullable, oneOf, optional } from "./plain-checks.ts";
import { TXID_PATTERN } from "./txid.ts";

// The journal record contract in plain code (see plain-checks.ts for why): the same shapes as
// journal-records.ts, loose objects included, which the agreement test holds to the zod schema.

const txid = matches(TXID_PATTERN);
const sha = matches(OBJECT_ID);
const literalType = (type: string): Check => oneOf(type);
const keptBranch = fields({ kind: oneOf("branch"), name: matches(BRANCH_REF), commit: sha });
const keptStash = fields({ kind: oneOf("stash"), index: count, commit: sha, message: (v) => typeof v === "string" });
const keptRef: Check = (v) => keptBranch(v) || keptStash(v);
/** A list of at least one entry, each passing `check`. */
const someOf =
  (check: Check): Check =>
  (v) =>
    listOf(check, Number.MAX_SAFE_INTEGER)(v) && (v as unknown[]).length > 0;

const SHAPES: Record<JournalRecord["type"], Record<string, Check>> = {
  "tx-start": {
    v: oneOf(1),
    txid,
    kind: oneOf("relocate", "snapshot", "refs"),
    created_at: datetime,
    meta: fields({ purpose: oneOf("compensation", "preservation"), check_id: optional(matches(CHECK_ID_PATTERN)), preserves: optional(txid) }),
  },
  "relocate-intent": { index: count, source: nonEmptyString, entry: oneOf("file", "dir", "symlink", "other"), mode: count },
  relocate: { index: count, method: oneOf("rename", "copy", "keep") },
  "relocate-skip": { index: count, reason: oneOf("vanished") },
  snapshot: {
    ref: (v) => typeof v === "string" && v.startsWith("refs/agent-guard/snapshots/"),
    head: sha,
    branch: nullable((v) => typeof v === "string"),
    stash: nullable(sha),
    untracked: (v) => typeof v === "boolean",
    merge: optional(
      fields({
        ref: (v) => typeof v === "string" && v.startsWith("refs/agent-guard/merges/"),
        heads: someOf(fields({ file: oneOf(...HEAD_FILES), commits: someOf(sha) })),
        texts: listOf(fields({ file: oneOf(...TEXT_FILES), text: (t) => typeof t === "string" }), Number.MAX_SAFE_INTEGER),
        unmerged: someOf(matches(UNMERGED_ENTRY)),
      }),
    ),
  },
  refs: {
    ref: (v) => typeof v === "string" && v.startsWith("refs/agent-guard/snapshots/"),
    refs: (v) => listOf(keptRef, MAX_KEPT_REFS)(v) && (v as unknown[]).length > 0,
  },
  "tx-commit": { moved_count: count, skipped_count: count },
  "tx-abort": { reason: oneOf("compensation_failed", "recovered") },
  "restore-intent": { index: count },
  restore: { index: count },
  "tx-restored": {},
  "purge-intent": {},
  purge: {},
};

const CHECKS = Object.fromEntries(Object.entries(SHAPES).map(([type, shape]) => [type, fields({ ...shape, type: literalType(type) })])) as Record<
  string,
  Check
>;

/** The value as a journal record, or undefined when it is not one. */
export function asJournalRecord(value: unknown): JournalRecord | undefined {
  const type = (value as { type?: unknown } | null)?.type;
  if (typeof type !== "string" || !Object.hasOwn(CHECKS, type)) return undefined;
  return CHECKS[type]!(value) ? (value as JournalRecord) : undefined;
}
