import { shannonEntropy } from "./entropy.ts";
import { isKnownPublic } from "./known-public.ts";
import { isPlaceholder } from "./placeholders.ts";
import { Prefilter } from "./prefilter.ts";
import type { SecretRule } from "./types.ts";

/** A match before merging: it still holds the secret, so it never leaves lib/core/secrets. */
export interface RawMatch {
  rule: SecretRule;
  start: number;
  end: number;
  secret: string;
  confidence: number;
  encoding?: "base64" | "url";
}

/** Characters around a keyword hit that a single-line rule looks at (long minified lines). */
const LINE_CAP = 4096;
/** Characters after the hit that a multi-line rule (private keys, curl) looks at. */
const MULTI_CAP = 64 * 1024;

const prefilters = new WeakMap<readonly SecretRule[], Prefilter>();
const compiled = new WeakMap<SecretRule, RegExp>();

/** Runs the rules near their keyword hits in plain `text` and keeps the matches that pass. */
export function scanPlain(text: string, rules: readonly SecretRule[]): RawMatch[] {
  let prefilter = prefilters.get(rules);
  if (!prefilter) prefilters.set(rules, (prefilter = new Prefilter(rules)));
  const out: RawMatch[] = [];
  // Hits on a line already scanned for the rule add nothing: skip them without slicing again.
  const scannedTo = new Map<SecretRule, number>();
  const seen = new Set<string>();
  prefilter.forEach(text, (rule, at) => {
    if (at < (scannedTo.get(rule) ?? -1)) return;
    const from = _lineStart(text, at);
    const to = _windowEnd(text, at, rule.extraLines ?? 0);
    scannedTo.set(rule, to);
    for (const match of _matches(rule, text.slice(from, to), from)) {
      const key = `${rule.id}:${match.start}:${match.end}`;
      if (!seen.has(key)) {
        seen.add(key);
        out.push(match);
      }
    }
  });
  return out;
}

function* _matches(rule: SecretRule, window: string, base: number): Generator<RawMatch> {
  const re = _compiled(rule);
  re.lastIndex = 0;
  for (let m = re.exec(window); m !== null; m = re.exec(window)) {
    if (m[0].length === 0) {
      re.lastIndex++;
      continue;
    }
    let group = 0;
    for (let g = 1; g < m.length; g++) if (m[g]) (group = g), (g = m.length);
    const secret = m[group]!;
    const [start, end] = m.indices![group]!;
    if (!_passes(rule, secret, m[0])) continue;
    yield { rule, start: base + start, end: base + end, secret, confidence: rule.confidence };
  }
}

function _passes(rule: SecretRule, secret: string, match: string): boolean {
  if (rule.entropy !== undefined && shannonEntropy(secret) <= rule.entropy) return false;
  if (!rule.ownAllowlistOnly && isPlaceholder(secret)) return false;
  if (rule.allow?.(secret, match)) return false;
  return !isKnownPublic(secret);
}

// Rule patterns are shared data; each gets a private copy with `d` for group offsets.
function _compiled(rule: SecretRule): RegExp {
  let re = compiled.get(rule);
  if (!re) {
    const flags = rule.pattern.flags.includes("d") ? rule.pattern.flags : `${rule.pattern.flags}d`;
    compiled.set(rule, (re = new RegExp(rule.pattern.source, flags.includes("g") ? flags : `${flags}g`)));
  }
  return re;
}

function _lineStart(text: string, at: number): number {
  const nl = text.lastIndexOf("\n", at - 1);
  return Math.max(nl + 1, at - LINE_CAP);
}

function _windowEnd(text: string, at: number, extraLines: number): number {
  const cap = Math.min(text.length, at + (extraLines > 0 ? MULTI_CAP : LINE_CAP));
  let end = at;
  for (let line = 0; line <= extraLines; line++) {
    const nl = text.indexOf("\n", end);
    if (nl < 0 || nl >= cap) return cap;
    end = nl + 1;
  }
  return end - 1;
}
