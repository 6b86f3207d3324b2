#!/usr/bin/env bun
// `bun run schemas`: regenerates schemas/*.schema.json from the zod schemas and the stability
// matrix in CONTRACTS.md from lib/core/contracts.ts. Tests fail when either drifts.
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomic } from "../lib/core/atomic-write.ts";
import { withMatrix } from "../lib/core/contracts-matrix.ts";
import { generateSchemaFiles, REPO_ROOT } from "../lib/core/schema-files.ts";

const dir = join(REPO_ROOT, "schemas");
const files = await generateSchemaFiles();
for (const old of readdirSync(dir)) {
  if (old.endsWith(".schema.json") && !files.has(old)) rmSync(join(dir, old));
}
for (const [name, text] of files) writeFileAtomic(join(dir, name), text);
const contractsPath = join(REPO_ROOT, "CONTRACTS.md");
writeFileAtomic(contractsPath, withMatrix(readFileSync(contractsPath, "utf8")));
console.error(`wrote ${files.size} schema files to schemas/ and the matrix in CONTRACTS.md`);
