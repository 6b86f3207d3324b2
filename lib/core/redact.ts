import { secretRedactor } from "./secrets/redactor.ts";

/**
 * The one place every output passes through before it leaves the process: human lines, JSON
 * documents, logs and artifacts. The default is the full secret detector (lib/core/secrets/);
 * the basic shapes below stay as a dependency-free fallback and the benchmark's baseline.
 */

/** What a redactor returns: the safe text and how many secrets of each type it removed. */
export interface Redaction {
  text: string;
  counts: Record<string, number>;
}

export type Redactor = (text: string) => Redaction;

const BASIC_RULES: ReadonlyArray<readonly [string, RegExp]> = [
  ["private-key", /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)/g],
  ["aws-access-key-id", /\b(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}\b/g],
  ["github-token", /\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})\b/g],
  ["gitlab-token", /\bglpat-[A-Za-z0-9_-]{20,}\b/g],
  ["slack-token", /\bxox[abposr]-[A-Za-z0-9-]{10,}\b/g],
  ["anthropic-api-key", /\bsk-ant-[A-Za-z0-9_-]{20,}\b/g],
  ["openai-api-key", /\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}\b/g],
  ["stripe-key", /\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}\b/g],
  ["google-api-key", /\bAIza[A-Za-z0-9_-]{35}\b/g],
  ["npm-token", /\bnpm_[A-Za-z0-9]{36}\b/g],
  ["jwt", /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\b/g],
  ["url-credentials", /(?<=[a-z][a-z0-9+.-]*:\/\/[^\s/:@]{1,128}:)[^\s@/]{1,256}(?=@)/gi],
];

/** Redacts the well-known credential shapes, replacing each with `[REDACTED:<type>]`. */
export const basicRedactor: Redactor = (text) => {
  const counts: Record<string, number> = {};
  let out = text;
  for (const [type, pattern] of BASIC_RULES) {
    out = out.replace(pattern, () => {
      counts[type] = (counts[type] ?? 0) + 1;
      return `[REDACTED:${type}]`;
    });
  }
  return { text: out, counts };
};

let active: Redactor = secretRedactor;

/** Installs the redactor every output uses (default: the full secret detector). */
export function setRedactor(redactor: Redactor): void {
  active = redactor;
}

/** Redacts one string. */
export function redactText(text: string): string {
  return active(text).text;
}

/** Redacts one string and reports the counts per type (artifact redaction metadata). */
export function redactWithCounts(text: string): Redaction {
  return active(text);
}

/** A deep copy of `value` with every string (keys included) redacted. */
export function redactValue<T>(value: T, counts?: Record<string, number>): T {
  return _walk(value, counts) as T;
}

function _walk(value: unknown, counts: Record<string, number> | undefined): unknown {
  if (typeof value === "string") {
    const r = active(value);
    if (counts) for (const [k, n] of Object.entries(r.counts)) counts[k] = (counts[k] ?? 0) + n;
    return r.text;
  }
  if (Array.isArray(value)) return value.map((v) => _walk(v, counts));
  if (value !== null && typeof value === "object" && !(value instanceof Uint8Array)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[_walk(k, counts) as string] = _walk(v, counts);
    return out;
  }
  return value;
}
