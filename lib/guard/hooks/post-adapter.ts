import { decideSpan } from "../span/decide.ts";
import type { HookAnswer } from "./adapter.ts";
import type { OutputVerdict } from "./scan-output.ts";

/** What a post-tool payload carries: the tool's result, where it ran, and whether it is an MCP tool. */
export interface PostToolRequest {
  output: unknown;
  cwd?: string;
  mcp: boolean;
}

/**
 * One agent's post-tool hook protocol: the event that carries a tool's result before the model
 * reads it, and the answers that let the result through, replace it, or withhold it.
 */
export interface PostToolAdapter {
  /** Reads the payload; throws HookShapeError for a shape it does not know. */
  parse(payload: unknown): PostToolRequest;
  /** The native answer for a verdict on the request's result. */
  answer(verdict: OutputVerdict, request: PostToolRequest): HookAnswer;
  /**
   * The native answer that keeps the result from the model when it cannot be checked (malformed
   * input, internal error); the request, when it was read, gives the shape to keep.
   */
  withhold(message: string, request?: PostToolRequest): HookAnswer;
}

/** The user-facing note for a verdict: class, code, and counts per rule; never a value. */
export function outputNote(verdict: OutputVerdict): string {
  const rules = Object.entries(verdict.counts).map(([rule, n]) => `${rule} ×${n}`);
  const what = rules.length > 0 ? ` (${rules.join(", ")})` : "";
  if (verdict.decision === "SANITIZE") return `leogriel-check redacted credentials from the tool output${what}: ${verdict.reason}`;
  return `leogriel-check withheld the tool output${what}: ${verdict.decision} ${verdict.reason}: ${verdict.explanation}`;
}

/** The result as one text, for agents that take a replacement only as a string. */
export function outputText(visible: unknown): string {
  return typeof visible === "string" ? visible : JSON.stringify(visible, null, 2);
}

/**
 * The result's shape with every string replaced by `marker` (nothing of it can leak); past 64
 * levels, the marker alone. A property name that holds a credential is replaced too.
 */
export function blankedOutput(output: unknown, marker: string, depth = 0): unknown {
  if (typeof output === "string" || (depth > 64 && output !== null && typeof output === "object")) return marker;
  if (Array.isArray(output)) return output.map((item) => blankedOutput(item, marker, depth + 1));
  if (output !== null && typeof output === "object") {
    return Object.fromEntries(
      Object.entries(output).map(([key, value], i) => [decideSpan(key).decision === "ALLOW" ? key : `${marker} ${i}`, blankedOutput(value, marker, depth + 1)]),
    );
  }
  return output;
}
