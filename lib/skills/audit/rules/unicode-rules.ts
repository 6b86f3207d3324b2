import type { RawFinding } from "../finding.ts";
import { CONFUSABLE, decodeTagCharacters } from "../normalize.ts";
import type { ScanFile } from "../scan-file.ts";
import { evidenceOf, makeFinding } from "./line-rule.ts";

// Global, for searches over the whole file; String.search ignores lastIndex, so they serve per
// line as well.
const TAG = /[\u{E0000}-\u{E007F}]/gu;
const TAG_ESCAPE = /\\u\{?[eE]00[0-7][0-9a-fA-F]\}?|\\U000[eE]00[0-7][0-9a-fA-F]/g;
const BIDI = /[\u202A-\u202E\u2066-\u2069]/g;
const ZERO_WIDTH = /[\u200B-\u200D\u2060\uFEFF]/g;
const DECODER = /\b(?:atob|fromCharCode|b64decode|base64|decodeURIComponent|unescape)\b/i;
// A run of letters with Latin ones and a Cyrillic or Greek look-alike: whole-word Cyrillic
// (Russian prose) is fine, and so are symbols beside a word (`σ_d`, `10μs`), which are not letters
// of it or look like no Latin letter.
const WORD = /\p{L}+/gu;
const LATIN = /\p{Script=Latin}/u;
const LOOKALIKE_SCRIPT = /[\p{Script=Cyrillic}\p{Script=Greek}]/gu;

/**
 * Invisible and look-alike characters, checked on the raw text: tag characters (always an
 * error, with the text they spell as evidence), escaped tag code points, bidi controls,
 * zero-width runs (by count, as cisco's YARA rule does) and mixed-script words. Each is one
 * search over the file; only lines that hold a hit are looked at.
 */
export function unicodeFindings(file: ScanFile): RawFinding[] {
  const out: RawFinding[] = [];
  if (file.raw.includes("\\")) _each(file, TAG_ESCAPE, "unicode/tag-escape", "Writes Unicode tag characters as escapes", out);
  if (file.ascii) return out;
  _each(file, TAG, "unicode/tag-characters", "Invisible Unicode tag characters spell hidden text", out);
  _each(file, BIDI, "unicode/bidi-control", "Bidirectional control characters change how the text displays", out);
  _zeroWidth(file, out);
  _homoglyphs(file, out);
  return out;
}

function _each(file: ScanFile, pattern: RegExp, rule: string, message: string, out: RawFinding[]): void {
  for (const index of file.linesMatching(pattern, "raw")) {
    for (const line of file.segments(index)) {
      const at = line.raw.search(pattern);
      if (at < 0) continue;
      const finding = makeFinding(rule, line, at, message);
      out.push(rule === "unicode/tag-characters" ? { ...finding, evidence: evidenceOf(`decodes to: ${decodeTagCharacters(line.raw)}`) } : finding);
    }
  }
}

// One finding per file, at the first line with one; a byte-order mark at the start is not counted.
function _zeroWidth(file: ScanFile, out: RawFinding[]): void {
  const lines = file.linesMatching(ZERO_WIDTH, "raw");
  if (lines.length === 0) return;
  const count = file.raw.match(ZERO_WIDTH)!.length - (file.raw.startsWith("\uFEFF") ? 1 : 0);
  if (count === 0) return;
  const loud = count > 200 || (count > 50 && DECODER.test(file.text));
  out.push(makeFinding("unicode/zero-width", file.segments(lines[0]!)[0]!, 0, `${count} zero-width characters in the file`, loud ? { severity: "warning", confidence: 0.8 } : {}));
}

// At most three, one per line: the first word on a line that mixes Latin with a look-alike script.
function _homoglyphs(file: ScanFile, out: RawFinding[]): void {
  let found = 0;
  for (const index of file.linesMatching(LOOKALIKE_SCRIPT, "raw")) {
    for (const line of file.segments(index)) {
      if (found >= 3) return;
      const word = [...line.raw.matchAll(WORD)].find((w) => LATIN.test(w[0]) && CONFUSABLE.test(w[0]));
      if (!word) continue;
      out.push(makeFinding("unicode/homoglyph", { ...line, text: line.raw }, word.index, `Mixes Latin with Cyrillic or Greek look-alikes in "${word[0]}"`));
      found++;
      break;
    }
  }
}
