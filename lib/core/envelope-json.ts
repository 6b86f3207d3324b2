import type { Envelope, EnvelopeMessage } from "./envelope.ts";
import { redactValue } from "./redact.ts";

// Writing envelopes needs no schema: this half of envelope.ts stays free of zod so that the CLI
// runner, on every command's path, does not load it.

/** Builds a redacted envelope. `command` is the citty command path, never argv. */
export function makeEnvelope(
  command: string,
  parts: { ok: boolean; data?: unknown; warnings?: EnvelopeMessage[]; errors?: EnvelopeMessage[] },
): Envelope {
  return redactValue({
    schemaVersion: 1,
    ok: parts.ok,
    command,
    data: parts.data ?? {},
    warnings: parts.warnings ?? [],
    errors: parts.errors ?? [],
  });
}

/** Writes one JSON value on stdout, redacted, with a trailing newline. */
export function writeJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(redactValue(value), null, 2)}\n`);
}
