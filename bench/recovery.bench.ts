// Relocating a 10,000-file tree into the quarantine (one rename plus journal fsyncs) against
// the `rm -rf` it replaces, and the restore that undoes it; and keeping the same tree in place by
// hard links (link-tree.ts: a folder the line reads before it deletes it, `tar … src && rm -rf
// src`). Run: bun run bench recovery
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { applyCompensation } from "../lib/guard/recovery/apply.ts";
import { restoreTransaction } from "../lib/guard/recovery/restore.ts";

function tree(root: string): string {
  const src = join(root, "src");
  for (let d = 0; d < 100; d++) {
    mkdirSync(join(src, `d${d}`), { recursive: true });
    for (let f = 0; f < 100; f++) writeFileSync(join(src, `d${d}`, `f${f}.txt`), `${d}/${f}\n`);
  }
  return src;
}

const runs = 5;
const rm: number[] = [];
const relocate: number[] = [];
const restore: number[] = [];
const link: number[] = [];
for (let i = 0; i < runs; i++) {
  const a = mkdtempSync(join(tmpdir(), "bench-rm-"));
  const srcA = tree(a);
  let t = performance.now();
  Bun.spawnSync(["rm", "-rf", srcA]);
  rm.push(performance.now() - t);
  rmSync(a, { recursive: true, force: true });

  const b = mkdtempSync(join(tmpdir(), "bench-relocate-"));
  const srcB = tree(b);
  t = performance.now();
  // The line's first command deletes it (`rm -rf src && …`): moved.
  const result = await applyCompensation({ kind: "relocate", workspace: b, targets: [srcB], deletedFirst: [srcB] });
  relocate.push(performance.now() - t);
  if (!result.ok) throw new Error(result.message);
  t = performance.now();
  await restoreTransaction(b, result.txid, { force: false });
  restore.push(performance.now() - t);
  // The line reads it first: its files are linked and it stays.
  t = performance.now();
  const kept = await applyCompensation({ kind: "relocate", workspace: b, targets: [srcB] });
  link.push(performance.now() - t);
  if (!kept.ok) throw new Error(kept.message);
  rmSync(b, { recursive: true, force: true });
}
const median = (xs: number[]): string => `${[...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!.toFixed(1)} ms`;
console.log(`10,000 files, median of ${runs}: rm -rf ${median(rm)} | relocate ${median(relocate)} | restore ${median(restore)} | kept by links ${median(link)}`);
