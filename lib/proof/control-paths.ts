import { lstatSync, mkdirSync } from "node:fs";
import { isAbsolute, join, relative, resolve, sep } from "node:path";
import { LeogrielError, isErrno } from "../core/errors.ts";

/** The control directory at the repository root (seed 003 fixed paths). */
export const CONTROL_DIR = ".agentproof";
/** The receipt's fixed repository-relative path. */
export const RECEIPT_RELATIVE_PATH = ".agentproof/agent-session.json";

/** The absolute receipt path of a repository. */
export function receiptPathOf(root: string): string {
  return join(root, CONTROL_DIR, "agent-session.json");
}

/**
 * Refuses a control path that is a symlink or sits below one. Inside the repository every
 * component from the root down is checked; outside it, the file itself.
 * @throws {LeogrielError} `control_path_symlink` (exit 1)
 */
export function refuseSymlinkedPath(root: string, path: string): void {
  const absolute = resolve(root, path);
  const rel = relative(root, absolute);
  const inside = rel !== "" && !rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel);
  const components = inside ? rel.split(sep) : [];
  let at = root;
  for (const part of components) {
    at = join(at, part);
    if (_isSymlink(at)) _refuse(relative(root, at));
  }
  if (!inside && _isSymlink(absolute)) _refuse(path);
}

/**
 * Refuses when anything (a file, a directory, a dangling symlink) is at the receipt path.
 * @throws {LeogrielError} `receipt_output_already_exists` (exit 1)
 */
export function refuseExistingReceipt(root: string): void {
  try {
    lstatSync(receiptPathOf(root));
  } catch (err) {
    if (isErrno(err, "ENOENT")) return;
    throw err;
  }
  throw receiptExistsError();
}

/** The error for a receipt that is already there, before capture or published concurrently. */
export function receiptExistsError(): LeogrielError {
  return new LeogrielError("receipt_output_already_exists", `Cannot publish ${RECEIPT_RELATIVE_PATH}: a receipt is already there (it was left unchanged)`, {
    exitCode: 1,
  });
}

/**
 * Makes sure `.agentproof/` is a real directory, creating it when missing.
 * @throws {LeogrielError} `control_path_symlink` when it is a symlink, `control_path_not_directory`
 */
export function ensureControlDir(root: string): void {
  const dir = join(root, CONTROL_DIR);
  refuseSymlinkedPath(root, dir);
  try {
    if (!lstatSync(dir).isDirectory()) {
      throw new LeogrielError("control_path_not_directory", `Cannot use ${CONTROL_DIR}: it is not a directory`, { exitCode: 1 });
    }
  } catch (err) {
    if (!isErrno(err, "ENOENT")) throw err;
    mkdirSync(dir, { mode: 0o755 });
  }
}

function _isSymlink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch (err) {
    if (isErrno(err, "ENOENT") || isErrno(err, "ENOTDIR")) return false;
    throw err;
  }
}

function _refuse(path: string): never {
  throw new LeogrielError("control_path_symlink", `Cannot use control path ${path}: it is a symbolic link`, { exitCode: 1 });
}
