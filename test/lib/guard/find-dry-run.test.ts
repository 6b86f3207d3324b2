import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findDryRun } from "../../../lib/guard/find-dry-run.ts";

// The in-process dry run is checked against GNU find itself: the same expression is run for
// real on a fresh copy of a tree, and what disappeared must be exactly what the dry run said.
const base = realpathSync(mkdtempSync(join(tmpdir(), "leogriel-find-")));
afterAll(() => rmSync(base, { recursive: true, force: true }));

const FILES = ["a/x.log", "a/b/y.log", "a/b/keep.keep", "a/.hidden.log", "c/z.tmp", "c/z.bak", "c/star*name", "c/[x]", "build/out.js", "build/deep/app.LOG", "space dir/f.log", "top.log"];
let n = 0;
function tree(): string {
  const dir = join(base, `t${n++}`);
  for (const f of FILES) {
    mkdirSync(join(dir, f, ".."), { recursive: true });
    writeFileSync(join(dir, f), f.endsWith(".log") ? "log\n" : "");
  }
  mkdirSync(join(dir, "empty"), { recursive: true });
  symlinkSync(join(dir, "a"), join(dir, "link-to-a"));
  return dir;
}

function all(dir: string, rel = ""): string[] {
  return readdirSync(join(dir, rel), { withFileTypes: true }).flatMap((e) => {
    const p = rel ? `${rel}/${e.name}` : e.name;
    return e.isDirectory() ? [p, ...all(dir, p)] : [p];
  });
}

// [start point, expression before -delete]; hostile rows use find's precedence and its quirks.
const ROWS: Array<[string, string[]]> = [
  [".", ["-name", "*.log"]],
  [".", ["-iname", "*.log"]],
  [".", ["-type", "f"]],
  [".", ["-type", "d", "-empty"]],
  [".", ["-empty"]],
  [".", ["-path", "./a/*"]],
  [".", ["-name", "*.tmp", "-o", "-name", "*.bak"]],
  [".", ["(", "-name", "*.tmp", "-o", "-name", "*.bak", ")"]],
  [".", ["!", "-name", "*.keep", "-type", "f"]],
  [".", ["-not", "-path", "./build*", "-name", "*.log"]],
  [".", ["-maxdepth", "1", "-type", "f"]],
  [".", ["-mindepth", "2", "-name", "*.log"]],
  [".", ["-name", "build", "-prune", "-o", "-type", "f"]],
  [".", ["-depth", "-name", "build", "-prune", "-o", "-type", "f"]],
  [".", ["-name", "[ab]"]],
  [".", ["-name", "*\\**"]],
  [".", ["-name", "[[]x]"]],
  [".", ["-name", ".*"]],
  [".", ["-type", "l"]],
  ["a/", ["-name", "*.log"]],
  ["build", []],
  ["a", ["-name", "b", "-o", "-name", "*.log"]],
  [".", ["-name", "*.log", ",", "-name", "*.tmp"]],
  // Ages (session 19): the tree is minutes old, far from these bounds.
  [".", ["-mtime", "-1", "-name", "*.log"]],
  [".", ["-mtime", "+7"]],
  [".", ["!", "-mtime", "+0", "-type", "f"]],
  [".", ["-mmin", "+60", "-o", "-name", "*.tmp"]],
];

describe("find dry run", () => {
  for (const [start, expr] of ROWS) {
    test(`find ${start} ${expr.join(" ")} -delete removes exactly what the dry run lists`, () => {
      const dir = tree();
      const reach = findDryRun(join(dir, start), start, [...expr, "-delete"], false);
      expect(reach).not.toBeNull();
      const predicted = [...reach!.removed].map((p) => p.slice(dir.length + 1)).sort();
      const before = all(dir);
      Bun.spawnSync(["find", start, ...expr, "-delete"], { cwd: dir, stderr: "ignore" });
      const after = new Set(all(dir));
      expect(predicted).toEqual(before.filter((p) => !after.has(p)).sort());
    });
  }

  test("an -exec action reaches what -print at its place prints", () => {
    const dir = tree();
    const reach = findDryRun(dir, ".", ["-name", "*.log", "-exec", "rm", "{}", "+"], false);
    const printed = Bun.spawnSync(["find", ".", "-name", "*.log", "-print"], { cwd: dir }).stdout.toString().trim().split("\n").sort();
    expect(reach!.hits[0]!.map((h) => h.printed).sort()).toEqual(printed);
  });

  const UNKNOWN: string[][] = [
    ["-newer", "top.log"],
    ["-atime", "-1"],
    ["-daystart", "-mtime", "-1"],
    // Files made now are within the margin of a one-minute bound.
    ["-mmin", "-1", "-delete"],
    ["-mtime", "1d"],
    ["-regex", ".*log"],
    ["-size", "+0"],
    ["-exec", "test", "-s", "{}", ";", "-delete"],
    ["!", "-exec", "test", "-s", "{}", ";", "-delete"],
    ["-quit"],
    ["(", "-name", "x"],
    ["-name"],
  ];
  for (const expr of UNKNOWN) {
    test(`${expr.join(" ")} is not evaluated (the caller fails closed)`, () => {
      expect(findDryRun(tree(), ".", expr, false)).toBeNull();
    });
  }

  test("a tree larger than the bound is not evaluated, one within it is", () => {
    const dir = tree();
    const entries = all(dir).length + 1;
    expect(findDryRun(dir, ".", ["-name", "*.log", "-delete"], false, entries - 1)).toBeNull();
    expect(findDryRun(dir, ".", ["-name", "*.log", "-delete"], false, entries)).not.toBeNull();
  });
});
