/**
 * Finds every occurrence of a set of lower-case ASCII keywords in one pass, case-insensitively:
 * an Aho-Corasick automaton with its transitions flattened into one table, so each character of
 * the text costs one table lookup however many keywords there are. A regex alternation of the
 * same keywords tries them one by one at each position, which made it the detector's hot spot.
 *
 * The table is filled lazily: construction builds only the trie and its failure links (a few
 * hundred steps, so tool start-up stays cheap) and each missing transition is worked out the
 * first time the text takes it.
 */
export class KeywordAutomaton {
  /** Character code (< 128, upper case folded) to column; 0 for characters in no keyword. */
  readonly #column = new Uint8Array(128);
  readonly #width: number;
  /**
   * `#next[row + column]`: the row of the state after reading that character, -1 until known.
   * States are kept as row offsets (state * width) so the hot loop does no multiplication.
   */
  readonly #next: Int32Array;
  /** Per row offset, the row of the longest proper suffix that is also a trie state. */
  readonly #fail: Int32Array;
  /** Per row offset, 1 when some keyword ends there: a typed-array test keeps the loop monomorphic. */
  readonly #final: Uint8Array;
  /** Per row offset, the keywords (indexes) that end there, own and through failure links. */
  readonly #ends = new Map<number, number[]>();

  constructor(keywords: readonly string[]) {
    let width = 1;
    let states = 1;
    for (const keyword of keywords) {
      states += keyword.length;
      for (let i = 0; i < keyword.length; i++) {
        const c = keyword.charCodeAt(i);
        if (c >= 128 || (c >= 65 && c <= 90)) throw new Error(`Keyword must be lower-case ASCII: ${keyword}`);
        if (this.#column[c] === 0) this.#column[c] = width++;
      }
    }
    for (let c = 65; c <= 90; c++) this.#column[c] = this.#column[c + 32]!;
    this.#width = width;
    this.#next = new Int32Array(states * width).fill(-1);
    this.#fail = new Int32Array(states * width);
    this.#final = new Uint8Array(states * width);
    this.#links(this.#trie(keywords));
  }

  /**
   * Calls `hit(keyword, end)` for each occurrence, in order of its end (exclusive); `keyword` is
   * the index into the constructor's list. Overlapping occurrences are all reported.
   */
  scan(text: string, hit: (keyword: number, end: number) => void): void {
    const column = this.#column;
    const next = this.#next;
    const final = this.#final;
    let row = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      const col = c < 128 ? column[c]! : 0;
      const to = next[row + col]!;
      row = to >= 0 ? to : this.#resolve(row, col);
      if (final[row] === 1) for (const k of this.#ends.get(row)!) hit(k, i + 1);
    }
  }

  /**
   * Inserts the keywords; returns the trie's edges by depth, each as parent row, column, child
   * row. (Start-up runs this once, cold, so it avoids sorting and per-edge allocations.)
   */
  #trie(keywords: readonly string[]): number[][] {
    const width = this.#width;
    const next = this.#next;
    const byDepth: number[][] = [];
    let rows = width;
    for (let k = 0; k < keywords.length; k++) {
      const keyword = keywords[k]!;
      let row = 0;
      for (let i = 0; i < keyword.length; i++) {
        const col = this.#column[keyword.charCodeAt(i)]!;
        if (next[row + col]! < 0) {
          next[row + col] = rows;
          (byDepth[i] ??= []).push(row, col, rows);
          rows += width;
        }
        row = next[row + col]!;
      }
      const ends = this.#ends.get(row);
      if (ends) ends.push(k);
      else this.#ends.set(row, [k]);
      this.#final[row] = 1;
    }
    for (let col = 0; col < width; col++) if (next[col]! < 0) next[col] = 0;
    return byDepth;
  }

  /** Failure links, shallow states first, and the keywords each state inherits through its link. */
  #links(byDepth: number[][]): void {
    for (const edges of byDepth) {
      for (let e = 0; e < edges.length; e += 3) {
        const child = edges[e + 2]!;
        const fail = edges[e] === 0 ? 0 : this.#resolve(this.#fail[edges[e]!]!, edges[e + 1]!);
        this.#fail[child] = fail;
        const inherited = this.#ends.get(fail);
        if (inherited === undefined) continue;
        const own = this.#ends.get(child);
        this.#ends.set(child, own ? own.concat(inherited) : inherited);
        this.#final[child] = 1;
      }
    }
  }

  /** The transition from `row` on `col` through the failure links, remembered in the table. */
  #resolve(row: number, col: number): number {
    let to = this.#next[row + col]!;
    if (to < 0) this.#next[row + col] = to = this.#resolve(this.#fail[row]!, col);
    return to;
  }
}
