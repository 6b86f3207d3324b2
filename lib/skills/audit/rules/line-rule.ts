import type { RawFinding, Severity } from "../finding.ts";
import { showInvisible } from "../normalize.ts";
import { ruleInfo } from "../rule-catalog.ts";
import type { KeywordSet } from "../keyword-index.ts";
import type { Region, ScanFile, ScanLine } from "../scan-file.ts";
import { redactText } from "../../../core/redact.ts";

/** What a judge may change about a match, or null to drop it. */
export type Verdict = { severity?: Severity; confidence?: number; message?: string } | null;

/** A rule that looks at one line at a time. */
export interface LineRule {
  rule: string;
  /** The rule only runs on lines that hold one of these. */
  keywords: KeywordSet;
  /** Tested on the normalised line; no `g` flag. */
  pattern: RegExp;
  /** Regions it applies to (default: every region). */
  regions?: readonly Region[];
  message: string;
  /** Only decoded lines (base64 payloads, tag text); keywords are not consulted. */
  decodedOnly?: boolean;
  judge?: (match: RegExpExecArray, line: ScanLine, file: ScanFile) => Verdict;
}

const EVIDENCE_MAX = 160;

/**
 * Runs line rules over a file, at most one finding per rule and line window. Only lines holding
 * one of a rule's keywords are tried (the file's one keyword pass says which), plus the lines
 * decoded from base64 or tag characters. Evidence is the normalised line around the match,
 * invisible characters shown as escapes, redacted.
 */
export function runLineRules(rules: readonly LineRule[], file: ScanFile): RawFinding[] {
  const out: RawFinding[] = [];
  for (const rule of rules) {
    const lines = rule.decodedOnly ? file.decoded : linesWithKeywords(file, rule.keywords, rule.regions);
    for (const line of lines) {
      if (rule.regions && !rule.regions.includes(line.region)) continue;
      const match = rule.pattern.exec(line.text);
      if (!match) continue;
      const verdict = rule.judge ? rule.judge(match, line, file) : {};
      if (verdict === null) continue;
      out.push(makeFinding(rule.rule, line, match.index, verdict.message ?? rule.message, verdict));
    }
  }
  return out;
}

/**
 * The lines holding one of the keywords, in file order, with the decoded lines that hold one
 * after the line they hide in. A line outside `regions` is skipped before it is ever built.
 */
export function linesWithKeywords(file: ScanFile, keywords: KeywordSet, regions?: readonly Region[]): ScanLine[] {
  const decoded = file.decoded.filter((l) => keywords.keywords.some((k) => l.lower.includes(k)));
  const out: ScanLine[] = [];
  let d = 0;
  for (const index of file.linesWith(keywords)) {
    while (d < decoded.length && decoded[d]!.no <= index) out.push(decoded[d++]!);
    if (regions && !regions.includes(file.region(index))) continue;
    out.push(...file.segments(index));
  }
  while (d < decoded.length) out.push(decoded[d++]!);
  return out;
}

/** A finding at a line, with catalog defaults and evidence cut around `index`. */
export function makeFinding(rule: string, line: ScanLine, index: number, message: string, over: { severity?: Severity; confidence?: number } = {}): RawFinding {
  const info = ruleInfo(rule);
  const column = line.decoded ? 1 : Math.max(1, line.raw.indexOf(line.text.slice(index, index + 8)) + 1 || index + 1);
  return {
    rule,
    severity: over.severity ?? info.severity,
    confidence: over.confidence ?? info.confidence,
    message: line.decoded ? `${message} (in ${line.decoded === "tags" ? "invisible tag characters" : "a base64 payload"})` : message,
    line: line.no,
    column,
    category: info.category,
    remediation: info.remediation,
    evidence: evidenceOf(line.text, index),
  };
}

/**
 * Up to EVIDENCE_MAX characters of `text` around `index`, invisibles shown. The whole line is
 * redacted before it is cut, so a cut can never leave half a secret unrecognised.
 */
export function evidenceOf(text: string, index = 0): string {
  const safe = redactText(showInvisible(text));
  const at = Math.round((index / Math.max(1, text.length)) * safe.length);
  const start = safe.length <= EVIDENCE_MAX ? 0 : Math.max(0, Math.min(at - 40, safe.length - EVIDENCE_MAX));
  return safe.slice(start, start + EVIDENCE_MAX).trim();
}

/** Error in code, warning in prose: instructions in Markdown are one step from being run. */
export function demoteInProse(line: ScanLine): Verdict {
  return line.region === "code" ? {} : { severity: "warning", confidence: 0.7 };
}
