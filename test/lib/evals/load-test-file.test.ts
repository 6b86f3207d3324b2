import { describe, expect, test } from "bun:test";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { LeogrielError } from "../../../lib/core/errors.ts";
import { loadTestFile } from "../../../lib/evals/load-test-file.ts";
import { useTempDirs } from "../../support/temp-dir.ts";

const tempDir = useTempDirs("leogriel-evals-load-");

const VALID = `version: 1
skill: csv-summary
defaults:
  runner: codex
  model: gpt-5.5
  budget: { maxTokens: 1000 }
cases:
  - name: one
    prompt: Summarize data.csv
    fixture: fx
    trigger: should_trigger
    budget: { maxCommands: 3 }
    assertions:
      - type: skill_triggered
      - type: file_matches
        path: out/summary.json
        pattern: '"total":\\s*60'
      - type: json_valid
        path: out/summary.json
        schema: { type: object, required: [total] }
  - name: two
    prompt: Hello
    trigger: should_not_trigger
    network: allow
    model: other-model
    timeoutMs: 5000
    assertions:
      - type: workspace_changes
        allow: ["docs/**", "*.md"]
      - type: command_exits_zero
        run: [npm, test]
      - type: llm_judge
        judge: judge-model
        rubric: The answer is polite.
`;

function write(text: string, options: { fixture?: boolean } = {}): string {
  const dir = tempDir();
  if (options.fixture !== false) {
    mkdirSync(join(dir, "fx", "data"), { recursive: true });
    writeFileSync(join(dir, "fx", "data", "a.csv"), "amount\n1\n");
  }
  writeFileSync(join(dir, "tests.yaml"), text);
  return join(dir, "tests.yaml");
}

function failure(path: string): { code: string; message: string } {
  try {
    loadTestFile(path, "tests.yaml");
  } catch (err) {
    if (err instanceof LeogrielError) return { code: err.code, message: err.message };
    throw err;
  }
  throw new Error("loadTestFile accepted the file");
}

describe("loadTestFile", () => {
  test("applies the defaults and records the effective policy of every case", () => {
    const loaded = loadTestFile(write(VALID));
    const [one, two] = loaded.cases;
    expect(loaded.skill).toBe("csv-summary");
    expect([one!.runner, one!.model, one!.network, one!.timeoutMs, one!.budget]).toEqual(["codex", "gpt-5.5", "deny", 600_000, { maxTokens: 1000, maxCommands: 3 }]);
    expect(one!.fixture).toEndWith(join("fx"));
    expect([two!.model, two!.network, two!.timeoutMs, two!.fixture]).toEqual(["other-model", "allow", 5000, undefined]);
  });

  const edit = (from: string, to: string) => {
    if (!VALID.includes(from)) throw new Error(`the valid file has no ${from}`);
    return VALID.replace(from, to);
  };

  // Each row: what is wrong, the file text, the error code, and a piece of the message.
  const INVALID: Array<[string, string, string, string]> = [
    ["an empty document", "", "invalid_yaml", "empty"],
    ["a comment-only document", "# nothing\n", "invalid_yaml", "empty"],
    ["a duplicate key", edit("skill: csv-summary", "skill: csv-summary\nskill: other"), "invalid_yaml", "unique"],
    ["a YAML tag", edit("prompt: Hello", "prompt: !!binary aGVsbG8="), "invalid_document", "prompt"],
    ["a list at the top", "- version: 1\n", "invalid_document", "$"],
    ["version 2", edit("version: 1", "version: 2"), "invalid_document", "version"],
    ["version as a string", edit("version: 1", 'version: "1"'), "invalid_document", "version"],
    ["an unknown top-level key", edit("skill: csv-summary", "skill: csv-summary\nrepeat: 3"), "invalid_document", "repeat"],
    ["an upper-case skill name", edit("skill: csv-summary", "skill: CSV"), "invalid_document", "skill"],
    ["no cases", edit(VALID.slice(VALID.indexOf("cases:")), "cases: []\n"), "invalid_document", "cases"],
    ["duplicate case names", edit("- name: two", "- name: one"), "invalid_document", 'duplicate case name "one"'],
    ["a case without a model anywhere", edit("  model: gpt-5.5\n", ""), "invalid_document", "cases[0].model"],
    ["a case without a runner anywhere", edit("  runner: codex\n", ""), "invalid_document", "cases[0].runner"],
    ["an unknown runner", edit("runner: codex", "runner: gemini"), "invalid_document", "defaults.runner"],
    ["an unknown network policy", edit("network: allow", "network: proxy"), "invalid_document", "network"],
    ["a timeout under a second", edit("timeoutMs: 5000", "timeoutMs: 10"), "invalid_document", "timeoutMs"],
    ["a fractional timeout", edit("timeoutMs: 5000", "timeoutMs: 5000.5"), "invalid_document", "timeoutMs"],
    ["a negative token budget", edit("maxTokens: 1000", "maxTokens: -1"), "invalid_document", "maxTokens"],
    ["an unknown budget key", edit("maxTokens: 1000", "maxDollars: 1"), "invalid_document", "maxDollars"],
    ["a missing trigger", edit("    trigger: should_trigger\n", ""), "invalid_document", "trigger"],
    ["an unknown trigger", edit("trigger: should_trigger", "trigger: maybe"), "invalid_document", "trigger"],
    ["an empty prompt", edit("prompt: Hello", 'prompt: ""'), "invalid_document", "prompt"],
    ["a control character in a name", edit("- name: two", '- name: "t\\u0007wo"'), "invalid_document", "name"],
    ["a case without assertions", edit("    assertions:\n      - type: workspace_changes", "    assertions: []\n    extra:\n      - type: workspace_changes"), "invalid_document", "assertions"],
    ["an unknown assertion type", edit("type: skill_triggered", "type: skill_used"), "invalid_document", "type"],
    ["an assertion with an unknown key", edit("- type: skill_triggered", "- type: skill_triggered\n        value: x"), "invalid_document", "value"],
    ["a file assertion without a path", edit("        path: out/summary.json\n        pattern", "        pattern"), "invalid_document", "path"],
    ["an absolute path", edit("path: out/summary.json\n        pattern", "path: /etc/passwd\n        pattern"), "invalid_document", "relative path"],
    ["a parent-directory path", edit("path: out/summary.json\n        pattern", "path: ../secret\n        pattern"), "invalid_document", "relative path"],
    ["a backslash path", edit("path: out/summary.json\n        pattern", "path: 'out\\summary.json'\n        pattern"), "invalid_document", "relative path"],
    ["a glob that climbs out", edit('"docs/**"', '"../**"'), "invalid_document", "relative glob"],
    ["a regex that does not compile", edit(`pattern: '"total":\\s*60'`, "pattern: '(unclosed'"), "invalid_document", "regular expression"],
    ["a schema zod cannot use", edit("schema: { type: object, required: [total] }", "schema: { type: 12 }"), "invalid_document", "JSON Schema"],
    ["a schema keyword typo", edit("required: [total]", "requried: [total]"), "invalid_document", "unknown keyword"],
    ["an empty argv", edit("run: [npm, test]", "run: []"), "invalid_document", "run"],
    ["a judge without a model", edit("        judge: judge-model\n", ""), "invalid_document", "judge"],
    ["a fixture that does not exist", edit("fixture: fx", "fixture: nope"), "fixture_invalid", "no such directory"],
    ["a fixture outside the test folder", edit("fixture: fx", "fixture: .."), "fixture_invalid", "outside"],
    ["a fixture that is a file", edit("fixture: fx", "fixture: fx/data/a.csv"), "fixture_invalid", "not a directory"],
  ];

  test.each(INVALID)("refuses %s", (_what, text, code, message) => {
    const result = failure(write(text));
    expect(result.code).toBe(code);
    expect(result.message).toContain(message);
    expect(result.message).toStartWith("Cannot ");
  });

  test("refuses a fixture holding a symlink that leaves it", () => {
    const path = write(VALID);
    symlinkSync("/etc/hostname", join(path, "..", "fx", "host"));
    expect(failure(path)).toMatchObject({ code: "fixture_invalid", message: expect.stringContaining("cases[0].fixture: host is a symlink that leaves it") });
  });

  test("refuses a fixture with its own .git or a copy of the skill under test", () => {
    const withGit = write(VALID);
    mkdirSync(join(withGit, "..", "fx", ".git"));
    expect(failure(withGit).message).toContain("it holds .git");
    const withSkill = write(VALID);
    mkdirSync(join(withSkill, "..", "fx", ".agents", "skills", "csv-summary"), { recursive: true });
    expect(failure(withSkill).message).toContain("it holds .agents/skills/csv-summary");
  });

  test("refuses a file over the size limit before parsing it", () => {
    expect(failure(write(`# ${"x".repeat(300 * 1024)}\n${VALID}`)).code).toBe("file_too_large");
  });

  test("keeps a symlink inside the fixture", () => {
    const path = write(VALID);
    symlinkSync("data/a.csv", join(path, "..", "fx", "link.csv"));
    expect(loadTestFile(path).cases[0]!.fixture).toBeDefined();
  });

  test("never fails with anything but a typed error, whatever bytes replace part of a valid file", () => {
    // A small deterministic fuzzer: cut, duplicate and corrupt slices of the valid text.
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const noise = ["\t", ":", "- ", "{", "]", "&a", "*a", "!!str", "\u0000", "'", '"', "\n  ", "~", "@", "%YAML 1.2\n---\n"];
    const dir = tempDir();
    mkdirSync(join(dir, "fx"));
    let typed = 0;
    for (let i = 0; i < 300; i++) {
      const at = rand(VALID.length);
      const cut = rand(40);
      const text = VALID.slice(0, at) + noise[rand(noise.length)]! + VALID.slice(at + cut);
      writeFileSync(join(dir, "tests.yaml"), text);
      try {
        loadTestFile(join(dir, "tests.yaml"));
      } catch (err) {
        expect(err).toBeInstanceOf(LeogrielError);
        expect((err as LeogrielError).exitCode).toBe(2);
        typed++;
      }
    }
    expect(typed).toBeGreaterThan(100);
  });
});
