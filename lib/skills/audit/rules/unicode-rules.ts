import type { RawFinding } from "../finding.ts";
import { decodeTagCharacters } from "../normalize.ts";
import type { ScanFile, ScanLine } from "../scan-file.ts";
import { evidenceOf, makeFinding } from "./line-rule.ts";

const TAG = /[\u{E0000}-\u{E007F}]/u;
const TAG_ESCAPE = /\\u\{?[eE]00[0-7][0-9a-fA-F]\}?|\\U000[eE]00[0-7][0-9a-fA-F]/;
const BIDI = /[\u202A-\u202E\u2066-\u2069]/;
const ZERO_WIDTH = /[\u200B-\u200D\u2060\uFEFF]/g;
const DECODER = /\b(?:atob|fromCharCode|b64decode|base64|decodeURIComponent|unescape)\b/;
// A word with Latin letters and Cyrillic or Greek ones: whole-word Cyrillic (Russian prose) is fine.
const WORD = /[\p{L}\p{N}_.-]+/gu;
const LATIN = /\p{Script=Latin}/u;
const LOOKALIKE_SCRIPT = /[\p{Script=Cyrillic}\p{Script=Greek}]/u;

/**
 * Invisible and look-alike characters, checked on the raw text: tag characters (always an
 * error, with the text they spell as evidence), escaped tag code points, bidi controls,
 * zero-width runs (by count, as cisco's YARA rule does) and mixed-script words.
 */
export function unicodeFindings(file: ScanFile): RawFinding[] {
  const out: RawFinding[] = [];
  if (file.ascii && !file.lower.includes("\\u")) return out;
  let zeroWidth = 0;
  let firstZeroWidth: ScanLine | undefined;
  let homoglyphs = 0;
  for (const line of file.lines) {
    if (line.decoded) continue;
    const raw = line.raw;
    if (TAG.test(raw)) {
      const spelled = decodeTagCharacters(raw);
      const finding = makeFinding("unicode/tag-characters", line, raw.search(TAG), "Invisible Unicode tag characters spell hidden text");
      out.push({ ...finding, evidence: evidenceOf(`decodes to: ${spelled}`) });
    }
    if (raw.includes("\\") && TAG_ESCAPE.test(raw)) out.push(makeFinding("unicode/tag-escape", line, raw.search(TAG_ESCAPE), "Writes Unicode tag characters as escapes"));
    if (BIDI.test(raw)) out.push(makeFinding("unicode/bidi-control", line, raw.search(BIDI), "Bidirectional control characters change how the text displays"));
    const zw = raw.match(ZERO_WIDTH);
    if (zw) {
      zeroWidth += line.no === 1 && raw.startsWith("\uFEFF") ? zw.length - 1 : zw.length;
      firstZeroWidth ??= line;
    }
    if (homoglyphs < 3 && LOOKALIKE_SCRIPT.test(raw)) {
      for (const word of raw.matchAll(WORD)) {
        if (LATIN.test(word[0]) && LOOKALIKE_SCRIPT.test(word[0])) {
          out.push(makeFinding("unicode/homoglyph", { ...line, text: raw }, word.index, `Mixes Latin with Cyrillic or Greek look-alikes in "${word[0]}"`));
          homoglyphs++;
          break;
        }
      }
    }
  }
  if (zeroWidth > 0 && firstZeroWidth) {
    const loud = zeroWidth > 200 || (zeroWidth > 50 && DECODER.test(file.lower));
    out.push(makeFinding("unicode/zero-width", firstZeroWidth, 0, `${zeroWidth} zero-width characters in the file`, loud ? { severity: "warning", confidence: 0.8 } : {}));
  }
  return out;
}
