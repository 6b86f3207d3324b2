import { decodeBase64Runs, decodeTagCharacters, foldConfusables, resolveShellVariables, unsplitShellWords } from "./normalize.ts";

/** Where a line sits: code (scripts, fenced blocks), prose (Markdown text), or a hidden comment. */
export type Region = "code" | "prose" | "comment";

export interface ScanLine {
  /** 1-based line in the file. */
  no: number;
  /** The line as written. */
  raw: string;
  /** Normalised: look-alikes folded, split shell words joined, simple variables resolved. */
  text: string;
  /** `text` lower-cased, for keyword pre-filters. */
  lower: string;
  region: Region;
  /** Set when the text was decoded from the line (base64 run or invisible tag characters). */
  decoded?: "base64" | "tags";
}

export interface ScanFile {
  /** Path relative to the skill folder, `/`-separated. */
  rel: string;
  markdown: boolean;
  /** Lower-cased normalised text of the whole file (lines joined by `\n`), for pre-filters. */
  lower: string;
  /** Offset in `lower` where each of `lines` starts. */
  starts: number[];
  /** True when the file is plain ASCII (no invisible or look-alike characters possible). */
  ascii: boolean;
  lines: ScanLine[];
}

/** A line longer than this is scanned in overlapping windows, so no regex sees a megabyte. */
const WINDOW = 8192;
const OVERLAP = 512;

/**
 * Prepares one text file for the rules: split into lines, tag each with its region, normalise,
 * and append decoded lines (base64 payloads, tag-character text) at the line they hide in.
 */
export function buildScanFile(rel: string, text: string): ScanFile {
  const markdown = /\.(?:md|mdx|markdown)$/i.test(rel);
  const rawLines = text.split(/\r?\n/);
  const regions = markdown ? _markdownRegions(rawLines) : rawLines.map(() => "code" as Region);
  const ascii = !/[^\x00-\x7f]/.test(text);
  const normalised = resolveShellVariables(rawLines.map((l) => _normalise(l, ascii)));
  const lines: ScanLine[] = [];
  for (let i = 0; i < rawLines.length; i++) {
    const raw = rawLines[i]!;
    if (raw.length === 0) continue;
    for (const [offset, part] of _windows(normalised[i]!)) {
      lines.push({ no: i + 1, raw: offset === 0 ? raw : part, text: part, lower: part.toLowerCase(), region: regions[i]! });
    }
    for (const decoded of raw.length >= 20 ? decodeBase64Runs(raw) : []) {
      const t = _normalise(decoded, false);
      lines.push({ no: i + 1, raw, text: t, lower: t.toLowerCase(), region: "code", decoded: "base64" });
    }
    // Tag characters are astral: their UTF-16 form always starts with the surrogate U+DB40.
    const tags = !ascii && raw.includes("\uDB40") ? decodeTagCharacters(raw) : "";
    if (tags.length > 0) lines.push({ no: i + 1, raw, text: tags, lower: tags.toLowerCase(), region: "comment", decoded: "tags" });
  }
  const starts: number[] = [];
  let at = 0;
  for (const line of lines) {
    starts.push(at);
    at += line.lower.length + 1;
  }
  return { rel, markdown, lower: lines.map((l) => l.lower).join("\n"), starts, ascii, lines };
}

// The cheap checks first: most lines have no quotes, backslashes or non-ASCII letters.
function _normalise(line: string, ascii: boolean): string {
  const folded = ascii ? line : foldConfusables(line);
  return /['"\\]/.test(folded) ? unsplitShellWords(folded) : folded;
}

function* _windows(line: string): Generator<[number, string]> {
  if (line.length <= WINDOW) {
    yield [0, line];
    return;
  }
  for (let start = 0; start < line.length; start += WINDOW - OVERLAP) yield [start, line.slice(start, start + WINDOW)];
}

// Fenced code blocks are code; HTML comments are hidden from readers; the frontmatter and
// everything else is prose.
function _markdownRegions(lines: readonly string[]): Region[] {
  const out: Region[] = [];
  let fence: string | undefined;
  let comment = false;
  for (const line of lines) {
    const trimmed = line.trimStart();
    if (fence !== undefined) {
      out.push("code");
      if (trimmed.startsWith(fence)) fence = undefined;
      continue;
    }
    const open = /^(`{3,}|~{3,})/.exec(trimmed);
    if (open && !comment) {
      fence = open[1]!;
      out.push("code");
      continue;
    }
    const opens = line.includes("<!--");
    out.push(comment || opens ? "comment" : "prose");
    if (opens) comment = !line.slice(line.lastIndexOf("<!--")).includes("-->");
    else if (comment && line.includes("-->")) comment = false;
  }
  return out;
}
