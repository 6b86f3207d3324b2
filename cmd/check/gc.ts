import { defineCommand } from "citty";
import { z } from "zod";
import { commonArgs } from "../../lib/core/args.ts";
import type { Outcome } from "../../lib/core/cli.ts";
import { validateDocument } from "../../lib/core/json-file.ts";
import { log } from "../../lib/core/logger.ts";
import { parseCount, parseDuration } from "../../lib/guard/recovery/duration.ts";
import { collectGarbage, DEFAULT_RETENTION_MS } from "../../lib/guard/recovery/gc.ts";
import { resolveWorkspace } from "../../lib/guard/recovery/workspace.ts";

const Args = z.object({
  "older-than": z.string().optional(),
  "max-bytes": z.string().optional(),
  "dry-run": z.boolean().optional(),
  cwd: z.string().optional(),
});

export default defineCommand({
  meta: { name: "gc", description: "Purge quarantined payloads older than the retention (ALLOW_TRASH_GC)" },
  args: {
    "older-than": { type: "string", description: "Retention: purge only transactions older than this (default 7d)", valueHint: "duration" },
    "max-bytes": { type: "string", description: "Purge eligible transactions oldest first only until the quarantine holds at most N bytes", valueHint: "n" },
    "dry-run": { type: "boolean", description: "List what would be purged; change nothing" },
    ...commonArgs,
  },
  async run({ args }): Promise<Outcome> {
    const a = validateDocument(Args, args, "the arguments");
    const olderThanMs = a["older-than"] === undefined ? DEFAULT_RETENTION_MS : parseDuration(a["older-than"], "--older-than");
    const maxBytes = a["max-bytes"] === undefined ? undefined : parseCount(a["max-bytes"], "--max-bytes");
    const report = await collectGarbage(await resolveWorkspace(a.cwd), { olderThanMs, maxBytes, dryRun: a["dry-run"] === true });
    return {
      exitCode: report.errors.length === 0 ? 0 : 1,
      data: report,
      errors: report.errors.map((e) => ({ code: e.code, message: `Cannot purge ${e.txid || "the audit record"}: ${e.code}` })),
      human: () => {
        const verb = report.dry_run ? "Would purge" : "Purged";
        log.info(`${verb} ${report.purged.length} transaction(s), ${report.bytes_before - report.bytes_after} bytes; kept ${report.kept_count} eligible`);
        for (const p of report.purged) log.info(`  ${p.txid} ${p.kind} ${p.bytes} bytes`);
        for (const e of report.errors) log.warn(`  ${e.txid}: ${e.code}`);
      },
    };
  },
});
