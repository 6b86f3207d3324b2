import { isAbsolute, resolve } from "node:path";
import type { DecisionJson } from "../decision-json.ts";

/** The files an agent's own edit tool writes (hooks/file-request.ts), judged by hooks/file-tool.ts. */
export interface FilesRequest {
  files: string[];
  cwd?: string;
  tool: string;
}

/**
 * The command a hook payload asks about (with `writes`, files the agent itself writes for it: a
 * patch Codex applies instead of running the command); `files` for the files the agent's own edit
 * tool writes; `skip` for a tool that is neither (or input that types nothing); `refuse` for input
 * whose effect cannot be checked (the agent's deny, with why). `dialect` is the tool's own shell;
 * `fallbackDialect` the platform's guess, used only when neither `--dialect` nor
 * AGENT_GUARD_DIALECT names one.
 */
export type HookRequest =
  | { command: string; cwd?: string; dialect?: string; fallbackDialect?: string; writes?: FilesRequest }
  | FilesRequest
  | { skip: true }
  | { refuse: string };

/** What an adapter may consult besides the payload: the platform is injectable for tests. */
export interface HookContext {
  platform: NodeJS.Platform;
}

/** What the hook process prints and exits with. */
export interface HookAnswer {
  stdout: string;
  exitCode: number;
  /** A line for the agent's stderr channel (exit-code deny paths read it). */
  stderr?: string;
}

/** One agent's pre-tool hook protocol (research/guard.md §3). */
export interface HookAdapter {
  /** Reads the agent's payload; throws HookShapeError for a shape it does not know. */
  parse(payload: unknown, ctx: HookContext): HookRequest;
  /** The native answer for a verdict. */
  answer(json: DecisionJson, env: Record<string, string | undefined>): HookAnswer;
  /**
   * The native answer for a call the guard has no opinion on (a tool it does not judge, a file
   * that is not protected): the agent's plain ALLOW, which leaves its own permission flow alone.
   */
  pass(): HookAnswer;
  /** The native deny for malformed input or an internal error (never fail open). */
  deny(message: string): HookAnswer;
}

/** Exit 0 and no output: the ALLOW of the agents that read silence as "no objection" (Claude, Codex, Copilot). */
export function silence(): HookAnswer {
  return { stdout: "", exitCode: 0 };
}

/** A payload that does not have the shape this agent sends. */
export class HookShapeError extends Error {
  override name = "HookShapeError";
}

/** The text an agent shows for a verdict: class, code, static explanation, check id. */
export function verdictMessage(json: DecisionJson): string {
  return `leogriel-check: ${json.decision} ${json.reason}: ${json.explanation} (check ${json.check_id})`;
}

/** The note for a compensation that ran: how many paths it kept, and the command that undoes it. */
export function compensationNote(json: DecisionJson): string | undefined {
  const applied = json.compensation?.applied;
  if (!applied) return undefined;
  const what = json.compensation!.kind === "relocate" ? `kept ${applied.covered} path(s) in the quarantine` : "recorded a Git snapshot";
  return `leogriel-check ${what} before this command; undo with: ${applied.restore}`;
}

/** Reads a property of an object payload. */
export function field(payload: unknown, ...path: string[]): unknown {
  let value = payload;
  for (const key of path) {
    if (value === null || typeof value !== "object" || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** The string at `path`, or undefined when it is absent; any other type is a shape error. */
export function optionalString(payload: unknown, ...path: string[]): string | undefined {
  const value = field(payload, ...path);
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") throw new HookShapeError(`${path.join(".")} is not a string`);
  return value;
}

/**
 * The folder a tool call runs in: `dir` (a per-call working directory such as Gemini's
 * `directory`, Codex's `workdir`) resolved against the payload's `cwd` (the project root).
 */
export function callDir(cwd: string | undefined, dir: string | undefined): string | undefined {
  if (!dir) return cwd;
  return isAbsolute(dir) ? dir : resolve(cwd || process.cwd(), dir);
}

/** The Windows shell an agent runs a command string in, when the platform is Windows. */
export function windowsShell(ctx: HookContext): string | undefined {
  return ctx.platform === "win32" ? "powershell" : undefined;
}
