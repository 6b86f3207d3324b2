#!/usr/bin/env bun
import { defineCommand } from "citty";
import { z } from "zod";
import { cwdArg } from "../lib/core/args.ts";
import { runCli, type Outcome, type RunOptions } from "../lib/core/cli.ts";
import { UsageError } from "../lib/core/errors.ts";
import { log } from "../lib/core/logger.ts";
import { VERSION } from "../lib/core/version.ts";
import { captureSession } from "../lib/proof/capture-session.ts";
import { asSeedFailure, writeErrorResult } from "../lib/proof/error-result.ts";
import { standardLimits } from "../lib/proof/limits.ts";
import { RESULT_NOTICE, type CaptureResult } from "../lib/proof/results.ts";

const Args = z.object({
  request: z.string().min(1),
  timeout: z.coerce.number().int().min(1).max(86_400).optional(),
  cwd: z.string().min(1).optional(),
});

// The limits in force, reported by the result and by any ERROR object.
let limits = standardLimits();

export const captureCommand = defineCommand({
  meta: { name: "capture", version: VERSION, description: "Run Codex under an agentproof request and write a signed session receipt" },
  args: {
    request: { type: "string", required: true, description: "The capture request file (.agentproof/request.json)", valueHint: "file" },
    timeout: { type: "string", description: "Stop Codex after this many seconds (default 1800)", valueHint: "seconds" },
    ...cwdArg,
  },
  async run({ args }): Promise<Outcome> {
    const parsed = Args.safeParse(args);
    if (!parsed.success) throw new UsageError(`Cannot parse arguments: ${z.prettifyError(parsed.error)}`);
    if (parsed.data.timeout) limits = standardLimits(parsed.data.timeout * 1000);
    try {
      const report = await captureSession({ requestPath: parsed.data.request, cwd: parsed.data.cwd ?? process.cwd(), limits, env: process.env });
      const result: CaptureResult = { result: "CAPTURED", action: "capture", ...report, receipt: ".agentproof/agent-session.json", limits, notice: RESULT_NOTICE };
      log.success(`Captured ${result.receipt}: ${result.changed_paths} changed paths, ${result.events.count} events, signed by ${result.signer.keyid.slice(0, 16)}`);
      return { exitCode: 0, stdout: `${JSON.stringify(result)}\n` };
    } catch (err) {
      throw asSeedFailure(err);
    }
  },
});

/** Seed 003 failure rendering: one ERROR object on stderr, exit 1 (usage errors exit 2). */
export const captureRunOptions: RunOptions = { onError: writeErrorResult("capture", () => limits), internalExitCode: 1, usageOnError: false };

if (import.meta.main) await runCli(captureCommand, captureRunOptions);
