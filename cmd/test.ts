#!/usr/bin/env bun
import { relative, resolve } from "node:path";
import { defineCommand } from "citty";
import { z } from "zod";
import { commonArgs } from "../lib/core/args.ts";
import { saveArtifact } from "../lib/core/artifact.ts";
import { runCli, type Outcome } from "../lib/core/cli.ts";
import { loadConfigSection } from "../lib/core/config.ts";
import { LeogrielError, UsageError } from "../lib/core/errors.ts";
import { ExitCode } from "../lib/core/exit-codes.ts";
import { log } from "../lib/core/logger.ts";
import { redactText } from "../lib/core/redact.ts";
import { VERSION } from "../lib/core/version.ts";
import { ClaudeCodeRunner } from "../lib/evals/claude-runner.ts";
import { CodexRunner } from "../lib/evals/codex-runner.ts";
import { canConfirm, confirmAuthorCommands } from "../lib/evals/confirm-commands.ts";
import { discoverTestFiles } from "../lib/evals/discover-tests.ts";
import { renderReport } from "../lib/evals/render-report.ts";
import { runSuite } from "../lib/evals/run-suite.ts";
import { resolveThreshold } from "../lib/evals/threshold.ts";

const Args = z.object({
  _: z.array(z.string()),
  cwd: z.string().min(1).optional(),
  save: z.boolean().optional(),
  trustTests: z.boolean().optional(),
  threshold: z.string().optional(),
});

const main = defineCommand({
  meta: { name: "test", version: VERSION, description: "Paired with/without-skill behavioral tests of a skill (leogriel-test)" },
  args: {
    ...commonArgs,
    files: { type: "positional", required: false, description: "Test files (default: every tests.yaml next to a SKILL.md)" },
    save: { type: "boolean", description: "Save the report as an artifact under .leogriel/artifacts/test/" },
    trustTests: { type: "boolean", description: "Allow command_exits_zero assertions to run the test author's commands" },
    threshold: { type: "string", description: "With-skill pass rate the gate requires, 0 to 1 (default 0.8)", valueHint: "n" },
  },
  async run({ args }): Promise<Outcome> {
    const parsed = Args.safeParse(args);
    if (!parsed.success) throw new UsageError(`Cannot parse arguments: ${parsed.error.issues[0]!.message}`);
    const opts = parsed.data;
    const cwd = resolve(opts.cwd ?? process.cwd());
    const threshold = resolveThreshold(opts.threshold, process.env, loadConfigSection("test", cwd));
    const files = opts._.length > 0 ? opts._ : discoverTestFiles(cwd);
    if (files.length === 0) throw new LeogrielError("no_test_files", `Cannot find tests: no tests.yaml next to a SKILL.md below ${cwd}`);
    const report = await runSuite({
      files,
      cwd,
      threshold,
      trustFlag: opts.trustTests === true,
      confirm: canConfirm() ? confirmAuthorCommands : undefined,
      runners: { codex: new CodexRunner(), "claude-code": new ClaudeCodeRunner() },
      progress: (line) => log.info(line),
    });
    if (opts.save) {
      const stamp = new Date().toISOString().replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z");
      const path = saveArtifact(cwd, "test", `test-${stamp}-${crypto.randomUUID().slice(0, 8)}`, report);
      report.artifact = relative(cwd, path);
    }
    const judged = report.files.some((f) => f.cases.some((c) => c.runs.some((r) => r.assertionResults.some((a) => a.method === "llm_judge"))));
    return {
      exitCode: report.gate.status === "passed" ? ExitCode.ok : ExitCode.domain,
      ok: true,
      data: report,
      warnings: judged ? [{ code: "llm_judge_used", message: "Some verdicts come from an LLM judge, not from code (method llm_judge)" }] : [],
      human: () => process.stderr.write(redactText(renderReport(report))),
    };
  },
});

await runCli(main);
