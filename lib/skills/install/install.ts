import type { EnvelopeMessage } from "../../core/envelope.ts";
import { LeogrielError } from "../../core/errors.ts";
import type { Layout } from "../layout.ts";
import { declaredSkills } from "../manifest.ts";
import { runInstall, type InstallReport } from "./install-run.ts";
import { requireManifest } from "./load-manifest.ts";
import { withRun } from "./run-context.ts";

export interface InstallCommandOptions {
  layout: Layout;
  env: Record<string, string | undefined>;
  frozen?: boolean;
  force?: boolean;
  strict?: boolean;
  allowRisk?: boolean;
}

/** `leogriel-install [--frozen]`: installs what the manifest declares, locked skills by their lock. */
export async function installAll(opts: InstallCommandOptions): Promise<{ report: InstallReport; warnings: EnvelopeMessage[] }> {
  return withRun(opts.layout, opts.env, async (ctx) => {
    const manifest = requireManifest(opts.layout, "install");
    const report = await runInstall({ layout: opts.layout, ctx, manifest, frozen: opts.frozen, force: opts.force, strict: opts.strict, allowRisk: opts.allowRisk });
    return { report, warnings: ctx.warnings };
  });
}

/**
 * `leogriel-install update [names]`: resolves the named skills (default: all) afresh and
 * re-locks them.
 * @throws {LeogrielError} `skill_not_declared` (exit 2) for a name the manifest lacks
 */
export async function updateSkills(opts: InstallCommandOptions & { names: string[] }): Promise<{ report: InstallReport; warnings: EnvelopeMessage[] }> {
  return withRun(opts.layout, opts.env, async (ctx) => {
    const manifest = requireManifest(opts.layout, "update");
    const declared = new Set(declaredSkills(manifest).map((d) => d.name));
    const unknown = opts.names.filter((n) => !declared.has(n));
    if (unknown.length > 0) throw new LeogrielError("skill_not_declared", `Cannot update ${unknown.join(", ")}: agent-skills.json does not declare ${unknown.length === 1 ? "it" : "them"}`);
    const refresh = opts.names.length > 0 ? new Set(opts.names) : ("all" as const);
    const report = await runInstall({ layout: opts.layout, ctx, manifest, refresh, force: opts.force, strict: opts.strict, allowRisk: opts.allowRisk });
    return { report, warnings: ctx.warnings };
  });
}
