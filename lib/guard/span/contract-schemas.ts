import { z } from "zod";
import { SPAN_DECISIONS, SPAN_MODES, SPAN_REASONS } from "./reasons.ts";

const Count = z.int().min(0);

/** `leogriel-check span --json` (docs/contracts/check-span-v1.md). */
export const SpanResult = z
  .strictObject({
    schema_version: z.literal(1),
    decision: z.enum(SPAN_DECISIONS),
    reason: z.enum(Object.keys(SPAN_REASONS) as [keyof typeof SPAN_REASONS]),
    reasons: z.array(z.strictObject({ code: z.string(), explanation: z.string() })),
    explanation: z.string(),
    mode: z.enum(SPAN_MODES),
    findings: z.array(
      z.strictObject({
        rule: z.string(),
        line: z.int().min(1),
        column: z.int().min(1),
        start: Count,
        end: Count,
        hash: z.string().regex(/^[0-9a-f]{64}$/),
        confidence: z.number().min(0).max(1),
        encoding: z.enum(["base64", "url"]).optional(),
      }),
    ),
    findings_total: Count,
    redactions: z.strictObject({ total: Count, types: z.record(z.string(), Count) }),
    exemption: z.strictObject({
      file: z.string().nullable(),
      exempted: Count,
      diagnostics: z.array(z.strictObject({ code: z.string(), line: z.int().min(1).optional(), message: z.string() })),
    }),
    text: z.string().optional(),
  })
  .meta({ id: "check-span-result", title: "leogriel-check span result" });
export type SpanResult = z.infer<typeof SpanResult>;

/** The span guard's published schemas. */
export const contractSchemas: z.ZodType[] = [SpanResult];
