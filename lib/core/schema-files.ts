import { join } from "node:path";
import { z } from "zod";

/** The repository root (two levels above lib/core). */
export const REPO_ROOT = join(import.meta.dir, "..", "..");

/**
 * Every JSON Schema file `schemas/` should hold, generated from the zod schemas that each
 * domain lists in its `contract-schemas.ts`: file name to file text.
 * @throws {Error} when a schema has no meta id or two schemas share one
 */
export async function generateSchemaFiles(): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const glob = new Bun.Glob("lib/**/contract-schemas.ts");
  const modules = [...glob.scanSync({ cwd: REPO_ROOT })].sort();
  for (const rel of modules) {
    const mod = (await import(join(REPO_ROOT, rel))) as { contractSchemas: z.ZodType[] };
    for (const schema of mod.contractSchemas) {
      const id = z.globalRegistry.get(schema)?.id;
      if (!id) throw new Error(`Cannot generate schema from ${rel}: a schema has no meta id`);
      const name = `${id}.schema.json`;
      if (files.has(name)) throw new Error(`Cannot generate schema ${name}: the id is used twice`);
      const json = _hoistRoot(z.toJSONSchema(schema, { target: "draft-2020-12", unrepresentable: "any" }), id);
      files.set(name, `${JSON.stringify({ $id: `https://leogriel.dev/schemas/${name}`, ...json }, null, 2)}\n`);
    }
  }
  return files;
}

// A schema with a meta id comes out as `{$ref: "#/$defs/<id>"}`; make the root the schema itself.
function _hoistRoot(json: Record<string, unknown>, id: string): Record<string, unknown> {
  const { $ref, $defs, ...rest } = json as { $ref?: string; $defs?: Record<string, object> };
  if ($ref !== `#/$defs/${id}` || !$defs?.[id]) return json;
  const { [id]: root, ...others } = $defs;
  return { ...rest, ...root, ...(Object.keys(others).length > 0 ? { $defs: others } : {}) };
}
