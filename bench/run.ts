#!/usr/bin/env bun
// `bun run bench`: runs every bench/*.bench.ts in turn; each prints its own figures side by side
// with its peer or baseline. Pass a name fragment to run only matching files.
import { join } from "node:path";

const filter = process.argv[2] ?? "";
const files = [...new Bun.Glob("*.bench.ts").scanSync({ cwd: import.meta.dir })].filter((f) => f.includes(filter)).sort();
let failed = 0;
for (const file of files) {
  console.log(`\n## ${file}\n`);
  const proc = Bun.spawn([process.execPath, join(import.meta.dir, file)], { stdout: "inherit", stderr: "inherit" });
  if ((await proc.exited) !== 0) failed++;
}
process.exitCode = failed === 0 ? 0 : 1;
