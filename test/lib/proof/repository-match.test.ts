import { describe, expect, test } from "bun:test";
import { chmodSync, mkdirSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { standardLimits } from "../../../lib/proof/limits.ts";
import { matchRepository } from "../../../lib/proof/repository-match.ts";
import type { SessionPredicate } from "../../../lib/proof/session-predicate.ts";
import { gitIn, makeRepo } from "../../support/proof-harness.ts";
import { simulatedPredicate } from "../../support/session-receipt-factory.ts";
import { useTempDirs } from "../../support/temp-dir.ts";

const tempDir = useTempDirs("leogriel-match-");
const LIMITS = standardLimits();

// A session that edits src/a.txt, adds new.txt, deletes old.txt and leaves keep.txt alone.
async function session(): Promise<{ root: string; predicate: SessionPredicate }> {
  const root = makeRepo(realpathSync(tempDir()), { "src/a.txt": "a\n", "old.txt": "old\n", "keep.txt": "keep\n" });
  const unsigned = await simulatedPredicate(root, () => {
    writeFileSync(join(root, "src", "a.txt"), "A\n");
    writeFileSync(join(root, "new.txt"), "new\n");
    rmSync(join(root, "old.txt"));
  });
  return { root, predicate: { ...unsigned, signer: { keyid: "0".repeat(64), public_key: "0".repeat(64) } } };
}

describe("matchRepository", () => {
  test("MATCHes the repository the session left", async () => {
    const { root, predicate } = await session();
    expect(await matchRepository(root, predicate, LIMITS)).toEqual({ result: "MATCH", repository_id_matches: true, checked_paths: 3, differences: [] });
  });

  test("still MATCHes after a path the session did not change is edited (MATCH covers changed paths only)", async () => {
    const { root, predicate } = await session();
    writeFileSync(join(root, "keep.txt"), "edited\n");
    expect((await matchRepository(root, predicate, LIMITS)).result).toBe("MATCH");
  });

  test.each([
    ["the edited file edited again", (root: string) => writeFileSync(join(root, "src", "a.txt"), "again\n"), "src/a.txt"],
    ["the added file removed", (root: string) => rmSync(join(root, "new.txt")), "new.txt"],
    ["the deleted file restored", (root: string) => writeFileSync(join(root, "old.txt"), "old\n"), "old.txt"],
    ["the added file made executable", (root: string) => chmodSync(join(root, "new.txt"), 0o755), "new.txt"],
    ["the added file replaced by a symlink", (root: string) => (rmSync(join(root, "new.txt")), symlinkSync("keep.txt", join(root, "new.txt"))), "new.txt"],
    ["the added file replaced by a directory", (root: string) => (rmSync(join(root, "new.txt")), mkdirSync(join(root, "new.txt"))), "new.txt"],
    ["its directory swapped for a symlink to an identical copy outside", (root: string) => {
      const outside = realpathSync(tempDir());
      writeFileSync(join(outside, "a.txt"), "A\n");
      rmSync(join(root, "src"), { recursive: true });
      symlinkSync(outside, join(root, "src"));
    }, "src/a.txt"],
  ])("MISMATCHes with %s, naming the path", async (_name, change, path) => {
    const { root, predicate } = await session();
    change(root);
    const match = await matchRepository(root, predicate, LIMITS);
    expect(match.result).toBe("MISMATCH");
    expect(match.differences.map((d) => d.path)).toEqual([path]);
  });

  test("reports a changed file grown past the profile limit as unobservable", async () => {
    const { root, predicate } = await session();
    writeFileSync(join(root, "new.txt"), "x".repeat(64));
    const match = await matchRepository(root, predicate, { ...LIMITS, file_max_bytes: 16 });
    expect(match.differences).toEqual([{ path: "new.txt", expected: expect.objectContaining({ kind: "file" }), actual: "unobservable" }]);
  });

  test("MISMATCHes when the repository id differs (an origin was added)", async () => {
    const { root, predicate } = await session();
    gitIn(root, "remote", "add", "origin", "https://host.invalid/repo.git");
    expect(await matchRepository(root, predicate, LIMITS)).toMatchObject({ result: "MISMATCH", repository_id_matches: false, differences: [] });
  });
});
