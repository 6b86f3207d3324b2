import { describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { LeogrielError } from "../../../lib/core/errors.ts";
import { discoverTestFiles } from "../../../lib/evals/discover-tests.ts";
import { parseJudgeAnswer } from "../../../lib/evals/judge-prompt.ts";
import { loadTestFile } from "../../../lib/evals/load-test-file.ts";
import { resolveSkillUnderTest } from "../../../lib/evals/skill-under-test.ts";
import { resolveThreshold } from "../../../lib/evals/threshold.ts";
import { useTempDirs } from "../../support/temp-dir.ts";

const tempDir = useTempDirs("leogriel-evals-inputs-");
const TESTS = "version: 1\nskill: demo\ndefaults: { runner: codex, model: m }\ncases:\n  - { name: a, prompt: p, trigger: should_trigger, fixture: fx, assertions: [{ type: skill_triggered }] }\n";

function put(root: string, rel: string, text: string): string {
  const path = join(root, rel);
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, text);
  return path;
}

const skillMd = (name: string) => `---\nname: ${name}\ndescription: d\n---\n`;

describe("discoverTestFiles", () => {
  test("finds tests.yaml next to a SKILL.md, skipping hidden folders and node_modules", () => {
    const root = tempDir();
    for (const dir of ["skills/a", "skills/b/nested", ".agents/skills/a", "node_modules/x"]) {
      put(root, `${dir}/SKILL.md`, skillMd("a"));
      put(root, `${dir}/tests.yaml`, TESTS);
    }
    put(root, "lonely/tests.yaml", TESTS);
    expect(discoverTestFiles(root)).toEqual(["skills/a/tests.yaml", "skills/b/nested/tests.yaml"]);
  });
});

describe("resolveSkillUnderTest", () => {
  test("uses the test file's folder when its SKILL.md names the skill, leaving out the tests", () => {
    const root = tempDir();
    put(root, "skills/demo/SKILL.md", skillMd("demo"));
    mkdirSync(join(root, "skills/demo/fx"));
    const file = loadTestFile(put(root, "skills/demo/tests.yaml", TESTS));
    const skill = resolveSkillUnderTest(file, root);
    expect([skill.source, skill.excludes]).toEqual(["test-folder", [".git", "tests.yaml", "fx"]]);
  });

  test("falls back to the installed skill of that name in agent-skills.lock", () => {
    const root = tempDir();
    put(root, ".agents/skills/demo/SKILL.md", skillMd("demo"));
    put(root, "agent-skills.lock", JSON.stringify({ lockfileVersion: "1.0", skills: { demo: { name: "demo", canonicalPath: ".agents/skills/demo" } } }));
    put(root, "tests/demo/SKILL.md", skillMd("something-else"));
    mkdirSync(join(root, "tests/demo/fx"));
    const skill = resolveSkillUnderTest(loadTestFile(put(root, "tests/demo/tests.yaml", TESTS)), root);
    expect([skill.source, skill.dir.endsWith(join(".agents", "skills", "demo"))]).toEqual(["lock", true]);
  });

  test("refuses a skill it cannot find, and a skill with a symlink that leaves it", () => {
    const root = tempDir();
    mkdirSync(join(root, "t/fx"), { recursive: true });
    expect(() => resolveSkillUnderTest(loadTestFile(put(root, "t/tests.yaml", TESTS)), root)).toThrow("Cannot find skill demo");
    put(root, "s/SKILL.md", skillMd("demo"));
    mkdirSync(join(root, "s/fx"));
    require("node:fs").symlinkSync("/etc", join(root, "s", "etc"));
    expect(() => resolveSkillUnderTest(loadTestFile(put(root, "s/tests.yaml", TESTS)), root)).toThrow("Cannot mount skill demo: etc is a symlink that leaves it");
  });
});

describe("resolveThreshold", () => {
  test("prefers the flag, then the environment, then the config, then 0.8", () => {
    expect(resolveThreshold("0.5", { SKILL_EVAL_PASS_RATE_THRESHOLD: "0.9" }, { threshold: 0.7 })).toBe(0.5);
    expect(resolveThreshold(undefined, { SKILL_EVAL_PASS_RATE_THRESHOLD: "0.9" }, { threshold: 0.7 })).toBe(0.9);
    expect(resolveThreshold(undefined, {}, { threshold: 0.7 })).toBe(0.7);
    expect(resolveThreshold(undefined, { SKILL_EVAL_PASS_RATE_THRESHOLD: "" }, {})).toBe(0.8);
  });

  test.each(["1.5", "-0.1", "abc", "0x1", "NaN", "", "1e-1"])("refuses --threshold %j", (value) => {
    expect(() => resolveThreshold(value, {}, {})).toThrow(LeogrielError);
  });
});

describe("parseJudgeAnswer", () => {
  const ROWS: Array<[string, boolean | null]> = [
    ['{"pass": true, "evidence": "README says hi"}', true],
    ['Looked around.\n{"pass": false, "evidence": "no tests"}', false],
    ['{"pass": "yes", "evidence": "x"}', null],
    ['{"pass": true}', null],
    ["PASS", null],
    ['{"evidence": "a {nested} brace", "pass": true}', true],
    ["{".repeat(10_000), null],
    ["{}".repeat(5000), null],
    ["}".repeat(5000), null],
  ];
  test.each(ROWS)("reads %j as %p", (text, pass) => {
    expect(parseJudgeAnswer(text).pass).toBe(pass);
  });
});
