import type { SecretRule } from "./types.ts";

/** One place in the text where a rule may match. */
export interface Candidate {
  rule: SecretRule;
  /** Index of the keyword hit. */
  at: number;
}

/**
 * The keyword prefilter: one case-insensitive pass of a single alternation over the text, then
 * only the rules whose keyword occurred run, and only near the hit. This is what keeps clean
 * text fast: most output lines contain no keyword at all.
 */
export class Prefilter {
  readonly #trigger: RegExp;
  readonly #byKeyword = new Map<string, SecretRule[]>();
  readonly #fragments: Array<{ test: RegExp; rule: SecretRule }> = [];

  constructor(rules: readonly SecretRule[]) {
    const keywords = [...new Set(rules.flatMap((r) => r.keywords))].sort((a, b) => b.length - a.length);
    // A long keyword hides the shorter ones inside it from the alternation (`secret_access_key`
    // contains `key`), so each keyword also triggers the rules of every keyword it contains.
    for (const keyword of keywords) {
      const triggered = rules.filter((r) => r.keywords.some((k) => keyword.includes(k)));
      this.#byKeyword.set(keyword, triggered);
    }
    const sources = keywords.map(_escape);
    for (const rule of rules) {
      if (!rule.trigger) continue;
      sources.push(rule.trigger);
      this.#fragments.push({ test: new RegExp(`^(?:${rule.trigger})$`, "i"), rule });
    }
    this.#trigger = new RegExp(sources.join("|"), "gi");
  }

  /** The rule candidates in `text`, in text order. */
  candidates(text: string): Candidate[] {
    const out: Candidate[] = [];
    const trigger = this.#trigger;
    trigger.lastIndex = 0;
    for (let m = trigger.exec(text); m !== null; m = trigger.exec(text)) {
      const hit = m[0].toLowerCase();
      const rules = this.#byKeyword.get(hit);
      if (rules) for (const rule of rules) out.push({ rule, at: m.index });
      else for (const f of this.#fragments) if (f.test.test(hit)) out.push({ rule: f.rule, at: m.index });
    }
    return out;
  }
}

function _escape(literal: string): string {
  return literal.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&");
}
