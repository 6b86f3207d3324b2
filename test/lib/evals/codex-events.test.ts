import { describe, expect, test } from "bun:test";
import { CodexTraceBuilder, MAX_MESSAGE_CHARS } from "../../../lib/evals/codex-events.ts";

// A stream as codex 0.171.0 writes it (research/receipts.md §1.4), with an event from the future.
const STREAM = [
  '{"type":"thread.started","thread_id":"01a2"}',
  '{"type":"item.completed","item":{"id":"item_0","type":"error","message":"Model metadata for `m` not found."}}',
  '{"type":"turn.started"}',
  '{"type":"item.started","item":{"id":"item_1","type":"command_execution","command":"/bin/bash -c \'ls\'","aggregated_output":"","exit_code":null,"status":"in_progress"}}',
  '{"type":"item.completed","item":{"id":"item_1","type":"command_execution","command":"/bin/bash -c \'ls\'","aggregated_output":"a\\n","exit_code":0,"status":"completed"}}',
  '{"type":"item.completed","item":{"id":"item_2","type":"command_execution","command":"/bin/bash -c \'false\'","aggregated_output":"","exit_code":1,"status":"failed"}}',
  '{"type":"item.completed","item":{"id":"item_3","type":"web_search","query":"x"}}',
  '{"type":"item.completed","item":{"id":"item_4","type":"mcp_tool_call","server":"s","tool":"t"}}',
  '{"type":"item.completed","item":{"id":"item_5","type":"agent_message","text":"first"}}',
  '{"type":"item.completed","item":{"id":"item_6","type":"agent_message","text":"done"}}',
  '{"type":"future.event","whatever":true}',
  '{"type":"turn.completed","usage":{"input_tokens":120,"cached_input_tokens":20,"cache_write_input_tokens":0,"output_tokens":30,"reasoning_output_tokens":5}}',
];

describe("CodexTraceBuilder", () => {
  test("folds a real event stream into commands, the final message, usage and tool activity", () => {
    const b = new CodexTraceBuilder();
    for (const line of STREAM) b.push(new TextEncoder().encode(line));
    expect(b.trace).toEqual({
      threadId: "01a2",
      finalMessage: "done",
      commands: [
        { id: "item_1", command: "/bin/bash -c 'ls'", exitCode: 0, status: "completed" },
        { id: "item_2", command: "/bin/bash -c 'false'", exitCode: 1, status: "failed" },
      ],
      usage: { inputTokens: 120, cachedInputTokens: 20, outputTokens: 30, totalTokens: 150 },
      turnCompleted: true,
      webSearches: 1,
      mcpToolCalls: 1,
      unparsedLines: 0,
    });
  });

  test("records the failure of a failed turn", () => {
    const b = new CodexTraceBuilder();
    for (const line of ['{"type":"error","message":"Reconnecting... 1/5"}', '{"type":"turn.failed","error":{"message":"unexpected status 401"}}']) b.push(line);
    expect([b.trace.failure, b.trace.turnCompleted]).toEqual(["unexpected status 401", false]);
  });

  // Hostile lines: none may throw, and none may add a command or tokens.
  const HOSTILE = [
    "not json",
    "[1,2]",
    "null",
    '"string"',
    '{"type":"item.completed"}',
    '{"type":"item.completed","item":null}',
    '{"type":"item.completed","item":{"type":"command_execution","command":42}}',
    '{"type":"turn.completed","usage":{"input_tokens":-5,"output_tokens":"9"}}',
    '{"type":"turn.completed","usage":{"input_tokens":1e400}}',
    '{"type":"turn.failed","error":"nope"}',
    "{",
    "",
  ];

  test.each(HOSTILE)("survives the line %j", (line) => {
    const b = new CodexTraceBuilder();
    b.push(line);
    expect([b.trace.commands.length, b.trace.usage.totalTokens]).toEqual([0, 0]);
  });

  test("keeps at most the maximum final message", () => {
    const b = new CodexTraceBuilder();
    b.push(JSON.stringify({ type: "item.completed", item: { id: "i", type: "agent_message", text: "x".repeat(MAX_MESSAGE_CHARS + 10) } }));
    expect(b.trace.finalMessage.length).toBe(MAX_MESSAGE_CHARS);
  });
});
