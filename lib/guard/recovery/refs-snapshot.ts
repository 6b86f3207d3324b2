import { gitStep } from "./git-run.ts";
import type { RefsRecord, TxMeta } from "./journal-records.ts";
import { type DroppedRef, MAX_KEPT_REFS, parseHeads } from "./plan.ts";
import { stashEntries } from "./stash-order.ts";
import { recordGitTx, snapshotRef, type SnapshotOutcome } from "./snapshot.ts";

/** The ref that keeps the `n`-th kept branch or stash entry of a transaction alive. */
export function keptRef(txid: string, n: number): string {
  return `${snapshotRef(txid)}/${n}`;
}

/**
 * Keeps the branches and stash entries a command would drop as a `refs` transaction: each commit
 * gets a ref under `refs/agent-guard/snapshots/<txid>/<n>`, which `git gc` never prunes, in one
 * atomic `update-ref` that also checks every branch still points where the preflight saw it.
 * Branches, the stash list and the work tree are not touched.
 */
export async function takeRefsSnapshot(workspace: string, repo: string, refs: DroppedRef[], meta: TxMeta): Promise<SnapshotOutcome> {
  return recordGitTx(workspace, "refs", meta, async (txid): Promise<RefsRecord> => {
    if (refs.length === 0) throw new Error("no ref to keep");
    const lines = refs.map((r, n) => `${r.kind === "branch" ? `verify ${r.name} ${r.commit}\n` : ""}create ${keptRef(txid, n)} ${r.commit}\n`);
    await gitStep(repo, ["update-ref", "--stdin"], "snapshot_failed", { input: lines.join("") });
    const list = refs.some((r) => r.kind === "stash") ? await _stashList(repo, refs) : undefined;
    return { type: "refs", ref: snapshotRef(txid), refs: refs.map((r) => ({ ...r })), ...(list ? { stash_list: list } : {}) };
  });
}

/**
 * Deletes every keep-alive ref of a transaction (gc's purge), so git can free the commits later;
 * except a restack ref whose stash entry a failed restore left off the list: that commit is the
 * user's stash entry, not a copy (stash-order.ts).
 */
export async function dropKeptRefs(repo: string, txid: string): Promise<void> {
  const listed = await gitStep(repo, ["for-each-ref", "--format=%(objectname) %(refname)", `${snapshotRef(txid)}/`], "purge_failed");
  let found = [...parseHeads(listed.stdout)];
  if (found.some(([ref]) => ref.includes("/restack/"))) {
    const stashed = new Set((await stashEntries(repo, "purge_failed")).map((e) => e.commit));
    found = found.filter(([ref, commit]) => !ref.includes("/restack/") || stashed.has(commit));
  }
  const refs = found.map(([ref]) => ref);
  if (refs.length === 0) return;
  await gitStep(repo, ["update-ref", "--stdin"], "purge_failed", { input: refs.map((r) => `delete ${r}\n`).join("") });
}

/** The stash list's commits, newest first, when every kept entry is still where the preflight saw it. */
async function _stashList(repo: string, refs: DroppedRef[]): Promise<string[] | undefined> {
  // Without it a restore puts entries on top, as before: no reason to refuse the snapshot.
  const list = await stashEntries(repo, "snapshot_failed").then((l) => l.map((e) => e.commit)).catch(() => null);
  if (list === null) return undefined;
  const placed = refs.every((r) => r.kind !== "stash" || list[r.index] === r.commit);
  return placed && list.length <= MAX_KEPT_REFS ? list : undefined;
}
