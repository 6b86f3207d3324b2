import { LeogrielError } from "../../core/errors.ts";
import type { Layout } from "../layout.ts";
import { MANIFEST_FILE, readManifest, type Manifest } from "../manifest.ts";

/**
 * The layout's manifest, which must exist.
 * @throws {LeogrielError} `manifest_not_found` (exit 2)
 */
export function requireManifest(layout: Layout, action: string): Manifest {
  const manifest = readManifest(layout.manifestPath);
  if (!manifest) throw new LeogrielError("manifest_not_found", `Cannot ${action}: there is no ${MANIFEST_FILE} in ${layout.manifestDir} (add a skill with \`leogriel-install add <specifier>\`)`);
  return manifest;
}
