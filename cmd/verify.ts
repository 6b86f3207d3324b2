#!/usr/bin/env bun
import { defineCommand } from "citty";
import { z } from "zod";
import { commonArgs } from "../lib/core/args.ts";
import { runCli, type Outcome } from "../lib/core/cli.ts";
import { UsageError } from "../lib/core/errors.ts";
import { loadTrustedKeys } from "../lib/core/keys.ts";
import { log } from "../lib/core/logger.ts";
import { verifyReleaseReceipt } from "../lib/core/release-receipt.ts";
import { VERSION } from "../lib/core/version.ts";

const Args = z.object({
  release: z.string().min(1).optional(),
  receipt: z.string().min(1).optional(),
  trustedKeys: z.string().min(1).optional(),
});

const main = defineCommand({
  meta: { name: "verify", version: VERSION, description: "Verify a Leogriel session receipt or a release binary's receipt" },
  args: {
    ...commonArgs,
    release: { type: "string", description: "Release binary to verify against <binary>.receipt.json", valueHint: "binary" },
    receipt: { type: "string", description: "Receipt file (default: <binary>.receipt.json beside the binary)", valueHint: "file" },
    "trusted-keys": { type: "string", description: "Trusted-keys file; the signer must be listed in it", valueHint: "file" },
  },
  async run({ args }): Promise<Outcome> {
    const parsed = Args.parse(args);
    if (!parsed.release) throw new UsageError("Cannot verify: give --release <binary>");
    const trusted = parsed.trustedKeys ? loadTrustedKeys(parsed.trustedKeys) : undefined;
    const result = await verifyReleaseReceipt(parsed.release, parsed.receipt ?? `${parsed.release}.receipt.json`, trusted);
    const pass = result.valid && result.trusted !== false;
    return {
      exitCode: pass ? 0 : 1,
      data: result,
      human() {
        const verdict = pass ? "VALID" : "INVALID";
        log.log(`${verdict} ${parsed.release} (${result.target}, sha256 ${result.sha256})`);
        log.log(`signature ${result.signatureValid ? "valid" : "INVALID"} by key ${result.keyid}${result.trusted === undefined ? "" : result.trusted ? " (trusted)" : " (NOT in trusted keys)"}`);
        if (!result.digestMatches) log.log("the binary's sha256 differs from the receipt");
        if (!result.sizeMatches) log.log("the binary's size differs from the receipt");
        if (!result.nameMatches) log.log("the binary's name differs from the receipt");
      },
    };
  },
});

await runCli(main);
