import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { chmodSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { LeogrielError } from "../../lib/core/errors.ts";
import type { AgentRunner, RunRequest, RunResult } from "../../lib/evals/agent-runner.ts";
import { ClaudeCodeRunner } from "../../lib/evals/claude-runner.ts";
import { runSuite, type SuiteOptions } from "../../lib/evals/run-suite.ts";
import { codexBinary, makeCodexHome, MOCK_KEY_ENV } from "../support/codex-home.ts";
import { REPO, runEntry } from "../support/run-cli.ts";
import { useTempDirs } from "../support/temp-dir.ts";
import { type ModelAction, type ModelView, type ScriptedModel, startScriptedModel } from "../lib/evals/_scripted-model.ts";

const tempDir = useTempDirs("leogriel-test-cmd-");
const SAMPLE = join(REPO, "test", "fixtures", "evals", "csv-summary");

/** A project holding a copy of the sample skill and its tests.yaml. */
function project(): string {
  const dir = tempDir();
  cpSync(SAMPLE, join(dir, "skills", "csv-summary"), { recursive: true });
  return dir;
}

/**
 * A runner that replays what an agent did instead of starting one: with the skill it reads
 * SKILL.md and writes the right summary, without it a wrong one. It lets the suite's order,
 * trust and failure handling be tested without a model.
 */
function recordedRunner(calls: string[]): AgentRunner {
  return {
    id: "codex",
    detect: async () => ({ runner: "codex", available: true, version: "9.9.9", capabilities: [], experimental: false }),
    resolveAuth: () => ({ source: "env:TEST_KEY", env: { TEST_KEY: "x" }, files: {} }),
    preflight: () => {},
    judge: async () => ({ pass: true, evidence: "ok" }),
    async run(r: RunRequest): Promise<RunResult> {
      const withSkill = r.workspace.mounted;
      calls.push(`${r.prompt.slice(0, 9)}:${r.workspace.config}`);
      const summarize = r.prompt.startsWith("Summarize");
      if (summarize) writeFileSync(join(r.workspace.root, "summary.json"), withSkill ? '{"rows": 3, "total": 60}\n' : '{"rows": 4}\n');
      const read = { id: "item_1", command: "/bin/bash -c 'cat .agents/skills/csv-summary/SKILL.md'", exitCode: 0, status: "completed" };
      const used = withSkill && summarize;
      return {
        status: "completed", exitCode: 0, durationMs: 10, finalMessage: summarize ? "Wrote summary.json." : "The README is short.",
        commands: used ? [read] : [], usage: { inputTokens: 10, cachedInputTokens: 0, outputTokens: 5, totalTokens: 15 },
        skillTriggered: used, triggerEvidence: used ? [{ kind: "read", tier: "confirmed", itemId: "item_1", command: read.command }] : [],
        toolActivity: { webSearches: 0, mcpToolCalls: 0 }, foreignSkillCopies: [],
      };
    },
  };
}

function options(dir: string, calls: string[], extra: Partial<SuiteOptions> = {}): SuiteOptions {
  return { files: ["skills/csv-summary/tests.yaml"], cwd: dir, threshold: 0.8, trustFlag: true, runners: { codex: recordedRunner(calls), "claude-code": new ClaudeCodeRunner() }, ...extra };
}

async function refusal(promise: Promise<unknown>): Promise<LeogrielError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof LeogrielError) return err;
    throw err;
  }
  throw new Error("the suite ran");
}

describe("leogriel-test in-process", () => {
  test("runs each case with the skill, then without it, one at a time, and passes the gate", async () => {
    const calls: string[] = [];
    const report = await runSuite(options(project(), calls));
    expect(calls).toEqual(["Summarize:with_skill", "Summarize:without_skill", "What does:with_skill", "What does:without_skill"]);
    const file = report.files[0]!;
    expect([file.skill, file.trust, file.isolation.passed]).toEqual([{ name: "csv-summary", source: "test-folder", path: "skills/csv-summary" }, "flag", true]);
    expect([file.benchmark.withSkill.passRate, file.benchmark.withoutSkill.passRate, report.gate.status]).toEqual([1, 0.714286, "passed"]);
  });

  test("refuses author commands without --trust-tests when nobody can confirm, before any run", async () => {
    const calls: string[] = [];
    const err = await refusal(runSuite(options(project(), calls, { trustFlag: false })));
    expect([err.code, err.exitCode, calls]).toEqual(["trust_required", 2, []]);
  });

  test("asks a person when one is there, with the exact argv, and stops when they say no", async () => {
    const asked: string[][][] = [];
    const err = await refusal(runSuite(options(project(), [], { trustFlag: false, confirm: async (c) => (asked.push(c), false) })));
    expect([err.code, asked]).toEqual(["trust_refused", [[["grep", "-q", '"rows": 3', "summary.json"]]]]);
    const report = await runSuite(options(project(), [], { trustFlag: false, confirm: async () => true }));
    expect(report.files[0]!.trust).toBe("interactive");
  });

  test("stops with exit 1 when the runner is unavailable or has no credentials", async () => {
    const missing = { ...recordedRunner([]), detect: async () => ({ runner: "codex" as const, available: false, reason: "Cannot run Codex: gone", capabilities: [], experimental: false }) };
    const noAuth = { ...recordedRunner([]), resolveAuth: () => ({ source: "none", env: {}, files: {} }) };
    for (const [runner, code] of [[missing, "runner_unavailable"], [noAuth, "runner_auth_missing"]] as const) {
      const err = await refusal(runSuite(options(project(), [], { runners: { codex: runner, "claude-code": new ClaudeCodeRunner() } })));
      expect([err.code, err.exitCode]).toEqual([code, 1]);
    }
  });
});

/** `bun cmd/test.ts` as a real process, awaited: the scripted model answers from this process's event loop. */
async function runTest(args: string[], cwd: string, env: Record<string, string>) {
  const proc = Bun.spawn([process.execPath, join(REPO, "cmd", "test.ts"), ...args], { cwd, env: { ...process.env, NO_COLOR: "1", ...env }, stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr, exitCode] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { exitCode, stdout, stderr };
}

/** Plays the model: with the skill listed it follows SKILL.md; without it, it guesses badly. */
function followsSkill(useSkill: boolean) {
  return (v: ModelView): ModelAction => {
    const script: ModelAction[] = !v.prompt.startsWith("Summarize")
      ? [{ shell: "cat README.md" }, { say: "The README says quarterly sales by region live in data/sales.csv." }]
      : v.skillListed && useSkill
        ? [{ shell: "cat .agents/skills/csv-summary/SKILL.md" }, { shell: "sh .agents/skills/csv-summary/scripts/summarize.sh data/sales.csv summary.json" }, { say: "Wrote summary.json: 3 rows, total 60." }]
        : [{ shell: `printf '{"rows": 4, "sum": "60"}' > summary.json` }, { say: "Wrote summary.json." }];
    return script[Math.min(v.step, script.length - 1)]!;
  };
}

describe("leogriel-test as a process, with the real Codex CLI", () => {
  let model: ScriptedModel;
  let useSkill = true;
  let env: Record<string, string>;
  let home: string;
  beforeAll(() => {
    model = startScriptedModel("csv-summary", (v) => followsSkill(useSkill)(v));
    home = makeCodexHome(model.baseUrl, undefined, false);
    env = { LEOGRIEL_CODEX: codexBinary(), LEOGRIEL_CODEX_CONFIG: join(home, "config.toml"), [MOCK_KEY_ENV]: "dummy", XDG_CONFIG_HOME: join(home, "xdg"), SKILL_EVAL_PASS_RATE_THRESHOLD: "" };
  });
  afterAll(async () => {
    await model.stop();
    rmSync(home, { recursive: true, force: true });
  });

  test("passes the gate when the skill helps: exit 0, one envelope, a saved artifact, trigger detected for real", async () => {
    useSkill = true;
    const dir = project();
    const before = model.views.length;
    const r = await runTest(["skills/csv-summary/tests.yaml", "--json", "--save", "--trust-tests"], dir, env);
    expect([r.exitCode, r.stderr]).toEqual([0, expect.stringContaining("summarize-sales: with_skill: completed, 7/7 passed")]);
    const envelope = JSON.parse(r.stdout);
    expect([envelope.schemaVersion, envelope.ok, envelope.command, envelope.errors]).toEqual([1, true, "test", []]);
    const file = envelope.data.files[0];
    const [withSkill, without] = file.cases[0].runs;
    expect([withSkill.skillTriggered, withSkill.triggerEvidence.map((e: { kind: string }) => e.kind), without.skillTriggered]).toEqual([true, ["read", "script"], false]);
    expect([file.runners[0].version, file.runners[0].auth, file.isolation.passed, envelope.data.gate.status]).toEqual(["0.171.0", `env:${MOCK_KEY_ENV}`, true, "passed"]);
    expect(file.benchmark.passRateDelta).toBeGreaterThan(0);
    expect(file.benchmark.totalTokensDelta).toBeGreaterThan(0);
    // The network policy reached Codex: no web search tool was offered to the model.
    expect(model.tools.slice(before).every((t) => !t.includes("web_search"))).toBe(true);
    const artifact = JSON.parse(readFileSync(join(dir, envelope.data.artifact), "utf8"));
    expect([artifact.kind, artifact.data.gate.status, JSON.stringify(artifact).includes("Summarize data/sales.csv")]).toEqual(["test", "passed", false]);
  }, 60_000);

  test("fails the gate when the skill does not beat its baseline: exit 1, ok envelope, human report on stderr", async () => {
    useSkill = false;
    const r = await runTest(["--trust-tests"], project(), env);
    expect([r.exitCode, r.stdout]).toEqual([1, ""]);
    expect(r.stderr).toContain("gate: FAILED (threshold 80%)");
    expect(r.stderr).toContain("✗ skill_triggered: no command read the mounted SKILL.md or ran its scripts");
  }, 60_000);
});

describe("leogriel-test as a process, without running an agent", () => {
  test("exits 2 with an error envelope for an invalid test file", () => {
    const dir = project();
    writeFileSync(join(dir, "skills", "csv-summary", "tests.yaml"), "version: 2\nskill: csv-summary\ncases: []\n");
    const r = runEntry("test", ["--json"], { cwd: dir });
    expect(r.exitCode).toBe(2);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: false, command: "test", errors: [{ code: "invalid_document", message: expect.stringContaining("version") }] });
  });

  test("exits 2 when author commands are not trusted and stdin is not a terminal", () => {
    const r = runEntry("test", [], { cwd: project(), env: { LEOGRIEL_CODEX: codexBinary() } });
    expect([r.exitCode, r.stdout]).toEqual([2, ""]);
    expect(r.stderr).toContain("Cannot run command_exits_zero assertions without --trust-tests");
  });

  test("exits 1 when Codex is missing or too old", () => {
    const bin = join(tempDir(), "bin");
    mkdirSync(bin);
    writeFileSync(join(bin, "codex"), "#!/bin/sh\necho 'codex-cli 0.100.0'\n");
    chmodSync(join(bin, "codex"), 0o755);
    const old = runEntry("test", ["--json", "--trust-tests"], { cwd: project(), env: { PATH: `${bin}:/usr/bin:/bin`, LEOGRIEL_CODEX: "" } });
    expect([old.exitCode, JSON.parse(old.stdout).errors[0].code]).toEqual([1, "runner_unavailable"]);
    expect(JSON.parse(old.stdout).errors[0].message).toBe("Cannot run Codex 0.100.0: version 0.171.0 or newer is required");
    const missing = runEntry("test", ["--trust-tests"], { cwd: project(), env: { PATH: "/usr/bin:/bin", LEOGRIEL_CODEX: "" } });
    expect([missing.exitCode, missing.stderr]).toEqual([1, expect.stringContaining("no codex executable on PATH")]);
  });

  test("exits 2 for a bad threshold, an unknown flag, or a project without tests", () => {
    expect(runEntry("test", ["--threshold", "2"], { cwd: project() }).stderr).toContain("Cannot use --threshold");
    expect(runEntry("test", ["--threshold", "2"], { cwd: project() }).exitCode).toBe(2);
    expect(runEntry("test", ["--frobnicate"], { cwd: project() }).exitCode).toBe(2);
    const empty = runEntry("test", ["--json"], { cwd: tempDir() });
    expect([empty.exitCode, JSON.parse(empty.stdout).errors[0].code]).toEqual([2, "no_test_files"]);
    expect(existsSync(join(REPO, ".leogriel", "artifacts", "test"))).toBe(false);
  });
});
