import { MAX_COMMAND_BYTES } from "../classify.ts";
import { runCheck } from "../run-check.ts";
import { SPAN_MODES, type SpanMode } from "../span/reasons.ts";
import { field, type HookAdapter, type HookAnswer, HookShapeError, silence } from "./adapter.ts";
import { claudeAdapter } from "./claude.ts";

import { HOOK_AGENTS, type HookAgent } from "../install/hook-targets.ts";

export { HOOK_AGENTS, type HookAgent };

/**
 * The agent's adapter. Claude's (Codex's too) loads with the hook; Cursor's, Gemini's and
 * Copilot's modules load when their hook line runs, so that no answer creates the functions of
 * the other agents' adapters (start-up pays for every function a module creates:
 * effects/lazy-handler.ts; `import()`, unlike a first `require()`, costs a hook answer little).
 */
async function _adapter(agent: HookAgent): Promise<HookAdapter> {
  switch (agent) {
    case "claude":
    case "codex":
      return claudeAdapter(agent);
    case "cursor":
      return (await import("./cursor.ts")).cursorAdapter;
    case "gemini":
      return (await import("./gemini.ts")).geminiAdapter;
    case "copilot":
      return (await import("./copilot.ts")).copilotAdapter;
  }
}

/** The `hook_event_name` of each agent's pre-tool event (a payload without one is pre-tool). */
const PRE_EVENTS: Record<HookAgent, readonly string[]> = {
  claude: ["PreToolUse"],
  codex: ["PreToolUse"],
  cursor: ["beforeShellExecution", "preToolUse"],
  gemini: ["BeforeTool"],
  copilot: ["preToolUse", "PreToolUse"],
};

/** The post-tool event of the agents whose hook can replace a tool's result before the model reads it. */
const POST_EVENTS: Record<PostToolAgent, string> = { claude: "PostToolUse", codex: "PostToolUse", gemini: "AfterTool" };
export type PostToolAgent = "claude" | "codex" | "gemini";

export function hasPostTool(agent: HookAgent): agent is PostToolAgent {
  return Object.hasOwn(POST_EVENTS, agent);
}

/**
 * The payload as text; throws when it is not UTF-8. Decoded leniently first: every valid payload
 * decodes the same either way, and only one holding U+FFFD (a replaced byte, or the character
 * itself) is decoded again strictly. The strict decoder alone cost the compiled hook a quarter
 * MiB of memory on every answer (docs/check.md "Speed").
 */
function _utf8(input: Uint8Array): string {
  const text = new TextDecoder().decode(input);
  return text.includes("\uFFFD") ? new TextDecoder("utf-8", { fatal: true }).decode(input) : text;
}

/** The payload limit: a 1 MiB command, JSON-escaped, with room for the other fields. */
const MAX_PAYLOAD_BYTES = 8 * MAX_COMMAND_BYTES;

/**
 * Hook mode: the agent's payload in, its native answer out. A pre-tool payload is classified and
 * compensated (hook mode implies --apply); malformed input, an unknown shape or any internal error
 * is that agent's deny: a guard on every command must never fail open. A tool the guard does not
 * judge, or a file it has no opinion on, gets the agent's ALLOW (`pass`). A post-tool payload (its
 * `hook_event_name`) goes to the span guard, loaded only then; other events pass untouched (exit 0,
 * no output).
 */
export async function runHook(
  agent: HookAgent,
  input: Uint8Array,
  env: Record<string, string | undefined> = process.env,
  /** `--dialect` given with --hook wins over the tool's and AGENT_GUARD_DIALECT. */
  dialect?: string,
  /** What the post-tool hook does with credentials in a tool's result. */
  spanMode: SpanMode = "sanitize",
  /** The platform the agent runs on (its Windows shell is the default dialect); injectable for tests. */
  platform: NodeJS.Platform = process.platform,
): Promise<HookAnswer> {
  const adapter = await _adapter(agent);
  try {
    let payload: unknown;
    try {
      if (input.byteLength > MAX_PAYLOAD_BYTES) throw new HookShapeError("the hook input is too large to check");
      payload = JSON.parse(_utf8(input));
    } catch (err) {
      const why = err instanceof HookShapeError ? err.message : "the hook input is not valid UTF-8 JSON";
      return await _unreadable(agent, adapter, why, input);
    }
    const event = field(payload, "hook_event_name");
    if (hasPostTool(agent) && event === POST_EVENTS[agent]) {
      const { runPostTool } = await import("./run-post-tool.ts");
      return runPostTool(agent, payload, spanMode);
    }
    if (typeof event === "string" && !PRE_EVENTS[agent].includes(event)) return silence();
    const request = adapter.parse(payload, { platform });
    if ("skip" in request) return adapter.pass();
    if ("refuse" in request) return adapter.deny(`leogriel-check: ${request.refuse}`);
    const writes = "files" in request ? request : request.writes;
    if (writes) {
      const { judgeFileTool } = await import("./file-tool.ts");
      const json = await judgeFileTool(writes, env, platform);
      if (json) return adapter.answer(json, env);
    }
    if (!("command" in request)) return adapter.pass();
    const cwd = request.cwd || process.cwd();
    const chosen = dialect ?? request.dialect ?? env.AGENT_GUARD_DIALECT ?? request.fallbackDialect;
    const { json } = await runCheck({ command: request.command, dialect: chosen, cwd, apply: true, env });
    // `doctor --live-sentinel` only: one variable lookup on every other call.
    if (env.LEOGRIEL_SENTINEL_RECEIPT) (await import("./sentinel-receipt.ts")).recordSentinelReceipt(agent, request.command, json, env);
    return adapter.answer(json, env);
  } catch (err) {
    if (err instanceof HookShapeError) return adapter.deny(`leogriel-check: unexpected hook input: ${err.message}`);
    const type = err instanceof Error ? err.name : typeof err;
    return adapter.deny(`leogriel-check: internal error (${type}); the command was not checked`);
  }
}

/**
 * The answer to a hook line that is itself wrong (hook-args.ts): the command is not checked, so
 * the agent gets its deny (or, for a post-tool event, the tool's output withheld).
 */
export async function misconfiguredHook(agent: HookAgent, input: Uint8Array, why: string): Promise<HookAnswer> {
  return _unreadable(agent, await _adapter(agent), `the hook is misconfigured: ${why}; the command was not checked`, input);
}

/**
 * The answer to input that cannot be read: a deny, or for an agent with a post-tool hook whose
 * input names that event (its raw bytes are searched, as they do not parse), a withheld result.
 */
async function _unreadable(agent: HookAgent, adapter: HookAdapter, why: string, input: Uint8Array): Promise<HookAnswer> {
  if (hasPostTool(agent) && new RegExp(`"hook_event_name"\\s*:\\s*"${POST_EVENTS[agent]}"`).test(new TextDecoder().decode(input))) {
    const { withholdUnreadable } = await import("./run-post-tool.ts");
    return withholdUnreadable(agent, `leogriel-check withheld the tool output: ${why}`);
  }
  return adapter.deny(`leogriel-check: ${why}`);
}

export function isHookAgent(name: string): name is HookAgent {
  return (HOOK_AGENTS as readonly string[]).includes(name);
}

export function isSpanMode(name: string): name is SpanMode {
  return (SPAN_MODES as readonly string[]).includes(name);
}
