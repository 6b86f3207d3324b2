// The names a snapshot's merge state records (merge-state.ts), shared by the journal's zod
// contract (journal-records.ts) and its plain-code twin (journal-guard.ts).

/** The files naming the commits being merged, picked or reverted. */
export const HEAD_FILES = ["MERGE_HEAD", "CHERRY_PICK_HEAD", "REVERT_HEAD"] as const;
/** The files holding the prepared commit message and the merge's options. */
export const TEXT_FILES = ["MERGE_MSG", "MERGE_MODE"] as const;
/** One unmerged index entry as `git ls-files -u -z` prints it: `mode oid stage\tpath`. */
export const UNMERGED_ENTRY = /^[0-7]{6} [0-9a-f]{40}(?:[0-9a-f]{24})? [123]\t[^\0]+$/s;
