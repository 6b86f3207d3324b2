import { git, type GitResult } from "../../core/git.ts";
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
  const result = await git(args, { cwd: repo, env: { ...IDENTITY, ...options.env }, input: options.input });
  if (result.exitCode !== 0 && !(options.allowExit ?? []).includes(result.exitCode)) {
    const first = result.stderr.split("\n").find((l) => l.trim() !== "")?.trim() ?? `exit ${result.exitCode}`;
    throw new LeogrielError(code, `Cannot run git ${args[0]}: ${first}`, { exitCode: 1 });
  }
  return result;
}

/** Stdout of a successful git step, trailing newline removed. */
export async function gitText(repo: string, args: string[], code: string, env?: Record<string, string>): Promise<string> {
  return (await gitStep(repo, args, code, { env })).stdout.replace(/\n$/, "");
}

/** NUL-separated git output as a list. */
export function nulList(text: string): string[] {
  return text.split("\0").filter((s) => s !== "");
}
