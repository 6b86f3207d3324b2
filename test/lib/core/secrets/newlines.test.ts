import { expect, test } from "bun:test";
import { Newlines } from "../../../../lib/core/secrets/newlines.ts";
import { seeded } from "./fixtures.ts";

/** What `next` and `previous` must answer, computed without any memory. */
function naiveNext(text: string, at: number): number {
  return text.indexOf("\n", at);
}
function naivePrevious(text: string, at: number, limit: number): number {
  const nl = at === 0 ? -1 : text.lastIndexOf("\n", at - 1);
  return Math.max(nl, at - limit - 1, -1);
}

// [what the row shows, text, queries as [at, limit]]
const rows: Array<[string, string, Array<[number, number]>]> = [
  ["a text without line breaks", "abcdef", [[0, 10], [3, 2], [6, 10]]],
  ["a line break at each end", "\nabc\n", [[0, 10], [1, 10], [4, 10], [5, 10]]],
  ["queries that jump backwards", "a\nb\nc\nd\n", [[7, 10], [0, 10], [5, 1], [2, 10], [3, 0]]],
  ["a long line past the look-back limit", `x\n${"y".repeat(50)}\nz`, [[40, 8], [52, 100], [10, 3]]],
  ["empty text", "", [[0, 4]]],
];

test.each(rows)("answers like a plain search: %s", (_what, text, queries) => {
  const lines = new Newlines(text);
  for (const [at, limit] of queries) {
    expect([at, lines.next(at)]).toEqual([at, naiveNext(text, at)]);
    expect([at, lines.previous(at, limit)]).toEqual([at, naivePrevious(text, at, limit)]);
  }
});

test("answers like a plain search for random texts and mostly ascending queries (seeded)", () => {
  const rand = seeded(3);
  for (let round = 0; round < 200; round++) {
    const text = Array.from({ length: Math.floor(rand() * 400) }, () => (rand() < 0.05 ? "\n" : "a")).join("");
    const lines = new Newlines(text);
    let at = 0;
    for (let q = 0; q < 60; q++) {
      at = rand() < 0.1 ? Math.floor(rand() * (text.length + 1)) : Math.min(text.length, at + Math.floor(rand() * 20));
      const limit = Math.floor(rand() * 50);
      expect(lines.next(at)).toBe(naiveNext(text, at));
      expect(lines.previous(at, limit)).toBe(naivePrevious(text, at, limit));
    }
  }
});
