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

// The targets the line's first command, a forced rm, deletes (plan.deletedFirst): nothing in the
// line reads them before, so a folder among them is moved rather than copied (leading-rm.ts).
const firstRows: Array<[command: string, deletedFirst: string[]]> = [
  ["rm -rf build", ["build"]],
  ["rm -rf build && npm run build", ["build"]],
  ["rm -fr build; ls", ["build"]],
  ["rm -r -f build scratch.txt", ["build", "scratch.txt"]],
  ["rm --force -r build", ["build"]],
  ["rm -rf -- build", ["build"]],
  ["rm -rf build; rm -rf scratch.txt", ["build"]],
  // Not first, or not forced: the folder is copied and left in place when small.
  ["rm -r build", []],
  ["rm -r -- -f build", []],
  ["ls build && rm -rf build", []],
  ["tar czf b.tgz build && rm -rf build", []],
  ["true && rm -rf build", []],
  ['bash -c "rm -rf build"', []],
  ["r=rm; $r -rf build", []],
  ["rm -rf $(echo build)", []],
];

describe("plan.deletedFirst: what the line's first command, a forced rm, deletes", () => {
  for (const [command, first] of firstRows) {
    test(command, () => {
      const r = classify({ command, cwd: fx.ws, env: fx.env });
      if (r.plan?.kind !== "relocate") throw new Error(`no relocation plan: ${r.reason}`);
      expect((r.plan.deletedFirst ?? []).map((t) => t.slice(fx.ws.length + 1)).sort()).toEqual(first.sort());
    });
  }
});
