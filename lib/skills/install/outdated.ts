import type { EnvelopeMessage } from "../../core/envelope.ts";
import { hashDirectory } from "../dir-integrity.ts";
import type { Layout } from "../layout.ts";
import { matchesLegacyIntegrity } from "../legacy-integrity.ts";
import { readLock } from "../lockfile.ts";
import { declaredSkills } from "../manifest.ts";
import { resolveSpecifier } from "../sources/sources.ts";
import { requireManifest } from "./load-manifest.ts";
import { withRun } from "./run-context.ts";

export type OutdatedStatus = "current" | "outdated" | "unlocked";

export interface OutdatedRow {
  name: string;
  specifier: string;
  status: OutdatedStatus;
  locked?: { resolved: string; integrity: string };
  latest: { resolved: string; integrity: string };
}

/**
 * Resolves every declared skill afresh and compares it with the lock, changing nothing. A skill
 * is outdated when its content would change (a new commit that leaves the skill folder alone is
 * not an update) or, for npm, when a newer version matches its range.
 */
export async function findOutdated(opts: { layout: Layout; env: Record<string, string | undefined> }): Promise<{ skills: OutdatedRow[]; updates: number; warnings: EnvelopeMessage[] }> {
  const manifest = requireManifest(opts.layout, "check for updates");
  const lock = readLock(opts.layout.lockPath);
  return withRun(opts.layout, opts.env, async (ctx) => {
    const rows: OutdatedRow[] = [];
    for (const d of declaredSkills(manifest)) {
      const fetched = await resolveSpecifier(d.specifier, d.name, ctx);
      const latest = { resolved: fetched.resolved, integrity: hashDirectory(fetched.dir, ctx.limits).integrity };
      const entry = lock?.skills[d.name];
      let status: OutdatedStatus = "unlocked";
      if (entry && entry.specifier === d.specifier) {
        const sameContent = entry.integrity === latest.integrity || matchesLegacyIntegrity(fetched.dir, entry.integrity);
        const sameVersion = fetched.provenance.type !== "npm" || entry.resolved === latest.resolved;
        status = sameContent && sameVersion ? "current" : "outdated";
      }
      rows.push({ name: d.name, specifier: d.specifier, status, ...(entry ? { locked: { resolved: entry.resolved, integrity: entry.integrity } } : {}), latest });
    }
    return { skills: rows, updates: rows.filter((r) => r.status !== "current").length, warnings: ctx.warnings };
  }, { exclusive: false });
}
