import { mkdtempSync } from "node:fs";
import { join } from "node:path";
import type { EnvelopeMessage } from "../../core/envelope.ts";
import type { LockEntry, Provenance } from "../lockfile.ts";
import type { Specifier } from "../specifier.ts";
import type { TreeLimits } from "../tree-write.ts";

/** What every source needs for one run. */
export interface SourceContext {
  /** The manifest's directory: `file:` paths are relative to it. */
  manifestDir: string;
  /** The project directory (the home directory with --global). */
  projectDir: string;
  env: Record<string, string | undefined>;
  /** A private temporary directory for this run, removed by the caller. */
  tmpDir: string;
  limits: TreeLimits;
  /** Per-run memo (git object stores per repository, packuments per package). */
  memo: Map<string, unknown>;
  warnings: EnvelopeMessage[];
}

/** A skill fetched into the run's temporary directory, with its immutable resolution. */
export interface Fetched {
  /** The skill root on disk (inside tmpDir); the installed copies are copies of it. */
  dir: string;
  resolved: string;
  provenance: Provenance;
}

/** One kind of specifier: resolve a mutable request, or fetch exactly what a lock names. */
export interface SkillSource<K extends Specifier["kind"] = Specifier["kind"]> {
  /** Resolves the request to an immutable resolution and fetches it. `name` is the manifest key when known. */
  resolve(spec: Extract<Specifier, { kind: K }>, name: string | undefined, ctx: SourceContext): Promise<Fetched>;
  /** Fetches a locked resolution without consulting anything mutable (tags, ranges, HEAD). */
  fetchLocked(entry: LockEntry, ctx: SourceContext): Promise<Fetched>;
}

/** A fresh, empty directory under the run's temporary directory. */
export function freshDir(ctx: SourceContext, prefix: string): string {
  return mkdtempSync(join(ctx.tmpDir, `${prefix}-`));
}
