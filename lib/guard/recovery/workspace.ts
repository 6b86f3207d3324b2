import { statSync } from "node:fs";
import { resolve } from "node:path";
import { UsageError } from "../../core/errors.ts";
import { topLevel } from "./git-run.ts";

/**
 * The workspace the recovery commands act on: the git top-level of `cwd`, else `cwd` itself
 * (the same rule the classifier uses, so `restore` finds what the hook quarantined).
 * @throws {UsageError} when `cwd` is not a folder
 */
export async function resolveWorkspace(cwd: string | undefined): Promise<string> {
  const dir = resolve(cwd ?? process.cwd());
  if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) {
    throw new UsageError(`Cannot use --cwd ${dir}: not a folder`);
  }
  return topLevel(dir) ?? dir;
}
