import type { Region } from "./scan-file.ts";

// Only lines holding one of these can open or close a fence or a comment.
const EVENT = /```|~~~|<!--|-->/g;

/**
 * Where each line of a Markdown file sits: fenced code blocks are code, HTML comments are hidden
 * from readers, the rest (frontmatter included) is prose. Computed from the few lines that open
 * or close something, so a long file costs one search, not a walk over every line.
 */
export class MarkdownRegions {
  /** Lines that open or close something, ascending. */
  readonly #lines: number[] = [];
  /** The region of each of those lines, and of the lines after it up to the next one. */
  readonly #at: Region[] = [];
  readonly #after: Region[] = [];

  constructor(text: string, lineOf: (offset: number) => number, lineText: (index: number) => string) {
    let fence: string | undefined;
    let comment = false;
    for (const match of text.matchAll(EVENT)) {
      const index = lineOf(match.index);
      if (this.#lines.at(-1) === index) continue;
      const line = lineText(index);
      let region: Region;
      const trimmed = line.trimStart();
      const open = fence === undefined && !comment ? /^(`{3,}|~{3,})/.exec(trimmed) : null;
      if (fence !== undefined) {
        region = "code";
        if (trimmed.startsWith(fence)) fence = undefined;
      } else if (open) {
        region = "code";
        fence = open[1]!;
      } else {
        const opens = line.includes("<!--");
        region = comment || opens ? "comment" : "prose";
        if (opens) comment = !line.slice(line.lastIndexOf("<!--")).includes("-->");
        else if (comment && line.includes("-->")) comment = false;
      }
      this.#lines.push(index);
      this.#at.push(region);
      this.#after.push(fence !== undefined ? "code" : comment ? "comment" : "prose");
    }
  }

  regionOf(index: number): Region {
    let lo = 0;
    let hi = this.#lines.length - 1;
    if (hi < 0 || index < this.#lines[0]!) return "prose";
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.#lines[mid]! <= index) lo = mid;
      else hi = mid - 1;
    }
    return this.#lines[lo] === index ? this.#at[lo]! : this.#after[lo]!;
  }
}
