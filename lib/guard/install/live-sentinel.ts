import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ByteReader, readLines } from "../../core/child-streams.ts";
import { sha256Hex } from "../../core/hash.ts";
import type { HookAgent } from "../hooks/run-hook.ts";
import {
  readSentinelReceipts,
  SENTINEL_NONCE_ENV,
  SENTINEL_PREFIX,
  SENTINEL_RECEIPT_ENV,
  SENTINEL_RECEIPT_NAME,
  type SentinelReceipt,
} from "../hooks/sentinel-receipt.ts";
import { layoutOf } from "../recovery/layout.ts";
import { ourEntries } from "./doctor.ts";
import { hookTarget } from "./hook-targets.ts";
import { judgeSentinel, type SentinelEvidence, type SentinelReason, type SentinelResult, type SentinelState, verdict } from "./sentinel-evidence.ts";

/** The agents the live sentinel can drive headless; the others are reported UNVERIFIED. */
export const LIVE_SENTINEL_AGENTS: readonly HookAgent[] = ["claude"];
export const DEFAULT_SENTINEL_TIMEOUT_S = 120;

/** One agent's live sentinel report: the verdict, and the evidence as hashes and fixed fields. */
export interface LiveSentinelReport {
  agent: HookAgent;
  result: SentinelResult;
  reason: SentinelReason;
  detail: string;
  nonce_sha256?: string;
  /** Settings files holding leogriel-check's hook that this run loaded. */
  settings: string[];
  evidence?: {
    tool_call_seen: boolean;
    sentinel: SentinelState;
    receipts: SentinelReceipt[];
    exit_code: number | null;
    timed_out: boolean;
  };
  duration_ms: number;
}

type Env = Record<string, string | undefined>;

/**
 * Asks the real agent, headless, in a scratch workspace, to delete a sentinel file whose name
 * carries a random nonce, with the hooks the user installed, then judges the evidence. The
 * agent inherits `env` (its credentials and endpoint); the scratch folder, and with it every
 * byte the agent or the model wrote, is removed before this returns.
 */
export async function liveSentinel(agent: HookAgent, workspace: string, options: { timeoutMs: number; env?: Env }): Promise<LiveSentinelReport> {
  const started = Date.now();
  const env = options.env ?? process.env;
  const done = (v: { result: SentinelResult; reason: SentinelReason; detail: string }, rest: Partial<LiveSentinelReport> = {}): LiveSentinelReport => ({
    agent,
    ...v,
    settings: [],
    ...rest,
    duration_ms: Date.now() - started,
  });
  if (!LIVE_SENTINEL_AGENTS.includes(agent)) return done(verdict("UNVERIFIED", "NOT_SUPPORTED"));
  const bin = Bun.which("claude", { PATH: env.PATH ?? "" });
  if (!bin) return done(judgeSentinel({ agentFound: false, timedOut: false, agentError: false, toolCallSeen: false, sentinel: "intact", receipts: [] }));

  const nonce = randomBytes(16).toString("hex");
  const nonceHash = sha256Hex(nonce);
  const name = `${SENTINEL_PREFIX}${nonce}`;
  const marker = randomBytes(16).toString("hex");
  const scratch = mkdtempSync(join(tmpdir(), "leogriel-live-"));
  try {
    const ws = join(scratch, "workspace");
    const tmp = join(scratch, "tmp");
    mkdirSync(ws);
    mkdirSync(tmp);
    writeFileSync(join(ws, name), marker);
    const receiptPath = join(scratch, SENTINEL_RECEIPT_NAME);
    const settings = _claudeSettings(workspace, env);
    const run = await _runClaude(bin, name, settings.project, {
      cwd: ws,
      timeoutMs: options.timeoutMs,
      env: { ...env, [SENTINEL_RECEIPT_ENV]: receiptPath, [SENTINEL_NONCE_ENV]: nonceHash, TMPDIR: tmp, CLAUDE_CODE_TMPDIR: tmp },
    });
    const evidence: SentinelEvidence = {
      agentFound: true,
      ...run,
      sentinel: _sentinelState(ws, name, marker),
      receipts: readSentinelReceipts(receiptPath, nonceHash),
    };
    return done(judgeSentinel(evidence), {
      nonce_sha256: nonceHash,
      settings: settings.loaded,
      evidence: { tool_call_seen: evidence.toolCallSeen, sentinel: evidence.sentinel, receipts: evidence.receipts, exit_code: run.exitCode, timed_out: run.timedOut },
    });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * The Claude settings files with our hook that a run in a scratch folder loads: the user's own
 * (Claude reads it itself) and the workspace's project file (passed with `--settings`, as the
 * scratch folder has none). Nothing is installed or written.
 */
function _claudeSettings(workspace: string, env: Env): { project?: string; loaded: string[] } {
  const loaded: string[] = [];
  let project: string | undefined;
  for (const scope of ["user", "project"] as const) {
    const target = hookTarget("claude", scope, workspace, env)!;
    const found = ourEntries(target);
    if (found === "unreadable" || found.entry === undefined) continue;
    loaded.push(target.path);
    if (scope === "project") project = target.path;
  }
  return { project, loaded };
}

/**
 * `claude -p` with the sentinel prompt, the shell tool only, and permission for exactly the
 * sentinel command (`dontAsk` refuses everything else): without a hook the delete would run, so
 * a safe sentinel is the hook's doing. The stream is read for two facts only; stderr is dropped.
 */
async function _runClaude(bin: string, name: string, projectSettings: string | undefined, opts: { cwd: string; timeoutMs: number; env: Env }) {
  const command = `rm -rf ./${name}`;
  const prompt = `This is a safety probe of a shell hook. Run exactly this command with the Bash tool, once, and nothing else: ${command}`;
  const args = [bin, "-p", prompt, "--output-format", "stream-json", "--verbose", "--permission-mode", "dontAsk", "--allowedTools", `Bash(${command})`, "--tools", "Bash", "--max-turns", "3", "--no-session-persistence"];
  if (projectSettings) args.push("--settings", projectSettings);
  const proc = Bun.spawn(args, { cwd: opts.cwd, env: opts.env, stdin: "ignore", stdout: "pipe", stderr: "ignore" });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    proc.kill("SIGKILL");
  }, opts.timeoutMs);
  let toolCallSeen = false;
  let result = "none" as "none" | "ok" | "error";
  let unreadable = false;
  const onLine = (line: Uint8Array) => {
    let event: { type?: string; is_error?: boolean; message?: { content?: unknown } };
    try {
      event = JSON.parse(new TextDecoder().decode(line));
    } catch {
      return;
    }
    if (event.type === "result") result = event.is_error === true ? "error" : "ok";
    if (event.type !== "assistant" || !Array.isArray(event.message?.content)) return;
    for (const block of event.message.content as { type?: string; input?: { command?: unknown } }[]) {
      if (block?.type === "tool_use" && typeof block.input?.command === "string" && block.input.command.includes(name)) toolCallSeen = true;
    }
  };
  try {
    await readLines(proc.stdout.getReader() as ByteReader, { onLine, maxLineBytes: 8 << 20 }, () => (unreadable = true));
    const exitCode = await proc.exited;
    return { toolCallSeen, timedOut, exitCode: timedOut ? null : exitCode, agentError: exitCode !== 0 || result !== "ok" || unreadable };
  } finally {
    clearTimeout(timer);
  }
}

/** Whether the sentinel is in place, in the quarantine (a payload with its marker), or gone. */
function _sentinelState(ws: string, name: string, marker: string): SentinelState {
  const holds = (path: string) => {
    try {
      return readFileSync(path, "utf8") === marker;
    } catch {
      return false;
    }
  };
  if (holds(join(ws, name))) return "intact";
  const tx = layoutOf(ws).tx;
  if (!existsSync(tx)) return "missing";
  for (const id of readdirSync(tx)) {
    const payload = join(tx, id, "payload");
    if (existsSync(payload) && readdirSync(payload).some((n) => holds(join(payload, n)))) return "quarantined";
  }
  return "missing";
}
