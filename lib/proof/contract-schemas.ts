import type { z } from "zod";
import { Limits } from "./limits.ts";
import { CaptureRequest, VerifyRequest } from "./request.ts";
import { CaptureResult, ErrorResult, VerifyResult } from "./results.ts";
import { SessionPredicate } from "./session-predicate.ts";

/** The capture/verify schemas published in schemas/ (each carries a `.meta({ id })`). */
export const contractSchemas: z.ZodType[] = [CaptureRequest, VerifyRequest, Limits, SessionPredicate, CaptureResult, VerifyResult, ErrorResult];
