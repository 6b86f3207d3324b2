/**
 * Finds every occurrence of a set of lower-case ASCII keywords in one pass, case-insensitively:
 * an Aho-Corasick automaton with its transitions flattened into one table, so each character of
 * the text costs one table lookup however many keywords there are. A regex alternation of the
 * same keywords tries them one by one at each position, which made it the detector's hot spot.
 */
export class KeywordAutomaton {
  /** Character code (< 128, upper case folded) to column; 0 for characters in no keyword. */
  readonly #column = new Uint8Array(128);
  /**
   * `#next[row + column]`: the row of the state after reading that character. States are kept as
   * row offsets (state * width) so the hot loop does no multiplication.
   */
  readonly #next: Int32Array;
  /** Per row offset, the keywords (indexes) that end there, own and through suffix links. */
  readonly #ends = new Map<number, readonly number[]>();
  /** Per row offset, 1 when some keyword ends there: a typed-array test keeps the loop monomorphic. */
  readonly #final: Uint8Array;

  constructor(keywords: readonly string[]) {
    let width = 1;
    for (const keyword of keywords) {
      for (let i = 0; i < keyword.length; i++) {
        const c = keyword.charCodeAt(i);
        if (c >= 128 || (c >= 65 && c <= 90)) throw new Error(`Keyword must be lower-case ASCII: ${keyword}`);
        if (this.#column[c] === 0) this.#column[c] = width++;
      }
    }
    for (let c = 65; c <= 90; c++) this.#column[c] = this.#column[c + 32]!;
    const { goto, ends } = _trie(keywords, this.#column, width);
    this.#next = _links(goto, ends, width);
    this.#final = new Uint8Array(goto.length * width);
    ends.forEach((e, state) => {
      if (e.length > 0) this.#ends.set(state * width, e), (this.#final[state * width] = 1);
    });
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
      row = next[row + (c < 128 ? column[c]! : 0)]!;
      if (final[row] === 1) for (const k of this.#ends.get(row)!) hit(k, i + 1);
    }
  }
}

/** The keyword trie: `goto[state][column]` (-1 where absent) and the keywords ending at each state. */
function _trie(keywords: readonly string[], column: Uint8Array, width: number): { goto: number[][]; ends: number[][] } {
  const goto: number[][] = [new Array<number>(width).fill(-1)];
  const ends: number[][] = [[]];
  keywords.forEach((keyword, k) => {
    let state = 0;
    for (let i = 0; i < keyword.length; i++) {
      const col = column[keyword.charCodeAt(i)]!;
      if (goto[state]![col]! < 0) {
        goto[state]![col] = goto.length;
        goto.push(new Array<number>(width).fill(-1));
        ends.push([]);
      }
      state = goto[state]![col]!;
    }
    ends[state]!.push(k);
  });
  return { goto, ends };
}

/** Breadth-first: each state's failure link completes its row and inherits the link's keywords. */
function _links(goto: number[][], ends: number[][], width: number): Int32Array {
  const next = new Int32Array(goto.length * width);
  const fail = new Array<number>(goto.length).fill(0);
  const queue: number[] = [];
  for (let col = 0; col < width; col++) {
    const child = goto[0]![col]!;
    if (child > 0) queue.push(child);
    next[col] = Math.max(child, 0) * width;
  }
  for (let head = 0; head < queue.length; head++) {
    const state = queue[head]!;
    ends[state]!.push(...ends[fail[state]!]!);
    for (let col = 0; col < width; col++) {
      const child = goto[state]![col]!;
      const viaFail = next[fail[state]! * width + col]!;
      if (child < 0) {
        next[state * width + col] = viaFail;
        continue;
      }
      fail[child] = viaFail / width;
      next[state * width + col] = child * width;
      queue.push(child);
    }
  }
  return next;
}
