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

/** The keep-alive ref of the `j`-th entry taken off the top while an entry is put back below it. */
function _restackRef(txid: string, j: number): string {
  return `${snapshotRef(txid)}/restack/${j}`;
}

/**
 * Puts `entry` back at position `slot` of the stash list: the `slot` entries above it are taken
 * off the top (`git stash drop`), the entry is stored, and they are stored again over it, oldest
 * first, with their messages. While they are off the list each is kept alive by a ref under the
 * transaction's keep-alive refs (`_restackRef`), deleted once all are back. A failure half-way puts
 * the entries taken off back on top (`putBackRestacked`) and throws the step's error; when even
 * that fails, the refs stay and the error is `stash_restack_pending`, naming each entry still off
 * the list so it can be stored by hand, and the next restore of the transaction puts them back
 * first (`putBackRestacked`).
 */
export async function storeStashAt(repo: string, txid: string, entry: StashEntry, slot: number, now: readonly StashEntry[]): Promise<void> {
  const above = now.slice(0, slot);
  if (above.length === 0) {
    await gitStep(repo, ["stash", "store", "-m", entry.message, entry.commit], "restore_failed");
    return;
  }
  const keep = above.map((_, j) => _restackRef(txid, j));
  // `create` refuses a ref that exists: one left by an earlier failed restore is never overwritten.
  await gitStep(repo, ["update-ref", "--stdin"], "restore_failed", { input: above.map((e, j) => `create ${keep[j]} ${e.commit}\n`).join("") });
  try {
    for (let j = 0; j < above.length; j++) await gitStep(repo, ["stash", "drop", "-q", "stash@{0}"], "restore_failed");
    await gitStep(repo, ["stash", "store", "-m", entry.message, entry.commit], "restore_failed");
    for (let j = above.length - 1; j >= 0; j--) await gitStep(repo, ["stash", "store", "-m", above[j]!.message, above[j]!.commit], "restore_failed");
  } catch (err) {
    await putBackRestacked(repo, txid, new Map(above.map((e) => [e.commit, e.message])));
    throw err;
  }
  await _dropRestackRefs(repo, keep);
}

/** An entry a failed restore left off the stash list, kept alive by `ref`. */
export interface RestackedEntry {
  ref: string;
  commit: string;
  message: string;
}

/**
 * Stores again, on top and oldest first, every entry the transaction's restack refs hold that is
 * not on the stash list, with its message (from `messages`, else the commit's subject, which is
 * what `git stash` stored it with), then deletes the refs. Nothing to do without such refs.
 * @throws {LeogrielError} `stash_restack_pending` (details: `restacked`, the entries still off the
 *   list, oldest first) when an entry cannot be stored again
 */
export async function putBackRestacked(repo: string, txid: string, messages: ReadonlyMap<string, string> = new Map()): Promise<void> {
  const left = await _restacked(repo, txid, messages);
  if (left.length === 0) return;
  let off: RestackedEntry[];
  try {
    const listed = new Set((await stashEntries(repo, "restore_failed")).map((e) => e.commit));
    off = left.filter((e) => !listed.has(e.commit));
  } catch (err) {
    throw _pending(left, err);
  }
  for (let k = 0; k < off.length; k++) {
    try {
      await gitStep(repo, ["stash", "store", "-m", off[k]!.message, off[k]!.commit], "restore_failed");
    } catch (err) {
      throw _pending(off.slice(k), err);
    }
  }
  // Every entry is on the list again: the refs only hold commits the list holds. A failure to
  // delete them loses nothing (gc's purge removes them with the transaction).
  await _dropRestackRefs(repo, left.map((e) => e.ref)).catch(() => undefined);
}

function _pending(restacked: RestackedEntry[], cause: unknown): LeogrielError {
  const message = "Cannot put back the stash entries taken off the list; they are kept under the transaction's restack refs";
  return new LeogrielError("stash_restack_pending", message, { exitCode: 1, details: { restacked }, cause });
}

/** The restack refs of a transaction, oldest entry (highest number) first. */
async function _restacked(repo: string, txid: string, messages: ReadonlyMap<string, string>): Promise<RestackedEntry[]> {
  const prefix = `${_restackRef(txid, 0).slice(0, -1)}`;
  const out = await gitText(repo, ["for-each-ref", "--format=%(refname)%00%(objectname)%00%(contents:subject)", prefix], "restore_failed");
  const entries = out
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => {
      const [ref, commit, subject] = l.split("\0") as [string, string, string];
      return { ref, commit, message: messages.get(commit) ?? subject, j: Number(ref.slice(prefix.length)) };
    });
  return entries.sort((a, b) => b.j - a.j).map(({ j: _, ...e }) => e);
}

async function _dropRestackRefs(repo: string, refs: string[]): Promise<void> {
  await gitStep(repo, ["update-ref", "--stdin"], "restore_failed", { input: refs.map((r) => `delete ${r}\n`).join("") });
}
