import { z } from "zod";
import { RECEIPT_RELATIVE_PATH } from "./control-paths.ts";
import { Limits } from "./limits.ts";
import { RepositoryMatch } from "./repository-match.ts";
import { ChildSummary } from "./session-predicate.ts";

/**
 * The JSON objects capture and verify print (docs/contracts/agentproof-result-v1.md): a result
 * on stdout when the action completed, or one ERROR object on stderr when it did not.
 */

/** Printed with every result so a reader cannot mistake MATCH for an approval (seed 003). */
export const RESULT_NOTICE =
  "receipt_valid and MATCH do not establish completeness, truth, quality, safety, compliance or authorization; there is no independent signer or public timestamp";

const Hex64 = z.string().regex(/^[0-9a-f]{64}$/);

/** Something a reader should know about a result that is not a failed check. */
export const ResultWarning = z.strictObject({ code: z.string().min(1), message: z.string() });
export type ResultWarning = z.infer<typeof ResultWarning>;

/** Verify had no trusted-keys file: a valid signature says nothing about who signed. */
export const SIGNER_NOT_CHECKED: ResultWarning = {
  code: "signer_not_checked",
  message: "No trusted-keys file was given or found, so the receipt proves integrity against the key it names, not who signed it",
};

export const CaptureResult = z
  .strictObject({
    result: z.literal("CAPTURED"),
    action: z.literal("capture"),
    receipt: z.literal(RECEIPT_RELATIVE_PATH),
    receipt_sha256: Hex64,
    changed_paths: z.number().int().nonnegative(),
    subjects: z.number().int().nonnegative(),
    events: z.strictObject({ count: z.number().int().nonnegative(), head: Hex64 }),
    child: ChildSummary,
    signer: z.strictObject({ keyid: Hex64 }),
    limits: Limits,
    notice: z.literal(RESULT_NOTICE),
  })
  .meta({ id: "agentproof-capture-result", title: "leogriel-capture result (stdout)" });
export type CaptureResult = z.infer<typeof CaptureResult>;

export const VerifyResult = z
  .strictObject({
    result: z.literal("CHECKED"),
    action: z.literal("verify"),
    receipt: z.literal(RECEIPT_RELATIVE_PATH),
    receipt_valid: z.boolean(),
    checks: z.strictObject({
      canonical: z.boolean(),
      envelope: z.boolean(),
      statement: z.boolean(),
      signature: z.boolean(),
      event_chain: z.boolean(),
    }),
    problems: z.array(z.string()),
    signature: z.strictObject({ keyid: Hex64.nullable(), valid: z.boolean(), trusted: z.boolean().optional() }),
    repository: RepositoryMatch.nullable(),
    /** Additive: present only when there is something to say (`signer_not_checked`). */
    warnings: z.array(ResultWarning).optional(),
    limits: Limits,
    notice: z.literal(RESULT_NOTICE),
  })
  .meta({ id: "agentproof-verify-result", title: "leogriel-verify session result (stdout)" });
export type VerifyResult = z.infer<typeof VerifyResult>;

export const ErrorResult = z
  .strictObject({
    result: z.literal("ERROR"),
    action: z.enum(["capture", "verify"]),
    /** The typed error code. */
    error: z.string().min(1),
    message: z.string(),
    details: z.record(z.string(), z.unknown()).optional(),
    /** Only for unexpected_runtime_error: the exception's type name and a commitment to its traceback. */
    exception_type: z.string().optional(),
    traceback_sha256: Hex64.optional(),
    limits: Limits,
  })
  .meta({ id: "agentproof-error", title: "agentproof ERROR object (stderr)" });
export type ErrorResult = z.infer<typeof ErrorResult>;
