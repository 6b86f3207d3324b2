import { relative, resolve } from "node:path";
import { LeogrielError } from "../core/errors.ts";
import { sha256Hex } from "../core/hash.ts";
import type { AgentRunner, ArmConfig, RunnerAuth } from "./agent-runner.ts";
import { changedPaths, prepareArmWorkspace, removeArmWorkspace } from "./arm-workspace.ts";
import { benchmark, combineGates, gate, gradingSummary, triggeringCorrect } from "./benchmark.ts";
import { gradeRun } from "./grade-run.ts";
import { baselineIsolation } from "./isolation.ts";
import { type EffectiveCase, loadTestFile, type LoadedTestFile } from "./load-test-file.ts";
import type { ArmResult, CaseReport, FileReport, IsolationCheck, TestReport } from "./report-schema.ts";
import { resolveSkillUnderTest, type SkillUnderTest } from "./skill-under-test.ts";
import type { Runner } from "./test-file-schema.ts";

/** The final message kept in a report, in characters. */
export const REPORT_OUTPUT_CHARS = 4000;

export interface SuiteOptions {
  /** Test files, relative to `cwd` or absolute. */
  files: string[];
  cwd: string;
  threshold: number;
  /** `--trust-tests` was given. */
  trustFlag: boolean;
  /** Asks a person to allow the author commands; absent when nobody can answer (no TTY). */
  confirm?: (commands: string[][]) => Promise<boolean>;
  runners: Record<Runner, AgentRunner>;
  /** Progress lines for people. */
  progress?: (line: string) => void;
}

/**
 * Runs every case of every test file twice, with the skill and then without it, one run at a
 * time, grades both, and aggregates the benchmark and gate per file. Everything that can be
 * checked before an agent runs is checked first, for all files: a bad file, a missing skill,
 * untrusted author commands, a missing runner or a refused policy stop the suite before any
 * run starts.
 * @throws {LeogrielError} exit 2 for invalid input or a refused policy, exit 1 for a runner
 *   that is not available or has no credentials
 */
export async function runSuite(options: SuiteOptions): Promise<TestReport> {
  const say = options.progress ?? (() => {});
  const loaded = options.files.map((f) => {
    const file = loadTestFile(resolve(options.cwd, f), f);
    return { display: f, file, skill: resolveSkillUnderTest(file, options.cwd) };
  });
  const trust = await _trust(loaded.map((l) => l.file), options);
  const prepared = await _prepareRunners(loaded.flatMap((l) => l.file.cases), options.runners);
  const reports: FileReport[] = [];
  for (const { display, file, skill } of loaded) {
    const cases: CaseReport[] = [];
    const checks: IsolationCheck[] = [];
    for (const kase of file.cases) {
      const { runner, auth } = prepared.get(kase.runner)!;
      const runs: ArmResult[] = [];
      for (const config of ["with_skill", "without_skill"] as const) {
        say(`${display}: ${kase.name}: ${config} …`);
        const arm = await _runArm(kase, config, skill, runner, auth);
        runs.push(arm.result);
        checks.push(...arm.isolation);
        say(`${display}: ${kase.name}: ${config}: ${arm.result.status}, ${arm.result.grading.passed}/${arm.result.grading.total} passed`);
      }
      const { maxTokens, maxCommands } = kase.budget;
      const budget = { ...(maxTokens !== undefined ? { maxTokens } : {}), ...(maxCommands !== undefined ? { maxCommands } : {}) };
      cases.push({ name: kase.name, trigger: kase.trigger, runner: kase.runner, model: kase.model, network: kase.network, timeoutMs: kase.timeoutMs, budget, promptSha256: sha256Hex(kase.prompt), runs });
    }
    const bench = benchmark(cases);
    const isolationPassed = checks.every((c) => c.passed);
    reports.push({
      testFile: display,
      skill: { name: skill.name, source: skill.source, path: relative(options.cwd, skill.dir) || "." },
      runners: [...new Set(file.cases.map((c) => c.runner))].map((r) => {
        const p = prepared.get(r)!;
        return { runner: r, version: p.version, experimental: p.experimental, auth: p.auth.source };
      }),
      trust,
      cases,
      benchmark: bench,
      isolation: { passed: isolationPassed, checks },
      gate: gate(cases, bench, isolationPassed, options.threshold),
    });
  }
  return { reportVersion: 1, threshold: options.threshold, gate: combineGates(reports.map((r) => r.gate), options.threshold), files: reports };
}

async function _runArm(kase: EffectiveCase, config: ArmConfig, skill: SkillUnderTest, runner: AgentRunner, auth: RunnerAuth) {
  const workspace = await prepareArmWorkspace({ config, skill: skill.name, skillDir: skill.dir, skillExcludes: skill.excludes, fixture: kase.fixture });
  try {
    const result = await runner.run({ prompt: kase.prompt, model: kase.model, network: kase.network, timeoutMs: kase.timeoutMs, skill: skill.name, workspace, auth });
    const changed = await changedPaths(workspace);
    const assertionResults = await gradeRun({ kase, result, workspace, changed, runner, auth });
    const arm: ArmResult = {
      caseId: kase.name,
      config,
      status: result.status,
      exitCode: result.exitCode,
      output: result.finalMessage.slice(0, REPORT_OUTPUT_CHARS),
      skillTriggered: result.skillTriggered,
      triggerEvidence: result.triggerEvidence.map((e) => ({ ...e, command: e.command.slice(0, 500) })),
      triggeringCorrect: triggeringCorrect({ config, triggerEvidence: result.triggerEvidence }, kase.trigger),
      timing: { totalTokens: result.usage.totalTokens, durationMs: result.durationMs },
      usage: result.usage,
      commandCount: result.commands.length,
      changedPaths: changed.slice(0, 200),
      assertionResults,
      grading: gradingSummary(assertionResults),
      ...(result.error ? { error: result.error } : {}),
    };
    return { result: arm, isolation: config === "without_skill" ? baselineIsolation(kase.name, workspace, result) : [] };
  } finally {
    removeArmWorkspace(workspace);
  }
}

async function _trust(files: LoadedTestFile[], options: SuiteOptions): Promise<FileReport["trust"]> {
  const commands = files.flatMap((f) => f.cases.flatMap((c) => c.assertions.flatMap((a) => (a.type === "command_exits_zero" ? [a.run] : []))));
  if (commands.length === 0) return "not_needed";
  if (options.trustFlag) return "flag";
  if (!options.confirm) {
    throw new LeogrielError("trust_required", `Cannot run command_exits_zero assertions without --trust-tests: they run author code (${commands.length} commands) and nobody is at a terminal to confirm`);
  }
  if (await options.confirm(commands)) return "interactive";
  throw new LeogrielError("trust_refused", "Cannot run the tests: the author commands were not allowed");
}

interface PreparedRunner {
  runner: AgentRunner;
  auth: RunnerAuth;
  version: string;
  experimental: boolean;
}

async function _prepareRunners(cases: EffectiveCase[], runners: Record<Runner, AgentRunner>): Promise<Map<Runner, PreparedRunner>> {
  const prepared = new Map<Runner, PreparedRunner>();
  for (const id of new Set(cases.map((c) => c.runner))) {
    const runner = runners[id];
    const detection = await runner.detect();
    if (!detection.available) throw new LeogrielError("runner_unavailable", detection.reason ?? `Cannot run ${id}`, { exitCode: 1, details: { detection } });
    const auth = runner.resolveAuth();
    if (auth.source === "none") throw new LeogrielError("runner_auth_missing", `Cannot run ${id}: no credentials found (set an API key variable or log in)`, { exitCode: 1 });
    prepared.set(id, { runner, auth, version: detection.version ?? "unknown", experimental: detection.experimental });
  }
  for (const c of cases) prepared.get(c.runner)!.runner.preflight({ model: c.model, network: c.network });
  return prepared;
}
