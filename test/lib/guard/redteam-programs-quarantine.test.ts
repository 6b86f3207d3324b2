import { describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { classify } from "../../../lib/guard/classify.ts";
import { applyCompensation } from "../../../lib/guard/recovery/apply.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { useTempDirs } from "../../support/temp-dir.ts";

const tempDir = useTempDirs("leogriel-redteam-quarantine-");

// Red-team finding C18: a symlinked `.agent-guard` (or quarantine folder) sent the payload to a
// temporary folder, where the next command deleted it as an ordinary temporary path.
const LINKS: Array<[string, (ws: string, away: string) => void]> = [
  ["the .agent-guard folder is a symlink", (ws, away) => symlinkSync(away, join(ws, ".agent-guard"))],
  ["the quarantine folder is a symlink", (ws, away) => {
    mkdirSync(join(ws, ".agent-guard"));
    symlinkSync(away, join(ws, ".agent-guard", "quarantine"));
  }],
  ["the transactions folder is a symlink", (ws, away) => {
    mkdirSync(join(ws, ".agent-guard", "quarantine"), { recursive: true });
    symlinkSync(away, join(ws, ".agent-guard", "quarantine", "tx"));
  }],
];

describe("red team: the recovery layer never follows a symlinked quarantine", () => {
  for (const [name, link] of LINKS) {
    test(`when ${name}, the relocation is COMPENSATION_FAILED and nothing moves`, async () => {
      const ws = tempDir();
      const away = tempDir();
      writeFileSync(join(ws, "data.txt"), "keep me");
      link(ws, away);
      const result = await applyCompensation({ kind: "relocate", workspace: ws, targets: [join(ws, "data.txt")] });
      expect(result.ok ? "ok" : result.reason).toBe("COMPENSATION_FAILED");
      expect(existsSync(join(ws, "data.txt"))).toBe(true);
      expect(readdirSync(away)).toEqual([]);
    });
  }
});

describe("red team: quarantine paths are protected however they resolve", () => {
  const fx = useGuardFixture();
  const check = (command: string) => classify({ command, cwd: fx.ws, env: fx.env }).reason;

  test("making .agent-guard a symlink is BLOCK_PROTECTED_PATH", () => {
    expect(check("ln -s /tmp/elsewhere .agent-guard")).toBe("BLOCK_PROTECTED_PATH");
    expect(check("ln -sfn /tmp/elsewhere .agent-guard")).toBe("BLOCK_PROTECTED_PATH");
  });

  test("a delete spelled through a symlinked .agent-guard into a temporary folder stays BLOCK_PROTECTED_PATH", () => {
    const away = tempDir();
    mkdirSync(join(away, "quarantine"));
    symlinkSync(away, join(fx.ws, ".agent-guard"));
    expect(check("rm -rf .agent-guard/quarantine")).toBe("BLOCK_PROTECTED_PATH");
    expect(check("rm -rf .agent-guard")).toBe("BLOCK_PROTECTED_PATH");
  });
});
