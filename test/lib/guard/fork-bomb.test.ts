import { describe, expect, test } from "bun:test";
import { classify } from "../../../lib/guard/classify.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";

const fx = useGuardFixture();
const check = (command: string) => classify({ command, cwd: fx.ws, env: fx.env });

// [command, is a process flood]: the classic bombs, their renamed and mutual-recursion forms,
// endless loops that leave background jobs behind, and the near misses that end or wait.
const ROWS: Array<[string, boolean]> = [
  [":(){ :|:& };:", true],
  ["bomb(){ bomb|bomb& }; bomb", true],
  ["bomb() { bomb & bomb & }\nbomb", true],
  ["f(){ f & }; f", true],
  ["a(){ b & }; b(){ a; }; a", true],
  ["a(){ b; }; b(){ c & }; c(){ a; }; a", true],
  ["bash -c ':(){ :|:& };:'", true],
  ["while true; do work & done", true],
  ["while :; do sleep 1 & done", true],
  ["until false; do work & done", true],
  ["for ((;;)); do work & done", true],
  ["while ((1)); do work & done", true],
  ["while [ 1 ]; do work & done", true],
  ["while true; do for i in 1 2; do work & done; done", true],
  ["while true; do (work &); wait; done", true],
  ["while true; do work & if false; then wait; fi; done", true],
  ["while true; do work & wait; work & done", true],
  // not floods
  ["echo ':(){ :|:& };:'", false],
  ["f(){ f; }; f", false],
  ["a(){ b & }; a; b(){ a; }", false],
  ["f(){ echo hi & }; f", false],
  ["while true; do work & wait; done", false],
  ["while true; do work & break; done", false],
  ["while true; do (work & wait); done", false],
  ["while read -r line; do work \"$line\" & done < list", false],
  ["for f in a b c; do work \"$f\" & done; wait", false],
  ["while ((i < 3)); do work & done", false],
  ["while true; do sleep 1; done", false],
  ["while true; do cat log | grep x; done", false],
];

describe("fork bombs", () => {
  for (const [command, flood] of ROWS) {
    test(`${JSON.stringify(command)} ${flood ? "is" : "is not"} BLOCK_FORK_BOMB`, () => {
      const r = check(command);
      if (flood) expect([r.decision, r.reason]).toEqual(["BLOCK", "BLOCK_FORK_BOMB"]);
      else expect(r.reasons).not.toContain("BLOCK_FORK_BOMB");
    });
  }
});
