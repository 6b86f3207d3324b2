/**
 * The span guard's reason codes (Decision Protocol, seed 001: additive, never renamed) with
 * their static explanations. Explanations never name a secret or echo the input.
 */
export const SPAN_REASONS = {
  ALLOW_NO_SECRET: "No credential was found in the text.",
  ALLOW_EXEMPTED: "Every credential found is exempted by sha256 in .agent-guard/exfil-allow.toml.",
  SANITIZE_SECRET: "Credentials were found and replaced with [REDACTED:<rule>] markers.",
  ASK_SECRET: "Credentials were found; a person must confirm before the text leaves the machine.",
  BLOCK_SECRET: "Credentials were found; the text must not leave the machine.",
  BLOCK_BINARY_INPUT: "The input is binary (it contains NUL bytes) and cannot be checked for credentials.",
  BLOCK_INVALID_UTF8: "The input is not valid UTF-8 and cannot be checked for credentials.",
} as const;

export type SpanReason = keyof typeof SPAN_REASONS;

/** Decision classes the span guard answers with, in the Decision Protocol's rank order. */
export const SPAN_DECISIONS = ["ALLOW", "SANITIZE", "ASK", "BLOCK"] as const;
export type SpanDecisionClass = (typeof SPAN_DECISIONS)[number];

/** What to do when credentials are found: redact them, ask a person, or refuse. */
export const SPAN_MODES = ["sanitize", "ask", "block"] as const;
export type SpanMode = (typeof SPAN_MODES)[number];

/** Exit codes of `leogriel-check span` (seed 001, check_span). */
export const SPAN_EXIT: Record<SpanDecisionClass, number> = { ALLOW: 0, SANITIZE: 0, ASK: 3, BLOCK: 2 };
