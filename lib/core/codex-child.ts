import { accessSync, constants, statSync } from "node:fs";
import { isAbsolute, resolve } from "node:path";
import { readLines, summarizeStream, type StreamSummary } from "./child-streams.ts";
import { LeogrielError } from "./errors.ts";

/**
 * The Codex CLI as a child process, shared by capture (session receipts) and the behavioral
 * test runner. Codex facts this relies on (research/receipts.md): `-a` must come before `exec`;
 * the prompt is read from stdin when no prompt argument is given; stdout is pure JSONL; and a
 * refused endpoint makes Codex retry for ever, so the caller's timeout is the only stop.
 */

/** The sandbox modes a request may select. */
export type CodexSandbox = "read-only" | "workspace-write";

/**
 * The Codex executable: `LEOGRIEL_CODEX` when set (a path), else `codex` on PATH.
 * @throws {LeogrielError} `codex_unavailable` when neither names an executable file
 */
export function resolveCodexBinary(env: Record<string, string | undefined> = process.env, cwd = process.cwd()): string {
  const explicit = env.LEOGRIEL_CODEX;
  if (explicit) {
    const path = isAbsolute(explicit) ? explicit : resolve(cwd, explicit);
    if (_isExecutableFile(path)) return path;
    throw new LeogrielError("codex_unavailable", "Cannot run Codex: LEOGRIEL_CODEX does not name an executable file", { exitCode: 1 });
  }
  const found = Bun.which("codex", { PATH: env.PATH ?? "" });
  if (found) return found;
  throw new LeogrielError("codex_unavailable", "Cannot run Codex: no codex executable on PATH (install @openai/codex or set LEOGRIEL_CODEX)", {
    exitCode: 1,
  });
}

/** The exact non-interactive argv after the executable: `-a never -m M exec --sandbox S --json -C ROOT`. */
export function codexExecArgs(request: { model: string; sandbox: CodexSandbox; root: string }): string[] {
  return ["-a", "never", "-m", request.model, "exec", "--sandbox", request.sandbox, "--json", "-C", request.root];
}

export type { StreamSummary };

export interface CodexChildOptions {
  /** The executable (from `resolveCodexBinary`). */
  codex: string;
  args: string[];
  cwd: string;
  /** The child's whole environment. */
  env: Record<string, string | undefined>;
  /** Written to stdin, which is then closed; never passed on the command line. */
  stdin: string;
  timeoutMs: number;
  /** Called with each stdout line (without its `\n`), in order; throwing stops the child. */
  onLine: (line: Uint8Array) => void;
  /** A stdout line longer than this stops the child with `codex_output_too_large`. */
  maxLineBytes: number;
}

export interface CodexChildResult {
  /** The exit code, or null when a signal ended the child. */
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  durationMs: number;
  stdout: StreamSummary;
  /** Raw stderr is never kept: only its commitment. */
  stderr: StreamSummary;
}

/** How long a child has after SIGTERM before SIGKILL. */
const KILL_GRACE_MS = 2000;
/** How long the pipes may stay open after the child exits (a process that left its group). */
const DRAIN_MS = 5000;

/**
 * Runs Codex in its own process group with the prompt on stdin, streaming stdout lines to
 * `onLine` and hashing stderr. On timeout the group gets SIGTERM, then SIGKILL; when the child
 * exits, anything left in its group is killed, so nothing it started outlives the run, and the
 * pipes are drained for at most DRAIN_MS in case a process escaped the group.
 * @throws {LeogrielError} `codex_unavailable` when the executable cannot be started, and
 *   whatever `onLine` throws (after the child is stopped)
 */
export async function runCodexChild(options: CodexChildOptions): Promise<CodexChildResult> {
  const started = performance.now();
  let proc: Bun.Subprocess<"pipe", "pipe", "pipe">;
  try {
    proc = Bun.spawn([options.codex, ...options.args], {
      cwd: options.cwd,
      env: options.env,
      stdin: "pipe",
      stdout: "pipe",
      stderr: "pipe",
      detached: true,
    });
  } catch (err) {
    throw new LeogrielError("codex_unavailable", "Cannot run Codex: the executable could not be started", { exitCode: 1, cause: err });
  }
  const stop = _stopper(proc.pid);
  const unhook = _forwardTerminationSignals(stop);
  let timedOut = false;
  let failure: unknown;
  const timer = setTimeout(() => {
    timedOut = true;
    stop();
  }, options.timeoutMs);
  try {
    _writeStdin(proc, options.stdin);
    const out = proc.stdout.getReader();
    const err = proc.stderr.getReader();
    const streams = Promise.all([
      readLines(out, options, (e) => {
        failure ??= e;
        stop();
      }),
      summarizeStream(err),
    ]);
    const exitCode = await proc.exited;
    // Anything the child left in its group would hold the pipes open (and keep changing files).
    _killGroup(proc.pid, "SIGKILL");
    let drainTimer: Timer | undefined;
    const drained = await Promise.race([streams, new Promise<undefined>((resolve) => (drainTimer = setTimeout(resolve, DRAIN_MS)))]);
    clearTimeout(drainTimer);
    if (!drained) await Promise.all([out.cancel(), err.cancel()]);
    const [stdout, stderr] = drained ?? (await streams);
    if (failure !== undefined) throw failure;
    const signal = proc.signalCode === null ? null : String(proc.signalCode);
    return { exitCode: signal ? null : exitCode, signal, timedOut, durationMs: Math.round(performance.now() - started), stdout, stderr };
  } finally {
    clearTimeout(timer);
    unhook();
    _killGroup(proc.pid, "SIGKILL");
  }
}

function _writeStdin(proc: Bun.Subprocess<"pipe", "pipe", "pipe">, text: string): void {
  // A child that exits before reading its prompt breaks the pipe (EPIPE, possibly async); its
  // exit code tells the story.
  try {
    proc.stdin.write(text);
    Promise.resolve(proc.stdin.end()).catch(() => {});
  } catch {}
}

// SIGTERM to the group now, SIGKILL after a grace period; calling it again changes nothing.
function _stopper(pid: number): () => void {
  let stopping = false;
  return () => {
    if (stopping) return;
    stopping = true;
    _killGroup(pid, "SIGTERM");
    setTimeout(() => _killGroup(pid, "SIGKILL"), KILL_GRACE_MS).unref();
  };
}

function _killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    // A negative pid addresses the process group the detached child leads.
    process.kill(process.platform === "win32" ? pid : -pid, signal);
  } catch {
    // The group is already gone.
  }
}

// Ctrl-C reaches only our process group; stop the child's group too, then die of the same signal.
function _forwardTerminationSignals(stop: () => void): () => void {
  const signals: NodeJS.Signals[] = ["SIGINT", "SIGTERM", "SIGHUP"];
  const handler = (signal: NodeJS.Signals) => {
    stop();
    for (const s of signals) process.off(s, handler);
    process.kill(process.pid, signal);
  };
  for (const s of signals) process.on(s, handler);
  return () => {
    for (const s of signals) process.off(s, handler);
  };
}

function _isExecutableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
