import { describe, expect, test } from "bun:test";
import { parsePosix } from "../../../lib/guard/posix/parser.ts";

// A redirection or an operator in a `for`/`select` head (bash refuses it) read no word, and
// readForHead's loop never moved on: the guard hung on `for x in a > b; do …; done` (a hook
// killed by its time limit lets the command through). Now a parse error (BLOCK_UNDETERMINABLE_EFFECT).
describe("for heads", () => {
  test.each(["for x in a > b; do echo $x; done", "for x >", "for x in a | b", "for x in a & b", "select x in a < b; do :; done", "for x in a ) b"])("%p is a parse error", (text) => {
    expect(() => parsePosix(text, new Map())).toThrow();
  });
  test("a head without such a word still reads", () => {
    expect(parsePosix("for x in a b; do echo $x; done", new Map()).commands.map((c) => c.argv.map((w) => w.value))).toEqual([["echo", "a"], ["echo", "b"], []]);
  });
});
