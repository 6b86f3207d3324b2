import { defineCommand } from "citty";
import { z } from "zod";
import { commonArgs } from "../../lib/core/args.ts";
import type { Outcome } from "../../lib/core/cli.ts";
import { validateDocument } from "../../lib/core/json-file.ts";
import { log } from "../../lib/core/logger.ts";
import { restoreTransaction, type RestoreReport } from "../../lib/guard/recovery/restore.ts";
import { resolveWorkspace } from "../../lib/guard/recovery/workspace.ts";
import { shellQuote } from "../../lib/guard/shell-quote.ts";

const Args = z.object({ txid: z.string(), force: z.boolean().optional(), cwd: z.string().optional() });

export default defineCommand({
  meta: { name: "restore", description: "Put back everything a transaction quarantined or snapshotted" },
  args: {
    txid: { type: "positional", required: true, description: "Transaction id (tx-YYYYMMDDTHHMMSSZ-<12 hex>) from the guard's answer or `status`" },
    force: { type: "boolean", description: "Replace occupied destinations, after preserving each occupant in a new transaction" },
    ...commonArgs,
  },
  async run({ args }): Promise<Outcome> {
    const { txid, force, cwd } = validateDocument(Args, args, "the arguments");
    const report = await restoreTransaction(await resolveWorkspace(cwd), txid, { force: force === true });
    const ok = report.conflict_count === 0 && report.error_count === 0 && !report.record_failed;
    return {
      exitCode: ok ? 0 : 1,
      ok,
      data: report,
      warnings: report.items.filter((i) => i.status !== "restored").map((i) => ({ code: i.code ?? i.status, message: `Cannot restore ${i.source}: ${i.code}`, path: i.source })),
      errors: report.record_failed ? [{ code: "record_failed", message: "Cannot write the restore's journal or audit record; the files are restored" }] : [],
      human: () => _print(report),
    };
  },
});

function _print(report: RestoreReport): void {
  log.info(`Restored ${report.restored_count} of ${report.items.length} from ${report.txid}`);
  for (const i of report.items.filter((o) => o.status !== "restored")) log.warn(`${i.source}: ${i.status} (${i.code})`);
  if (report.backup_txids) log.info(`Occupants preserved in ${report.backup_txids.join(", ")}`);
  for (const i of report.items) if (i.restacked) _printRestacked(report.txid, i.restacked);
  if (report.conflict_count > 0) log.info("Re-run with --force to replace the occupants (they are preserved first)");
}

/** What to do about stash entries a failed restore left off the list (recovery/stash-order.ts). */
function _printRestacked(txid: string, entries: NonNullable<RestoreReport["items"][number]["restacked"]>): void {
  const n = entries.length === 1 ? "1 stash entry" : `${entries.length} stash entries`;
  log.warn(`${n} taken off the list to put one back could not be stored again; kept under refs/agent-guard/snapshots/${txid}/restack/`);
  log.info(`Run \`leogriel-check restore ${txid}\` again to put them back on top first, or store them by hand, in this order:`);
  for (const e of entries) log.info(`  git stash store -m ${shellQuote(e.message)} ${e.commit} && git update-ref -d ${e.ref}`);
}
