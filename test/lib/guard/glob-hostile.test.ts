import { describe, expect, test } from "bun:test";
import { classify } from "../../../lib/guard/classify.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";

// Brackets that never close are read as themselves after a scan to the end of the pattern: a
// pattern made of many of them was read in quadratic time (a 1 MB one kept the check busy for
// minutes, and an agent runs the command when its hook times out). The verdicts must come back
// (bun's test timeout) and stay closed for deletes.
const fx = useGuardFixture();
const SIZE = 1_000_000;
const fill = (unit: string) => unit.repeat(Math.floor(SIZE / unit.length));

describe("hostile bracket patterns are judged, not timed out", () => {
  test("brackets that never close in an rm target: too costly to read, so unknown", () => {
    expect(classify({ command: `rm -rf ${fill("[")}`, cwd: fx.ws, env: fx.env }).decision).toBe("BLOCK");
  });

  test("unclosed class openers before a closing one in an rm target", () => {
    expect(classify({ command: `rm -rf ${fill("[[:a")}:]]`, cwd: fx.ws, env: fx.env }).decision).toBe("BLOCK");
  });

  test("unclosed brackets in a read stay a read", () => {
    expect(classify({ command: `cat ${fill("[[=")}`, cwd: fx.ws, env: fx.env }).decision).not.toBe("BLOCK");
  });
});
