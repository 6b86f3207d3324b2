import { isPlaceholder } from "../placeholders.ts";
import type { SecretRule } from "../types.ts";

/** Passwords that are documentation, not credentials. */
const WEAK = /^(?:pass(?:word)?|passwd|pwd|secret|changeme|changeit|test|user(?:name)?|token|x+|\*+)$/i;

/** Credentials in URLs (`scheme://user:password@host`) and `Password=` in connection strings. */
export const urlCredentialRules: SecretRule[] = [
  {
    id: "url-credentials",
    description: "Password in a URL's user information",
    keywords: ["://"],
    // The scheme is a lookbehind so the search only stops at a colon, not at every word. The user
    // may be empty: `redis://:password@host` is Redis's own form.
    pattern: /(?<=\b[a-z][a-z0-9+.-]{1,30}):\/\/[^\s/:@'"`<>]{0,128}:([^\s/@'"`<>]{1,256})@[^\s@]/gi,
    allow: (secret) => WEAK.test(secret) || secret.startsWith("$") || isPlaceholder(secret),
    confidence: 0.85,
  },
  {
    id: "connection-string-password",
    description: "Password in a key=value connection string",
    keywords: ["password=", "pwd="],
    pattern: /(?:^|[;"'\s])(?:password|pwd)=([^;'"\s()]{4,128})(?=;|'|"|\s|$)/gi,
    entropy: 2.5,
    // A bare word is a variable or a prompt, not a password.
    allow: (secret) => WEAK.test(secret) || /^[$%]|^[A-Za-z_]+$/.test(secret),
    confidence: 0.7,
  },
];
