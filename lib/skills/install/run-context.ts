import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { EnvelopeMessage } from "../../core/envelope.ts";
import type { Layout } from "../layout.ts";
import type { SourceContext } from "../sources/source.ts";
import { DEFAULT_TREE_LIMITS } from "../tree-write.ts";

/**
 * Runs `fn` with a source context whose private temporary directory is removed afterwards,
 * whatever happens (fetched trees never outlive the command).
 */
export async function withRun<T>(layout: Layout, env: Record<string, string | undefined>, fn: (ctx: SourceContext) => Promise<T>): Promise<T> {
  const tmpDir = mkdtempSync(join(tmpdir(), "leogriel-install-"));
  const warnings: EnvelopeMessage[] = [];
  try {
    return await fn({ manifestDir: layout.manifestDir, projectDir: layout.rootDir, env, tmpDir, limits: DEFAULT_TREE_LIMITS, memo: new Map(), warnings });
  } finally {
    rmSync(tmpDir, { recursive: true, force: true });
  }
}
