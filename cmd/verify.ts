#!/usr/bin/env bun
import { defineCommand } from "citty";
import { z } from "zod";
import { commonArgs } from "../lib/core/args.ts";
import { runCli, type Outcome, type RunOptions } from "../lib/core/cli.ts";
import { UsageError } from "../lib/core/errors.ts";
import { loadTrustedKeys, resolveTrustedKeysPath } from "../lib/core/keys.ts";
import { log } from "../lib/core/logger.ts";
import { verifyReleaseReceipt } from "../lib/core/release-receipt.ts";
import { VERSION } from "../lib/core/version.ts";
import { asSeedFailure, writeErrorResult } from "../lib/proof/error-result.ts";
import { standardLimits } from "../lib/proof/limits.ts";
import { RESULT_NOTICE, SIGNER_NOT_CHECKED, type VerifyResult } from "../lib/proof/results.ts";
import { verifySession } from "../lib/proof/verify-session.ts";

const Args = z.object({
  request: z.string().min(1).optional(),
  release: z.string().min(1).optional(),
  receipt: z.string().min(1).optional(),
  trustedKeys: z.string().min(1).optional(),
  cwd: z.string().min(1).optional(),
  verbose: z.boolean().optional(),
});
type Args = z.infer<typeof Args>;

export const verifyCommand = defineCommand({
  meta: { name: "verify", version: VERSION, description: "Verify a Leogriel session receipt or a release binary's receipt" },
  args: {
    ...commonArgs,
    request: { type: "string", description: "Verify request file (.agentproof/request.json): check .agentproof/agent-session.json", valueHint: "file" },
    release: { type: "string", description: "Release binary to verify against <binary>.receipt.json", valueHint: "binary" },
    receipt: { type: "string", description: "Release receipt file (default: <binary>.receipt.json beside the binary)", valueHint: "file" },
    "trusted-keys": { type: "string", description: "Trusted-keys file; the signer must be listed in it (default: ~/.config/leogriel/trusted-keys.json when present)", valueHint: "file" },
  },
  async run({ args }): Promise<Outcome> {
    const parsed = Args.parse(args);
    if (parsed.request && parsed.release) throw new UsageError("Cannot verify: give either --request or --release, not both");
    if (parsed.request) return await _session(parsed);
    if (!parsed.release) throw new UsageError("Cannot verify: give --request <file> or --release <binary>");
    return await _release(parsed.release, parsed);
  },
});

async function _session(args: Args): Promise<Outcome> {
  if (args.receipt) throw new UsageError("Cannot verify: --receipt is for --release; a session receipt has the fixed path .agentproof/agent-session.json");
  if (args.verbose) throw new UsageError("Cannot verify: --verbose is not available with --request (tracebacks are never printed)");
  try {
    const limits = standardLimits();
    const trustedKeysPath = resolveTrustedKeysPath(args.trustedKeys);
    const report = await verifySession({ requestPath: args.request!, cwd: args.cwd ?? process.cwd(), trustedKeysPath, limits });
    const warnings = trustedKeysPath ? {} : { warnings: [SIGNER_NOT_CHECKED] };
    const result: VerifyResult = { result: "CHECKED", action: "verify", ...report, receipt: ".agentproof/agent-session.json", ...warnings, limits, notice: RESULT_NOTICE };
    const pass = result.receipt_valid && result.repository?.result === "MATCH" && result.signature.trusted !== false;
    _sessionSummary(result);
    return { exitCode: pass ? 0 : 1, stdout: `${JSON.stringify(result)}\n` };
  } catch (err) {
    throw asSeedFailure(err);
  }
}

function _sessionSummary(result: VerifyResult): void {
  const trust = result.signature.trusted === undefined ? " (signer not checked)" : result.signature.trusted ? " (trusted)" : " (NOT in trusted keys)";
  log.log(`receipt_valid: ${result.receipt_valid}; signature ${result.signature.valid ? "valid" : "INVALID"}${result.signature.keyid ? ` by key ${result.signature.keyid}` : ""}${trust}`);
  for (const problem of result.problems) log.log(`  ${problem}`);
  for (const warning of result.warnings ?? []) log.warn(warning.message);
  const repo = result.repository;
  if (!repo) return log.log("repository: not compared (the receipt is not valid)");
  log.log(`repository: ${repo.result} (${repo.checked_paths} changed paths checked${repo.repository_id_matches ? "" : "; repository_id differs"})`);
  for (const d of repo.differences) log.log(`  differs: ${JSON.stringify(d.path)}`);
}

async function _release(binary: string, args: Args): Promise<Outcome> {
  const trustedPath = resolveTrustedKeysPath(args.trustedKeys);
  const trusted = trustedPath ? loadTrustedKeys(trustedPath) : undefined;
  const result = await verifyReleaseReceipt(binary, args.receipt ?? `${binary}.receipt.json`, trusted);
  const pass = result.valid && result.trusted !== false;
  const warnings = trusted ? [] : [SIGNER_NOT_CHECKED];
  return {
    exitCode: pass ? 0 : 1,
    data: result,
    warnings,
    human() {
      const verdict = pass ? "VALID" : "INVALID";
      log.log(`${verdict} ${binary} (${result.target}, sha256 ${result.sha256})`);
      log.log(`signature ${result.signatureValid ? "valid" : "INVALID"} by key ${result.keyid}${result.trusted === undefined ? "" : result.trusted ? " (trusted)" : " (NOT in trusted keys)"}`);
      if (!result.digestMatches) log.log("the binary's sha256 differs from the receipt");
      if (!result.sizeMatches) log.log("the binary's size differs from the receipt");
      if (!result.nameMatches) log.log("the binary's name differs from the receipt");
      if (!trusted) log.warn(SIGNER_NOT_CHECKED.message);
    },
  };
}

/**
 * Session mode (`--request`) keeps seed 003's failure rendering: one ERROR object on stderr,
 * exit 1. Release mode keeps the envelope tools' rendering.
 */
export function verifyRunOptions(rawArgs: string[]): RunOptions {
  const session = rawArgs.some((a) => a === "--request" || a.startsWith("--request="));
  if (!session) return { rawArgs };
  return { rawArgs, onError: writeErrorResult("verify", () => standardLimits()), internalExitCode: 1, usageOnError: false };
}

if (import.meta.main) await runCli(verifyCommand, verifyRunOptions(process.argv.slice(2)));
