import { join } from "node:path";

/**
 * What the guard engine asks the recovery layer to do before a RELOCATE or SNAPSHOT command
 * runs. Targets are absolute, resolved paths the command would delete or overwrite; `kept` names
 * those it only overwrites, `deletedFirst` those the line's first command, a forced `rm`, deletes
 * (leading-rm.ts). A regular file is copied into the quarantine and left in place, so a line that
 * reads or tests it before replacing or deleting it still finds it (`jq … package.json > p.tmp &&
 * mv p.tmp package.json`, `sort a > b && rm a`): any kept one, and a deleted one of up to 16 MiB;
 * so is a small deleted folder (`tar czf src.tgz src && rm -rf src`) unless it is deleted first
 * (relocate.ts). Larger folders and files, and symlinks, are moved; a large folder the line reads
 * first is kept in place by hard links unless it is `holding`, a folder another target lies in.
 */
export type CompensationPlan =
  | { kind: "relocate"; workspace: string; targets: string[]; kept?: string[]; deletedFirst?: string[]; holding?: string[]; checkId?: string }
  | { kind: "snapshot"; workspace: string; repo: string; includeUntracked: boolean; checkId?: string }
  | { kind: "refs"; workspace: string; repo: string; refs: DroppedRef[]; checkId?: string };

/**
 * A Git ref a command would drop (`git branch -D`, `git stash drop|clear`): a local branch
 * (`refs/heads/...`) and its commit, or a stash entry by its position, commit and message.
 */
export type DroppedRef =
  | { kind: "branch"; name: string; commit: string }
  | { kind: "stash"; index: number; commit: string; message: string };

/** The local branches and their commits, as the preflight and a restore read them (`parseHeads`). */
export const HEADS_ARGS = ["for-each-ref", "--format=%(objectname) %(refname)", "refs/heads/"];
/**
 * The stash list, newest first: each entry's commit and the message `stash list` shows
 * (`parseStashList`); run with `log.showSignature` off like every git the guard starts (git-safe.ts).
 */
export const STASH_LIST_ARGS = ["stash", "list", "-z", "--format=%H%x01%gs"];

/** The output of {@link HEADS_ARGS} (or any `%(objectname) %(refname)` listing): full ref name to commit. */
export function parseHeads(out: string): Map<string, string> {
  const heads = new Map<string, string>();
  for (const line of out.split("\n")) {
    const space = line.indexOf(" ");
    if (space > 0) heads.set(line.slice(space + 1), line.slice(0, space));
  }
  return heads;
}

/** The output of {@link STASH_LIST_ARGS}, newest first; null when an entry is not `<sha>\x01<message>`. */
export function parseStashList(out: string): Array<{ commit: string; message: string }> | null {
  const entries: Array<{ commit: string; message: string }> = [];
  for (const line of out.split("\0")) {
    if (line === "") continue;
    const sep = line.indexOf("\x01");
    if (sep !== 40 && sep !== 64) return null;
    entries.push({ commit: line.slice(0, sep), message: line.slice(sep + 1) });
  }
  return entries;
}

/** A local branch's full ref name as a journal keeps it (git allows no whitespace in one). */
export const BRANCH_REF = /^refs\/heads\/\S+$/;
/** A Git object id: SHA-1, or SHA-256 in a repository that uses it. */
export const OBJECT_ID = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/;
/** The most refs one transaction keeps (a `git stash clear` of a long stash list fits). */
export const MAX_KEPT_REFS = 10_000;

/** The recovery layer's answer: a transaction id, or the seed-001 reason it could not. */
export type CompensationResult =
  | { ok: true; kind: CompensationPlan["kind"]; txid: string; covered: number }
  | { ok: false; reason: "COMPENSATION_FAILED" | "BLOCK_UNDETERMINABLE_EFFECT"; message: string };

/**
 * The quarantine of a workspace; its control paths are protected from every command. It lives in
 * the workspace so that a relocation is a rename on the same file system in the common case.
 */
export function quarantineRoot(workspace: string): string {
  return join(workspace, ".agent-guard", "quarantine");
}
