import { linkSync, unlinkSync } from "node:fs";
import { dirname } from "node:path";
import { fsyncDirSync, tempPathFor, writeNewFileSync } from "./atomic-write.ts";
import { LeogrielError, isErrno } from "./errors.ts";

/**
 * Publishes `data` at `path` only if nothing is there: a private temp file in the same
 * directory is hard-linked to the destination, so a concurrent writer can never be replaced.
 * @throws {LeogrielError} `output_already_exists` (exit 1) when the destination exists
 */
export function publishNoClobber(path: string, data: string | Uint8Array, options: { mode?: number } = {}): void {
  const temp = tempPathFor(path);
  writeNewFileSync(temp, data, options.mode ?? 0o644);
  try {
    linkSync(temp, path);
  } catch (err) {
    if (isErrno(err, "EEXIST")) {
      throw new LeogrielError("output_already_exists", `Cannot publish ${path}: the file already exists`, {
        exitCode: 1,
      });
    }
    throw err;
  } finally {
    unlinkSync(temp);
  }
  fsyncDirSync(dirname(path));
}
