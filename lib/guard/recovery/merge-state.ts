import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { writeFileAtomic } from "../../core/atomic-write.ts";
import { isErrno } from "../../core/errors.ts";
import { gitStep, gitText } from "./git-run.ts";
import type { MergeStateRecord } from "./journal-records.ts";
import { removalInfo, unmergedParts } from "./conflict-snapshot.ts";
import { HEAD_FILES, TEXT_FILES } from "./merge-state-files.ts";
import { OBJECT_ID } from "./plan.ts";

// A merge, cherry-pick or revert that stopped on conflicts: what `git reset --hard` (or `checkout
// -f`) takes away besides the files, kept with a snapshot of the conflicted index
// (conflict-snapshot.ts) and put back by its restore, so that the operation can go on
// (`git commit`, `git merge --continue`) or be aborted as before.

/** The ref a snapshot's merge state lives under (apart from the snapshot's own ref, which names a commit). */
export function mergeStateRef(txid: string): string {
  return `refs/agent-guard/merges/${txid}`;
}

/**
 * The repository's merge state beside its `unmerged` entries, kept alive under
 * {@link mergeStateRef}; null when no head file names commits (a rebase or `stash pop` that
 * stopped: they leave no such file) or one holds anything but commit ids, where the snapshot
 * keeps the files alone, as before.
 */
export async function keepMergeState(repo: string, txid: string, unmerged: string[]): Promise<MergeStateRecord | null> {
  const paths = await _statePaths(repo, "snapshot_failed");
  const heads: MergeStateRecord["heads"] = [];
  for (const file of HEAD_FILES) {
    const text = _readStateFile(paths.get(file)!);
    if (text === null) continue;
    const commits = text.split("\n").filter((l) => l !== "");
    if (commits.length === 0 || !commits.every((c) => OBJECT_ID.test(c))) return null;
    heads.push({ file, commits });
  }
  if (heads.length === 0) return null;
  const texts: MergeStateRecord["texts"] = [];
  for (const file of TEXT_FILES) {
    const text = _readStateFile(paths.get(file)!);
    if (text !== null) texts.push({ file, text });
  }
  const entries = unmerged.map((entry, i) => {
    const { mode, oid } = unmergedParts(entry);
    return `${mode} ${mode === "160000" ? "commit" : "blob"} ${oid}\t${i}\0`;
  });
  const tree = (await gitStep(repo, ["mktree", "-z", "--missing"], "snapshot_failed", { input: entries.join("") })).stdout.trim();
  const parents = heads.flatMap((h) => h.commits).flatMap((c) => ["-p", c]);
  const commit = await gitText(repo, ["commit-tree", tree, ...parents, "-m", `agent-guard merge state ${txid}`], "snapshot_failed");
  const ref = mergeStateRef(txid);
  await gitStep(repo, ["update-ref", ref, commit, ""], "snapshot_failed");
  return { ref, heads, texts, unmerged };
}

/**
 * Puts the conflict stages into the index (each path's entry removed first, as `update-index
 * --index-info` asks) and writes the head and text files back. The work tree and the rest of the
 * index are the snapshot restore's.
 */
export async function restoreMergeState(repo: string, state: MergeStateRecord): Promise<void> {
  const removals = new Map(state.unmerged.map((entry) => [unmergedParts(entry).path, removalInfo(entry)]));
  const input = [...removals.values(), ...state.unmerged].map((line) => `${line}\0`).join("");
  await gitStep(repo, ["update-index", "-z", "--index-info"], "restore_failed", { input });
  const paths = await _statePaths(repo, "restore_failed");
  for (const { file, commits } of state.heads) writeFileAtomic(paths.get(file)!, `${commits.join("\n")}\n`);
  for (const { file, text } of state.texts) writeFileAtomic(paths.get(file)!, text);
}

function _readStateFile(path: string): string | null {
  try {
    return readFileSync(path, "utf8");
  } catch (err) {
    if (isErrno(err, "ENOENT")) return null;
    throw err;
  }
}

/** Where git keeps each state file of this work tree (a linked work tree has its own), in one `rev-parse`. */
async function _statePaths(repo: string, code: string): Promise<Map<string, string>> {
  const files = [...HEAD_FILES, ...TEXT_FILES];
  const lines = (await gitText(repo, ["rev-parse", ...files.flatMap((f) => ["--git-path", f])], code)).split("\n");
  return new Map(files.map((f, i) => [f, resolve(repo, lines[i]!)]));
}
