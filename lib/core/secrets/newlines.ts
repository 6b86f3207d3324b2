/**
 * The line breaks of one text, found on demand and remembered. The scanner asks for the line
 * around every keyword hit, in text order, and a minified file can hold thousands of hits on one
 * line: without this each of them searched the same stretch for the same line break again.
 */
export class Newlines {
  readonly #text: string;
  /** Line break positions found so far, ascending: every one in [#from, #to) is listed. */
  #found: number[] = [];
  #from = 0;
  #to = 0;

  constructor(text: string) {
    this.#text = text;
  }

  /** The first line break at or after `at`, or -1. */
  next(at: number): number {
    if (at < this.#from || at > this.#to) {
      // A jump (hits come almost in order): start remembering from here.
      this.#found = [];
      this.#from = this.#to = at;
    }
    const found = this.#found;
    const i = _firstAtLeast(found, at);
    if (i < found.length) return found[i]!;
    if (this.#to >= this.#text.length) return -1;
    const nl = this.#text.indexOf("\n", this.#to);
    this.#to = nl < 0 ? this.#text.length : nl + 1;
    if (nl >= 0) found.push(nl);
    return nl;
  }

  /**
   * The last line break before `at`, or `at - limit - 1` when that is further back (so the line
   * it ends starts at most `limit` characters back), or -1 at the start of the text.
   */
  previous(at: number, limit: number): number {
    this.next(at);
    const i = _firstAtLeast(this.#found, at) - 1;
    if (i >= 0) return Math.max(this.#found[i]!, at - limit - 1);
    if (this.#from === 0) return Math.max(-1, at - limit - 1);
    const lo = Math.max(0, at - limit);
    const nl = this.#text.slice(lo, at).lastIndexOf("\n");
    return nl >= 0 ? lo + nl : lo === 0 ? -1 : lo - 1;
  }
}

/** Index of the first element >= `value` in ascending `list` (its length when none is). */
function _firstAtLeast(list: readonly number[], value: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
