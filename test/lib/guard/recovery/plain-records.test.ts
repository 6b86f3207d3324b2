import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { AuditRecord } from "../../../../lib/guard/recovery/audit-record.ts";
import { projectAudit } from "../../../../lib/guard/recovery/audit.ts";
import { asJournalRecord } from "../../../../lib/guard/recovery/journal-guard.ts";
import { JournalRecord } from "../../../../lib/guard/recovery/journal-records.ts";
import { seededRandom } from "../../../support/seeded-random.ts";

// The compensation path checks journal and audit records in plain code; the published zod schemas
// are the contract. These tests hold the two to the same verdict on valid, hostile and mutated rows.

const TXID = "tx-20260101T000000Z-0123456789ab";
const SHA = "0123456789abcdef0123456789abcdef01234567";
const VALID: Record<string, unknown>[] = [
  { type: "tx-start", v: 1, txid: TXID, kind: "relocate", created_at: "2026-01-01T00:00:00.000Z", meta: { purpose: "compensation", check_id: "chk_0011223344556677" } },
  { type: "tx-start", v: 1, txid: TXID, kind: "snapshot", created_at: "2028-02-29T23:59:59Z", meta: { purpose: "preservation", preserves: TXID, extra: [1] } },
  { type: "relocate-intent", index: 0, source: "a b/ü\nx", entry: "symlink", mode: 0o755 },
  { type: "relocate", index: 3, method: "copy" },
  { type: "relocate-skip", index: 1, reason: "vanished" },
  { type: "snapshot", ref: "refs/agent-guard/snapshots/x", head: SHA, branch: null, stash: `${SHA}${"0".repeat(24)}`, untracked: true },
  { type: "tx-start", v: 1, txid: TXID, kind: "refs", created_at: "2026-01-01T00:00:00Z", meta: { purpose: "compensation" } },
  { type: "refs", ref: `refs/agent-guard/snapshots/${TXID}`, refs: [{ kind: "branch", name: "refs/heads/feature/ü", commit: SHA }, { kind: "stash", index: 3, commit: SHA, message: "On main: wip\n", extra: 1 }] },
  { type: "tx-commit", moved_count: 2, skipped_count: 0 },
  { type: "tx-abort", reason: "recovered" },
  { type: "restore-intent", index: 0 },
  { type: "restore", index: 9007199254740991 },
  { type: "tx-restored", future: "field" },
  { type: "purge-intent" },
  { type: "purge" },
];

const HOSTILE: unknown[] = [
  null,
  [],
  "tx-start",
  42,
  {},
  { type: "nope" },
  { type: "toString" },
  { type: "__proto__" },
  { type: "tx-start", v: 2, txid: TXID, kind: "relocate", created_at: "2026-01-01T00:00:00Z", meta: { purpose: "compensation" } },
  { type: "tx-start", v: 1, txid: TXID, kind: "relocate", created_at: "2026-02-30T00:00:00Z", meta: { purpose: "compensation" } },
  { type: "tx-start", v: 1, txid: TXID, kind: "relocate", created_at: "2026-01-01T00:00Z", meta: { purpose: "compensation" } },
  { type: "tx-start", v: 1, txid: TXID, kind: "relocate", created_at: "2026-01-01T00:00:00+01:00", meta: { purpose: "compensation" } },
  { type: "tx-start", v: 1, txid: TXID, kind: "relocate", created_at: "2026-01-01T00:00:00Z", meta: { purpose: "compensation", check_id: "rm -rf /" } },
  { type: "tx-start", v: 1, txid: TXID, kind: "relocate", created_at: "2026-01-01T00:00:00Z", meta: null },
  { type: "relocate-intent", index: -1, source: "a", entry: "file", mode: 0 },
  { type: "relocate-intent", index: 0.5, source: "a", entry: "file", mode: 0 },
  { type: "relocate-intent", index: 0, source: "", entry: "file", mode: 0 },
  { type: "relocate-intent", index: 0, source: "a", entry: "fifo", mode: 0 },
  { type: "relocate-intent", index: 0, source: "a", entry: "file" },
  { type: "relocate", index: "0", method: "rename" },
  { type: "relocate", index: 2 ** 53, method: "rename" },
  { type: "snapshot", ref: "refs/heads/main", head: SHA, branch: null, stash: null, untracked: false },
  { type: "snapshot", ref: "refs/agent-guard/snapshots/x", head: SHA.toUpperCase(), branch: null, stash: null, untracked: false },
  { type: "snapshot", ref: "refs/agent-guard/snapshots/x", head: SHA, stash: null, untracked: false },
  { type: "tx-abort", reason: "because" },
  { type: "refs", ref: "refs/agent-guard/snapshots/x", refs: [] },
  { type: "refs", ref: "refs/heads/x", refs: [{ kind: "branch", name: "refs/heads/x", commit: SHA }] },
  { type: "refs", ref: "refs/agent-guard/snapshots/x", refs: [{ kind: "branch", name: "refs/tags/x", commit: SHA }] },
  { type: "refs", ref: "refs/agent-guard/snapshots/x", refs: [{ kind: "branch", name: "refs/heads/a b", commit: SHA }] },
  { type: "refs", ref: "refs/agent-guard/snapshots/x", refs: [{ kind: "stash", index: -1, commit: SHA, message: "m" }] },
  { type: "refs", ref: "refs/agent-guard/snapshots/x", refs: [{ kind: "stash", index: 0, commit: SHA }] },
  { type: "refs", ref: "refs/agent-guard/snapshots/x", refs: [{ kind: "tag", name: "refs/heads/x", commit: SHA }] },
];


const POOL: unknown[] = [undefined, null, -1, 0, 1, 1.5, 2 ** 60, NaN, "", "x", "file", "rename", TXID, SHA, "2026-01-01T00:00:00Z", "chk_1", true, [], {}, ["RELOCATE_TREE"], [TXID]];

/** `count` seeded mutations of `base`: one field set to a pool value, deleted, or added. */
function mutations(base: Record<string, unknown>[], count: number, seed: number): Record<string, unknown>[] {
  const next = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  return Array.from({ length: count }, () => {
    const row: Record<string, unknown> = structuredClone(pick(base));
    const key = next() < 0.85 ? pick(Object.keys(row)) : "added";
    if (key === "type" && next() < 0.5) row.type = pick(VALID).type;
    else if (next() < 0.15) delete row[key];
    else row[key] = pick(POOL);
    return row;
  });
}

describe("journal records in plain code", () => {
  for (const [i, row] of VALID.entries()) {
    test(`valid row ${i} (${row.type}) is accepted by both checks`, () => {
      expect(JournalRecord.safeParse(row).success).toBe(true);
      expect(asJournalRecord(row)).toEqual(row as never);
    });
  }
  for (const row of HOSTILE) {
    test(`the hostile value ${JSON.stringify(row)} is refused by both checks`, () => {
      expect(JournalRecord.safeParse(row).success).toBe(false);
      expect(asJournalRecord(row)).toBeUndefined();
    });
  }
  test("2,000 seeded mutations (about a quarter still valid) get the same verdict from the plain check and the zod schema", () => {
    const rows = mutations(VALID, 2000, 7);
    const disagreements = rows.filter((row) => (asJournalRecord(row) !== undefined) !== JournalRecord.safeParse(row).success);
    expect(disagreements).toEqual([]);
  });
});

/** The projection as the zod schema defines it: each valid known field kept, then the whole parsed. */
function zodProjection(value: unknown): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const kept: Record<string, unknown> = {};
  for (const [field, schema] of Object.entries(AuditRecord.shape)) {
    const v = (value as Record<string, unknown>)[field];
    if (v !== undefined && schema.safeParse(v).success) kept[field] = v;
  }
  const parsed = AuditRecord.safeParse(kept);
  return parsed.success ? parsed.data : undefined;
}

describe("audit records in plain code", () => {
  const base: Record<string, unknown>[] = [
    { v: 1, at: "2026-01-01T00:00:00.000Z", event: "compensation", outcome: "ok", decision: "RELOCATE", reason_codes: ["RELOCATE_TREE"], check_id: "chk_00", txid: TXID, kind: "relocate", target_count: 1, moved_count: 1, skipped_count: 0 },
    { v: 1, at: "2026-01-01T00:00:00Z", event: "restore", txid_sha256: "a".repeat(64), restored_count: 1, conflict_count: 0, error_count: 0, backup_txids: [TXID] },
    { v: 1, at: "2026-01-01T00:00:00Z", event: "gc", purged_count: 3, command: "rm -rf /", reason: "free text" },
    { v: 1, at: "2026-01-01T00:00:00Z", event: "check", reason_codes: Array.from({ length: 17 }, () => "X"), check_id: "has space" },
  ];
  test("4,000 seeded mutations project to the same record as the zod schema defines", () => {
    const rows = mutations(base, 4000, 11);
    const disagreements = rows.filter((row) => !Bun.deepEquals(projectAudit(row), zodProjection(row)));
    expect(disagreements).toEqual([]);
  });
});

describe("the compensation path", () => {
  const loaded = (module: string) => {
    const script = `await import(${JSON.stringify(module)}); console.log(JSON.stringify(Object.keys(require.cache)))`;
    const proc = Bun.spawnSync([process.execPath, "-e", script]);
    return (JSON.parse(proc.stdout.toString()) as string[]).filter((path) => /node_modules\/(zod|@noble)\//.test(path));
  };
  const lib = join(import.meta.dir, "..", "..", "..", "..", "lib", "guard", "recovery");

  test("loads neither zod nor noble (they cost the hook a fifth of its peak memory)", () => {
    expect(loaded(join(lib, "apply.ts"))).toEqual([]);
  });

  test("the probe sees zod when a module does load it", () => {
    expect(loaded(join(lib, "journal-records.ts")).length).toBeGreaterThan(0);
  });
});
