import { describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { changedPaths, prepareArmWorkspace, removeArmWorkspace } from "../../../lib/evals/arm-workspace.ts";
import { baselineIsolation } from "../../../lib/evals/isolation.ts";
import { gitOk } from "../../../lib/core/git.ts";
import { useTempDirs } from "../../support/temp-dir.ts";

const tempDir = useTempDirs("leogriel-evals-arm-");

function skillAndFixture(): { skillDir: string; fixture: string } {
  const skillDir = tempDir();
  writeFileSync(join(skillDir, "SKILL.md"), "---\nname: demo\ndescription: d\n---\n");
  writeFileSync(join(skillDir, "tests.yaml"), "version: 1\n");
  mkdirSync(join(skillDir, "fixtures", "one"), { recursive: true });
  writeFileSync(join(skillDir, "fixtures", "one", "data.csv"), "a\n");
  return { skillDir, fixture: join(skillDir, "fixtures", "one") };
}

describe("prepareArmWorkspace", () => {
  test("mounts the skill, without its tests and fixtures, only in the with-skill arm of a committed fixture copy", async () => {
    const { skillDir, fixture } = skillAndFixture();
    const setup = { skill: "demo", skillDir, skillExcludes: ["tests.yaml", "fixtures"], fixture };
    const withSkill = await prepareArmWorkspace({ ...setup, config: "with_skill" });
    const without = await prepareArmWorkspace({ ...setup, config: "without_skill" });
    try {
      expect(readFileSync(join(withSkill.mountDir, "SKILL.md"), "utf8")).toContain("name: demo");
      expect([existsSync(join(withSkill.mountDir, "tests.yaml")), existsSync(join(withSkill.mountDir, "fixtures"))]).toEqual([false, false]);
      expect([withSkill.mounted, without.mounted, existsSync(without.mountDir)]).toEqual([true, false, false]);
      for (const ws of [withSkill, without]) {
        expect(readFileSync(join(ws.root, "data.csv"), "utf8")).toBe("a\n");
        expect(await changedPaths(ws)).toEqual([]);
        expect(await gitOk(["log", "--format=%an %ad", "--date=iso-strict"], { cwd: ws.root })).toBe("leogriel-test 2000-01-01T00:00:00+00:00");
        expect([existsSync(ws.home), existsSync(ws.configRoot), ws.home.startsWith(ws.root)]).toEqual([true, true, false]);
      }
    } finally {
      removeArmWorkspace(withSkill);
      removeArmWorkspace(without);
    }
    expect(existsSync(withSkill.root)).toBe(false);
  });

  test("lists added, changed and deleted paths, untracked folders file by file", async () => {
    const { skillDir, fixture } = skillAndFixture();
    const ws = await prepareArmWorkspace({ config: "without_skill", skill: "demo", skillDir, skillExcludes: [], fixture });
    try {
      writeFileSync(join(ws.root, "data.csv"), "b\n");
      mkdirSync(join(ws.root, "out", "deep"), { recursive: true });
      writeFileSync(join(ws.root, "out", "deep", "x y.json"), "{}");
      expect(await changedPaths(ws)).toEqual(["data.csv", "out/deep/x y.json"]);
    } finally {
      removeArmWorkspace(ws);
    }
  });
});

describe("baselineIsolation", () => {
  const ws = { config: "without_skill" as const, root: "/w/workspace", home: "/w/home", configRoot: "/w/config", mountDir: "/w/workspace/.agents/skills/demo", mounted: false };
  const result = { triggerEvidence: [], foreignSkillCopies: [] } as unknown as Parameters<typeof baselineIsolation>[2];

  test("passes a clean baseline", () => {
    expect(baselineIsolation("c", ws, result).map((c) => [c.check, c.passed])).toEqual([["not_mounted", true], ["not_used", true], ["no_other_copy", true]]);
  });

  test("fails a baseline that had the skill mounted, touched its path, or saw another copy", () => {
    const dirty = { ...result, triggerEvidence: [{ kind: "reference" as const, tier: "weak" as const, itemId: "item_3", command: "ls .agents/skills/demo" }], foreignSkillCopies: ["/w/config/skills/.system/demo"] };
    const checks = baselineIsolation("c", { ...ws, mounted: true }, dirty);
    expect(checks.map((c) => [c.check, c.passed])).toEqual([["not_mounted", false], ["not_used", false], ["no_other_copy", false]]);
    expect(checks[2]!.evidence).toBe("also present: ../config/skills/.system/demo");
  });
});
