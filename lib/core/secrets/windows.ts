import { Newlines } from "./newlines.ts";

/** Characters around a keyword hit that a single-line rule looks at (long minified lines). */
const LINE_CAP = 4096;
/** Characters after the hit that a multi-line rule (private keys, curl) looks at. */
const MULTI_CAP = 64 * 1024;

/** Where a rule looks around a keyword hit in one text: its line, or its word, and a few more lines. */
export class Windows {
  readonly #text: string;
  readonly #newlines: Newlines;

  constructor(text: string) {
    this.#text = text;
    this.#newlines = new Newlines(text);
  }

  /** Start of the line holding `at`, at most LINE_CAP characters back. */
  lineStart(at: number): number {
    return this.#newlines.previous(at, LINE_CAP) + 1;
  }

  /**
   * Where the word holding the keyword at `at` begins (a run of letters, digits, `_`, `.` and
   * `-`), or -1 when that is more than `prefix` characters back and no match can start there.
   */
  wordStart(at: number, prefix: number): number {
    const limit = Math.max(0, at - prefix);
    let start = at;
    while (start > 0 && _isWordChar(this.#text.charCodeAt(start - 1))) if (--start < limit) return -1;
    return start;
  }

  /** End of the line holding `at` plus `extraLines` more, capped (exclusive of the last line break). */
  end(at: number, extraLines: number): number {
    const cap = Math.min(this.#text.length, at + (extraLines > 0 ? MULTI_CAP : LINE_CAP));
    let end = at;
    for (let line = 0; line <= extraLines; line++) {
      const nl = this.#newlines.next(end);
      if (nl < 0 || nl >= cap) return cap;
      end = nl + 1;
    }
    return end - 1;
  }
}

function _isWordChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 46 || c === 45;
}
