import type { z } from "zod";
import { SkillFrontmatter } from "../frontmatter-schema.ts";
import { AuditConfig } from "./audit-config.ts";
import { Finding } from "./finding.ts";
import { AuditReport } from "./report.ts";

/** The audit's published schemas (schemas/*.schema.json), each with a `.meta({ id })`. */
export const contractSchemas: z.ZodType[] = [SkillFrontmatter, Finding, AuditReport, AuditConfig];
