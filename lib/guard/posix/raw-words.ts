import type { Word } from "../syntax.ts";

/**
 * Each word of one simple command as written in the source (arithmetic and name operands read
 * the names behind `$x` even when the value is unknown). Most commands never ask: the text is
 * sliced from the source only when a caller does, and a command's few words are found by a
 * linear scan (cheaper than a Map keyed by objects, made and filled for every command).
 */
export class RawWords {
  private readonly words: Word[] = [];
  /** Per word: its start and end in the source, or -1 and the index of a text given by `set`. */
  private readonly spans: number[] = [];
  /** Made by the first `set` (most commands assign nothing). */
  private texts: string[] | undefined;

  constructor(private readonly src: string) {}

  /** `word` was read from `src[start, end)` (all words one brace expansion makes share it). */
  add(word: Word, start: number, end: number): void {
    this.words.push(word);
    this.spans.push(start, end);
  }

  /** `word` is written as `text` (an assignment's value: the text after `NAME=`). */
  set(word: Word, text: string): void {
    this.texts ??= [];
    this.words.push(word);
    this.spans.push(-1, this.texts.length);
    this.texts.push(text);
  }

  get(word: Word): string | undefined {
    const i = this.words.lastIndexOf(word);
    if (i < 0) return undefined;
    const start = this.spans[2 * i]!;
    const end = this.spans[2 * i + 1]!;
    return start < 0 ? this.texts![end] : this.src.slice(start, end);
  }
}
