import { describe, expect, test } from "bun:test";
import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { recordCheckProfile } from "../../build/check-profile.ts";
import { useTempDirs } from "../support/temp-dir.ts";

const tempDir = useTempDirs();

/** A stand-in for the compiled hook: writes a profile line where Bun would, answers `exit`. */
function standIn(dir: string, exit: number, writes = true): string {
  const path = join(dir, "fake-check");
  const record = writes ? 'printf "v2\\nF %s\\n" "$1$2" > "$BUN_BYTECODE_ORDER_OUT"; ' : "";
  writeFileSync(path, `#!/bin/sh\ncat > /dev/null; ${record}exit ${exit}\n`);
  chmodSync(path, 0o755);
  return path;
}

describe("recordCheckProfile", () => {
  test("runs the hook once per profile command and returns the profiles, comma-separated", () => {
    const dir = tempDir();
    const orders = recordCheckProfile(standIn(dir, 0), dir).split(",");
    expect(orders.length).toBeGreaterThanOrEqual(5);
    for (const order of orders) {
      expect(order.startsWith(dir)).toBe(true);
      expect(readFileSync(order, "utf8")).toBe("v2\nF --hookclaude\n");
    }
  });

  test.each([
    ["a hook that fails", 1, true, "exited 1"],
    ["a hook that writes no profile", 0, false, "wrote none"],
  ])("%s stops the build", (_, exit, writes, message) => {
    const dir = tempDir();
    expect(() => recordCheckProfile(standIn(dir, exit as number, writes as boolean), dir)).toThrow(message as string);
    expect(existsSync(join(dir, "check-1.order"))).toBe(false);
  });
});
