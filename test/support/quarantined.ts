import { layoutOf } from "../../lib/guard/recovery/layout.ts";
import { loadTx } from "../../lib/guard/recovery/tx-view.ts";

/**
 * The workspace-relative paths a transaction holds in the quarantine: moved there, or copied there
 * and left in place (a small file or folder, recovery/relocate.ts).
 */
export function quarantinedSources(workspace: string, txid: string): string[] {
  return loadTx(layoutOf(workspace), txid)
    .items.filter((i) => i.state === "quarantined")
    .map((i) => i.source);
}

/** The transaction id a hook's note names (`leogriel-check restore tx-…`). */
export function notedTxid(answer: string): string {
  const txid = /leogriel-check restore (tx-\d{8}T\d{6}Z-[0-9a-f]{12})/.exec(answer)?.[1];
  if (!txid) throw new Error("the answer names no transaction");
  return txid;
}
