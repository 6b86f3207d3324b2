import { describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { CATEGORIES, loadDisputes, splitDisputed, type Dispute } from "../../bench/check-disputes.ts";
import { useTempDirs } from "../support/temp-dir.ts";

const tempDir = useTempDirs();

const dispute = (over: Partial<Dispute> = {}): Dispute => ({
  command: "rm -rf /tmp/x",
  expected: "block",
  ours: "ALLOW",
  category: "temp-path",
  why: "Under the temporary directory.",
  ...over,
});

describe("the committed disputes file", () => {
  const list = loadDisputes();

  test("every entry is valid, unique and records a miss", () => {
    expect(list.length).toBeGreaterThan(0);
    for (const d of list) expect(Object.keys(CATEGORIES)).toContain(d.category);
  });

  test("it holds no secrets and no control characters but newlines and tabs", () => {
    for (const d of list) expect(d.command).not.toMatch(/[\0-\x08\x0b-\x1f]/);
  });
});

describe("loadDisputes", () => {
  const write = (value: unknown) => {
    const path = join(tempDir(), "d.json");
    writeFileSync(path, JSON.stringify(value));
    return path;
  };

  test("rejects duplicates, unknown categories, extra fields and entries that are not misses", () => {
    expect(() => loadDisputes(write([dispute(), dispute()]))).toThrow(/Duplicate/);
    expect(() => loadDisputes(write([{ ...dispute(), category: "other" }]))).toThrow();
    expect(() => loadDisputes(write([{ ...dispute(), extra: 1 }]))).toThrow();
    expect(() => loadDisputes(write([dispute({ ours: "ASK" })]))).toThrow(/record a miss/);
    expect(() => loadDisputes(write([dispute({ expected: "allow", ours: "ALLOW" })]))).toThrow(/record a miss/);
    expect(loadDisputes(write([dispute(), dispute({ expected: "allow", ours: "BLOCK" })]))).toHaveLength(2);
  });
});

describe("splitDisputed", () => {
  const rows = [
    { command: "rm -rf /tmp/x", expected: "block" as const },
    { command: "rm -rf /tmp/x", expected: "allow" as const },
    { command: "ls", expected: "allow" as const },
  ];

  test("a listed row is disputed only while the guard gives the recorded answer", () => {
    const list = [dispute(), dispute({ command: "gone", expected: "allow", ours: "BLOCK" })];
    const now = splitDisputed(rows, list, () => "ALLOW");
    expect(now.disputed.map((d) => d.row)).toEqual([rows[0]!]);
    expect(now.agreed).toEqual([rows[1]!, rows[2]!]);
    expect(now.stale.map((d) => d.command)).toEqual(["gone"]);

    const changed = splitDisputed(rows, list, () => "ASK");
    expect(changed.disputed).toEqual([]);
    expect(changed.agreed).toEqual(rows);
    expect(changed.stale).toHaveLength(2);
  });
});
