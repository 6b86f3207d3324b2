import { statSync } from "node:fs";
import { LeogrielError } from "../core/errors.ts";
import { gitTopLevel } from "../core/git.ts";

/**
 * The root of the git work tree holding `cwd`.
 * @throws {LeogrielError} `git_unavailable` without a git executable, `git_repository_required`
 *   outside a work tree (exit 1)
 */
export async function requireRepositoryRoot(cwd: string): Promise<string> {
  let root: string | undefined;
  if (!statSync(cwd, { throwIfNoEntry: false })?.isDirectory()) _required();
  try {
    root = await gitTopLevel(cwd);
  } catch (err) {
    if (err instanceof LeogrielError && err.code === "git_unavailable") {
      throw new LeogrielError("git_unavailable", err.message, { exitCode: 1 });
    }
    throw err;
  }
  if (root === undefined || root === "") _required();
  return root;
}

function _required(): never {
  throw new LeogrielError("git_repository_required", "Cannot find the repository: the directory is not inside a git work tree", { exitCode: 1 });
}
