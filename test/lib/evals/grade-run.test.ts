import { describe, expect, test } from "bun:test";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { AgentRunner, ArmWorkspace, JudgeRequest, RunResult } from "../../../lib/evals/agent-runner.ts";
import { gradeRun } from "../../../lib/evals/grade-run.ts";
import type { EffectiveCase } from "../../../lib/evals/load-test-file.ts";
import type { Assertion } from "../../../lib/evals/test-file-schema.ts";
import { useTempDirs } from "../../support/temp-dir.ts";

const tempDir = useTempDirs("leogriel-evals-grade-");

/** A finished run as the Codex runner records it: the skill read, its script run, a file written. */
function recorded(overrides: Partial<RunResult> = {}): RunResult {
  return {
    status: "completed",
    exitCode: 0,
    durationMs: 1200,
    finalMessage: "Wrote summary.json: 3 rows, total 60.",
    commands: [
      { id: "item_1", command: "/bin/bash -c 'cat .agents/skills/demo/SKILL.md'", exitCode: 0, status: "completed" },
      { id: "item_2", command: "/bin/bash -c 'sh .agents/skills/demo/scripts/go.sh data.csv summary.json'", exitCode: 0, status: "completed" },
    ],
    usage: { inputTokens: 900, cachedInputTokens: 0, outputTokens: 100, totalTokens: 1000 },
    skillTriggered: true,
    triggerEvidence: [{ kind: "read", tier: "confirmed", itemId: "item_1", command: "/bin/bash -c 'cat .agents/skills/demo/SKILL.md'" }],
    toolActivity: { webSearches: 0, mcpToolCalls: 0 },
    foreignSkillCopies: [],
    ...overrides,
  };
}

function workspace(): ArmWorkspace {
  const base = tempDir();
  const root = join(base, "workspace");
  mkdirSync(join(root, "out"), { recursive: true });
  writeFileSync(join(root, "summary.json"), '{"rows": 3, "total": 60}\n');
  writeFileSync(join(root, "broken.json"), "{rows: 3");
  writeFileSync(join(root, "big.txt"), "x".repeat(1024 * 1024 + 1));
  symlinkSync("/etc/hostname", join(root, "escape"));
  symlinkSync("summary.json", join(root, "inside"));
  return { config: "with_skill", root, home: join(base, "home"), configRoot: join(base, "config"), mountDir: join(root, ".agents", "skills", "demo"), mounted: true };
}

const judgeRunner = (pass: boolean | null): AgentRunner => ({
  id: "codex",
  detect: async () => ({ runner: "codex", available: true, capabilities: [], experimental: false }),
  resolveAuth: () => ({ source: "env:X", env: {}, files: {} }),
  preflight: () => {},
  run: async () => recorded(),
  judge: async (r: JudgeRequest) => ({ pass, evidence: `judged ${r.model}: ${r.rubric}` }),
});

async function grade(assertions: Assertion[], result = recorded(), changed = ["summary.json"], budget = {}, runner = judgeRunner(true)) {
  const kase: EffectiveCase = { name: "c", prompt: "p", trigger: "should_trigger", runner: "codex", model: "m", network: "deny", timeoutMs: 10_000, budget, assertions };
  return gradeRun({ kase, result, workspace: workspace(), changed, runner, auth: runner.resolveAuth() });
}

describe("gradeRun", () => {
  // Each row: the assertion, the verdict, and a piece of the evidence.
  const ROWS: Array<[Assertion, "pass" | "fail", string]> = [
    [{ type: "skill_triggered" }, "pass", "confirmed: item_1 read SKILL.md"],
    [{ type: "skill_not_triggered" }, "fail", "confirmed: item_1 read SKILL.md"],
    [{ type: "file_exists", path: "summary.json" }, "pass", "summary.json exists (25 bytes)"],
    [{ type: "file_exists", path: "out" }, "pass", "out exists (directory)"],
    [{ type: "file_exists", path: "missing.json" }, "fail", "does not exist"],
    [{ type: "file_exists", path: "escape" }, "fail", "symlink that leaves the workspace"],
    [{ type: "file_contains", path: "inside", value: '"total": 60' }, "pass", "at offset 12"],
    [{ type: "file_absent", path: "missing.json" }, "pass", "does not exist"],
    [{ type: "file_absent", path: "summary.json" }, "fail", "summary.json exists"],
    [{ type: "file_contains", path: "summary.json", value: '"total": 60' }, "pass", '"{\\"rows\\": 3, \\"total\\": 60}\\n"'],
    [{ type: "file_contains", path: "summary.json", value: '"total": 61' }, "fail", "does not contain it"],
    [{ type: "file_contains", path: "out", value: "x" }, "fail", "is a directory"],
    [{ type: "file_contains", path: "big.txt", value: "x" }, "fail", "over the 1048576-byte grading limit"],
    [{ type: "file_contains", path: "escape", value: "x" }, "fail", "leaves the workspace"],
    [{ type: "file_matches", path: "summary.json", pattern: '"rows":\\s*\\d+' }, "pass", "matches at offset 1"],
    [{ type: "file_matches", path: "summary.json", pattern: "^total" }, "fail", "has no match"],
    [{ type: "json_valid", path: "summary.json" }, "pass", "an object with 2 keys"],
    [{ type: "json_valid", path: "broken.json" }, "fail", "not valid JSON"],
    [{ type: "json_valid", path: "summary.json", schema: { type: "object", required: ["rows", "total"], properties: { total: { type: "number" } } } }, "pass", "matches the schema"],
    [{ type: "json_valid", path: "summary.json", schema: { type: "object", required: ["sum"] } }, "fail", "must have required property 'sum'"],
    [{ type: "output_contains", value: "summary.json" }, "pass", "at offset 6"],
    [{ type: "output_contains", value: "nope" }, "fail", "does not contain it"],
    [{ type: "output_not_contains", value: "error" }, "pass", "does not contain it"],
    [{ type: "output_not_contains", value: "total" }, "fail", "contains it"],
    [{ type: "command_ran", pattern: "scripts/go\\.sh" }, "pass", "item_2 ran"],
    [{ type: "command_ran", pattern: "npm install" }, "fail", "none of 2 commands matches"],
    [{ type: "command_not_ran", pattern: "curl|wget" }, "pass", "none of 2 commands"],
    [{ type: "command_not_ran", pattern: "SKILL" }, "fail", "item_1 ran"],
    [{ type: "workspace_changes", allow: ["*.json"] }, "pass", "every changed path is allowed: summary.json"],
    [{ type: "workspace_changes", allow: ["docs/**"] }, "fail", "changed outside the allowlist: summary.json"],
    [{ type: "command_exits_zero", run: ["sh", "-c", "test -f summary.json"] }, "pass", "exit 0"],
    [{ type: "command_exits_zero", run: ["sh", "-c", "echo broken >&2; exit 3"] }, "fail", 'exit 3; output ends "broken"'],
    [{ type: "command_exits_zero", run: ["/nonexistent/tool"] }, "fail", "could not be started"],
    [{ type: "llm_judge", judge: "judge-1", rubric: "Polite." }, "pass", "judged judge-1: Polite."],
  ];

  test.each(ROWS)("grades %j as %s with evidence", async (assertion, verdict, evidence) => {
    const [result] = await grade([assertion]);
    expect(result!.verdict).toBe(verdict);
    expect(result!.evidence).toContain(evidence);
    expect(result!.method).toBe(assertion.type === "llm_judge" ? "llm_judge" : "mechanical");
  });

  test("keeps the written order while author commands run after every file was read", async () => {
    const results = await grade([
      { type: "command_exits_zero", run: ["sh", "-c", "rm summary.json"] },
      { type: "file_exists", path: "summary.json" },
    ]);
    expect(results.map((r) => [r.type, r.verdict])).toEqual([
      ["command_exits_zero", "pass"],
      ["file_exists", "pass"],
    ]);
  });

  test("grades budgets after the assertions and fails the time budget of a run that timed out", async () => {
    const results = await grade([{ type: "skill_triggered" }], recorded({ status: "timed_out" }), [], { maxTokens: 999, maxCommands: 2 });
    expect(results.map((r) => [r.assertion, r.verdict])).toEqual([
      ["skill_triggered", "pass"],
      ["budget maxTokens 999", "fail"],
      ["budget maxCommands 2", "pass"],
      ["budget timeoutMs 10000", "fail"],
    ]);
  });

  test("marks a judge that gave no verdict as ungraded", async () => {
    const [result] = await grade([{ type: "llm_judge", judge: "j", rubric: "r" }], recorded(), [], {}, judgeRunner(null));
    expect([result!.verdict, result!.graded]).toEqual(["fail", false]);
  });

  test("kills an author command at the case timeout", async () => {
    const kase: EffectiveCase = { name: "c", prompt: "p", trigger: "should_trigger", runner: "codex", model: "m", network: "deny", timeoutMs: 1000, budget: {}, assertions: [{ type: "command_exits_zero", run: ["sleep", "30"] }] };
    const runner = judgeRunner(true);
    const [result] = await gradeRun({ kase, result: recorded(), workspace: workspace(), changed: [], runner, auth: runner.resolveAuth() });
    expect([result!.verdict, result!.evidence]).toEqual(["fail", "killed after 1000 ms"]);
  });
});
