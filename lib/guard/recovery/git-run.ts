import type { GitResult } from "../../core/git.ts";
import { LeogrielError } from "../../core/errors.ts";

/**
 * Snapshot commits are internal bookkeeping: a fixed identity lets them be written in a
 * repository without `user.name`, and keeps the user's own identity out of recovery metadata.
 */
const IDENTITY = {
  GIT_AUTHOR_NAME: "leogriel-check",
  GIT_AUTHOR_EMAIL: "leogriel-check@localhost",
  GIT_COMMITTER_NAME: "leogriel-check",
  GIT_COMMITTER_EMAIL: "leogriel-check@localhost",
};

/** Runs git in `repo` for the recovery layer; `code` names the step in the error it throws. */
export async function gitStep(
  repo: string,
  args: string[],
  code: string,
  options: { env?: Record<string, string>; input?: string | Uint8Array; allowExit?: number[] } = {},
): Promise<GitResult> {
  const result = gitRun(repo, args, { ...IDENTITY, ...options.env }, options.input);
  if (result.exitCode !== 0 && !(options.allowExit ?? []).includes(result.exitCode)) {
    const first = result.stderr.split("\n").find((l) => l.trim() !== "")?.trim() ?? `exit ${result.exitCode}`;
    throw new LeogrielError(code, `Cannot run git ${args[0]}: ${first}`, { exitCode: 1 });
  }
  return result;
}

/**
 * Runs the system git in `repo` as lib/core/git.ts does (an argument array, prompts off, the C
 * locale), waiting for it: a compensation runs before the command and has nothing to overlap
 * with, and reading the output through streams would load the web-stream machinery into every
 * hook process that snapshots.
 * @throws {LeogrielError} `git_unavailable` when git cannot be started
 */
export function gitRun(repo: string, args: string[], env: Record<string, string | undefined> = {}, input?: string | Uint8Array): GitResult {
  let proc: ReturnType<typeof Bun.spawnSync>;
  try {
    proc = Bun.spawnSync(["git", ...args], {
      cwd: repo,
      env: { ...process.env, GIT_TERMINAL_PROMPT: "0", LC_ALL: "C", ...env },
      stdin: input === undefined ? "ignore" : typeof input === "string" ? new TextEncoder().encode(input) : input,
      stdout: "pipe",
      stderr: "pipe",
    });
  } catch (err) {
    throw new LeogrielError("git_unavailable", "Cannot run git: no git executable on PATH", { cause: err });
  }
  const text = new TextDecoder();
  return { exitCode: proc.exitCode ?? 1, stdout: text.decode(proc.stdout), stderr: text.decode(proc.stderr) };
}

/** Stdout of a successful git step, trailing newline removed. */
export async function gitText(repo: string, args: string[], code: string, env?: Record<string, string>): Promise<string> {
  return (await gitStep(repo, args, code, { env })).stdout.replace(/\n$/, "");
}

/** NUL-separated git output as a list. */
export function nulList(text: string): string[] {
  return text.split("\0").filter((s) => s !== "");
}
