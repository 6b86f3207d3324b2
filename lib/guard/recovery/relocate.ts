import { lstatSync, mkdirSync, type Stats } from "node:fs";
import { fsyncDirSync } from "../../core/atomic-write.ts";
import { isErrno } from "../../core/errors.ts";
import { checkpoint } from "./fault.ts";
import { appendRecord } from "./journal.ts";
import type { TxMeta } from "./journal-records.ts";
import { ensureLayout, journalPath, layoutOf, payloadDir, payloadPath, txDir, type QuarantineLayout } from "./layout.ts";
import { acquireLock, releaseLock } from "./lock.ts";
import { copyVerified, entryKind, removeTree, renameEntry } from "./move.ts";
import { LINK_FOLDER_LIMITS, linkTreeVerified } from "./link-tree.ts";
import { isSmallPlainTree, type TreeLimits } from "./plain-tree.ts";
import { rollback } from "./rollback.ts";
import { removingPath } from "./settle.ts";
import { loadTx } from "./tx-view.ts";
import { newTxid } from "./txid.ts";

/** What a relocation transaction did. */
export interface RelocateOutcome {
  txid: string;
  ok: boolean;
  moved: number;
  /** Targets that were already gone when their turn came (nothing to protect). */
  skipped: number;
  /** Set when it failed: the file system error that stopped it (after the rollback). */
  error?: Error;
}

/**
 * The largest file a compensation copies and leaves in place when the line deletes it: above it
 * the file is moved (a copy costs time in proportion to the size, a move nothing).
 */
export const KEEP_DELETED_MAX_BYTES = 16 * 1024 * 1024;

/**
 * The largest folder a compensation copies and leaves in place: its entries, and its files' bytes
 * all together. A larger one is moved.
 */
export const KEEP_FOLDER_LIMITS: TreeLimits = { entries: 1000, bytes: KEEP_DELETED_MAX_BYTES };

/** One target: absolute, workspace-relative, and which regular files and small folders stay in place. */
export interface RelocateTarget {
  abs: string;
  rel: string;
  /**
   * A regular file is copied into the payload and stays in place (journal method `keep`), so the
   * line can still read it before it deletes or replaces it: `any` one (the line only overwrites
   * it), or `small`, one of at most {@link KEEP_DELETED_MAX_BYTES}; with either, a folder within
   * {@link KEEP_FOLDER_LIMITS} too. `small-file`: such a file, but a folder moves (the line's first
   * command deletes it: nothing reads it first). Without it the target moves. A folder over
   * those limits but within {@link LINK_FOLDER_LIMITS} stays in place too, its files hard-linked
   * into the payload (link-tree.ts), unless `holds` is set.
   */
  keep?: "any" | "small" | "small-file";
  /** Another target of the line lies inside this one (a write into it the link tree would share). */
  holds?: boolean;
}

/**
 * Moves every target (absolute, already checked against the boundary, none inside another) into
 * a new quarantine transaction. Each step is announced in the journal and fsynced before it runs,
 * so a crash leaves every target either in place or whole in the payload. When a move fails the
 * targets moved so far are put back and the transaction is aborted. A kept target (a file the
 * line overwrites or deletes, a small folder it deletes) is copied instead; its original stays
 * for the line to read first.
 */
export async function relocate(workspace: string, targets: RelocateTarget[], meta: TxMeta): Promise<RelocateOutcome> {
  const layout = layoutOf(workspace);
  ensureLayout(layout);
  const txid = newTxid();
  if (!acquireLock(layout, txid)) throw new Error(`Cannot lock new transaction ${txid}`);
  const journal = journalPath(layout, txid);
  let moved = 0;
  let skipped = 0;
  try {
    mkdirSync(payloadDir(layout, txid), { recursive: true, mode: 0o700 });
    fsyncDirSync(layout.tx);
    appendRecord(journal, {
      type: "tx-start",
      v: 1,
      txid,
      kind: "relocate",
      created_at: new Date().toISOString(),
      meta,
    });
    for (const [index, target] of targets.entries()) {
      if (await _moveOne(layout, txid, index, target)) moved++;
      else skipped++;
    }
    appendRecord(journal, { type: "tx-commit", moved_count: moved, skipped_count: skipped });
  } catch (err) {
    return { txid, ok: false, moved: 0, skipped, error: await _abort(layout, workspace, txid, err as Error) };
  }
  releaseLock(layout, txid);
  return { txid, ok: true, moved, skipped };
}

async function _moveOne(layout: QuarantineLayout, txid: string, index: number, target: RelocateTarget): Promise<boolean> {
  const journal = journalPath(layout, txid);
  const st = lstatSync(target.abs, { throwIfNoEntry: false });
  if (!st) return false;
  appendRecord(journal, { type: "relocate-intent", index, source: target.rel, entry: entryKind(st), mode: st.mode & 0o7777 });
  const dest = payloadPath(layout, txid, index);
  const keeps = _keeps(target, st);
  if (keeps) {
    const kept = await _keepOne(journal, index, target, dest, keeps);
    if (kept !== undefined) return kept;
  }
  let renamed: boolean;
  try {
    renamed = renameEntry(target.abs, dest);
  } catch (err) {
    if (!isErrno(err, "ENOENT") || lstatSync(target.abs, { throwIfNoEntry: false })) throw err;
    appendRecord(journal, { type: "relocate-skip", index, reason: "vanished" });
    return false;
  }
  if (renamed) {
    checkpoint();
    appendRecord(journal, { type: "relocate", index, method: "rename" });
    return true;
  }
  await copyVerified(target.abs, dest);
  checkpoint();
  // Durable before the original goes: from here on the payload copy is the authoritative one.
  appendRecord(journal, { type: "relocate", index, method: "copy" });
  const removing = removingPath(target.abs, txid);
  renameEntry(target.abs, removing);
  checkpoint();
  removeTree(removing);
  checkpoint();
  return true;
}

/**
 * Whether a target is copied (or its files linked) and left in place. A symlink is still moved:
 * a replacing write through it would change the file it leads to; so is a file with other hard
 * links, whose inode the line's write would change under every name (a copy would keep the bytes,
 * but not the other names' content), and a folder holding either, or one the line's first command
 * deletes (`small-file`: `rm -rf dist && npm run build`). A folder within {@link
 * KEEP_FOLDER_LIMITS} is copied; a larger one within {@link LINK_FOLDER_LIMITS} that holds no other
 * target is linked (a copy costs time in proportion to the tree); a larger one still moves (`rm -rf
 * node_modules`).
 */
function _keeps(target: RelocateTarget, st: Stats): "copy" | "link" | undefined {
  if (target.keep === undefined) return undefined;
  if (st.isFile()) return st.nlink === 1 && (target.keep === "any" || st.size <= KEEP_DELETED_MAX_BYTES) ? "copy" : undefined;
  if (target.keep === "small-file" || !st.isDirectory()) return undefined;
  if (isSmallPlainTree(target.abs, KEEP_FOLDER_LIMITS)) return "copy";
  return !target.holds && isSmallPlainTree(target.abs, LINK_FOLDER_LIMITS) ? "link" : undefined;
}

/**
 * Copies a file or small folder into the payload, or links a larger folder's files there (`how`);
 * the original stays where the line expects it. Undefined when the copy cannot be made faithfully: the user cannot read all of it (a file of mode
 * 000), or a program still writing into the folder (a watcher rebuilding `dist`) changed it during
 * the copy (`copy_mismatch`, or a file gone while the folder stays). It is moved instead, as before
 * a copy was tried: a move needs no reading and takes the folder as it is.
 */
async function _keepOne(journal: string, index: number, target: RelocateTarget, dest: string, how: "copy" | "link"): Promise<boolean | undefined> {
  try {
    if (how === "link") linkTreeVerified(target.abs, dest);
    else await copyVerified(target.abs, dest);
  } catch (err) {
    const gone = isErrno(err, "ENOENT") && !lstatSync(target.abs, { throwIfNoEntry: false });
    if (!gone) {
      if (_MOVE_INSTEAD.some((code) => isErrno(err, code))) return undefined;
      throw err;
    }
    appendRecord(journal, { type: "relocate-skip", index, reason: "vanished" });
    return false;
  }
  checkpoint();
  appendRecord(journal, { type: "relocate", index, method: "keep" });
  return true;
}

/** Copy or link errors after which a kept target is moved instead (_keepOne). */
const _MOVE_INSTEAD = ["EACCES", "EPERM", "ENOENT", "EXDEV", "EMLINK", "copy_mismatch"];

/** Puts back what moved, marks the transaction aborted, and returns the original error. */
async function _abort(layout: QuarantineLayout, workspace: string, txid: string, err: Error): Promise<Error> {
  try {
    const result = await rollback(layout, workspace, loadTx(layout, txid), "compensation_failed");
    if (result.complete) {
      releaseLock(layout, txid);
      if (result.empty) removeTree(txDir(layout, txid));
    }
  } catch {
    // The lock stays with this (soon dead) process, so the next recovery pass finishes the job.
  }
  return err;
}
