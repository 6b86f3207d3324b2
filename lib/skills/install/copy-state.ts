import { lstatSync } from "node:fs";
import { join } from "node:path";
import { hashDirectory } from "../dir-integrity.ts";
import { matchesLegacyIntegrity } from "../legacy-integrity.ts";
import { copyIssues } from "./copy-checks.ts";

/**
 * What is at `<target>/<name>` compared with what should be there:
 * - `missing`: nothing;
 * - `current`: a copy hashing to `wanted` (or, with `acceptLegacy`, to it under the 0.6.x–beta
 *   algorithm) and holding nothing an install never writes (copy-checks.ts);
 * - `managed`: the copy a previous install put there (hashes to `previous`), safe to replace;
 * - `modified`: anything else, a local edit or a folder Leogriel did not put there.
 */
export type CopyState = "missing" | "current" | "managed" | "modified";

export function copyState(target: string, name: string, wanted: string, previous?: string, acceptLegacy = true): CopyState {
  const dir = join(target, name);
  let isDir: boolean;
  try {
    isDir = lstatSync(dir).isDirectory();
  } catch {
    return "missing";
  }
  // A symlink or a file where a copy belongs (another manager's link) is not ours to replace.
  if (!isDir) return "modified";
  let actual: string;
  try {
    actual = hashDirectory(dir).integrity;
    if (copyIssues(dir).length > 0) return "modified";
  } catch {
    return "modified";
  }
  if (actual === wanted || (acceptLegacy && _legacy(dir, wanted))) return "current";
  if (previous !== undefined && (actual === previous || _legacy(dir, previous))) return "managed";
  return "modified";
}

function _legacy(dir: string, integrity: string): boolean {
  try {
    return matchesLegacyIntegrity(dir, integrity);
  } catch {
    return false;
  }
}
