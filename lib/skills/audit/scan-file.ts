import { type KeywordHits, type KeywordSet, scanKeywords } from "./keyword-index.ts";
import { lineAt, lineStarts, lineText } from "./line-starts.ts";
import { MarkdownRegions } from "./markdown-regions.ts";
import { base64Runs, decodeBase64Run, decodeTagCharacters, foldConfusables, resolveShellVariables, unsplitShellWords } from "./normalize.ts";

/** Where a line sits: code (scripts, fenced blocks), prose (Markdown text), or a hidden comment. */
export type Region = "code" | "prose" | "comment";

export interface ScanLine {
  /** 1-based line in the file. */
  no: number;
  /** The line as written. */
  raw: string;
  /** Normalised: look-alikes folded, split shell words joined, simple variables resolved. */
  text: string;
  /** `text` lower-cased. */
  lower: string;
  region: Region;
  /** Set when the text was decoded from the line (base64 run or invisible tag characters). */
  decoded?: "base64" | "tags";
}

/** A line longer than this is scanned in overlapping windows, so no regex sees a megabyte. */
const WINDOW = 8192;
const OVERLAP = 512;
// The cheap tests that say whether normalising can change anything at all.
const SPLIT_WORD = /[A-Za-z0-9_](?:''|""|'[A-Za-z0-9_]+'[A-Za-z0-9_]|"[A-Za-z0-9_]+"[A-Za-z0-9_]|\\[A-Za-z])/;
const ASSIGNMENT = /[A-Za-z_][A-Za-z0-9_]*=['"]?[A-Za-z0-9_./-]/;
const PADDING = /={0,2}/y;

/**
 * One text file prepared for the rules. The whole text is normalised at once when anything in it
 * can be (most files need nothing), keywords are found in one pass, and a line becomes an object
 * only when a rule asks for it: rules start from keyword hits or whole-text searches, never from
 * a walk over every line.
 */
export class ScanFile {
  /** Path relative to the skill folder, `/`-separated. */
  readonly rel: string;
  readonly markdown: boolean;
  /** True when the file is plain ASCII (no invisible or look-alike characters possible). */
  readonly ascii: boolean;
  /** The file as written, `\r\n` read as `\n`. */
  readonly raw: string;
  /** Normalised text, line for line the same as `raw` (see ScanLine.text). */
  readonly text: string;
  #rawStarts?: number[];
  #textStarts?: number[];
  #hits: KeywordHits;
  #regions?: MarkdownRegions;
  #decoded?: ScanLine[];
  readonly #segments = new Map<number, ScanLine[]>();

  constructor(rel: string, text: string) {
    this.rel = rel;
    this.markdown = /\.(?:md|mdx|markdown)$/i.test(rel);
    this.raw = text.includes("\r") ? text.replaceAll("\r\n", "\n") : text;
    // Keywords are searched in the raw text first: that pass also says whether it is ASCII,
    // and most files come out of normalising unchanged, so it is the only pass.
    const hits = scanKeywords(this.raw);
    this.ascii = !hits.nonAscii;
    this.text = _normalise(this.raw, this.ascii);
    this.#hits = this.text === this.raw ? hits : scanKeywords(this.text);
  }

  /** Indexes of the lines holding one of the set's keywords, ascending. */
  linesWith(set: KeywordSet): number[] {
    if (!set.coveredBy(this.#hits.automaton)) this.#hits = scanKeywords(this.text);
    const hits = this.#hits;
    const accepts = set.acceptsIn(hits.automaton);
    const out: number[] = [];
    for (let h = 0; h < hits.ends.length; h++) {
      if (accepts[hits.states[h]!] === 0) continue;
      const index = this.lineOf(hits.ends[h]!);
      if (out.at(-1) !== index) out.push(index);
    }
    return out;
  }

  /** Indexes of the lines where a global regex matches in `text` (or `raw`), ascending. */
  linesMatching(pattern: RegExp, on: "text" | "raw" = "text"): number[] {
    const out: number[] = [];
    for (const match of (on === "raw" ? this.raw : this.text).matchAll(pattern)) {
      const index = on === "raw" ? lineAt(this.#rawLineStarts(), match.index) : this.lineOf(match.index);
      if (out.at(-1) !== index) out.push(index);
    }
    return out;
  }

  /** The line holding an offset of `text`. */
  lineOf(offset: number): number {
    return lineAt(this.#textLineStarts(), offset);
  }

  region(index: number): Region {
    if (!this.markdown) return "code";
    this.#regions ??= new MarkdownRegions(this.raw, (at) => lineAt(this.#rawLineStarts(), at), (i) => lineText(this.raw, this.#rawLineStarts(), i));
    return this.#regions.regionOf(index);
  }

  /** Line `index` as the rules see it: one window, or several for a very long line. */
  segments(index: number): ScanLine[] {
    let out = this.#segments.get(index);
    if (out) return out;
    if (index < 0 || index >= this.#rawLineStarts().length) return [];
    const raw = lineText(this.raw, this.#rawLineStarts(), index);
    const text = this.text === this.raw ? raw : lineText(this.text, this.#textLineStarts(), index);
    const region = this.region(index);
    out = [];
    if (raw.length > 0 && text.length <= WINDOW) out.push({ no: index + 1, raw, text, lower: text.toLowerCase(), region });
    else if (raw.length > 0) {
      for (let start = 0; start < text.length; start += WINDOW - OVERLAP) {
        const part = text.slice(start, start + WINDOW);
        out.push({ no: index + 1, raw: start === 0 ? raw : part, text: part, lower: part.toLowerCase(), region });
      }
    }
    this.#segments.set(index, out);
    return out;
  }

  /** Text decoded from the file (base64 payloads, tag-character text), each at its line. */
  get decoded(): ScanLine[] {
    if (this.#decoded) return this.#decoded;
    const out: ScanLine[] = [];
    for (const [start, end] of base64Runs(this.raw)) {
      PADDING.lastIndex = end;
      const decoded = decodeBase64Run(this.raw.slice(start, end + PADDING.exec(this.raw)![0].length));
      if (decoded === undefined) continue;
      const index = lineAt(this.#rawLineStarts(), start);
      const text = _normalise(decoded, false);
      out.push({ no: index + 1, raw: lineText(this.raw, this.#rawLineStarts(), index), text, lower: text.toLowerCase(), region: "code", decoded: "base64" });
    }
    // Tag characters are astral: their UTF-16 form always starts with the surrogate U+DB40.
    if (!this.ascii && this.raw.includes("\uDB40")) {
      for (const index of this.linesMatching(/\uDB40/g, "raw")) {
        const raw = lineText(this.raw, this.#rawLineStarts(), index);
        const tags = decodeTagCharacters(raw);
        if (tags.length > 0) out.push({ no: index + 1, raw, text: tags, lower: tags.toLowerCase(), region: "comment", decoded: "tags" });
      }
    }
    this.#decoded = out.sort((a, b) => a.no - b.no);
    return out;
  }

  #rawLineStarts(): number[] {
    return (this.#rawStarts ??= lineStarts(this.raw));
  }

  #textLineStarts(): number[] {
    return (this.#textStarts ??= this.text === this.raw ? this.#rawLineStarts() : lineStarts(this.text));
  }
}

// Whole-text normalisation, line for line: each step only runs when its cheap test says it can
// change something.
function _normalise(text: string, ascii: boolean): string {
  let out = ascii ? text : foldConfusables(text);
  if (SPLIT_WORD.test(out)) out = unsplitShellWords(out);
  if (out.includes("$") && ASSIGNMENT.test(out)) out = resolveShellVariables(out.split("\n")).join("\n");
  return out;
}
