import type { z } from "zod";
import { TestReport } from "./report-schema.ts";
import { TestFile } from "./test-file-schema.ts";

/** The leogriel-test schemas published in schemas/ (each carries a `.meta({ id })`). */
export const contractSchemas: z.ZodType[] = [TestFile, TestReport];
