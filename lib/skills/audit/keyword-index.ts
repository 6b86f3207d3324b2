/**
 * Every rule keyword found in one pass over a file: an Aho-Corasick automaton over all keyword
 * sets at once, case-insensitive for ASCII. A rule then looks only at the lines that hold one of
 * its keywords, so a clean file costs one linear scan however many rules there are (a search per
 * keyword cost ~150 scans of every file).
 */

const keywords: string[] = [];
const keywordIds = new Map<string, number>();
let built: Automaton | undefined;

/** A named group of lower-case ASCII literals; creating one registers its keywords. */
export class KeywordSet {
  readonly keywords: readonly string[];
  readonly #ids: ReadonlySet<number>;
  readonly #count: number;
  #mask: { automaton: Automaton; accepts: Uint8Array } | undefined;

  constructor(list: readonly string[]) {
    for (const k of list) {
      // Only lower-case ASCII, so case folding is one table lookup per character.
      if (k.length === 0 || !/^[\x20-\x7e]+$/.test(k) || k !== k.toLowerCase()) throw new Error(`Cannot use ${JSON.stringify(k)} as an audit keyword`);
      if (!keywordIds.has(k)) {
        keywordIds.set(k, keywords.length);
        keywords.push(k);
        built = undefined;
      }
    }
    this.keywords = list;
    this.#ids = new Set(list.map((k) => keywordIds.get(k)!));
    this.#count = keywords.length;
  }

  /** False when the set was created after `automaton` was built (its hits must be rescanned). */
  coveredBy(automaton: Automaton): boolean {
    return this.#count <= automaton.keywordCount;
  }

  /** For each automaton state (by row), whether it ends one of this set's keywords. */
  acceptsIn(automaton: Automaton): Uint8Array {
    if (this.#mask?.automaton !== automaton) {
      const accepts = new Uint8Array(automaton.outputs.length);
      automaton.outputs.forEach((out, state) => (accepts[state] = out.some((id) => this.#ids.has(id)) ? 1 : 0));
      this.#mask = { automaton, accepts };
    }
    return this.#mask.accepts;
  }
}

/** Where keywords end in a text: parallel arrays of offsets and automaton states (rows). */
export interface KeywordHits {
  automaton: Automaton;
  ends: number[];
  states: number[];
  /** Whether the text has a character outside ASCII (noted on the way, for free). */
  nonAscii: boolean;
}

export interface Automaton {
  keywordCount: number;
  /**
   * Transition table, rows of 128 pre-multiplied state indexes; a move into a state where a
   * keyword ends is stored as `-index - 1`, so the hot loop tests a sign, not another table.
   */
  delta: Int32Array;
  /** Keyword ids ending at each state (by row). */
  outputs: number[][];
}

/** One case-insensitive pass over `text`; characters outside ASCII end any partial match. */
export function scanKeywords(text: string): KeywordHits {
  const automaton = (built ??= _build());
  const delta = automaton.delta;
  const ends: number[] = [];
  const states: number[] = [];
  let s = 0;
  let nonAscii = false;
  for (let i = 0, n = text.length; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c < 128) s = delta[s + c]!;
    else {
      s = 0;
      nonAscii = true;
    }
    if (s < 0) {
      s = -s - 1;
      ends.push(i);
      states.push(s >> 7);
    }
  }
  return { automaton, ends, states, nonAscii };
}

function _build(): Automaton {
  const next: Int32Array[] = [new Int32Array(128).fill(-1)];
  const outputs: number[][] = [[]];
  keywords.forEach((k, id) => {
    let s = 0;
    for (let i = 0; i < k.length; i++) {
      const c = k.charCodeAt(i);
      if (next[s]![c] === -1) {
        next[s]![c] = next.length;
        next.push(new Int32Array(128).fill(-1));
        outputs.push([]);
      }
      s = next[s]![c]!;
    }
    outputs[s]!.push(id);
  });
  // Breadth-first: complete every row with the failure state's move, so scanning never backtracks.
  const fail = new Int32Array(next.length);
  const queue: number[] = [];
  for (let c = 0; c < 128; c++) {
    if (next[0]![c] === -1) next[0]![c] = 0;
    else queue.push(next[0]![c]!);
  }
  for (let head = 0; head < queue.length; head++) {
    const r = queue[head]!;
    for (let c = 0; c < 128; c++) {
      const s = next[r]![c]!;
      if (s === -1) next[r]![c] = next[fail[r]!]![c]!;
      else {
        fail[s] = next[fail[r]!]![c]!;
        outputs[s]!.push(...outputs[fail[s]!]!);
        queue.push(s);
      }
    }
  }
  const delta = new Int32Array(next.length * 128);
  for (let s = 0; s < next.length; s++) {
    for (let c = 0; c < 128; c++) {
      // Upper-case ASCII moves as its lower-case letter does.
      const folded = c >= 65 && c <= 90 ? c + 32 : c;
      const to = next[s]![folded]!;
      delta[s * 128 + c] = outputs[to]!.length > 0 ? -to * 128 - 1 : to * 128;
    }
  }
  return { keywordCount: keywords.length, delta, outputs };
}
