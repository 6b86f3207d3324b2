import { z } from "zod";

/**
 * The standard limits of capture and verify (seed 003): the request's own limits and the
 * supported repository profile. Every ERROR object and every receipt carries them, so a reader
 * knows the bounds a result was produced under.
 */
export const Limits = z
  .strictObject({
    request_max_bytes: z.number().int().positive(),
    prompt_max_bytes: z.number().int().positive(),
    model_max_chars: z.number().int().positive(),
    observed_max_files: z.number().int().positive(),
    file_max_bytes: z.number().int().positive(),
    snapshot_max_bytes: z.number().int().positive(),
    event_max_bytes: z.number().int().positive(),
    events_max_count: z.number().int().positive(),
    events_max_bytes: z.number().int().positive(),
    receipt_max_bytes: z.number().int().positive(),
    timeout_ms: z.number().int().positive(),
  })
  .meta({ id: "agentproof-limits", title: "agentproof standard limits" });
export type Limits = z.infer<typeof Limits>;

const MiB = 1024 * 1024;

/** Default capture timeout: 30 minutes, longer than any sensible single Codex turn. */
export const DEFAULT_TIMEOUT_MS = 30 * 60 * 1000;

/** The limits this distribution enforces; `timeout_ms` is the capture timeout in force. */
export function standardLimits(timeoutMs = DEFAULT_TIMEOUT_MS): Limits {
  return {
    request_max_bytes: 512 * 1024,
    prompt_max_bytes: 64 * 1024,
    model_max_chars: 128,
    observed_max_files: 50_000,
    file_max_bytes: 128 * MiB,
    snapshot_max_bytes: 1024 * MiB,
    event_max_bytes: 4 * MiB,
    events_max_count: 100_000,
    events_max_bytes: 128 * MiB,
    receipt_max_bytes: 256 * MiB,
    timeout_ms: timeoutMs,
  };
}
