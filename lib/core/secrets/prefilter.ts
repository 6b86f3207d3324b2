import { KeywordAutomaton } from "./keyword-automaton.ts";
import type { SecretRule } from "./types.ts";

/**
 * The keyword prefilter: one pass of a keyword automaton over the text, then only the rules whose
 * keyword occurred run, and only near the hit. This is what keeps clean text fast: most output
 * lines contain no keyword at all, and the pass costs the same however many keywords there are.
 */
export class Prefilter {
  readonly #automaton: KeywordAutomaton;
  readonly #keywordLength: number[];
  /** Per keyword, the rules that list it. */
  readonly #rulesOf: SecretRule[][];
  /** The rules' trigger expressions as one regex, or undefined when no rule has one. */
  readonly #trigger: RegExp | undefined;
  readonly #fragments: Array<{ test: RegExp; rule: SecretRule }> = [];

  constructor(rules: readonly SecretRule[]) {
    // One pass over the rules: this runs once per process, cold, before the first redaction.
    const index = new Map<string, number>();
    this.#keywordLength = [];
    this.#rulesOf = [];
    const sources: string[] = [];
    for (const rule of rules) {
      for (const keyword of rule.keywords) {
        let k = index.get(keyword);
        if (k === undefined) {
          k = this.#rulesOf.push([]) - 1;
          index.set(keyword, k);
          this.#keywordLength.push(keyword.length);
        }
        if (!this.#rulesOf[k]!.includes(rule)) this.#rulesOf[k]!.push(rule);
      }
      if (!rule.trigger) continue;
      sources.push(rule.trigger);
      this.#fragments.push({ test: new RegExp(`^(?:${rule.trigger})$`, "i"), rule });
    }
    this.#automaton = new KeywordAutomaton([...index.keys()]);
    this.#trigger = sources.length > 0 ? new RegExp(sources.join("|"), "gi") : undefined;
  }

  /**
   * Calls `candidate(rule, at)` for each place a rule may match (`at` is where its keyword or
   * trigger starts), in order of where the keyword ends; a keyword inside a longer one (`key` in
   * `secret_access_key`) is a candidate of its own.
   */
  forEach(text: string, candidate: (rule: SecretRule, at: number) => void): void {
    const rulesOf = this.#rulesOf;
    const length = this.#keywordLength;
    this.#automaton.scan(text, (k, end) => {
      for (const rule of rulesOf[k]!) candidate(rule, end - length[k]!);
    });
    const trigger = this.#trigger;
    if (trigger === undefined) return;
    trigger.lastIndex = 0;
    for (let m = trigger.exec(text); m !== null; m = trigger.exec(text)) {
      for (const f of this.#fragments) if (f.test.test(m[0])) candidate(f.rule, m.index);
    }
  }
}
