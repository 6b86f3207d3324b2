import { LeogrielError } from "./errors.ts";

export interface GitResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

export interface GitOptions {
  cwd: string;
  /** Extra environment; the process environment is inherited. */
  env?: Record<string, string | undefined>;
  /** Bytes or text for git's stdin. */
  input?: string | Uint8Array;
}

/**
 * Runs the system `git` with an argument array (never a shell string) and returns its output.
 * Prompts are disabled so a missing credential fails instead of hanging.
 * @throws {LeogrielError} `git_unavailable` when no git binary is on PATH
 */
export async function git(args: string[], options: GitOptions): Promise<GitResult> {
  const result = await gitBytes(args, options);
  return { ...result, stdout: new TextDecoder().decode(result.stdout) };
}

/**
 * Like `git`, with stdout as raw bytes: path names from `-z` output are bytes, not UTF-8.
 * @throws {LeogrielError} `git_unavailable` when no git binary is on PATH
 */
export async function gitBytes(
  args: string[],
  options: GitOptions,
): Promise<{ exitCode: number; stdout: Uint8Array; stderr: string }> {
  let proc: Bun.Subprocess<"pipe" | "ignore", "pipe", "pipe">;
  try {
    proc = Bun.spawn(["git", ...args], {
      cwd: options.cwd,
      env: { ...process.env, GIT_TERMINAL_PROMPT: "0", LC_ALL: "C", ...options.env },
      stdin: options.input === undefined ? "ignore" : "pipe",
      stdout: "pipe",
      stderr: "pipe",
    });
  } catch (err) {
    throw new LeogrielError("git_unavailable", "Cannot run git: no git executable on PATH", { cause: err });
  }
  if (options.input !== undefined && proc.stdin) {
    proc.stdin.write(options.input);
    await proc.stdin.end();
  }
  const [stdout, stderr, exitCode] = await Promise.all([
    new Response(proc.stdout).bytes(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  return { exitCode, stdout, stderr };
}

/**
 * Runs git and returns stdout with the trailing newline removed.
 * @throws {LeogrielError} `git_failed` with git's first stderr line when git exits non-zero
 */
export async function gitOk(args: string[], options: GitOptions): Promise<string> {
  const result = await git(args, options);
  if (result.exitCode !== 0) {
    const first = result.stderr.split("\n").find((l) => l.trim() !== "") ?? `exit ${result.exitCode}`;
    throw new LeogrielError("git_failed", `Cannot run git ${args[0]}: ${first.trim()}`, {
      details: { exitCode: result.exitCode },
    });
  }
  return result.stdout.replace(/\n$/, "");
}

/** The top-level directory of the git work tree holding `cwd`, or undefined outside one. */
export async function gitTopLevel(cwd: string): Promise<string | undefined> {
  const result = await git(["rev-parse", "--show-toplevel"], { cwd });
  return result.exitCode === 0 ? result.stdout.trim() : undefined;
}
