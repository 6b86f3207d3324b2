import type { EnvelopeMessage } from "../../core/envelope.ts";
import type { Layout } from "../layout.ts";
import { withoutDeclared } from "../manifest.ts";
import { requireManifest } from "./load-manifest.ts";
import { runInstall, type InstallReport } from "./install-run.ts";
import { withRun } from "./run-context.ts";

/**
 * Takes skills out of the manifest, the lock and every agent folder in one transaction. A copy
 * changed by hand is kept (exit 1) unless `force`.
 * @throws {LeogrielError} `manifest_not_found`, `skill_not_declared` (exit 2), `local_changes` (exit 1)
 */
export async function removeSkills(opts: { layout: Layout; env: Record<string, string | undefined>; names: string[]; force: boolean }): Promise<{ report: InstallReport; warnings: EnvelopeMessage[] }> {
  return withRun(opts.layout, opts.env, async (ctx) => {
    let next = requireManifest(opts.layout, "remove skills");
    for (const name of opts.names) next = withoutDeclared(next, name);
    const report = await runInstall({ layout: opts.layout, ctx, manifest: next, writeManifest: true, force: opts.force, only: new Set(opts.names) });
    return { report, warnings: ctx.warnings };
  });
}
