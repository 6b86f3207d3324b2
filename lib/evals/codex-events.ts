import type { ObservedCommand } from "./agent-runner.ts";

/** Most commands kept per run; a run past it is still graded on the first ones. */
export const MAX_COMMANDS = 5000;
/** The final message is kept up to this many characters. */
export const MAX_MESSAGE_CHARS = 65_536;

/** What a `codex exec --json` stream says about a run. */
export interface CodexTrace {
  threadId?: string;
  finalMessage: string;
  commands: ObservedCommand[];
  usage: { inputTokens: number; cachedInputTokens: number; outputTokens: number; totalTokens: number };
  turnCompleted: boolean;
  /** The `turn.failed` or last `error` message. */
  failure?: string;
  webSearches: number;
  mcpToolCalls: number;
  /** Lines that were not JSON objects (counted, never fatal: event fields drift between versions). */
  unparsedLines: number;
}

/**
 * Folds Codex JSONL events (research/receipts.md §1) into a trace. Unknown events and fields
 * are ignored rather than rejected, because Codex adds them between versions without notice.
 */
export class CodexTraceBuilder {
  readonly trace: CodexTrace = {
    finalMessage: "",
    commands: [],
    usage: { inputTokens: 0, cachedInputTokens: 0, outputTokens: 0, totalTokens: 0 },
    turnCompleted: false,
    webSearches: 0,
    mcpToolCalls: 0,
    unparsedLines: 0,
  };
  readonly #decoder = new TextDecoder();

  /** Adds one stdout line. */
  push(line: Uint8Array | string): void {
    const text = typeof line === "string" ? line : this.#decoder.decode(line);
    if (text.trim() === "") return;
    let event: unknown;
    try {
      event = JSON.parse(text);
    } catch {
      this.trace.unparsedLines++;
      return;
    }
    if (!_isRecord(event)) {
      this.trace.unparsedLines++;
      return;
    }
    this.#apply(event);
  }

  #apply(event: Record<string, unknown>): void {
    const t = this.trace;
    switch (event.type) {
      case "thread.started":
        if (typeof event.thread_id === "string") t.threadId = event.thread_id;
        break;
      case "turn.completed": {
        t.turnCompleted = true;
        const u = _isRecord(event.usage) ? event.usage : {};
        const input = _count(u.input_tokens);
        const output = _count(u.output_tokens);
        t.usage.inputTokens += input;
        t.usage.cachedInputTokens += _count(u.cached_input_tokens);
        t.usage.outputTokens += output;
        t.usage.totalTokens += input + output;
        break;
      }
      case "turn.failed":
        t.failure = _isRecord(event.error) && typeof event.error.message === "string" ? event.error.message : "turn failed";
        break;
      case "error":
        if (typeof event.message === "string") t.failure ??= event.message;
        break;
      case "item.completed":
        if (_isRecord(event.item)) this.#item(event.item);
        break;
    }
  }

  #item(item: Record<string, unknown>): void {
    const t = this.trace;
    const id = typeof item.id === "string" ? item.id : "";
    switch (item.type) {
      case "agent_message":
        if (typeof item.text === "string") t.finalMessage = item.text.slice(0, MAX_MESSAGE_CHARS);
        break;
      case "command_execution":
        if (typeof item.command === "string" && t.commands.length < MAX_COMMANDS) {
          t.commands.push({
            id,
            command: item.command,
            exitCode: typeof item.exit_code === "number" ? item.exit_code : null,
            status: typeof item.status === "string" ? item.status : "unknown",
          });
        }
        break;
      case "web_search":
        t.webSearches++;
        break;
      case "mcp_tool_call":
        t.mcpToolCalls++;
        break;
    }
  }
}

function _isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function _count(v: unknown): number {
  return typeof v === "number" && Number.isFinite(v) && v > 0 ? Math.floor(v) : 0;
}
