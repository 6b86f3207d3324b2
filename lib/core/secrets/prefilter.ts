import { KeywordAutomaton } from "./keyword-automaton.ts";
import type { SecretRule } from "./types.ts";

/**
 * What the keyword pass saw of encoded text on the way (session 8), so the decoders need no pass
 * of their own: every `%` (a percent escape may start there) and the start of every line that
 * begins with `000` (a dump's first line), ascending.
 */
export interface EncodingMarks {
  percent: number[];
  dumpLines: number[];
}

/** The marks' literals, searched as keywords of no rule; `\n000` ends 3 characters into its line. */
const MARKS = ["%", "\n000"] as const;

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
  /** Per keyword, 1 for `%`, 2 for `\n000`, 0 for a rule keyword only. */
  readonly #markOf: Uint8Array;

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
    const marks = MARKS.map((mark) => {
      let k = index.get(mark);
      if (k === undefined) {
        k = this.#rulesOf.push([]) - 1;
        index.set(mark, k);
        this.#keywordLength.push(mark.length);
      }
      return k;
    });
    this.#markOf = new Uint8Array(this.#rulesOf.length);
    marks.forEach((k, i) => (this.#markOf[k] = i + 1));
    this.#automaton = new KeywordAutomaton([...index.keys()]);
    this.#trigger = sources.length > 0 ? new RegExp(sources.join("|"), "gi") : undefined;
  }

  /**
   * Calls `candidate(rule, at)` for each place a rule may match (`at` is where its keyword or
   * trigger starts), in order of where the keyword ends; a keyword inside a longer one (`key` in
   * `secret_access_key`) is a candidate of its own. `marks`, when given, gets what the pass saw
   * of encoded text.
   */
  forEach(text: string, candidate: (rule: SecretRule, at: number) => void, marks?: EncodingMarks): void {
    const rulesOf = this.#rulesOf;
    const length = this.#keywordLength;
    const markOf = this.#markOf;
    this.#automaton.scan(text, (k, end) => {
      for (const rule of rulesOf[k]!) candidate(rule, end - length[k]!);
      const mark = markOf[k]!;
      if (mark !== 0 && marks !== undefined) {
        if (mark === 1) marks.percent.push(end - 1);
        else marks.dumpLines.push(end - 3);
      }
    });
    const trigger = this.#trigger;
    if (trigger === undefined) return;
    trigger.lastIndex = 0;
    for (let m = trigger.exec(text); m !== null; m = trigger.exec(text)) {
      for (const f of this.#fragments) if (f.test.test(m[0])) candidate(f.rule, m.index);
    }
  }
}
