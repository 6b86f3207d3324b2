import { encodedRuns } from "./decode.ts";
import { findingHash, valueSha256 } from "./finding-hash.ts";
import { RULES } from "./rules/index.ts";
import type { EncodingMarks } from "./prefilter.ts";
import { prefilterOf, type RawMatch, scanPlain } from "./scan.ts";
import type { DetectOptions, SecretFinding, SecretRule } from "./types.ts";

export type { DetectOptions, SecretFinding, SecretRule } from "./types.ts";

/**
 * Finds the secrets in `text`: provider tokens, private keys, credentials in URLs and headers,
 * high-entropy values assigned to secret-like names, also inside base64 and percent-encoding.
 * Each finding says where and what kind, with a keyed hash; the value itself never leaves here.
 * Overlapping matches merge into one finding that covers them all.
 */
export function detectSecrets(text: string, options: DetectOptions = {}): SecretFinding[] {
  const matches = _scan(text, options.rules ?? RULES, options.maxDecodeDepth ?? 2);
  if (matches.length === 0) return []; // the common case: a clean line of tool output
  const exempt = options.exemptSha256;
  const kept: RawMatch[] = [];
  const exempted: RawMatch[] = [];
  for (const m of matches) (exempt?.has(valueSha256(m.secret)) ? exempted : kept).push(m);
  const findings = _merge(kept).map((m) => _finding(m, options.hashKey));
  for (const m of exempted) {
    if (!findings.some((f) => f.start < m.end && m.start < f.end)) findings.push({ ..._finding(m, options.hashKey), exempted: true });
  }
  findings.sort((a, b) => a.start - b.start);
  locateFindings(text, findings);
  return findings;
}

/** The rules whose keyword or trigger occurs in `text` (a short one: a property name read before its value). */
export function keywordRules(text: string, rules: readonly SecretRule[] = RULES): Set<SecretRule> {
  const found = new Set<SecretRule>();
  prefilterOf(rules).forEach(text, (rule) => found.add(rule));
  return found;
}

function _scan(text: string, rules: readonly SecretRule[], depth: number): RawMatch[] {
  if (depth <= 0) return scanPlain(text, rules);
  // The keyword pass marks where percent escapes and dumps may start: the decoders search no more.
  const marks: EncodingMarks = { percent: [], dumpLines: [] };
  const plain = scanPlain(text, rules, marks);
  const found = [...plain];
  for (const run of encodedRuns(text, marks)) {
    if (plain.some((m) => m.start < run.end && run.start < m.end)) continue;
    for (const inner of _scan(run.decoded, rules, depth - 1)) {
      const mapped = run.offsets
        ? { start: run.offsets[inner.start]!, end: run.offsets[inner.end]! }
        : { start: run.start, end: run.end };
      found.push({ ...inner, ...mapped, confidence: inner.confidence * 0.9, encoding: inner.encoding ?? run.encoding });
    }
  }
  return found;
}

/** Overlapping matches become one span; the most confident match names it. */
function _merge(matches: RawMatch[]): RawMatch[] {
  const sorted = [...matches].sort((a, b) => a.start - b.start || b.end - a.end);
  const out: RawMatch[] = [];
  for (const m of sorted) {
    const last = out[out.length - 1];
    if (!last || m.start >= last.end) {
      out.push({ ...m });
      continue;
    }
    const best = m.confidence > last.confidence ? m : last;
    out[out.length - 1] = { ...best, start: last.start, end: Math.max(last.end, m.end) };
  }
  return out;
}

function _finding(m: RawMatch, key: Uint8Array | undefined): SecretFinding {
  return {
    ruleId: m.rule.id,
    start: m.start,
    end: m.end,
    line: 0,
    column: 0,
    hash: findingHash(m.rule.id, m.secret, key),
    confidence: Math.round(m.confidence * 100) / 100,
    ...(m.encoding ? { encoding: m.encoding } : {}),
  };
}

/** Fills in 1-based line and column (UTF-16 units) for findings sorted by start. */
export function locateFindings(text: string, findings: SecretFinding[]): void {
  let line = 1;
  let lineStart = 0;
  let pos = 0;
  for (const f of findings) {
    for (let nl = text.indexOf("\n", pos); nl >= 0 && nl < f.start; nl = text.indexOf("\n", nl + 1)) {
      line++;
      lineStart = nl + 1;
    }
    pos = Math.max(pos, lineStart);
    f.line = line;
    f.column = f.start - lineStart + 1;
  }
}
