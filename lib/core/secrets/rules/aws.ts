import type { SecretRule } from "../types.ts";
import { tokenPattern } from "./shape.ts";

/** AWS access key ids (the public half, still a credential) and secret access keys. */
export const awsRules: SecretRule[] = [
  {
    id: "aws-access-token",
    description: "AWS access key id",
    keywords: ["akia", "asia", "abia", "acca", "a3t"],
    // The 16 characters after the prefix are base32 (A-Z, 2-7).
    pattern: tokenPattern("(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16}"),
    entropy: 3,
    confidence: 0.95,
  },
  {
    id: "aws-secret-access-key",
    description: "AWS secret access key assigned to its usual name",
    keywords: ["secret_access_key", "secretaccesskey", "secret-access-key"],
    pattern: /(?:aws)?[_-]?secret[_-]?access[_-]?key["'\x60]?[ \t]*(?:=|:|=>)[ \t]*["'\x60]?([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+])/gi,
    entropy: 3.5,
    confidence: 0.9,
  },
];
