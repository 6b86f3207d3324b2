import { basename, resolve } from "node:path";
import type { EnvelopeMessage } from "../../core/envelope.ts";
import { LeogrielError } from "../../core/errors.ts";
import type { Layout } from "../layout.ts";
import { readManifest, SkillKey, WINDOWS_RESERVED_NAME, withDeclared, type Manifest } from "../manifest.ts";
import { inferName } from "../skill-check.ts";
import { portablePath } from "../sources/file-source.ts";
import { resolveSpecifier } from "../sources/sources.ts";
import { parseSpecifier, type Specifier } from "../specifier.ts";
import { runInstall, type InstallReport } from "./install-run.ts";
import { withRun } from "./run-context.ts";

export interface AddOptions {
  layout: Layout;
  env: Record<string, string | undefined>;
  /** Where a relative `file:` path given on the command line starts from. */
  cwd: string;
  specifier: string;
  dev: boolean;
  name?: string;
  force: boolean;
  strict: boolean;
  allowRisk?: boolean;
}

/**
 * Resolves a specifier, names the skill (`--name`, else its SKILL.md name), declares it in the
 * manifest and installs, writing manifest and lock in the same transaction.
 * @throws {LeogrielError} `invalid_specifier`, `invalid_name`, and everything runInstall throws
 */
export async function addSkill(opts: AddOptions): Promise<{ name: string; specifier: string; report: InstallReport; warnings: EnvelopeMessage[] }> {
  let spec = parseSpecifier(opts.specifier);
  let specifier = opts.specifier;
  if (spec.kind === "file") {
    // Stored relative to the manifest so the manifest and lock work on every clone.
    specifier = `file:${portablePath(opts.layout.manifestDir, resolve(opts.cwd, spec.path))}`;
    spec = parseSpecifier(specifier);
  }
  if (opts.name !== undefined) checkSkillName(opts.name);
  return withRun(opts.layout, opts.env, async (ctx) => {
    const manifest: Manifest = readManifest(opts.layout.manifestPath) ?? { agentSkills: { dependencies: {} } };
    const fetched = await resolveSpecifier(specifier, opts.name, ctx);
    const name = opts.name ?? checkSkillName(inferName(fetched.dir, _fallbackName(spec)));
    const next = withDeclared(manifest, { name, specifier, dev: opts.dev });
    const report = await runInstall({
      layout: opts.layout,
      ctx,
      manifest: next,
      writeManifest: true,
      prefetched: new Map([[name, fetched]]),
      only: new Set([name]),
      force: opts.force,
      strict: opts.strict,
      allowRisk: opts.allowRisk,
    });
    return { name, specifier, report, warnings: ctx.warnings };
  });
}

/**
 * A name a skill can be declared and installed under, on every OS.
 * @throws {LeogrielError} `invalid_name` (exit 2)
 */
export function checkSkillName(name: string): string {
  if (WINDOWS_RESERVED_NAME.test(name)) throw new LeogrielError("invalid_name", `Cannot add ${JSON.stringify(name)}: Windows reserves that name for a device, so its skill folder cannot exist there; pass another --name`);
  if (!SkillKey.safeParse(name).success) throw new LeogrielError("invalid_name", `Cannot add ${JSON.stringify(name)}: a skill name is lowercase letters, digits and single hyphens, at most 64 characters`);
  return name;
}

function _fallbackName(spec: Specifier): string | undefined {
  switch (spec.kind) {
    case "github":
      return spec.path === "" ? spec.repo : basename(spec.path);
    case "skills.sh":
      return spec.skill;
    case "npm":
      return spec.pkg.split("/").pop();
    case "file":
      return basename(resolve(spec.path));
    case "local-imported":
      return spec.name;
  }
}
