import type { Decision } from "./decision.ts";

/**
 * Every reason code leogriel-check emits, with the decision class it carries and its static
 * explanation. The first thirteen are seed 001's names; the rest are Leogriel's additive codes.
 * Codes are a contract: never rename one or change its class (docs/contracts/check-reason-codes-v1.md).
 */
export const REASONS = {
  ALLOW_NO_EFFECT: ["ALLOW", "No destructive effect was found."],
  ALLOW_NOOP: ["ALLOW", "The command is a dry run, or nothing it would change exists yet."],
  ALLOW_TRASH_GC: ["ALLOW", "Housekeeping of expired quarantine payload."],
  ALLOW_TEMP_PATH: ["ALLOW", "The targets are inside the temporary directory."],
  RELOCATE_TREE: ["RELOCATE", "Workspace paths would be deleted or overwritten; they are kept in the quarantine first (large folders and files moved, small ones copied and left in place)."],
  SNAPSHOT_GIT_WORKTREE: ["SNAPSHOT", "Uncommitted Git changes would be discarded; a stash snapshot is recorded first."],
  SNAPSHOT_GIT_REFS: ["SNAPSHOT", "Git branches or stash entries are kept in the quarantine before they are dropped."],
  COMPOUND_CWD_DELETE: ["ASK", "A delete runs after a directory change in the same command line."],
  ASK_OUTSIDE_WORKSPACE: ["ASK", "A file outside the workspace would be deleted or overwritten and cannot be quarantined."],
  ASK_GIT_HISTORY_LOSS: ["ASK", "Git refs, stashes or reflog entries would be dropped."],
  ASK_REMOTE_CODE: ["ASK", "Code fetched from the network would run in a shell or interpreter."],
  ASK_SECRET_ACCESS: ["ASK", "The command reads a credential file or sends local secrets over the network."],
  ASK_DATA_EGRESS: ["ASK", "Local files or environment data would be sent over the network."],
  ASK_DATA_STORE_DESTROY: ["ASK", "Data in a database or key-value store would be dropped, deleted or overwritten, or the SQL could not be read; the quarantine cannot restore it."],
  ASK_INFRA_DESTROY: ["ASK", "Cloud, cluster or container resources would be destroyed (a Terraform stack, Kubernetes objects, volumes, buckets); the quarantine cannot restore them."],
  ASK_PERSISTENT_CODE: ["ASK", "A setting would be stored that makes later commands run code (a Git hooks folder, fsmonitor, pager, editor, credential helper or shell alias, another package index or Git URL rewrite, an agent's MCP server list); those later runs are not checked."],
  BLOCK_PROTECTED_PATH: ["BLOCK", "A protected path (system tree, home, Git metadata or quarantine) would be changed."],
  BLOCK_PROTECTED_ANCESTOR: ["BLOCK", "The target is a filesystem root or an ancestor of a protected path."],
  BLOCK_OUTSIDE_WORKSPACE: ["BLOCK", "A delete outside the workspace (recursive, or after a cd) cannot be recovered."],
  BLOCK_FORCE_PUSH: ["BLOCK", "A force push would overwrite remote history."],
  BLOCK_GIT_RESET_COLLISION: ["BLOCK", "A hard reset would destroy untracked or ignored content that a snapshot cannot keep."],
  BLOCK_DISK_DESTROY: ["BLOCK", "The command writes a raw device or destroys a filesystem."],
  BLOCK_FORK_BOMB: ["BLOCK", "The command starts processes without bound (a fork bomb)."],
  BLOCK_UNDETERMINABLE_EFFECT: ["BLOCK", "The command's effect could not be analysed to the end."],
  BLOCK_WILDCARD: ["BLOCK", "A wildcard target could not be enumerated safely."],
  BLOCK_DIALECT_UNKNOWN: ["BLOCK", "The selected command dialect is not supported."],
  BLOCK_DIALECT_INVALID: ["BLOCK", "The dialect selector is not a valid name."],
  COMPENSATION_FAILED: ["BLOCK", "The compensation (quarantine move or snapshot) failed or did not cover every target."],
} as const satisfies Record<string, readonly [Decision, string]>;

export type ReasonCode = keyof typeof REASONS;

/** The decision class a reason code carries. */
export function decisionOf(code: ReasonCode): Decision {
  return REASONS[code][0];
}

/** The static, target-free explanation of a reason code. */
export function explain(code: ReasonCode): string {
  return REASONS[code][1];
}
