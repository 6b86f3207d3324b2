import type { z } from "zod";
import { ArtifactEnvelope } from "./artifact.ts";
import { Config } from "./config.ts";
import { DsseEnvelope } from "./dsse.ts";
import { Envelope } from "./envelope.ts";
import { Statement } from "./in-toto.ts";
import { SigningKeyFile, TrustedKeysFile } from "./keys.ts";
import { ReleasePredicate } from "./release-receipt.ts";

/** The lib/core schemas published in schemas/ (each carries a `.meta({ id })`). */
export const contractSchemas: z.ZodType[] = [
  Envelope,
  Config,
  ArtifactEnvelope,
  SigningKeyFile,
  TrustedKeysFile,
  Statement,
  DsseEnvelope,
  ReleasePredicate,
];
