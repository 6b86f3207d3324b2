import { z } from "zod";

/** The DSSE payload type of an in-toto Statement. */
export const IN_TOTO_PAYLOAD_TYPE = "application/vnd.in-toto+json";
/** The in-toto Statement v1 type URI. */
export const IN_TOTO_STATEMENT_TYPE = "https://in-toto.io/Statement/v1";

/** One subject: a name and its digests (lowercase hex). */
export const Subject = z.strictObject({
  name: z.string().min(1),
  digest: z.record(z.string(), z.string().regex(/^[0-9a-f]+$/)),
});
export type Subject = z.infer<typeof Subject>;

/** An in-toto Statement v1; the predicate's shape belongs to its predicateType. */
export const Statement = z
  .strictObject({
    _type: z.literal(IN_TOTO_STATEMENT_TYPE),
    subject: z.array(Subject),
    predicateType: z.string().min(1),
    predicate: z.record(z.string(), z.unknown()),
  })
  .meta({ id: "in-toto-statement", title: "in-toto Statement v1" });
export type Statement = z.infer<typeof Statement>;

/** Builds a Statement. */
export function statement(subject: Subject[], predicateType: string, predicate: Record<string, unknown>): Statement {
  return { _type: IN_TOTO_STATEMENT_TYPE, subject, predicateType, predicate };
}
