import { existsSync, realpathSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { z } from "zod";
import { LeogrielError } from "../core/errors.ts";
import { parseJsonText, readTextFile, validateDocument } from "../core/json-file.ts";
import { parseSkillMd } from "../skills/skill-md.ts";
import { isInside, treeProblem } from "./contained-tree.ts";
import type { LoadedTestFile } from "./load-test-file.ts";

export interface SkillUnderTest {
  name: string;
  /** Absolute, real path of the skill folder. */
  dir: string;
  source: "test-folder" | "lock";
  /** Paths inside `dir` that are not mounted: git metadata, the test file and its fixtures. */
  excludes: string[];
}

/** Only what this tool reads from agent-skills.lock (seed 000, Lockfile); the rest is tolerated. */
const LockView = z.looseObject({ skills: z.record(z.string(), z.looseObject({ canonicalPath: z.string().min(1) })) });

/**
 * The skill a test file tests (SPEC leogriel-test): the folder holding the test file when its
 * SKILL.md names the same skill, else the installed skill of that name in the project's
 * agent-skills.lock.
 * @throws {LeogrielError} `skill_not_found` or `skill_invalid` (exit 2)
 */
export function resolveSkillUnderTest(file: LoadedTestFile, projectDir: string): SkillUnderTest {
  const here = realpathSync(dirname(file.path));
  const fixtures = file.cases.flatMap((c) => (c.fixture && isInside(here, c.fixture) ? [relative(here, c.fixture)] : []));
  if (_skillName(here) === file.skill) return _checked({ name: file.skill, dir: here, source: "test-folder", excludes: [".git", relative(here, file.path), ...fixtures] });
  const lockPath = join(projectDir, "agent-skills.lock");
  if (existsSync(lockPath)) {
    const lock = validateDocument(LockView, parseJsonText(readTextFile(lockPath), lockPath), lockPath);
    const entry = lock.skills[file.skill];
    if (entry) {
      const dir = resolve(projectDir, entry.canonicalPath);
      if (_skillName(dir) !== file.skill) {
        throw new LeogrielError("skill_not_found", `Cannot find skill ${file.skill}: the lock names ${entry.canonicalPath}, which holds no SKILL.md of that name`);
      }
      const real = realpathSync(dir);
      const inside = (p: string) => (isInside(real, p) ? [relative(real, p)] : []);
      return _checked({ name: file.skill, dir: real, source: "lock", excludes: [".git", ...inside(file.path), ...file.cases.flatMap((c) => (c.fixture ? inside(c.fixture) : []))] });
    }
  }
  throw new LeogrielError("skill_not_found", `Cannot find skill ${file.skill}: no SKILL.md with that name next to the test file and none in agent-skills.lock`);
}

function _checked(skill: SkillUnderTest): SkillUnderTest {
  const problem = treeProblem(skill.dir, { skip: skill.excludes });
  if (problem) throw new LeogrielError("skill_invalid", `Cannot mount skill ${skill.name}: ${problem}`);
  return skill;
}

function _skillName(dir: string): string | undefined {
  const path = join(dir, "SKILL.md");
  if (!existsSync(path) || !statSync(path).isFile()) return undefined;
  const parsed = parseSkillMd(readTextFile(path));
  const name = parsed.frontmatter?.name ?? parsed.raw?.name;
  return typeof name === "string" ? name : undefined;
}
