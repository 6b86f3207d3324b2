import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { CONTRACTS } from "../../../lib/core/contracts.ts";
import { withMatrix } from "../../../lib/core/contracts-matrix.ts";
import { sha256Hex } from "../../../lib/core/hash.ts";
import { generateSchemaFiles, REPO_ROOT } from "../../../lib/core/schema-files.ts";

/**
 * Frozen documents never change (seed 002). A revision is a new -v2.md file. If a frozen file
 * really must change (a typo), update its hash here and justify it in the commit.
 */
const FROZEN_HASHES: Record<string, string> = {
  "docs/contracts/cli-envelope-v1.md": "3dcc61aab2a16156cebb54e47b3eea9d8e10ee29a7af2874e758efe6bf94d094",
  "docs/contracts/agentproof-request-v1.md": "ab18451cd464bd018e8ce5e6ccdd7e9488ba8d5aef8d1ed8e27492979f1f7aa9",
  "docs/contracts/directory-integrity-v1.md": "a7272d320488ffcf31b65c1b5cf6b3631c748e41ec83f2e67572ed257aadb861",
};

describe("contracts", () => {
  test("every contract document or schema exists", () => {
    for (const c of CONTRACTS) expect(existsSync(join(REPO_ROOT, c.doc.split("#")[0]!)), c.doc).toBe(true);
  });

  test("contract ids are unique", () => {
    expect(new Set(CONTRACTS.map((c) => c.id)).size).toBe(CONTRACTS.length);
  });

  test("every file in docs/contracts is classified in the matrix", () => {
    const docs = readdirSync(join(REPO_ROOT, "docs", "contracts")).map((f) => `docs/contracts/${f}`);
    const listed = new Set(CONTRACTS.map((c) => c.doc));
    expect(docs.filter((d) => !listed.has(d))).toEqual([]);
  });

  test("frozen documents keep their pinned content hash", () => {
    const frozen = CONTRACTS.filter((c) => c.status === "frozen").map((c) => c.doc);
    expect(frozen.sort()).toEqual(Object.keys(FROZEN_HASHES).sort());
    for (const doc of frozen) expect(sha256Hex(readFileSync(join(REPO_ROOT, doc))), doc).toBe(FROZEN_HASHES[doc]!);
  });

  test("CONTRACTS.md shows the matrix of lib/core/contracts.ts (run `bun run schemas`)", () => {
    const text = readFileSync(join(REPO_ROOT, "CONTRACTS.md"), "utf8");
    expect(withMatrix(text)).toBe(text);
  });

  test("schemas/ holds exactly what the zod schemas generate (run `bun run schemas`)", async () => {
    const expected = await generateSchemaFiles();
    const dir = join(REPO_ROOT, "schemas");
    const actual = readdirSync(dir).filter((f) => f.endsWith(".json"));
    expect(actual.sort()).toEqual([...expected.keys()].sort());
    for (const [name, text] of expected) expect(readFileSync(join(dir, name), "utf8"), name).toBe(text);
  });
});
