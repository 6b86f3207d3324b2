import { mkdirSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { z } from "zod";
import { writeFileAtomic } from "./atomic-write.ts";
import { LeogrielError } from "./errors.ts";
import { redactValue } from "./redact.ts";

export const ArtifactKind = z.enum(["audit", "test", "reports"]);
export type ArtifactKind = z.infer<typeof ArtifactKind>;

/** The artifact envelope (seed 000): redaction metadata keeps counts and types only. */
export const ArtifactEnvelope = z
  .strictObject({
    schemaVersion: z.literal(1),
    kind: ArtifactKind,
    createdAt: z.iso.datetime(),
    redactions: z.strictObject({ total: z.number().int().nonnegative(), types: z.record(z.string(), z.number().int()) }),
    data: z.unknown(),
  })
  .meta({ id: "artifact-envelope", title: "Leogriel artifact envelope" });
export type ArtifactEnvelope = z.infer<typeof ArtifactEnvelope>;

/**
 * Writes `data` as an artifact under `<root>/.leogriel/artifacts/<kind>/<name>.json`, redacted
 * and atomically, refusing a name that would leave the kind directory.
 * @returns the path written
 * @throws {LeogrielError} `artifact_path_escape` for a name that escapes
 */
export function saveArtifact(root: string, kind: ArtifactKind, name: string, data: unknown, now = new Date()): string {
  const dir = resolve(root, ".leogriel", "artifacts", kind);
  const path = resolve(dir, `${name}.json`);
  const rel = relative(dir, path);
  if (rel.startsWith("..") || rel.includes(sep) || name.includes("/") || name.includes("\\")) {
    throw new LeogrielError("artifact_path_escape", `Cannot save artifact ${name}: the name leaves ${join(".leogriel", "artifacts", kind)}`);
  }
  const types: Record<string, number> = {};
  const safe = redactValue(data, types);
  const envelope: ArtifactEnvelope = {
    schemaVersion: 1,
    kind,
    createdAt: now.toISOString(),
    redactions: { total: Object.values(types).reduce((a, b) => a + b, 0), types },
    data: safe,
  };
  mkdirSync(dir, { recursive: true });
  writeFileAtomic(path, `${JSON.stringify(envelope, null, 2)}\n`);
  return path;
}
