import { accessSync, constants, statSync } from "node:fs";
import { delimiter, dirname, isAbsolute, join, resolve, sep } from "node:path";

/**
 * The git executable the guard and its recovery layer start, found on PATH as a shell finds it
 * but never in the folder git runs in or the repository around it, nor through an empty or
 * relative PATH entry (which names the working folder): a project can put a `bin/git` on the
 * agent's PATH (direnv's `PATH_add bin`), and the guard would run it while it only judges a
 * command (red team 13). Null when no such git exists (the callers treat git as unavailable).
 */
export function gitProgram(dir: string, path: string | undefined = process.env.PATH): string | null {
  const key = `${dir}\0${path ?? ""}`;
  let program = _cache.get(key);
  if (program === undefined) {
    if (_cache.size >= 64) _cache.clear();
    _cache.set(key, (program = _find(dir, path ?? "")));
  }
  return program;
}

const _cache = new Map<string, string | null>();
const NAMES = process.platform === "win32" ? ["git.exe", "git.cmd"] : ["git"];

function _find(dir: string, path: string): string | null {
  const untrusted = _repository(resolve(dir));
  for (const entry of path.split(delimiter)) {
    if (entry === "" || !isAbsolute(entry)) continue;
    const folder = resolve(entry);
    if (folder === untrusted || folder.startsWith(untrusted === sep ? sep : `${untrusted}${sep}`)) continue;
    for (const name of NAMES) {
      const file = join(folder, name);
      if (_executable(file)) return file;
    }
  }
  return null;
}

/** The nearest folder at or above `dir` holding `.git` (the repository git would run in), else `dir`. */
function _repository(dir: string): string {
  for (let d = dir; ; d = dirname(d)) {
    if (statSync(join(d, ".git"), { throwIfNoEntry: false })) return d;
    if (dirname(d) === d) return dir;
  }
}

function _executable(file: string): boolean {
  try {
    if (statSync(file).isDirectory()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
