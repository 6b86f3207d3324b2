import { join } from "node:path";

/**
 * What the guard engine asks the recovery layer to do before a RELOCATE or SNAPSHOT command
 * runs. Targets are absolute, resolved paths the command would delete or overwrite.
 */
export type CompensationPlan =
  | { kind: "relocate"; workspace: string; targets: string[]; checkId?: string }
  | { kind: "snapshot"; workspace: string; repo: string; includeUntracked: boolean; checkId?: string };

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
