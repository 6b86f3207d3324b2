import { LeogrielError } from "../../core/errors.ts";
import { gitStep, gitText } from "./git-run.ts";
import { parseStashList, STASH_LIST_ARGS } from "./plan.ts";
import { snapshotRef } from "./snapshot.ts";

/** One entry of the stash list: its commit and the message `git stash list` shows. */
export interface StashEntry {
  commit: string;
  message: string;
}

/** The stash list now, newest first. */
export async function stashEntries(repo: string, code: string): Promise<StashEntry[]> {
  const list = parseStashList(await gitText(repo, STASH_LIST_ARGS, code));
  if (list === null) throw new LeogrielError(code, "Cannot read the stash list", { exitCode: 1 });
  return list;
}

/**
 * Where a dropped stash entry goes back in today's list (`now`, newest first), given the list
 * recorded at the drop (`then`, commits): just above the first entry still listed that was below
 * it then, or at the bottom when none is left. Entries stashed since stay above it, and entries
 * of the same list restored in any order end in their old order. Null when the order changed in
 * a way that leaves no such place (an entry that was above it is now below that point).
 */
export function stashSlot(commit: string, then: readonly string[], now: readonly StashEntry[]): number | null {
  const at = then.indexOf(commit);
  if (at < 0) return null;
  const rank = new Map<string, number>();
  then.forEach((c, i) => rank.set(c, i));
  let slot = now.length;
  for (let i = 0; i < now.length; i++) {
    if ((rank.get(now[i]!.commit) ?? -1) > at) {
      slot = i;
      break;
    }
  }
  for (let i = slot; i < now.length; i++) if ((rank.get(now[i]!.commit) ?? at) < at) return null;
  return slot;
}

/**
 * Puts `entry` back at position `slot` of the stash list: the `slot` entries above it are taken
 * off the top (`git stash drop`), the entry is stored, and they are stored again over it, oldest
 * first, with their messages. While they are off the list each is kept alive by a ref under the
 * transaction's keep-alive refs (`<ref>/restack/<j>`), deleted once all are back; a failure half-way
 * leaves them there, so no commit is lost.
 */
export async function storeStashAt(repo: string, txid: string, entry: StashEntry, slot: number, now: readonly StashEntry[]): Promise<void> {
  const above = now.slice(0, slot);
  const keep = above.map((e, j) => `${snapshotRef(txid)}/restack/${j}`);
  if (above.length > 0) {
    await gitStep(repo, ["update-ref", "--stdin"], "restore_failed", { input: above.map((e, j) => `update ${keep[j]} ${e.commit}\n`).join("") });
    for (let j = 0; j < above.length; j++) await gitStep(repo, ["stash", "drop", "-q", "stash@{0}"], "restore_failed");
  }
  await gitStep(repo, ["stash", "store", "-m", entry.message, entry.commit], "restore_failed");
  for (let j = above.length - 1; j >= 0; j--) await gitStep(repo, ["stash", "store", "-m", above[j]!.message, above[j]!.commit], "restore_failed");
  if (above.length > 0) await gitStep(repo, ["update-ref", "--stdin"], "restore_failed", { input: keep.map((r) => `delete ${r}\n`).join("") });
}
