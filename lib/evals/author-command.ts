import { redactText } from "../core/redact.ts";
import type { ArmWorkspace } from "./agent-runner.ts";
import type { Verdict } from "./grade-files.ts";

/** How much of the command's output is quoted as evidence. */
const TAIL_CHARS = 300;

/**
 * Runs a `command_exits_zero` command, author code, in the finished workspace: argv only (no
 * shell), the arm's private HOME, an environment of PATH and locale only, its own process group
 * killed on timeout. Callers run it only once the tests are trusted.
 */
export async function runAuthorCommand(argv: string[], workspace: ArmWorkspace, timeoutMs: number, env: Record<string, string | undefined> = process.env): Promise<Verdict> {
  const childEnv: Record<string, string> = { PATH: env.PATH ?? "/usr/bin:/bin", HOME: workspace.home, TERM: "dumb" };
  for (const name of ["LANG", "LC_ALL", "TZ"]) if (env[name]) childEnv[name] = env[name]!;
  let proc: Bun.Subprocess<"ignore", "pipe", "pipe">;
  try {
    proc = Bun.spawn(argv, { cwd: workspace.root, env: childEnv, stdin: "ignore", stdout: "pipe", stderr: "pipe", detached: true });
  } catch (err) {
    return { pass: false, evidence: `${JSON.stringify(argv[0])} could not be started: ${(err as Error).message}` };
  }
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    _killGroup(proc.pid);
  }, timeoutMs);
  try {
    const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
    const tail = redactText(`${out}${err}`.trimEnd().slice(-TAIL_CHARS));
    if (timedOut) return { pass: false, evidence: `killed after ${timeoutMs} ms` };
    const quoted = tail ? `; output ends ${JSON.stringify(tail)}` : "";
    return { pass: code === 0, evidence: `exit ${proc.signalCode ?? code}${quoted}` };
  } finally {
    clearTimeout(timer);
    _killGroup(proc.pid);
  }
}

function _killGroup(pid: number): void {
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // Already gone.
  }
}
