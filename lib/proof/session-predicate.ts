import { z } from "zod";
import { Change } from "./changes.ts";
import { EventLog } from "./event-chain.ts";
import { Limits } from "./limits.ts";
import { CaptureRequest } from "./request.ts";

/** The in-toto predicate type of a session receipt (docs/contracts/session-receipt-v1.md). */
export const SESSION_PREDICATE_TYPE = "https://leogriel.dev/agent-session/v1";
/** The repository profile a receipt was captured under. */
export const REPOSITORY_PROFILE = "leogriel-repository-profile-v1";

const Hex64 = z.string().regex(/^[0-9a-f]{64}$/);
const GitOid = z.string().regex(/^[0-9a-f]{40}(?:[0-9a-f]{24})?$/);

const StreamSummary = z.strictObject({
  sha256: Hex64,
  bytes: z.number().int().nonnegative(),
  lines: z.number().int().nonnegative(),
});

/** The Codex child as receipts and capture results record it: raw stderr only by commitment. */
export const ChildSummary = z.strictObject({
  program: z.literal("codex"),
  exit_code: z.number().int().nullable(),
  signal: z.string().nullable(),
  timed_out: z.boolean(),
  duration_ms: z.number().int().nonnegative(),
  stdout: StreamSummary,
  stderr: StreamSummary,
});

const Observed = z.strictObject({ paths: z.number().int().nonnegative(), bytes: z.number().int().nonnegative() });

/** What a session receipt asserts about one Codex run. Strict: verify accepts only this shape. */
export const SessionPredicate = z
  .strictObject({
    schema_version: z.literal(1),
    generator: z.strictObject({ name: z.literal("leogriel-capture"), version: z.string().min(1) }),
    /** Commitments to the request; the prompt itself is never recorded. */
    request: z.strictObject({
      action: z.literal("capture"),
      model: CaptureRequest.shape.model,
      sandbox: CaptureRequest.shape.sandbox,
      prompt_sha256: Hex64,
      prompt_bytes: z.number().int().positive(),
    }),
    repository: z.strictObject({
      repository_id: z.string().regex(/^sha256:[0-9a-f]{64}$/),
      repository_id_source: z.enum(["remote.origin.url", "path"]),
      head_before: GitOid.nullable(),
      head_after: GitOid.nullable(),
      profile: z.literal(REPOSITORY_PROFILE),
      observed_before: Observed,
      observed_after: Observed,
      unobserved_before: z.array(z.string()),
      unobserved_after: z.array(z.string()),
    }),
    /** Every observed path whose state changed; the subjects are the ones present afterwards. */
    changes: z.array(Change),
    child: ChildSummary,
    events: EventLog,
    limits: Limits,
    timing: z.strictObject({ started_at: z.iso.datetime(), finished_at: z.iso.datetime() }),
    signer: z.strictObject({ keyid: Hex64, public_key: Hex64 }),
  })
  .meta({ id: "agentproof-session-predicate", title: "agentproof session receipt predicate" });
export type SessionPredicate = z.infer<typeof SessionPredicate>;
