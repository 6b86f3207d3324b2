import { lstatSync, renameSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { appendRecord, repairTornTail } from "./journal.ts";
import { journalPath, payloadPath, type QuarantineLayout } from "./layout.ts";
import { removeTree } from "./move.ts";
import { destinationOf, restorePartialPath } from "./restore-items.ts";
import { loadTx, type TxItem, type TxView } from "./tx-view.ts";
import { treeDigest } from "./tree-digest.ts";

/** Where a cross-device move parks the original while removing it (same folder, so a rename). */
export function removingPath(source: string, txid: string): string {
  return join(dirname(source), `.${basename(source)}.${txid}.removing`);
}

/**
 * Brings a crashed transaction's journal in line with the file system: each step announced but
 * not confirmed is found done or not done, and recorded. Anything removed here is provably a
 * copy of ours (equal digest or a name carrying the txid); an ambiguous path is left alone, to
 * surface later as a restore conflict.
 * @returns the transaction as it stands afterwards
 */
export async function settle(layout: QuarantineLayout, workspace: string, txid: string): Promise<TxView> {
  const journal = journalPath(layout, txid);
  repairTornTail(journal);
  const view = loadTx(layout, txid);
  for (const item of view.items) {
    let source: string;
    try {
      source = destinationOf(workspace, item);
    } catch {
      continue;
    }
    const payload = payloadPath(layout, txid, item.index);
    if (item.state === "intended") await _settleIntent(journal, item, source, payload);
    else if (item.state === "quarantined" && item.method === "copy") await _settleCopiedSource(txid, source, payload);
    else if (item.state === "restoring") await _settleRestore(journal, txid, item, source, payload);
  }
  return loadTx(layout, txid);
}

async function _settleIntent(journal: string, item: TxItem, source: string, payload: string): Promise<void> {
  removeTree(`${payload}.partial`);
  const hasSource = _exists(source);
  const hasPayload = _exists(payload);
  if (hasPayload && hasSource && (await treeDigest(payload)) === (await treeDigest(source))) {
    removeTree(payload); // a verified copy whose original was never touched
  } else if (hasPayload) {
    appendRecord(journal, { type: "relocate", index: item.index, method: "rename" });
  } else if (!hasSource) {
    appendRecord(journal, { type: "relocate-skip", index: item.index, reason: "vanished" });
  }
}

async function _settleCopiedSource(txid: string, source: string, payload: string): Promise<void> {
  const removing = removingPath(source, txid);
  if (_exists(source) && _exists(payload) && (await treeDigest(source)) === (await treeDigest(payload))) {
    renameSync(source, removing);
  }
  removeTree(removing);
}

async function _settleRestore(journal: string, txid: string, item: TxItem, dest: string, payload: string): Promise<void> {
  removeTree(restorePartialPath(dest, txid));
  if (!_exists(dest)) return;
  if (!_exists(payload)) {
    appendRecord(journal, { type: "restore", index: item.index });
  } else if ((await treeDigest(payload)) === (await treeDigest(dest))) {
    appendRecord(journal, { type: "restore", index: item.index });
    removeTree(payload);
  }
}

function _exists(path: string): boolean {
  return lstatSync(path, { throwIfNoEntry: false }) !== undefined;
}

