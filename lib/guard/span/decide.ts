import { keywordRules, locateFindings, type SecretFinding } from "../../core/secrets/detect.ts";
import { redactFindings } from "../../core/secrets/redact-findings.ts";
import { neighbourFindings } from "./joins.ts";
import { mergeFindings, readableView, spanFindings } from "./readable-view.ts";
import { SPAN_REASONS, type SpanDecisionClass, type SpanMode, type SpanReason } from "./reasons.ts";

/** The verdict on one text, as the hook adapters and the CLI report it. */
export interface SpanDecision {
  decision: SpanDecisionClass;
  reason: SpanReason;
  explanation: string;
  /** Findings that count (exempted ones are left out); never the values. */
  findings: SecretFinding[];
  /** How many findings the exemption file exempted. */
  exempted: number;
  /** Redactions per rule id (the text SANITIZE would return). */
  counts: Record<string, number>;
  /** The text that may leave: the input for ALLOW, the redacted text for SANITIZE. */
  text?: string;
}

export interface SpanOptions {
  mode?: SpanMode;
  /** Lowercase sha256 digests of exempted values (from `loadExemptions`). */
  exemptSha256?: ReadonlySet<string>;
  /**
   * The property name `text` is the value of, in a structured tool result: the text is also read
   * as `"name": "text"`, so `{"password": "..."}` is judged with its name as it would be in JSON.
   */
  name?: string;
  /**
   * The strings a reader reads right before and after `text` (its neighbours in one structured
   * result): a token split between `text` and one of them is found, and its part in `text` counts.
   */
  neighbours?: [before: string | undefined, after: string | undefined];
}

/**
 * Decides what may happen to `text` before it leaves through an agent (a tool output, a file
 * about to be sent, a prompt): ALLOW, SANITIZE with the redacted text, ASK or BLOCK by `mode`.
 * For the post-tool hook adapters; the CLI streams large input through the same verdict.
 */
export function decideSpan(text: string, options: SpanOptions = {}): SpanDecision {
  if (text.includes("\u0000")) return spanVerdict("BLOCK_BINARY_INPUT", [], 0, {});
  let all = spanFindings(text, options.exemptSha256);
  const extra = [
    ...(options.name === undefined ? [] : _namedFindings(text, options.name, options.exemptSha256)),
    ...(options.neighbours ? neighbourFindings(text, ...options.neighbours, options.exemptSha256) : []),
  ];
  if (extra.length > 0) {
    all = mergeFindings([...all, ...extra]);
    locateFindings(text, all);
  }
  const findings = all.filter((f) => !f.exempted);
  const redacted = redactFindings(text, findings);
  const decision = spanVerdictFor(findings.length, all.length - findings.length, options.mode ?? "sanitize");
  const verdict = spanVerdict(decision, findings, all.length - findings.length, redacted.counts);
  if (verdict.decision === "ALLOW") verdict.text = text;
  if (verdict.decision === "SANITIZE") verdict.text = redacted.text;
  return verdict;
}

/** How much of a value is read after its property name at most (a rule's window reaches 4 KiB past its keyword). */
const NAMED_READ = 4096;

/**
 * The findings of the start of `text` read as the value of `name` (`"name": "text…"`), in offsets
 * of `text`. The text itself is read on its own too: behind the name its first line is no line
 * start, which line-anchored readings (dumps, `.pgpass`, wrapped base64) need.
 *
 * What the name adds is the rules whose keyword it holds (`password`, `SecretAccessKey`; none of
 * them holds `"` or `: "`, so a keyword that starts in the name ends there), also in its
 * readable view: a name without one adds nothing, and with one only the lines those rules'
 * windows reach are read, the value's first line and their extra lines (the rest is the text's
 * own read). The closing quote is put where the read reaches the value's end or the 4 KiB cut,
 * as before; at a line end the rules' windows end there anyway.
 */
function _namedFindings(text: string, name: string, exemptSha256: ReadonlySet<string> | undefined): SecretFinding[] {
  const head = `${JSON.stringify(name)}: "`;
  // The name as a reader sees it too: a keyword hidden by an escape or an invisible character.
  const seen = readableView(head);
  const rules = seen === undefined ? keywordRules(head) : new Set([...keywordRules(head), ...keywordRules(seen.text)]);
  if (rules.size === 0) return [];
  let lines = 0;
  for (const rule of rules) lines = Math.max(lines, rule.extraLines ?? 0);
  let end = -1;
  for (let n = 0; n <= lines && end < text.length; n++) {
    end = text.indexOf("\n", end + 1);
    if (end < 0) end = text.length;
  }
  const read = end >= text.length || end > NAMED_READ ? `${text.slice(0, NAMED_READ)}"` : text.slice(0, end);
  return spanFindings(`${head}${read}`, exemptSha256)
    .map((f) => ({ ...f, start: Math.max(0, f.start - head.length), end: Math.min(text.length, f.end - head.length) }))
    .filter((f) => f.end > f.start);
}

/** The reason for a scan with `found` counted and `exempted` exempted findings. */
export function spanVerdictFor(found: number, exempted: number, mode: SpanMode): SpanReason {
  if (found === 0) return exempted > 0 ? "ALLOW_EXEMPTED" : "ALLOW_NO_SECRET";
  return mode === "block" ? "BLOCK_SECRET" : mode === "ask" ? "ASK_SECRET" : "SANITIZE_SECRET";
}

/** Assembles a decision from its reason. */
export function spanVerdict(
  reason: SpanReason,
  findings: SecretFinding[],
  exempted: number,
  counts: Record<string, number>,
): SpanDecision {
  const decision = reason.split("_")[0] as SpanDecisionClass;
  return { decision, reason, explanation: SPAN_REASONS[reason], findings, exempted, counts };
}
