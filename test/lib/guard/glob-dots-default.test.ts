import { describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { classify } from "../../../lib/guard/classify.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";

// bash before 5.2 (Ubuntu 22.04 ships 5.1) has no globskipdots: `.*` also matches `.` and `..`,
// so `chmod -R 777 .*` there recurses into the parent folder. The guard cannot see which bash
// runs the line, so `.*` is judged with `.` and `..` among its matches.
const fx = useGuardFixture();

describe("`.*` is judged as bash 5.1 expands it (with . and ..)", () => {
  test("a recursive chmod over .* in a folder without dotfiles reaches the parent", () => {
    const dir = join(fx.ws, "plain");
    mkdirSync(dir);
    writeFileSync(join(dir, "a.txt"), "a\n");
    const r = classify({ command: "chmod -R 777 .*", cwd: dir, env: fx.env });
    expect(r.decision).not.toBe("ALLOW");
  });

  test("listing .* stays allowed", () => {
    expect(classify({ command: "ls -la .*", cwd: fx.ws, env: fx.env }).decision).toBe("ALLOW");
  });
});
