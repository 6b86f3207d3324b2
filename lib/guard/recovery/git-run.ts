import type { GitResult } from "../../core/git.ts";
import { LeogrielError } from "../../core/errors.ts";
import { checkFilterDrivers, type FilterMemo, spawnSafeGit } from "../git-safe.ts";

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
 * hook process that snapshots. The repository's hooks, fsmonitor and the other programs git
 * would run by itself are switched off (git-safe.ts); filter drivers: {@link namesRepositoryFilter}.
 * @throws {LeogrielError} `git_unavailable` when git cannot be started
 */
export function gitRun(repo: string, args: string[], env: Record<string, string | undefined> = {}, input?: string | Uint8Array): GitResult {
  let proc: ReturnType<typeof spawnSafeGit>;
  try {
    proc = spawnSafeGit(repo, args, { env, stdin: typeof input === "string" ? new TextEncoder().encode(input) : input, stderr: true });
  } catch (err) {
    throw new LeogrielError("git_unavailable", "Cannot run git: no git executable on PATH", { cause: err });
  }
  if (proc === null) throw new LeogrielError("git_unavailable", "Cannot run git: no git executable on PATH outside the repository");
  const text = new TextDecoder();
  return { exitCode: proc.exitCode ?? 1, stdout: text.decode(proc.stdout), stderr: text.decode(proc.stderr) };
}

/**
 * Whether the repository's own config (`.git/config`, a file it includes, the worktree config;
 * also a checked-out submodule's) defines a filter driver's program, or git cannot tell. A
 * snapshot (`stash create` hashes changed files) and a restore (`reset --hard`, `read-tree -u`,
 * `checkout-index` write them) run those programs, and without them the restore would not give
 * the bytes back (a file kept in its cleaned form comes back as that). A driver only the user's
 * global or system config defines (git-lfs) runs as in the user's own git. `memo`: the drivers
 * one check's compensation listed already (its plan is judged, then its snapshot taken).
 */
export function namesRepositoryFilter(repo: string, memo?: FilterMemo): boolean {
  const drivers = checkFilterDrivers(repo, _run, memo);
  return drivers === null || drivers.some((d) => d.repository);
}

function _run(dir: string, args: string[]): { exitCode: number; stdout: string } | null {
  try {
    return gitRun(dir, args);
  } catch {
    return null;
  }
}

/**
 * Refuses a snapshot or restore in a repository that {@link namesRepositoryFilter}.
 * @throws {LeogrielError} `code`
 */
export function assertNoRepositoryFilter(repo: string, code: string, memo?: FilterMemo): void {
  if (namesRepositoryFilter(repo, memo)) {
    throw new LeogrielError(code, "Cannot use a git snapshot here: the repository configures a filter program git would run on its files", { exitCode: 1 });
  }
}

/** The git top-level of `dir`, or undefined outside a repository (or without git). */
export function topLevel(dir: string): string | undefined {
  try {
    const result = gitRun(dir, ["rev-parse", "--show-toplevel"]);
    return result.exitCode === 0 ? result.stdout.trim() : undefined;
  } catch {
    return undefined;
  }
}

/** Stdout of a successful git step, trailing newline removed. */
export async function gitText(repo: string, args: string[], code: string, env?: Record<string, string>): Promise<string> {
  return (await gitStep(repo, args, code, { env })).stdout.replace(/\n$/, "");
}

/** NUL-separated git output as a list. */
export function nulList(text: string): string[] {
  return text.split("\0").filter((s) => s !== "");
}
