import type { z } from "zod";
import { AuditRecord } from "./audit-record.ts";
import { JournalRecord } from "./journal-records.ts";
import { TrashIndex } from "./trash-index.ts";

/** The recovery formats published in schemas/ (each carries a `.meta({ id })`). */
export const contractSchemas: z.ZodType[] = [JournalRecord, AuditRecord, TrashIndex];
