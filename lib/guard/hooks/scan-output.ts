import { decideSpan, type SpanDecision, spanVerdict, spanVerdictFor } from "../span/decide.ts";
import { neighbourStrings } from "../span/joins.ts";
import type { SpanDecisionClass, SpanMode, SpanReason } from "../span/reasons.ts";
import { HookShapeError } from "./adapter.ts";

/** The span guard's verdict on a whole tool result, and what the model may see of it. */
export interface OutputVerdict {
  decision: SpanDecisionClass;
  reason: SpanReason;
  explanation: string;
  /** Redactions per rule id (SANITIZE) or findings per rule id (ASK, BLOCK); never a value. */
  counts: Record<string, number>;
  /**
   * The tool result with the same shape: unchanged for ALLOW, each credential replaced by
   * `[REDACTED:<rule>]` for SANITIZE, and for ASK or BLOCK every string that holds one replaced
   * by a withheld marker.
   */
  visible: unknown;
}

/** Deeper results are refused: the walk is recursive and a tool result is never this deep. */
const MAX_DEPTH = 64;

/**
 * Runs the span guard over every string in a tool result (stdout, stderr, file text, MCP
 * content), each on its own, and folds the verdicts: the text that leaves is rebuilt string by
 * string, so its shape is what the agent expects back.
 * @throws {HookShapeError} for a result nested deeper than {@link MAX_DEPTH}
 */
export function scanToolOutput(output: unknown, options: { mode: SpanMode; exemptSha256?: ReadonlySet<string> }): OutputVerdict {
  const counts: Record<string, number> = {};
  let found = 0;
  let exempted = 0;
  let binary = false;
  const withheld: ((marker: string) => void)[] = [];
  const scan = (text: string, name?: string, neighbours?: Neighbours) => {
    const leaf = decideSpan(text, { mode: "sanitize", exemptSha256: options.exemptSha256, name, neighbours });
    found += leaf.findings.length;
    exempted += leaf.exempted;
    binary ||= leaf.reason === "BLOCK_BINARY_INPUT";
    for (const f of leaf.findings) counts[f.ruleId] = (counts[f.ruleId] ?? 0) + 1;
    return leaf;
  };
  // A string is read with the property name it is the value of (`{"password": "..."}`), and with
  // the strings next to it in its array or object, which a reader may concatenate.
  const walk = (value: unknown, depth: number, replace: (next: unknown) => void, name?: string, neighbours?: Neighbours): void => {
    if (depth > MAX_DEPTH) throw new HookShapeError(`the tool result nests deeper than ${MAX_DEPTH} levels`);
    if (typeof value === "string") {
      const leaf = scan(value, name, neighbours);
      if (leaf.decision === "SANITIZE") replace(leaf.text);
      if (leaf.decision !== "ALLOW") withheld.push(replace);
    } else if (Array.isArray(value)) {
      const copy = [...value];
      replace(copy);
      copy.forEach((item, i) => walk(item, depth + 1, (next) => (copy[i] = next), undefined, neighbourStrings(value, i)));
    } else if (value !== null && typeof value === "object") {
      // Property names are text the model reads too: one that holds a credential is redacted.
      const copy = _withSafeNames(Object.entries(value), (key) => _safeName(scan(key), key));
      replace(copy);
      const keys = Object.keys(copy);
      const items = keys.map((key) => copy[key]);
      keys.forEach((key, i) => walk(items[i], depth + 1, (next) => (copy[key] = next), key, neighbourStrings(items, i)));
    }
  };
  let visible: unknown = output;
  walk(output, 0, (next) => (visible = next));
  const reason: SpanReason = binary ? "BLOCK_BINARY_INPUT" : spanVerdictFor(found, exempted, options.mode);
  const verdict = spanVerdict(reason, [], exempted, counts);
  if (verdict.decision === "ASK" || verdict.decision === "BLOCK") {
    for (const replace of withheld) replace(`[WITHHELD by leogriel-check: ${reason}]`);
  }
  return { decision: verdict.decision, reason, explanation: verdict.explanation, counts, visible };
}

/** The strings before and after a string item (a token may be split between them; joins.ts neighbourStrings). */
type Neighbours = [before: string | undefined, after: string | undefined];

/**
 * An object's entries under the names `safe` gives them. A redacted name that another property
 * already has (two tokens used as names both redact to `[REDACTED:github-pat]`) gets its index
 * after it, as blankedOutput names them, so no value is dropped.
 */
function _withSafeNames(entries: Array<[string, unknown]>, safe: (key: string) => string): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  const taken = new Set(entries.map(([key]) => key));
  entries.forEach(([key, item], i) => {
    let name = safe(key);
    if (name !== key && (Object.hasOwn(copy, name) || taken.has(name))) name = `${name} ${i}`;
    copy[name] = item;
  });
  return copy;
}

/** A property name as it may be shown: unchanged, redacted, or withheld when it cannot be read. */
function _safeName(leaf: SpanDecision, name: string): string {
  if (leaf.decision === "ALLOW") return name;
  return leaf.text ?? `[WITHHELD by leogriel-check: ${leaf.reason}]`;
}
