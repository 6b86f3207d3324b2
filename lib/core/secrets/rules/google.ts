import type { SecretRule } from "../types.ts";
import { tokenPattern } from "./shape.ts";

/** Google API keys (Maps, Firebase, Cloud): `AIza` and 35 URL-safe base64 characters. */
export const googleRules: SecretRule[] = [
  {
    id: "gcp-api-key",
    description: "Google API key",
    keywords: ["aiza"],
    pattern: tokenPattern(String.raw`AIza[\w-]{35}`),
    entropy: 4,
    confidence: 0.95,
  },
];
