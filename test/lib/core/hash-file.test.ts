import { expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { sha256File, sha256Hex } from "../../../lib/core/hash.ts";
import { useTempDirs } from "../../support/temp-dir.ts";

const tempDir = useTempDirs();

test("sha256File streams a multi-megabyte file to the same digest as the in-memory hash", async () => {
  const data = new Uint8Array(5 * 1024 * 1024 + 17).map((_, i) => (i * 31) & 0xff);
  const path = join(tempDir(), "big.bin");
  writeFileSync(path, data);
  expect(await sha256File(path)).toBe(sha256Hex(data));
});

test("sha256File agrees with the system sha256sum", async () => {
  const path = join(tempDir(), "small.txt");
  writeFileSync(path, "leogriel\n");
  const sum = Bun.spawnSync(["sha256sum", path]).stdout.toString().split(" ")[0];
  expect(await sha256File(path)).toBe(sum!);
});
