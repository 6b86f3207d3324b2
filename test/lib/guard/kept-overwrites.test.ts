import { describe, expect, test } from "bun:test";
import { classify } from "../../../lib/guard/classify.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";

// Which relocation targets a line only overwrites (plan.kept: copied, left in place) and which it
// deletes (moved). A path both overwritten and deleted by the line is moved.
const fx = useGuardFixture();

const rows: Array<[command: string, targets: string[], kept: string[]]> = [
  ["echo hi > README.md", ["README.md"], ["README.md"]],
  ["cp scratch.txt README.md", ["README.md"], ["README.md"]],
  ["mv scratch.txt README.md", ["README.md"], ["README.md"]],
  ["jq . README.md > r.tmp && mv r.tmp README.md", ["README.md"], ["README.md"]],
  ["test -f README.md || cp scratch.txt README.md", ["README.md"], ["README.md"]],
  ["rm README.md", ["README.md"], []],
  ["rm -rf build", ["build"], []],
  ["echo hi > README.md; rm README.md", ["README.md"], []],
  ["rm README.md; cp scratch.txt README.md", ["README.md"], []],
  ["rm -rf build; echo hi > scratch.txt", ["build", "scratch.txt"], ["scratch.txt"]],
  ["echo x > build/out.js; rm -rf build", ["build"], []],
];

describe("plan.kept: the files a line only overwrites", () => {
  for (const [command, targets, kept] of rows) {
    test(command, () => {
      const r = classify({ command, cwd: fx.ws, env: fx.env });
      expect(r.decision).toBe("RELOCATE");
      if (r.plan?.kind !== "relocate") throw new Error("no relocation plan");
      expect(r.plan.targets.map((t) => t.slice(fx.ws.length + 1)).sort()).toEqual(targets.sort());
      expect((r.plan.kept ?? []).map((t) => t.slice(fx.ws.length + 1))).toEqual(kept);
    });
  }
});
