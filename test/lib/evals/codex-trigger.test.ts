import { describe, expect, test } from "bun:test";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ObservedCommand } from "../../../lib/evals/agent-runner.ts";
import { detectSkillUse } from "../../../lib/evals/codex-trigger.ts";
import { useTempDirs } from "../../support/temp-dir.ts";

const tempDir = useTempDirs("leogriel-evals-trigger-");

function workspace(mounted = true): { root: string; mount: string } {
  const root = tempDir();
  const mount = join(root, ".agents", "skills", "demo");
  if (mounted) {
    mkdirSync(join(mount, "scripts"), { recursive: true });
    writeFileSync(join(mount, "SKILL.md"), "---\nname: demo\ndescription: d\n---\n");
    writeFileSync(join(mount, "scripts", "go.sh"), "echo hi\n");
    writeFileSync(join(root, "README.md"), "demo\n");
  }
  return { root, mount };
}

const cmd = (command: string, exitCode: number | null = 0): ObservedCommand => ({ id: "item_1", command, exitCode, status: exitCode === 0 ? "completed" : "failed" });

describe("detectSkillUse", () => {
  // Each row: the command Codex recorded, its exit code, and the evidence expected ([] = none).
  const ROWS: Array<[string, number | null, Array<[string, string]>]> = [
    ["/bin/bash -c 'cat .agents/skills/demo/SKILL.md'", 0, [["read", "confirmed"]]],
    ["/bin/bash -lc 'sed -n 1,80p .agents/skills/demo/SKILL.md'", 0, [["read", "confirmed"]]],
    ["/bin/bash -lc 'cd .agents && cat skills/demo/SKILL.md'", 0, []],
    ["/bin/bash -lc 'cat ./.agents/skills/demo/../demo/SKILL.md'", 0, [["read", "confirmed"]]],
    ["/bin/bash -c 'cat .agents/skills/demo/SKILL.md'", 1, [["read", "attempted"]]],
    ["/bin/bash -c 'sh .agents/skills/demo/scripts/go.sh data.csv out.json'", 0, [["script", "confirmed"]]],
    ["/bin/bash -c 'python3 -u .agents/skills/demo/scripts/go.py'", 2, [["script", "attempted"]]],
    ["/bin/bash -c 'ls && cat README.md && bash .agents/skills/demo/scripts/go.sh'", 0, [["script", "confirmed"]]],
    ["/bin/bash -c 'rg name .agents/skills/demo/SKILL.md'", 0, [["reference", "weak"]]],
    ["/bin/bash -c '.agents/skills/demo/scripts/go.sh'", 0, [["reference", "weak"]]],
    ["/bin/bash -c 'echo x > .agents/skills/demo/SKILL.md'", 0, []],
    ["/bin/bash -c 'cat README.md'", 0, []],
    ["/bin/bash -c 'echo demo SKILL.md'", 0, []],
    ["/bin/bash -c 'cat .agents/skills/other/SKILL.md'", 0, []],
    ["/bin/bash -c 'cat .agents/skills/demo-two/SKILL.md'", 0, []],
    ["/bin/bash -c 'cat .agents/skills/*/SKILL.md'", 0, []],
    ["/bin/bash -c 'bash -c \"cat .agents/skills/demo/SKILL.md\"'", 0, [["read", "confirmed"]]],
    ["", 0, []],
  ];

  test.each(ROWS)("classifies %j (exit %p)", (command, exitCode, expected) => {
    const { root, mount } = workspace();
    const evidence = detectSkillUse([cmd(command, exitCode)], root, mount);
    expect(evidence.map((e): [string, string] => [e.kind, e.tier])).toEqual(expected);
  });

  test("resolves absolute paths and symlinked roots to the same mount", () => {
    const { root, mount } = workspace();
    const link = join(tempDir(), "link");
    symlinkSync(root, link);
    const evidence = detectSkillUse([cmd(`/bin/bash -c 'cat ${join(link, ".agents/skills/demo/SKILL.md")}'`)], root, mount);
    expect(evidence.map((e) => e.kind)).toEqual(["read"]);
  });

  test("sees a would-be mount in the baseline, where it does not exist, as weak evidence only", () => {
    const { root, mount } = workspace(false);
    const evidence = detectSkillUse([cmd("/bin/bash -c 'cat .agents/skills/demo/SKILL.md'", 1)], root, mount);
    expect(evidence.map((e) => [e.kind, e.tier])).toEqual([["read", "attempted"]]);
  });
});
