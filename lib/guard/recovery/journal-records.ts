import { z } from "zod";
import { CHECK_ID_PATTERN } from "./check-id.ts";
import { HEAD_FILES, TEXT_FILES, UNMERGED_ENTRY } from "./merge-state-files.ts";
import { BRANCH_REF, MAX_KEPT_REFS, OBJECT_ID } from "./plan.ts";
import { TXID_PATTERN } from "./txid.ts";

// The published contract (schemas/); the compensation path checks records with the plain-code
// twin in journal-guard.ts, held to these shapes by a test.
// Journal records tolerate unknown fields: seed 001 lets a manifest record gain fields in a minor
// release and asks consumers to ignore unknown optional fields, so these are loose on purpose.

const Txid = z.string().regex(TXID_PATTERN);
const Index = z.int().min(0);
const Sha = z.string().regex(OBJECT_ID);
/** A check id as the classifier generates it: bounded, no spaces, no path separators. */
export const CheckId = z.string().regex(CHECK_ID_PATTERN);

export const TxMeta = z.looseObject({
  purpose: z.enum(["compensation", "preservation"]),
  check_id: CheckId.optional(),
  /** For a preservation transaction: the transaction whose forced restore it protects. */
  preserves: Txid.optional(),
});
export type TxMeta = z.infer<typeof TxMeta>;

export const TxStartRecord = z.looseObject({
  type: z.literal("tx-start"),
  v: z.literal(1),
  txid: Txid,
  kind: z.enum(["relocate", "snapshot", "refs"]),
  created_at: z.iso.datetime(),
  meta: TxMeta,
});

export const EntryKind = z.enum(["file", "dir", "symlink", "other"]);
export type EntryKind = z.infer<typeof EntryKind>;

export const RelocateIntentRecord = z.looseObject({
  type: z.literal("relocate-intent"),
  index: Index,
  /** Workspace-relative, `/`-separated: restore refuses anything that leaves the workspace. */
  source: z.string().min(1),
  entry: EntryKind,
  mode: z.int().min(0),
});

export const RelocateRecord = z.looseObject({
  type: z.literal("relocate"),
  index: Index,
  /** `keep`: a file the command overwrites, copied (verified by digest) and left in place. */
  method: z.enum(["rename", "copy", "keep"]),
});

export const RelocateSkipRecord = z.looseObject({
  type: z.literal("relocate-skip"),
  index: Index,
  reason: z.literal("vanished"),
});

/** A merge, cherry-pick or revert stopped on conflicts, kept with a snapshot of its index (merge-state.ts). */
export const MergeStateRecord = z.looseObject({
  /** Keeps the heads and every stage's blob alive: a commit whose parents are the heads. */
  ref: z.string().startsWith("refs/agent-guard/merges/"),
  /** MERGE_HEAD, CHERRY_PICK_HEAD, REVERT_HEAD: the commits each named. */
  heads: z.array(z.looseObject({ file: z.enum(HEAD_FILES), commits: z.array(Sha).min(1) })).min(1),
  /** MERGE_MSG, MERGE_MODE: their text. */
  texts: z.array(z.looseObject({ file: z.enum(TEXT_FILES), text: z.string() })),
  /** The index's unmerged entries, `mode oid stage\tpath` (`git ls-files -u -z`). */
  unmerged: z.array(z.string().regex(UNMERGED_ENTRY)).min(1),
});

export const SnapshotRecord = z.looseObject({
  type: z.literal("snapshot"),
  ref: z.string().startsWith("refs/agent-guard/snapshots/"),
  head: Sha,
  /** The branch HEAD named (`refs/heads/...`), or null when HEAD was detached. */
  branch: z.string().nullable(),
  /** The stash-like commit (`git stash create`, plus an untracked parent), or null when clean. */
  stash: Sha.nullable(),
  untracked: z.boolean(),
  /** With a conflicted index: the merge, cherry-pick or revert that stopped (merge-state.ts). */
  merge: MergeStateRecord.optional(),
});

/** A local branch a command would delete, or a stash entry it would drop (by its position then). */
export const KeptRef = z.discriminatedUnion("kind", [
  z.looseObject({ kind: z.literal("branch"), name: z.string().regex(BRANCH_REF), commit: Sha }),
  z.looseObject({ kind: z.literal("stash"), index: Index, commit: Sha, message: z.string() }),
]);

/** The refs a `refs` transaction keeps alive: entry n under `<ref>/<n>`. */
export const RefsRecord = z.looseObject({
  type: z.literal("refs"),
  ref: z.string().startsWith("refs/agent-guard/snapshots/"),
  refs: z.array(KeptRef).min(1).max(MAX_KEPT_REFS),
  /** The whole stash list at the drop (commits, newest first), when a stash entry is kept: a restore puts each entry back at its place. */
  stash_list: z.array(Sha).max(MAX_KEPT_REFS).optional(),
});

export const TxCommitRecord = z.looseObject({
  type: z.literal("tx-commit"),
  moved_count: z.int().min(0),
  skipped_count: z.int().min(0),
});

export const TxAbortRecord = z.looseObject({
  type: z.literal("tx-abort"),
  reason: z.enum(["compensation_failed", "recovered"]),
});

export const RestoreIntentRecord = z.looseObject({ type: z.literal("restore-intent"), index: Index });
export const RestoreRecord = z.looseObject({ type: z.literal("restore"), index: Index });
export const TxRestoredRecord = z.looseObject({ type: z.literal("tx-restored") });
export const PurgeIntentRecord = z.looseObject({ type: z.literal("purge-intent") });
export const PurgeRecord = z.looseObject({ type: z.literal("purge") });

/** One line of `tx/<txid>/journal.jsonl`. */
export const JournalRecord = z
  .discriminatedUnion("type", [
    TxStartRecord,
    RelocateIntentRecord,
    RelocateRecord,
    RelocateSkipRecord,
    SnapshotRecord,
    RefsRecord,
    TxCommitRecord,
    TxAbortRecord,
    RestoreIntentRecord,
    RestoreRecord,
    TxRestoredRecord,
    PurgeIntentRecord,
    PurgeRecord,
  ])
  .meta({
    id: "check-recovery-journal-record",
    title: "leogriel-check recovery journal record",
    description: "One line of .agent-guard/quarantine/tx/<txid>/journal.jsonl (seed 001 transaction journal).",
  });
export type JournalRecord = z.infer<typeof JournalRecord>;
export type SnapshotRecord = z.infer<typeof SnapshotRecord>;
export type MergeStateRecord = z.infer<typeof MergeStateRecord>;
export type RefsRecord = z.infer<typeof RefsRecord>;
