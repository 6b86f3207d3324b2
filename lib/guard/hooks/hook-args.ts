import { type HookAgent, isHookAgent, isSpanMode } from "./run-hook.ts";
import type { SpanMode } from "../span/reasons.ts";

/** What a hook line asks for, or what is wrong with it (the agent still gets its native answer). */
export type HookArgs = { agent: HookAgent; dialect?: string; spanMode: SpanMode } | { agent: HookAgent; problem: string };

const VALUED = ["--hook", "--span-mode", "--dialect"] as const;

/**
 * Reads a hook line's arguments (`--hook AGENT [--span-mode MODE] [--dialect NAME]`, each also as
 * `--flag=value`). Null when no known agent is named: the command line then reports the usage
 * error. With a known agent, anything else on the line is a problem the caller answers in that
 * agent's format: a hand-edited hook line must fail closed (an agent that skips a failing hook,
 * like Copilot, would otherwise run the command unchecked), never as a bare usage error.
 */
export function readHookArgs(argv: string[]): HookArgs | null {
  // A person asking for help or the version gets the command line's answer.
  if (argv.some((a) => a === "--help" || a === "-h" || a === "--version")) return null;
  const values = new Map<string, string>();
  let problem: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    const eq = word.indexOf("=");
    const flag = eq > 0 ? word.slice(0, eq) : word;
    if (!(VALUED as readonly string[]).includes(flag)) {
      problem ??= "the hook line has an argument leogriel-check does not take";
      continue;
    }
    const value = eq > 0 ? word.slice(eq + 1) : argv[++i];
    if (value === undefined || values.has(flag)) problem ??= `the hook line gives ${flag} without a value or twice`;
    else values.set(flag, value);
  }
  const agent = values.get("--hook");
  if (agent === undefined || !isHookAgent(agent)) return null;
  const spanMode = values.get("--span-mode") ?? "sanitize";
  if (problem) return { agent, problem };
  if (!isSpanMode(spanMode)) return { agent, problem: "--span-mode must be sanitize, ask or block" };
  const dialect = values.get("--dialect");
  return dialect === undefined ? { agent, spanMode } : { agent, dialect, spanMode };
}
