import { lstatSync, readdirSync, readlinkSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";

/** Trees bigger than this many entries are refused: fixtures and skills are small. */
export const TREE_MAX_ENTRIES = 10_000;

/**
 * Why the tree at `root` cannot be copied into a run workspace, or undefined when it can: it
 * must hold only files, directories and symlinks that stay inside it (a link to ~/.ssh would
 * carry secrets into the agent's view), at most TREE_MAX_ENTRIES entries, and none of the
 * relative paths in `forbidden`. Relative paths in `skip` are left out (they are not copied).
 */
export function treeProblem(root: string, options: { forbidden?: readonly string[]; skip?: readonly string[] } = {}): string | undefined {
  const forbidden = options.forbidden ?? [];
  const skip = new Set(options.skip ?? []);
  let entries = 0;
  const walk = (dir: string): string | undefined => {
    for (const name of readdirSync(dir).sort()) {
      const full = join(dir, name);
      const rel = relative(root, full);
      if (skip.has(rel)) continue;
      if (++entries > TREE_MAX_ENTRIES) return `more than ${TREE_MAX_ENTRIES} entries`;
      if (forbidden.includes(rel)) return `it holds ${rel}`;
      const st = lstatSync(full);
      if (st.isSymbolicLink()) {
        if (!isInside(root, resolve(dirname(full), readlinkSync(full)))) return `${rel} is a symlink that leaves it`;
      } else if (st.isDirectory()) {
        const inner = walk(full);
        if (inner) return inner;
      } else if (!st.isFile()) {
        return `${rel} is not a regular file, directory or symlink`;
      }
    }
    return undefined;
  };
  return walk(root);
}

/** True when `path` is `root` or below it (both already absolute and normalised). */
export function isInside(root: string, path: string): boolean {
  return path === root || path.startsWith(root.endsWith(sep) ? root : root + sep);
}
