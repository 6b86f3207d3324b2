import { lstatSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { LeogrielError } from "../../core/errors.ts";
import { listTree } from "../copy-tree.ts";
import { checkTree } from "../tree-write.ts";

/**
 * What an installed copy holds that no install puts there, beside its skilldirhash-1 hash and
 * without changing it (that algorithm is frozen): the hash skips `.git` at any depth and sees
 * only file contents, the exec bit and symlink targets, so these checks cover the rest.
 * - a `.git` entry at any depth (installed but never hashed);
 * - an empty folder (installs create folders only for the files in them);
 * - setuid, setgid or sticky bits, or write permission for everyone;
 * - a file with more than one hard link (its bytes can change from outside the skill);
 * - a symlink that install would refuse (tree-write.ts checkSymlinks).
 * Each is one line naming the path; an empty list means none.
 */
export function copyIssues(dir: string): string[] {
  const issues: string[] = [];
  _walk(dir, "", issues);
  try {
    checkTree(listTree(dir));
  } catch (err) {
    if (!(err instanceof LeogrielError)) throw err;
    issues.push(err.message);
  }
  return issues;
}

function _walk(abs: string, rel: string, issues: string[]): void {
  const st = lstatSync(abs);
  const where = rel === "" ? "the skill folder" : rel;
  if (st.isSymbolicLink()) return;
  if ((st.mode & 0o7000) !== 0) issues.push(`${where} has the setuid, setgid or sticky bit`);
  if ((st.mode & 0o002) !== 0) issues.push(`${where} is writable by everyone`);
  if (st.isFile() && st.nlink > 1) issues.push(`${where} has ${st.nlink} hard links`);
  if (!st.isDirectory()) return;
  const names = readdirSync(abs);
  if (names.length === 0 && rel !== "") issues.push(`${where} is an empty folder`);
  for (const name of names) {
    const path = rel === "" ? name : `${rel}/${name}`;
    if (name === ".git") issues.push(`${path} is a .git entry, which the integrity hash does not cover`);
    else _walk(join(abs, name), path, issues);
  }
}
