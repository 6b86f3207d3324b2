#!/usr/bin/env bun
// Regenerates schemas/*.schema.json from the zod schemas (`bun run schemas`).
import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomic } from "../lib/core/atomic-write.ts";
import { generateSchemaFiles, REPO_ROOT } from "../lib/core/schema-files.ts";

const dir = join(REPO_ROOT, "schemas");
const files = await generateSchemaFiles();
for (const old of readdirSync(dir)) {
  if (old.endsWith(".schema.json") && !files.has(old)) rmSync(join(dir, old));
}
for (const [name, text] of files) writeFileAtomic(join(dir, name), text);
console.error(`wrote ${files.size} schema files to schemas/`);
