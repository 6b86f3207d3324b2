import { MAX_COMMAND_BYTES } from "../classify.ts";
import { runCheck } from "../run-check.ts";
import { type HookAdapter, type HookAnswer, HookShapeError } from "./adapter.ts";
import { claudeAdapter } from "./claude.ts";
import { copilotAdapter } from "./copilot.ts";
import { cursorAdapter } from "./cursor.ts";
import { geminiAdapter } from "./gemini.ts";

export const HOOK_AGENTS = ["claude", "codex", "cursor", "gemini", "copilot"] as const;
export type HookAgent = (typeof HOOK_AGENTS)[number];

const ADAPTERS: Record<HookAgent, HookAdapter> = {
  claude: claudeAdapter("claude"),
  codex: claudeAdapter("codex"),
  cursor: cursorAdapter,
  gemini: geminiAdapter,
  copilot: copilotAdapter,
};

/** The payload limit: a 1 MiB command, JSON-escaped, with room for the other fields. */
const MAX_PAYLOAD_BYTES = 8 * MAX_COMMAND_BYTES;

/**
 * Hook mode: the agent's payload in, its native answer out. Compensation is applied (hook mode
 * implies --apply). Malformed input, an unknown shape or any internal error is that agent's deny:
 * a guard on every command must never fail open.
 */
export async function runHook(
  agent: HookAgent,
  input: Uint8Array,
  env: Record<string, string | undefined> = process.env,
  /** `--dialect` given with --hook wins over the tool's and AGENT_GUARD_DIALECT. */
  dialect?: string,
): Promise<HookAnswer> {
  const adapter = ADAPTERS[agent];
  try {
    if (input.byteLength > MAX_PAYLOAD_BYTES) return adapter.deny("leogriel-check: the hook input is too large to check");
    let payload: unknown;
    try {
      payload = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(input));
    } catch {
      return adapter.deny("leogriel-check: the hook input is not valid UTF-8 JSON");
    }
    const request = adapter.parse(payload);
    if ("skip" in request) return { stdout: "", exitCode: 0 };
    const cwd = request.cwd || process.cwd();
    const { json } = await runCheck({ command: request.command, dialect: dialect ?? request.dialect ?? env.AGENT_GUARD_DIALECT, cwd, apply: true, env });
    return adapter.answer(json, env);
  } catch (err) {
    if (err instanceof HookShapeError) return adapter.deny(`leogriel-check: unexpected hook input: ${err.message}`);
    const type = err instanceof Error ? err.name : typeof err;
    return adapter.deny(`leogriel-check: internal error (${type}); the command was not checked`);
  }
}

export function isHookAgent(name: string): name is HookAgent {
  return (HOOK_AGENTS as readonly string[]).includes(name);
}
