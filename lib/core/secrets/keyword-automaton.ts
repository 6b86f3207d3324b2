/**
 * Finds every occurrence of a set of lower-case ASCII keywords in one pass, case-insensitively:
 * an Aho-Corasick automaton flattened into one transition table, so each character of the text
 * costs one table lookup however many keywords there are. A regex alternation of the same
 * keywords tries them one by one at each position, which made it the detector's hot spot.
 *
 * The table is filled lazily: construction links only the trie's own edges (a few hundred steps,
 * so a tool's start-up stays cheap) and any other transition is worked out the first time the
 * text takes it.
 */
export class KeywordAutomaton {
  /** Character code (< 128, upper case folded) to column; 0 for characters in no keyword. */
  readonly #column = new Uint8Array(128);
  readonly #width: number;
  /**
   * `#next[row + column]`: the state after reading that character, UNKNOWN until worked out. A
   * state is its row offset (state * width), so the loop does no multiplication, stored as `~row`
   * when a keyword ends there, so the loop tests a sign instead of loading a second table.
   */
  readonly #next: Int32Array;
  /** Per state, the row of its failure link: the longest proper suffix that is also a state. */
  readonly #fail: Int32Array;
  /** Per row of a state where keywords end, those keywords (indexes), own and inherited. */
  readonly #ends = new Map<number, number[]>();

  constructor(keywords: readonly string[]) {
    let width = 1;
    let states = 1;
    for (const keyword of keywords) {
      if (keyword.length === 0 || /[^\x00-\x40\x5b-\x7f]/.test(keyword)) throw new Error(`Keyword must be lower-case ASCII: ${keyword}`);
      states += keyword.length;
      for (let i = 0; i < keyword.length; i++) {
        const c = keyword.charCodeAt(i);
        if (this.#column[c] === 0) this.#column[c] = width++;
      }
    }
    for (let c = 65; c <= 90; c++) this.#column[c] = this.#column[c + 32]!;
    this.#width = width;
    this.#next = new Int32Array(states * width).fill(UNKNOWN);
    this.#fail = new Int32Array(states);
    this.#link(this.#trie(keywords));
  }

  /**
   * Calls `hit(keyword, end)` for each occurrence, in order of its end (exclusive); `keyword` is
   * the index into the constructor's list. Overlapping occurrences are all reported.
   */
  scan(text: string, hit: (keyword: number, end: number) => void): void {
    const column = this.#column;
    const next = this.#next;
    let row = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      const col = c < 128 ? column[c]! : 0;
      let to = next[row + col]!;
      if (to === UNKNOWN) to = this.#resolve(row, col);
      if (to >= 0) {
        row = to;
        continue;
      }
      row = ~to;
      for (const k of this.#ends.get(row)!) hit(k, i + 1);
    }
  }

  /** Inserts the keywords; returns the trie's edges by depth, each as parent row, column, child row. */
  #trie(keywords: readonly string[]): number[][] {
    const next = this.#next;
    const byDepth: number[][] = [];
    let rows = this.#width;
    keywords.forEach((keyword, k) => {
      let row = 0;
      for (let i = 0; i < keyword.length; i++) {
        const at = row + this.#column[keyword.charCodeAt(i)]!;
        if (next[at] === UNKNOWN) {
          next[at] = rows;
          (byDepth[i] ??= []).push(row, at - row, rows);
          rows += this.#width;
        }
        row = next[at]!;
      }
      this.#ends.set(row, [...(this.#ends.get(row) ?? []), k]);
    });
    for (let col = 0; col < this.#width; col++) if (next[col] === UNKNOWN) next[col] = 0;
    return byDepth;
  }

  /**
   * Failure links and inherited keywords, shallow states first: a link is always shallower than
   * its state, so everything it needs is final by then, and each edge is stored encoded once its
   * target's keywords are known.
   */
  #link(byDepth: number[][]): void {
    for (const edges of byDepth) {
      for (let e = 0; e < edges.length; e += 3) {
        const [parent, col, child] = [edges[e]!, edges[e + 1]!, edges[e + 2]!];
        const link = parent === 0 ? 0 : _row(this.#resolve(this.#fail[parent / this.#width]!, col));
        this.#fail[child / this.#width] = link;
        const inherited = this.#ends.get(link);
        if (inherited) this.#ends.set(child, [...(this.#ends.get(child) ?? []), ...inherited]);
        this.#next[parent + col] = this.#ends.has(child) ? ~child : child;
      }
    }
  }

  /** The (encoded) transition from `row` on `col`, through the failure links, remembered. */
  #resolve(row: number, col: number): number {
    let to = this.#next[row + col]!;
    if (to === UNKNOWN) this.#next[row + col] = to = this.#resolve(this.#fail[row / this.#width]!, col);
    return to;
  }
}

/** A transition not worked out yet (no row is this large). */
const UNKNOWN = 0x3fffffff;

function _row(encoded: number): number {
  return encoded < 0 ? ~encoded : encoded;
}
