#!/usr/bin/env bun
import { defineCommand } from "citty";
import { resolve } from "node:path";
import { isMainThread } from "node:worker_threads";
import { z } from "zod";
import { commonArgs } from "../lib/core/args.ts";
import { saveArtifact } from "../lib/core/artifact.ts";
import { runCli, type Outcome } from "../lib/core/cli.ts";
import { loadConfigSection } from "../lib/core/config.ts";
import { makeEnvelope } from "../lib/core/envelope.ts";
import { UsageError } from "../lib/core/errors.ts";
import { ExitCode } from "../lib/core/exit-codes.ts";
import { validateDocument } from "../lib/core/json-file.ts";
import { log } from "../lib/core/logger.ts";
import { VERSION } from "../lib/core/version.ts";
import { AuditConfig, FailOn } from "../lib/skills/audit/audit-config.ts";
import { runAuditParallel } from "../lib/skills/audit/parallel-audit.ts";
import { serveScans } from "../lib/skills/audit/scan-worker.ts";
import { toSarif } from "../lib/skills/audit/sarif.ts";
import { renderTable } from "../lib/skills/audit/table.ts";

const Args = z.object({
  format: z.enum(["table", "json", "sarif"]).optional(),
  failOn: FailOn.optional(),
  strict: z.boolean().optional(),
  save: z.boolean().optional(),
  json: z.boolean().optional(),
  verbose: z.boolean().optional(),
  cwd: z.string().optional(),
});

const main = defineCommand({
  meta: { name: "audit", version: VERSION, description: "Audit skill folders offline: SKILL.md contract, risk indicators and tier, malicious patterns" },
  args: {
    paths: { type: "positional", required: false, description: "Skill folders or folders to search (default: skills in agent-skills.lock, else every SKILL.md below the cwd)", valueHint: "path" },
    format: { type: "string", description: "Output: table (stderr, default), json (the envelope) or sarif (SARIF 2.1.0 on stdout)", valueHint: "table|json|sarif" },
    failOn: { type: "string", description: "Fail (exit 1) on findings at or above this severity (default: error)", valueHint: "info|warning|error|never" },
    strict: { type: "boolean", description: "Treat Agent Skills spec deviations (long description, name ≠ folder, extra keys) as errors" },
    save: { type: "boolean", description: "Also write the report as an artifact under .leogriel/artifacts/audit/" },
    ...commonArgs,
  },
  async run({ args }): Promise<Outcome> {
    const parsed = Args.safeParse(args);
    if (!parsed.success) throw new UsageError(`Cannot parse arguments: ${parsed.error.issues.map((i) => `--${i.path.join(".").replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}: ${i.message}`).join("; ")}`);
    const opts = parsed.data;
    if (opts.json && opts.format && opts.format !== "json") throw new UsageError(`Cannot parse arguments: --json conflicts with --format ${opts.format}`);
    const root = resolve(opts.cwd ?? process.cwd());
    const config = validateDocument(AuditConfig, loadConfigSection("audit", root), "the audit section of the configuration");
    const options = {
      root,
      paths: (args._ as string[] | undefined) ?? [],
      strict: opts.strict ?? config.strict ?? false,
      failOn: opts.failOn ?? config.failOn ?? "error",
    } as const;
    const report = await runAuditParallel(options, { worker: import.meta.url });
    const exitCode = report.passed ? ExitCode.ok : ExitCode.domain;
    if (opts.save) {
      const path = saveArtifact(root, "audit", `audit-${new Date().toISOString().replace(/[:.]/g, "-")}`, report);
      log.info(`Saved the audit artifact to ${path}`);
    }
    if ((opts.format ?? (opts.json ? "json" : "table")) === "sarif") return { exitCode, stdout: `${JSON.stringify(toSarif(report), null, 2)}\n` };
    // `--format json` is `--json` spelled the other way; the runner only looks for `--json`.
    if (opts.format === "json" && !opts.json) return { exitCode, stdout: `${JSON.stringify(makeEnvelope("audit", { ok: true, data: report }), null, 2)}\n` };
    return { exitCode, ok: true, data: report, human: () => process.stderr.write(renderTable(report, { verbose: opts.verbose })) };
  },
});

// This script is also its own scan worker (parallel-audit.ts), so a compiled binary needs no
// second file to run audits on every core.
if (isMainThread) await runCli(main);
else serveScans();
