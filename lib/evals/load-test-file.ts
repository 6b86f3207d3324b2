import { realpathSync, statSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { LeogrielError } from "../core/errors.ts";
import { readTextFile, validateDocument } from "../core/json-file.ts";
import { parseStrictYaml } from "../core/yaml-file.ts";
import { isInside, treeProblem } from "./contained-tree.ts";
import { jsonSchemaValidator } from "./json-schema-check.ts";
import { type Assertion, type Budget, type NetworkPolicy, type Runner, TestFile, type TriggerExpectation } from "./test-file-schema.ts";

/** The largest test file read. */
export const TEST_FILE_MAX_BYTES = 256 * 1024;
/** Used when neither the case nor the defaults set `timeoutMs`. */
export const DEFAULT_TIMEOUT_MS = 600_000;

/** One case with the defaults applied: what a run actually uses. */
export interface EffectiveCase {
  name: string;
  prompt: string;
  /** Absolute fixture directory, or undefined for an empty workspace. */
  fixture?: string;
  trigger: TriggerExpectation;
  runner: Runner;
  model: string;
  network: NetworkPolicy;
  timeoutMs: number;
  budget: Budget;
  assertions: Assertion[];
}

export interface LoadedTestFile {
  /** Absolute path. */
  path: string;
  skill: string;
  cases: EffectiveCase[];
}

/**
 * Reads, strictly parses and validates a test file, then resolves each case's fixture.
 * @throws {LeogrielError} exit 2: `file_not_found`, `file_too_large`, `invalid_yaml`,
 *   `invalid_document`, `fixture_invalid`
 */
export function loadTestFile(path: string, displayPath = path): LoadedTestFile {
  const text = readTextFile(path, { maxBytes: TEST_FILE_MAX_BYTES, label: displayPath });
  const doc = validateDocument(TestFile, parseStrictYaml(text, displayPath), displayPath);
  _checkJsonSchemas(doc, displayPath);
  const dir = dirname(resolve(path));
  const cases = doc.cases.map((c, i): EffectiveCase => {
    const d = doc.defaults ?? {};
    return {
      name: c.name,
      prompt: c.prompt,
      fixture: c.fixture === undefined ? undefined : resolveFixture(dir, c.fixture, `${displayPath}: cases[${i}].fixture`, doc.skill),
      trigger: c.trigger,
      // The schema has already refused a case with neither its own value nor a default.
      runner: (c.runner ?? d.runner)!,
      model: (c.model ?? d.model)!,
      network: c.network ?? d.network ?? "deny",
      timeoutMs: c.timeoutMs ?? d.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      budget: { ...d.budget, ...c.budget },
      assertions: c.assertions,
    };
  });
  return { path: resolve(path), skill: doc.skill, cases };
}

/**
 * The fixture directory for `rel`: inside `baseDir`, copyable (`treeProblem`), and without a
 * `.git` of its own (each run makes its own repository) or a copy of the skill (the baseline
 * must not see it).
 * @throws {LeogrielError} `fixture_invalid`
 */
export function resolveFixture(baseDir: string, rel: string, label: string, skill: string): string {
  const fail = (why: string) => new LeogrielError("fixture_invalid", `Cannot use fixture ${label}: ${why}`);
  const base = realpathSync(baseDir);
  const target = resolve(base, rel);
  let real: string;
  try {
    real = realpathSync(target);
  } catch {
    throw fail("no such directory");
  }
  if (!isInside(base, real)) throw fail("it resolves outside the test file's directory");
  if (!statSync(real).isDirectory()) throw fail("not a directory");
  const problem = treeProblem(real, { forbidden: [".git", `.agents/skills/${skill}`] });
  if (problem) throw fail(problem);
  return real;
}

// A json_valid schema must compile, so a bad one fails at load rather than after an agent run.
function _checkJsonSchemas(doc: TestFile, label: string): void {
  doc.cases.forEach((c, i) =>
    c.assertions.forEach((a, j) => {
      if (a.type !== "json_valid" || a.schema === undefined) return;
      try {
        jsonSchemaValidator(a.schema);
      } catch (err) {
        throw new LeogrielError("invalid_document", `Cannot use ${label}: cases[${i}].assertions[${j}].schema: not a usable JSON Schema: ${(err as Error).message}`);
      }
    }),
  );
}

