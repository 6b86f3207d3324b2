import { existsSync, lstatSync, readdirSync, type Stats } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { LeogrielError } from "../../core/errors.ts";
import { parseJsonText, readTextFile } from "../../core/json-file.ts";
import { LOCK_FILE } from "../lockfile.ts";

export type TargetSource = "paths" | "lock" | "discovery";

/** Folders never searched for skills: VCS metadata, dependencies, Leogriel's own state. */
const SKIP_DIRS = new Set([".git", "node_modules", ".leogriel"]);
const MAX_DEPTH = 24;

/**
 * The skill folders to audit: the paths given (a path that is not a skill folder is searched),
 * else the skills recorded in agent-skills.lock, else every folder holding a SKILL.md below
 * `root`. Links are never followed while searching.
 * @throws {LeogrielError} `target_not_found`, `target_not_a_folder`, `invalid_json`, `lock_skill_missing` (exit 2)
 */
export function resolveTargets(root: string, paths: readonly string[]): { source: TargetSource; dirs: string[] } {
  if (paths.length > 0) {
    const dirs = paths.flatMap((p) => {
      const abs = resolve(root, p);
      const stat = _stat(abs);
      if (!stat) throw new LeogrielError("target_not_found", `Cannot audit ${p}: no such file or folder`);
      if (stat.isFile() && basename(abs) === "SKILL.md") return [dirname(abs)];
      if (!stat.isDirectory()) throw new LeogrielError("target_not_a_folder", `Cannot audit ${p}: not a skill folder or SKILL.md`);
      return existsSync(join(abs, "SKILL.md")) ? [abs] : discoverSkills(abs);
    });
    return { source: "paths", dirs: [...new Set(dirs)] };
  }
  const lockPath = join(root, LOCK_FILE);
  if (existsSync(lockPath)) return { source: "lock", dirs: _lockedSkills(root, lockPath) };
  return { source: "discovery", dirs: discoverSkills(root) };
}

/** Every folder below `dir` (itself included) that holds a SKILL.md, in path order. */
export function discoverSkills(dir: string): string[] {
  const found: string[] = [];
  const walk = (at: string, depth: number): void => {
    if (existsSync(join(at, "SKILL.md")) && _stat(join(at, "SKILL.md"))?.isFile()) found.push(at);
    if (depth >= MAX_DEPTH) return;
    let names: string[];
    try {
      names = readdirSync(at).sort();
    } catch {
      return;
    }
    for (const name of names) {
      if (SKIP_DIRS.has(name)) continue;
      const child = join(at, name);
      if (_stat(child)?.isDirectory()) walk(child, depth + 1);
    }
  };
  walk(dir, 0);
  return found;
}

// Lenient on purpose: the audit needs only each entry's canonicalPath; the install tool owns
// the full lock schema and reports everything else.
function _lockedSkills(root: string, lockPath: string): string[] {
  const lock = parseJsonText(readTextFile(lockPath, { label: LOCK_FILE, maxBytes: 16 * 1024 * 1024 }), LOCK_FILE) as { skills?: unknown };
  const skills = lock && typeof lock.skills === "object" && lock.skills !== null ? Object.entries(lock.skills as Record<string, unknown>) : [];
  return skills.map(([key, entry]) => {
    const path = (entry as { canonicalPath?: unknown } | null)?.canonicalPath;
    if (typeof path !== "string" || path.length === 0) throw new LeogrielError("invalid_document", `Cannot use ${LOCK_FILE}: skills.${key} has no canonicalPath`);
    const dir = resolve(root, path);
    if (!existsSync(join(dir, "SKILL.md"))) throw new LeogrielError("lock_skill_missing", `Cannot audit ${key}: ${path} has no SKILL.md (run leogriel-install)`);
    return dir;
  });
}

function _stat(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}
