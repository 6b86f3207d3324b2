import { join } from "node:path";

/**
 * What the guard engine asks the recovery layer to do before a RELOCATE or SNAPSHOT command
 * runs. Targets are absolute, resolved paths the command would delete or overwrite.
 */
export type CompensationPlan =
  | { kind: "relocate"; workspace: string; targets: string[]; checkId?: string }
  | { kind: "snapshot"; workspace: string; repo: string; includeUntracked: boolean; checkId?: string }
  | { kind: "refs"; workspace: string; repo: string; refs: DroppedRef[]; checkId?: string };

/**
 * A Git ref a command would drop (`git branch -D`, `git stash drop|clear`): a local branch
 * (`refs/heads/...`) and its commit, or a stash entry by its position, commit and message.
 */
export type DroppedRef =
  | { kind: "branch"; name: string; commit: string }
  | { kind: "stash"; index: number; commit: string; message: string };

/** A local branch's full ref name as a journal keeps it (git allows no whitespace in one). */
export const BRANCH_REF = /^refs\/heads\/\S+$/;
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
