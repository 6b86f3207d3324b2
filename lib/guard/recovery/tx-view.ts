import { LeogrielError } from "../../core/errors.ts";
import { journalPath, type QuarantineLayout } from "./layout.ts";
import { readJournal } from "./journal.ts";
import type { EntryKind, JournalRecord, RefsRecord, SnapshotRecord, TxMeta } from "./journal-records.ts";

/** Where one journalled target is, as far as the journal knows. */
export type ItemState = "intended" | "quarantined" | "skipped" | "restoring" | "restored";

export interface TxItem {
  index: number;
  /** Workspace-relative, `/`-separated. */
  source: string;
  entry: EntryKind;
  mode: number;
  method?: "rename" | "copy" | "keep";
  state: ItemState;
}

/** The life of a transaction; `open` means no terminal record yet (running or crashed). */
export type TxState = "open" | "committed" | "aborted" | "restored" | "purging" | "purged";

/** A transaction replayed from its journal: the journal is its manifest. */
export interface TxView {
  txid: string;
  kind: "relocate" | "snapshot" | "refs";
  createdAt: string;
  meta: TxMeta;
  state: TxState;
  items: TxItem[];
  snapshot?: SnapshotRecord;
  /** The snapshot's restore progress (index 0 of the restore records). */
  snapshotState?: "recorded" | "restoring" | "restored";
  /** A refs transaction's kept branches and stash entries, and the restore progress of each (by index). */
  refs?: RefsRecord;
  refsState?: Map<number, "restoring" | "restored">;
  torn: boolean;
}

/**
 * Replays a transaction's journal.
 * @throws {LeogrielError} `journal_invalid` (exit 2) for a journal that is not this transaction's
 */
export function loadTx(layout: QuarantineLayout, txid: string): TxView {
  const { records, torn } = readJournal(journalPath(layout, txid), txid);
  return { ...replay(records, txid), torn };
}

/** Folds journal records into a transaction view. */
export function replay(records: JournalRecord[], txid: string): Omit<TxView, "torn"> {
  const start = records[0];
  if (start?.type !== "tx-start" || start.txid !== txid) {
    throw new LeogrielError("journal_invalid", `Cannot read the journal of ${txid}: it does not start this transaction`, {
      exitCode: 2,
    });
  }
  const view: Omit<TxView, "torn"> = {
    txid,
    kind: start.kind,
    createdAt: start.created_at,
    meta: start.meta,
    state: "open",
    items: [],
  };
  const items = new Map<number, TxItem>();
  for (const record of records.slice(1)) _apply(view, items, record);
  view.items = [...items.values()].sort((a, b) => a.index - b.index);
  return view;
}

function _apply(view: Omit<TxView, "torn">, items: Map<number, TxItem>, r: JournalRecord): void {
  const item = "index" in r && typeof r.index === "number" ? items.get(r.index) : undefined;
  switch (r.type) {
    case "relocate-intent":
      items.set(r.index, { index: r.index, source: r.source, entry: r.entry, mode: r.mode, state: "intended" });
      return;
    case "relocate":
      if (item) Object.assign(item, { state: "quarantined", method: r.method });
      return;
    case "relocate-skip":
      if (item) item.state = "skipped";
      return;
    case "snapshot":
      view.snapshot = r;
      view.snapshotState = "recorded";
      return;
    case "refs":
      view.refs = r;
      view.refsState = new Map();
      return;
    case "restore-intent":
      if (item) item.state = "restoring";
      else if (view.snapshot) view.snapshotState = "restoring";
      else view.refsState?.set(r.index, "restoring");
      return;
    case "restore":
      if (item) item.state = "restored";
      else if (view.snapshot) view.snapshotState = "restored";
      else view.refsState?.set(r.index, "restored");
      return;
    case "tx-commit":
      view.state = "committed";
      return;
    case "tx-abort":
      view.state = "aborted";
      return;
    case "tx-restored":
      view.state = "restored";
      return;
    case "purge-intent":
      view.state = "purging";
      return;
    case "purge":
      view.state = "purged";
      return;
    case "tx-start":
      return;
  }
}

/** Indexes of the kept branches and stash entries a restore has not put back yet. */
export function pendingRefs(view: Omit<TxView, "torn">): number[] {
  return (view.refs?.refs ?? []).map((_, n) => n).filter((n) => view.refsState?.get(n) !== "restored");
}

/** Items whose bytes rest in the payload (the ones a restore or GC acts on). */
export function quarantinedItems(view: TxView): TxItem[] {
  return view.items.filter((i) => i.state === "quarantined" || i.state === "restoring");
}
