import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { fsyncDirSync, writeFileAtomic } from "../../core/atomic-write.ts";
import { quarantineRoot } from "./plan.ts";

/**
 * Where one workspace's recovery state lives, all under {@link quarantineRoot}:
 *
 * ```
 * .agent-guard/quarantine/
 *   .gitignore              "*": git status, stash -u and add -A never see the quarantine
 *   audit.jsonl             minimized append-only audit log
 *   locks/<txid>.lock       the owner of a transaction that is still running
 *   tx/<txid>/journal.jsonl the transaction's journal (its manifest)
 *   tx/<txid>/payload/<n>   the n-th relocated target, moved as it was
 * ```
 */
export interface QuarantineLayout {
  root: string;
  tx: string;
  locks: string;
  audit: string;
}

/** The layout of the quarantine of `workspace`. */
export function layoutOf(workspace: string): QuarantineLayout {
  const root = quarantineRoot(workspace);
  return { root, tx: join(root, "tx"), locks: join(root, "locks"), audit: join(root, "audit.jsonl") };
}

export function txDir(layout: QuarantineLayout, txid: string): string {
  return join(layout.tx, txid);
}

export function journalPath(layout: QuarantineLayout, txid: string): string {
  return join(layout.tx, txid, "journal.jsonl");
}

export function payloadDir(layout: QuarantineLayout, txid: string): string {
  return join(layout.tx, txid, "payload");
}

/** Where the `index`-th target of a transaction rests; computed, never read from the journal. */
export function payloadPath(layout: QuarantineLayout, txid: string, index: number): string {
  return join(layout.tx, txid, "payload", String(index));
}

/** Creates the quarantine folders (and its `.gitignore`) when missing; durable before use. */
export function ensureLayout(layout: QuarantineLayout): void {
  if (existsSync(layout.tx) && existsSync(layout.locks)) return;
  mkdirSync(layout.tx, { recursive: true, mode: 0o700 });
  mkdirSync(layout.locks, { recursive: true, mode: 0o700 });
  const ignore = join(layout.root, ".gitignore");
  if (!existsSync(ignore)) writeFileAtomic(ignore, "*\n");
  fsyncDirSync(layout.root);
}
