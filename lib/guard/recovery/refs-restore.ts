import { LeogrielError } from "../../core/errors.ts";
import { checkpoint } from "./fault.ts";
import { gitStep, gitText } from "./git-run.ts";
import { appendRecord } from "./journal.ts";
import type { RefsRecord } from "./journal-records.ts";
import { journalPath, type QuarantineLayout } from "./layout.ts";
import { HEADS_ARGS, parseHeads } from "./plan.ts";
import { takeRefsSnapshot } from "./refs-snapshot.ts";
import { putBackRestacked, stashEntries, stashSlot, storeStashAt } from "./stash-order.ts";
import type { ItemOutcome } from "./restore-items.ts";
import type { TxView } from "./tx-view.ts";

type Kept = RefsRecord["refs"][number];

/**
 * Puts a refs transaction's branches and stash entries back in the workspace's repository: each
 * branch at its commit, each stash entry with its message at its place in the stash list recorded
 * at the drop (stash-order.ts; on top, with code `stash_position_changed`, when the list's order
 * changed since). A branch that exists again with another commit is a
 * conflict and is not touched, unless `force`, which first keeps its commit in a new refs
 * transaction (`backup_txids`). What is already back (same commit) counts as restored, so a
 * restore interrupted half-way can run again. Each step is journalled by the entry's index.
 * `pending` are the indexes of `record.refs` not restored yet (restore.ts checks there are some).
 */
export async function restoreKeptRefs(
  layout: QuarantineLayout,
  repo: string,
  view: TxView,
  record: RefsRecord,
  pending: number[],
  force: boolean,
): Promise<{ items: ItemOutcome[]; backup_txids?: string[] }> {
  const kept = record.refs;
  const heads = parseHeads(await gitText(repo, HEADS_ARGS, "restore_failed"));
  // Entries an earlier restore of this transaction took off the stash list and left under its
  // restack refs go back on top first; while they cannot, no stash entry is touched.
  let restacking: LeogrielError | null = null;
  if (pending.some((n) => kept[n]!.kind === "stash")) {
    restacking = await putBackRestacked(repo, view.txid).then(
      () => null,
      (err) => (err instanceof LeogrielError ? err : new LeogrielError("restore_failed", String(err))),
    );
  }
  let stash = await stashEntries(repo, "restore_failed");
  const stashed = new Set(stash.map((e) => e.commit));
  const occupied = pending.flatMap((n) => {
    const r = kept[n]!;
    const now = r.kind === "branch" ? heads.get(r.name) : undefined;
    return r.kind === "branch" && now !== undefined && now !== r.commit ? [{ kind: "branch" as const, name: r.name, commit: now }] : [];
  });
  let backup: string[] | undefined;
  let preserved = false;
  if (force && occupied.length > 0) {
    const outcome = await takeRefsSnapshot(repo, repo, occupied, { purpose: "preservation", preserves: view.txid });
    backup = [outcome.txid];
    preserved = outcome.ok;
  }
  const journal = journalPath(layout, view.txid);
  const list = record.stash_list;
  const moved = new Set<number>();
  // Branches first, then stash entries oldest first: the newest ends on top, as it was.
  const order = [...pending].sort((a, b) => _rank(kept[a]!) - _rank(kept[b]!));
  const items: ItemOutcome[] = [];
  for (const n of order) {
    const r = kept[n]!;
    const item = { index: n, source: r.kind === "branch" ? r.name : `stash@{${r.index}}` };
    const now = r.kind === "branch" ? heads.get(r.name) : undefined;
    if (r.kind === "branch" ? now === r.commit : stashed.has(r.commit)) {
      appendRecord(journal, { type: "restore", index: n });
      items.push({ ...item, status: "restored" });
    } else if (r.kind === "stash" && restacking) {
      // The entries left off the list are named once, by the first item that reports them.
      items.push({ ...item, ..._failure(restacking) });
      restacking = new LeogrielError(restacking.code, "Stash entries are off the list");
    } else if (now !== undefined && !preserved) {
      items.push({ ...item, status: force ? "error" : "conflict", code: force ? "preservation_failed" : "branch_exists" });
    } else {
      try {
        appendRecord(journal, { type: "restore-intent", index: n });
        if (r.kind === "branch") await gitStep(repo, ["update-ref", r.name, r.commit, now ?? ""], "restore_failed");
        else {
          // Back at its place among the entries it had above and below it (stash-order.ts); when
          // the list was not recorded or its order changed, on top, and the item says so.
          const slot = list ? stashSlot(r.commit, list, stash) : 0;
          await storeStashAt(repo, view.txid, { commit: r.commit, message: r.message }, slot ?? 0, stash);
          stash = await stashEntries(repo, "restore_failed");
          if (slot === null) moved.add(n);
        }
        checkpoint();
        appendRecord(journal, { type: "restore", index: n });
        items.push({ ...item, status: "restored", ...(moved.has(n) ? { code: "stash_position_changed" } : {}) });
      } catch (err) {
        const failure = _failure(err);
        items.push({ ...item, ...failure });
        // Entries left off the list: the stash entries after this one wait for them.
        if (failure.restacked) restacking = new LeogrielError(failure.code!, "Stash entries are off the list");
        else if (r.kind === "stash") stash = await stashEntries(repo, "restore_failed").catch(() => stash);
      }
    }
  }
  return { items: items.sort((a, b) => a.index - b.index), ...(backup ? { backup_txids: backup } : {}) };
}

/** An item's error: its code, and the entries a failed restack left off the stash list. */
function _failure(err: unknown): Pick<ItemOutcome, "status" | "code" | "restacked"> {
  if (!(err instanceof LeogrielError)) return { status: "error", code: "restore_failed" };
  const restacked = err.details.restacked as ItemOutcome["restacked"] | undefined;
  return { status: "error", code: err.code, ...(restacked ? { restacked } : {}) };
}

/** Branches first; stash entries from the oldest (highest position) to the newest. */
function _rank(r: Kept): number {
  return r.kind === "branch" ? -1 : Number.MAX_SAFE_INTEGER - r.index;
}
