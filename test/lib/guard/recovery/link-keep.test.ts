import { describe, expect, test } from "bun:test";
import { existsSync, lstatSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { applyCompensation } from "../../../../lib/guard/recovery/apply.ts";
import { layoutOf, payloadPath } from "../../../../lib/guard/recovery/layout.ts";
import { LINK_FOLDER_LIMITS } from "../../../../lib/guard/recovery/link-tree.ts";
import { KEEP_FOLDER_LIMITS } from "../../../../lib/guard/recovery/relocate.ts";
import { restoreTransaction } from "../../../../lib/guard/recovery/restore.ts";
import { loadTx } from "../../../../lib/guard/recovery/tx-view.ts";
import { treeHashes } from "../../../fixtures/check-recovery/tree.ts";
import { useTempDirs } from "../../../support/temp-dir.ts";

// A deleted folder over the copy limits (KEEP_FOLDER_LIMITS) that the line reads first: its files
// are hard-linked into the quarantine and the folder stays in place (session 19, link-tree.ts), so
// `tar czf dist.tgz dist && rm -rf dist` works through the hook instead of finding dist moved away.
const tempDir = useTempDirs("leogriel-link-keep-");
const OVER_COPY = KEEP_FOLDER_LIMITS.entries + 500;

/** A workspace whose `dist` holds `files` files in folders of 100. */
function workspace(files: number): string {
  const ws = tempDir();
  for (let i = 0; i < files; i++) {
    const dir = join(ws, "dist", `d${Math.floor(i / 100)}`);
    if (i % 100 === 0) mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `f${i}.js`), `export const n = ${i};\n`);
  }
  return ws;
}

async function applied(ws: string, targets: string[], kept: string[] = []): Promise<string> {
  const result = await applyCompensation({ kind: "relocate", workspace: ws, targets: targets.map((t) => join(ws, t)), kept: kept.map((t) => join(ws, t)) });
  if (!result.ok) throw new Error(result.message);
  return result.txid;
}

const methodOf = (ws: string, txid: string) => loadTx(layoutOf(ws), txid).items.map((i) => [i.source, i.method]);

describe("a large deleted folder the line reads first stays in place, its files linked", () => {
  test("tar reads it, rm deletes it, restore brings every byte back", async () => {
    const ws = workspace(OVER_COPY);
    const before = treeHashes(ws);
    const txid = await applied(ws, ["dist"]);
    expect(methodOf(ws, txid)).toEqual([["dist", "keep"]]);
    expect(treeHashes(ws)).toEqual(before);
    const run = Bun.spawnSync(["bash", "-c", "tar czf ../dist.tgz dist && rm -rf dist"], { cwd: ws });
    expect(run.exitCode).toBe(0);
    expect(existsSync(join(ws, "dist"))).toBe(false);
    const listed = Bun.spawnSync(["tar", "tzf", join(ws, "..", "dist.tgz")]).stdout.toString().split("\n").filter((l) => l.endsWith(".js"));
    expect(listed).toHaveLength(OVER_COPY);
    expect(await restoreTransaction(ws, txid, { force: false })).toMatchObject({ restored_count: 1, conflict_count: 0, error_count: 0 });
    expect(treeHashes(ws)).toEqual(before);
  });

  test("the quarantine holds each file as the line deletes it: a write in place before reaches both names", async () => {
    const ws = workspace(OVER_COPY);
    const txid = await applied(ws, ["dist"]);
    const file = join(ws, "dist", "d0", "f0.js");
    expect(lstatSync(join(payloadPath(layoutOf(ws), txid, 0), "d0", "f0.js")).ino).toBe(lstatSync(file).ino);
    Bun.spawnSync(["bash", "-c", "echo changed > dist/d0/f0.js && rm -rf dist"], { cwd: ws });
    await restoreTransaction(ws, txid, { force: false });
    expect(await Bun.file(file).text()).toBe("changed\n");
  });

  test("a folder another target of the line lies in is moved (the link would share that file's write)", async () => {
    const ws = workspace(OVER_COPY);
    const txid = await applied(ws, ["dist", "dist/d0/f0.js"], ["dist/d0/f0.js"]);
    expect(methodOf(ws, txid)).toEqual([["dist", "rename"]]);
    expect(existsSync(join(ws, "dist"))).toBe(false);
  });

  test(`more than ${LINK_FOLDER_LIMITS.entries} entries: moved, as before`, async () => {
    const ws = workspace(LINK_FOLDER_LIMITS.entries);
    const txid = await applied(ws, ["dist"]);
    expect(methodOf(ws, txid)).toEqual([["dist", "rename"]]);
    expect(existsSync(join(ws, "dist"))).toBe(false);
  }, 60_000);
});
