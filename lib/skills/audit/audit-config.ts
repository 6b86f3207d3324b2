import { z } from "zod";
import { Severity } from "./finding.ts";

/** `--fail-on`: the least severe finding that fails the audit; `never` only reports. */
export const FailOn = z.enum([...Severity.options, "never"]);
export type FailOn = z.infer<typeof FailOn>;

/** The `audit` section of `.leogriel/config.json` (additive, every key optional). */
export const AuditConfig = z
  .strictObject({
    failOn: FailOn.optional(),
    strict: z.boolean().optional(),
  })
  .meta({ id: "audit-config", title: "leogriel-audit configuration section" });
export type AuditConfig = z.infer<typeof AuditConfig>;
