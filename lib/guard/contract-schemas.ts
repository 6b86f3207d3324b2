import { z } from "zod";
import { CheckConfigSection } from "./check-config.ts";
import { DECISIONS } from "./decision.ts";
import { REASONS, type ReasonCode } from "./reasons.ts";

const Reason = z.enum(Object.keys(REASONS) as [ReasonCode, ...ReasonCode[]]);
const Decision = z.enum(DECISIONS);
const OP_KINDS = ["delete", "overwrite", "move", "write-into", "permission", "git-discard", "git-reset-hard", "git-clean", "git-force-push", "git-history", "disk", "remote-code", "secret", "egress", "data-destroy", "infra-destroy", "noop", "unknown"] as const;

/** `leogriel-check --json` (docs/contracts/check-decision-v1.md). */
export const CheckDecision = z
  .strictObject({
    schema_version: z.literal(1),
    check_id: z.string().regex(/^chk_[0-9a-f]{16}$/),
    decision: Decision,
    reason: Reason,
    reasons: z.array(z.strictObject({ code: Reason, decision: Decision, explanation: z.string() })).min(1),
    explanation: z.string(),
    command: z.literal("<redacted>"),
    dialect: z.enum(["posix", "cmd", "powershell"]).nullable(),
    ops: z
      .array(
        z.strictObject({
          index: z.int().min(0),
          kind: z.enum(OP_KINDS),
          verb: z.string().max(48),
          decision: Decision,
          reason: Reason,
          target_count: z.int().min(0),
        }),
      )
      .max(64),
    compensation: z
      .strictObject({
        kind: z.enum(["relocate", "snapshot", "refs"]),
        workspace: z.string(),
        targets: z.array(z.string()).optional(),
        repo: z.string().optional(),
        target_count: z.int().min(0),
        applied: z.strictObject({ txid: z.string(), covered: z.int().min(0), restore: z.string() }).optional(),
      })
      .optional(),
    allowed_by_config: z.array(Reason).optional(),
  })
  .meta({ id: "check-decision", title: "leogriel-check decision", description: "The one JSON value `leogriel-check --json` writes (seed 001 Decision Protocol)." });

/** The guard's schemas published in schemas/. */
export const contractSchemas: z.ZodType[] = [CheckDecision, CheckConfigSection];
