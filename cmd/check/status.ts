import { statSync } from "node:fs";
import { defineCommand } from "citty";
import { z } from "zod";
import { commonArgs } from "../../lib/core/args.ts";
import type { Outcome } from "../../lib/core/cli.ts";
import { UsageError } from "../../lib/core/errors.ts";
import { validateDocument } from "../../lib/core/json-file.ts";
import { log } from "../../lib/core/logger.ts";
import { readAudit } from "../../lib/guard/recovery/audit.ts";
import { parseCount } from "../../lib/guard/recovery/duration.ts";
import { listTransactions } from "../../lib/guard/recovery/inventory.ts";
import { layoutOf } from "../../lib/guard/recovery/layout.ts";
import { DEFAULT_MAX_DEPTH, DEFAULT_MAX_ENTRIES, trashIndex } from "../../lib/guard/recovery/trash-index.ts";
import { resolveWorkspace } from "../../lib/guard/recovery/workspace.ts";

const INDEX_ONLY = ["root", "trash", "max-depth", "max-entries"] as const;
const Args = z.object({
  "trash-index": z.boolean().optional(),
  root: z.string().optional(),
  trash: z.string().optional(),
  "max-depth": z.string().optional(),
  "max-entries": z.string().optional(),
  json: z.boolean().optional(),
  cwd: z.string().optional(),
});

export default defineCommand({
  meta: { name: "status", description: "List recovery transactions and recent audit events, or query trash locations" },
  args: {
    "trash-index": { type: "boolean", description: "Read-only query of quarantine locations below --root (schema_version 1 JSON)" },
    root: { type: "string", description: "Index mode: folder to search (default: the workspace)", valueHint: "dir" },
    trash: { type: "string", description: "Index mode: a quarantine folder to include as a candidate", valueHint: "dir" },
    "max-depth": { type: "string", description: `Index mode: folder levels below the root to read (default ${DEFAULT_MAX_DEPTH})`, valueHint: "n" },
    "max-entries": { type: "string", description: `Index mode: directory entries to read at most (default ${DEFAULT_MAX_ENTRIES})`, valueHint: "n" },
    ...commonArgs,
  },
  async run({ args }): Promise<Outcome> {
    const a = validateDocument(Args, args, "the arguments");
    const workspace = await resolveWorkspace(a.cwd);
    if (a["trash-index"]) return _index(a, workspace);
    const misplaced = INDEX_ONLY.filter((k) => a[k] !== undefined);
    if (misplaced.length > 0) throw new UsageError(`Cannot use --${misplaced[0]} without --trash-index`);
    const { transactions, invalid } = listTransactions(workspace);
    const data = {
      workspace,
      quarantine: layoutOf(workspace).root,
      transactions,
      tx_inventory: transactions.filter((t) => t.state !== "purged").map((t) => t.txid),
      needs_recovery_count: transactions.filter((t) => t.needs_recovery).length,
      invalid_journals: invalid,
      audit: readAudit(workspace, 20),
    };
    return {
      exitCode: invalid.length === 0 ? 0 : 1,
      data,
      warnings: invalid.map((txid) => ({ code: "journal_invalid", message: `Cannot read the journal of ${txid}` })),
      human: () => {
        log.info(`Quarantine ${data.quarantine}: ${data.tx_inventory.length} active transaction(s)`);
        for (const t of transactions.filter((x) => x.state !== "purged")) {
          log.info(`  ${t.txid} ${t.kind} ${t.state} ${t.quarantined_count}/${t.item_count} quarantined ${t.bytes} bytes${t.needs_recovery ? " (needs recovery)" : ""}`);
        }
      },
    };
  },
});

function _index(a: z.infer<typeof Args>, workspace: string): Outcome {
  const root = a.root ?? workspace;
  const maxDepth = a["max-depth"] === undefined ? DEFAULT_MAX_DEPTH : parseCount(a["max-depth"], "--max-depth", 0, 1000);
  const maxEntries = a["max-entries"] === undefined ? DEFAULT_MAX_ENTRIES : parseCount(a["max-entries"], "--max-entries", 1);
  if (!_isDir(root)) throw new UsageError(`Cannot use --root ${root}: not a folder`);
  const index = trashIndex({ root, trash: a.trash === undefined ? [] : [a.trash], maxDepth, maxEntries });
  const exitCode = index.complete ? 0 : 1;
  if (a.json) return { exitCode, stdout: `${JSON.stringify(index)}\n` };
  return {
    exitCode,
    human: () => {
      log.info(`${index.count} location(s), ${index.identified_count} identified, ${index.complete ? "complete" : "partial"}`);
      for (const l of index.locations) log.info(`  ${l.path} ${l.identified ? `${l.transaction_count} transaction(s)` : "(not a quarantine)"}`);
      for (const e of index.errors) log.warn(`  ${e.path}: ${e.code}`);
    },
  };
}

function _isDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
