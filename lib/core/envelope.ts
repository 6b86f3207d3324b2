import { z } from "zod";

/** One warning or error in an envelope: a stable code and a human sentence. */
export const EnvelopeMessage = z.strictObject({
  code: z.string().min(1),
  message: z.string(),
  path: z.string().optional(),
});
export type EnvelopeMessage = z.infer<typeof EnvelopeMessage>;

/** The Leogriel CLI JSON envelope (seed 000): exactly one per `--json` run, on stdout. */
export const Envelope = z
  .strictObject({
    schemaVersion: z.literal(1),
    ok: z.boolean(),
    command: z.string().min(1),
    data: z.unknown(),
    warnings: z.array(EnvelopeMessage),
    errors: z.array(EnvelopeMessage),
  })
  .meta({ id: "cli-envelope", title: "Leogriel CLI JSON envelope", description: "Seed 000: the one JSON value a --json command writes to stdout." });
export type Envelope = z.infer<typeof Envelope>;

export { makeEnvelope, writeJson } from "./envelope-json.ts";
