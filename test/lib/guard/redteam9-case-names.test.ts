import { afterEach, describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { classify } from "../../../lib/guard/classify.ts";
import { runHook } from "../../../lib/guard/hooks/run-hook.ts";
import { caseInsensitiveNames } from "../../../lib/guard/paths.ts";
import { hookVerdict } from "../../fixtures/check/hook-answers.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";

// Red team 9 C7: on case-insensitive file systems (APFS, NTFS) `.CLAUDE/settings.json` is the
// hook settings and `.LEOGRIEL/config.json` the guard's configuration. Only judged, never run.

const fx = useGuardFixture();
mkdirSync(join(fx.ws, ".claude"), { recursive: true });
writeFileSync(join(fx.ws, ".claude", "settings.json"), "{}\n");
const saved = caseInsensitiveNames.value;
afterEach(() => {
  caseInsensitiveNames.value = saved;
});

const write = (file: string) => ({ session_id: "s", cwd: fx.ws, hook_event_name: "PreToolUse", tool_name: "Write", tool_input: { file_path: file, content: "{}" } });

describe("red team 9 C7: control files in any case where names ignore case", () => {
  for (const file of [".CLAUDE/settings.json", ".claude/Settings.JSON", ".Leogriel/Config.json", "~/.CODEX/hooks.json", "~/.Gemini/settings.json"]) {
    test(`Claude's Write of ${file} is BLOCK_PROTECTED_PATH`, async () => {
      caseInsensitiveNames.value = true;
      const a = await runHook("claude", new TextEncoder().encode(JSON.stringify(write(file.startsWith("~/") ? join(fx.home, file.slice(2)) : join(fx.ws, file)))), fx.env);
      expect(hookVerdict(a.stdout, a.exitCode)).toBe("deny");
      expect(a.stdout).toContain("BLOCK_PROTECTED_PATH");
    });
  }
  const shell: Array<[string, string]> = [
    ["echo '{}' > .LEOGRIEL/config.json", "BLOCK_PROTECTED_PATH"],
    ["rm .Claude/Settings.json", "BLOCK_PROTECTED_PATH"],
    ["mv ~/.CODEX/hooks.json /tmp/x", "BLOCK_PROTECTED_PATH"],
    ["rm -rf .CLAUDE", "BLOCK_PROTECTED_ANCESTOR"],
  ];
  for (const [command, reason] of shell) {
    test(`${command} is ${reason}`, () => {
      caseInsensitiveNames.value = true;
      expect(classify({ command, cwd: fx.ws, env: fx.env }).reason as string).toBe(reason);
    });
  }
  test("with case-sensitive names .CLAUDE is another folder", async () => {
    caseInsensitiveNames.value = false;
    const a = await runHook("claude", new TextEncoder().encode(JSON.stringify(write(join(fx.ws, ".CLAUDE", "settings.json")))), fx.env);
    expect(a.stdout).toBe("");
  });
});
