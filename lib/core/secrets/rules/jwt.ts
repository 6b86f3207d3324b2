import type { SecretRule } from "../types.ts";

/**
 * JSON Web Tokens: base64url header and payload (both JSON objects, so both start `ey`) and an
 * optional signature. The keyword is `.ey`, the payload's start, which is far rarer in text than
 * `ey` alone.
 */
export const jwtRules: SecretRule[] = [
  {
    id: "jwt",
    description: "JSON Web Token",
    keywords: [".ey"],
    pattern: /(?<![A-Za-z0-9_-])(ey[a-zA-Z0-9_-]{17,}\.ey[a-zA-Z0-9_\\/-]{17,}\.(?:[a-zA-Z0-9_\\/-]{10,}={0,2})?)(?![A-Za-z0-9_-])/g,
    entropy: 3,
    confidence: 0.9,
  },
];
