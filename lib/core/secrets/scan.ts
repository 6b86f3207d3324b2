import { shannonEntropy } from "./entropy.ts";
import { isKnownPublic } from "./known-public.ts";
import { isPlaceholder } from "./placeholders.ts";
import { type EncodingMarks, Prefilter } from "./prefilter.ts";
import type { SecretRule } from "./types.ts";
import { Windows } from "./windows.ts";

/** A match before merging: it still holds the secret, so it never leaves lib/core/secrets. */
export interface RawMatch {
  rule: SecretRule;
  start: number;
  end: number;
  secret: string;
  confidence: number;
  encoding?: "base64" | "url" | "hex" | "base32";
}

const prefilters = new WeakMap<readonly SecretRule[], Prefilter>();
const compiled = new WeakMap<SecretRule, RegExp>();

/**
 * Runs the rules near their keyword hits in plain `text` and keeps the matches that pass; fills
 * `marks`, when given, with what the keyword pass saw of encoded text.
 */
export function scanPlain(text: string, rules: readonly SecretRule[], marks?: EncodingMarks): RawMatch[] {
  const prefilter = prefilterOf(rules);
  const out: RawMatch[] = [];
  // Per rule, where its last window ended: hits inside it add nothing and are skipped unsliced.
  // All three are made at the first hit: most lines of output have none.
  let scannedTo: Map<SecretRule, number> | undefined;
  let seen: Set<string> | undefined;
  let windows: Windows | undefined;
  prefilter.forEach(text, (rule, at) => {
    if (rule.mayMatchAt !== undefined && !rule.mayMatchAt(text, at)) return;
    scannedTo ??= new Map();
    seen ??= new Set();
    windows ??= new Windows(text);
    const done = scannedTo.get(rule) ?? -1;
    let from: number;
    if (rule.wordPrefix === undefined) {
      if (at < done) return;
      from = windows.lineStart(at);
      for (let n = rule.linesBefore ?? 0; n > 0 && from > 0; n--) from = windows.lineStart(from - 1);
    } else {
      from = windows.wordStart(at, rule.wordPrefix);
      if (from < 0 || from < done) return;
    }
    const to = rule.windowEnd === undefined ? windows.end(at, rule.extraLines ?? 0) : rule.windowEnd(text, at);
    const found: RawMatch[] = [];
    const matchedTo = _matches(rule, text.slice(from, to), from, found);
    // A word rule tried one start; a later hit in the same word or inside its match adds nothing.
    scannedTo.set(rule, rule.wordPrefix === undefined ? to : Math.max(from + 1, matchedTo));
    for (const match of found) {
      const key = `${rule.id}:${match.start}:${match.end}`;
      if (!seen.has(key)) {
        seen.add(key);
        out.push(match);
      }
    }
  }, marks);
  return out;
}

/** The keyword prefilter of a rule list, built at its first use. */
export function prefilterOf(rules: readonly SecretRule[]): Prefilter {
  let prefilter = prefilters.get(rules);
  if (!prefilter) prefilters.set(rules, (prefilter = new Prefilter(rules)));
  return prefilter;
}

/**
 * Adds the rule's matches in `window` that pass its checks to `out` (a word rule: one sticky try
 * at the window's start) and returns where the last regex match ended, passing or not, or -1.
 */
function _matches(rule: SecretRule, window: string, base: number, out: RawMatch[]): number {
  const re = _compiled(rule);
  let matchedTo = -1;
  re.lastIndex = 0;
  for (let m = re.exec(window); m !== null; m = re.exec(window)) {
    matchedTo = base + m.index + m[0].length;
    if (m[0].length === 0) {
      re.lastIndex++;
      continue;
    }
    let group = 0;
    for (let g = 1; g < m.length; g++) if (m[g]) (group = g), (g = m.length);
    const secret = m[group]!;
    const [start, end] = m.indices![group]!;
    if (_passes(rule, secret, m[0])) out.push({ rule, start: base + start, end: base + end, secret, confidence: rule.confidence });
    if (re.sticky) break;
  }
  return matchedTo;
}

function _passes(rule: SecretRule, secret: string, match: string): boolean {
  if (rule.entropy !== undefined && shannonEntropy(secret) <= rule.entropy) return false;
  if (!rule.ownAllowlistOnly && isPlaceholder(secret)) return false;
  if (rule.allow?.(secret, match)) return false;
  return !isKnownPublic(secret);
}

// Rule patterns are shared data; each gets a private copy with `d` for group offsets, sticky for
// a word rule (tried at one place) and global for the others.
function _compiled(rule: SecretRule): RegExp {
  let re = compiled.get(rule);
  if (!re) {
    const flags = rule.pattern.flags.replace(/[gyd]/g, "");
    compiled.set(rule, (re = new RegExp(rule.pattern.source, `${flags}d${rule.wordPrefix === undefined ? "g" : "y"}`)));
  }
  return re;
}
