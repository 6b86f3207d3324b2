import { describe, expect, test } from "bun:test";
import { join } from "node:path";

// hooks/hook-io.ts writeOut: an ASCII answer goes out as the string, any other through a Buffer;
// both give the text's UTF-8 bytes in full, also past a pipe's buffer.
const HOOK_IO = join(import.meta.dir, "..", "..", "..", "lib", "guard", "hooks", "hook-io.ts");

function written(text: string, fd: 1 | 2): Buffer {
  const script = `import { writeOut } from ${JSON.stringify(HOOK_IO)};\nawait writeOut(${fd}, await Bun.stdin.text());\n`;
  const run = Bun.spawnSync([process.execPath, "-e", script], { stdin: new TextEncoder().encode(text), stdout: "pipe", stderr: "pipe" });
  expect(run.exitCode).toBe(0);
  return fd === 1 ? run.stdout : run.stderr;
}

describe("writeOut", () => {
  test("an ASCII answer, a non-ASCII one and one larger than a pipe holds arrive byte for byte", () => {
    const answers = [
      `${JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "leogriel-check: BLOCK" } })}\n`,
      "leogriel-check: BLOCK rm -rf ~/Bilder/Übersicht \u2014 caf\u00e9 \u{1F600}\n",
      `${"x".repeat(200 * 1024)}\n`,
      `${"\u00e9".repeat(100 * 1024)}\n`,
    ];
    for (const text of answers) {
      expect(written(text, 1).equals(Buffer.from(text))).toBe(true);
      expect(written(text, 2).equals(Buffer.from(text))).toBe(true);
    }
  });
});
