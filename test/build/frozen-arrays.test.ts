import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";

// The first Object.freeze of an array makes a compiled Bun program touch about 0.3 MiB of code it
// otherwise never runs; leogriel-check's hook answers within 40 MiB (docs/check.md "Session 9:
// hook memory"). Shared empty answers are readonly by type instead.
test("no library module freezes an array", () => {
  const root = join(import.meta.dir, "..", "..");
  const found: string[] = [];
  for (const file of new Bun.Glob("lib/**/*.ts").scanSync(root)) {
    readFileSync(join(root, file), "utf8").split("\n").forEach((line, i) => {
      if (/Object\.freeze\(\s*\[/.test(line)) found.push(`${file}:${i + 1}`);
    });
  }
  expect(found).toEqual([]);
});
