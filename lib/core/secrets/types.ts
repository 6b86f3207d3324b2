/**
 * The shapes of the secret detector. A rule is data plus, where a regex alone would be slow or
 * imprecise, a small check; a finding says where a secret is and what kind, never what it is.
 */

/** One detection rule (a family file under rules/ exports a few of these). */
export interface SecretRule {
  /** Stable id, reused as the `[REDACTED:<id>]` label; ids follow gitleaks' names where one exists. */
  id: string;
  description: string;
  /**
   * Lower-case literals; the rule runs only on the lines around a place where one occurs. Keep
   * them specific: every keyword costs a little on every byte the project prints.
   */
  keywords: readonly string[];
  /**
   * A case-insensitive regex source that also triggers the rule, for shapes whose only literal
   * would be too common to be a keyword (Twilio's `SK` + 32 hex digits).
   */
  trigger?: string;
  /**
   * Global regex run on the window around a keyword hit. The secret is the named group `secret`,
   * else the first non-empty group, else the whole match.
   */
  pattern: RegExp;
  /** The secret is skipped when its Shannon entropy (bits per char) is at or below this. */
  entropy?: number;
  /**
   * Set when every match begins at the start of the word (a run of letters, digits, `_`, `.`, `-`)
   * that holds the keyword, at most this many characters before it: the pattern is then tried at
   * that one place per hit instead of at every position of the line. Long lines full of common
   * keywords (`key`, `token` in code) stay cheap this way.
   */
  wordPrefix?: number;
  /**
   * A test of a few character reads at a keyword hit (`at`, where the keyword starts), before
   * the window is cut and the pattern tried: false when no match can hold that keyword (the
   * generic rule: no assignment follows the name). It must never reject a place the pattern
   * would match.
   */
  mayMatchAt?: (text: string, at: number) => boolean;
  /** Lines after the keyword's line that a match may reach (multi-line shapes). */
  extraLines?: number;
  /**
   * Lines before the keyword's line where a match may start (a shape whose keyword comes last: a
   * HAR header given value first). Only for a rule without `wordPrefix`.
   */
  linesBefore?: number;
  /**
   * Where the window of a keyword hit at `at` ends, instead of `extraLines`: for a multi-line
   * shape whose end a search finds (a pretty-printed HAR cookies list's `]`), so a window is the
   * shape and no more. At most 64 KiB past `at`.
   */
  windowEnd?: (text: string, at: number) => number;
  /** Rule-specific allowlist: true when this match is known not to be a secret. */
  allow?: (secret: string, match: string) => boolean;
  /** Skip the shared placeholder and template allowlist (for rules whose shape excludes them). */
  ownAllowlistOnly?: boolean;
  /** How sure a match is, 0..1 (a provider prefix with a checked length is near 1). */
  confidence: number;
}

/** Where one secret is; offsets are UTF-16 code units (JS string indices) into the scanned text. */
export interface SecretFinding {
  ruleId: string;
  /** Start of the redaction span (inclusive). */
  start: number;
  /** End of the redaction span (exclusive). */
  end: number;
  /** 1-based line and column of `start`. */
  line: number;
  column: number;
  /** HMAC-SHA256 of the secret under the detector's key, lowercase hex: correlates, never reveals. */
  hash: string;
  confidence: number;
  /**
   * Set when the secret was found inside a base64, URL-encoded, hex or base32 run (hex: also a
   * dump of `xxd`, `hexdump` or `od`); the span is the whole run. The span guard's contract
   * enumerates `base64` and `url` only and leaves `hex` and `base32` out of its report
   * (lib/guard/span/report.ts).
   */
  encoding?: "base64" | "url" | "hex" | "base32";
  /** Set when the exemption list names this secret's sha256; callers do not redact it. */
  exempted?: true;
}

export interface DetectOptions {
  /** Key for the finding hash (default: a random per-process key, so hashes do not persist). */
  hashKey?: Uint8Array;
  /** Lowercase hex sha256 digests of secret values the user has exempted. */
  exemptSha256?: ReadonlySet<string>;
  /** Rules to use (default: every built-in rule). */
  rules?: readonly SecretRule[];
  /** How many times decoded text is decoded and scanned again (default 2, 0 disables decoding). */
  maxDecodeDepth?: number;
}
