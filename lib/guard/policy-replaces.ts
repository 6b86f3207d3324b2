import { basename, join } from "node:path";
import { statOrUndefined } from "./fs-probe.ts";
import { classifyPath, type PathClass, type PathContext, resolveTarget } from "./paths.ts";
import type { ReasonCode } from "./reasons.ts";
import { isStartupFile } from "./startup-files.ts";
import type { Word } from "./syntax.ts";

// Names a startup or trust file has below a folder that holds them (`~/.ssh`, `~/.config/git`,
// `~/.config/autostart`): a tree that creates such a folder may create one of them.
const _STARTUP_CHILDREN = ["authorized_keys", "config", "x", "config.fish", "fish/config.fish", "git/config", "autostart/x", "environment.d/x"];

/**
 * A tree of entries the guard does not list written into a folder (`tar -x -C DIR`, `cp -r
 * tree/. DIR`, `rsync -a tree/ DIR`, `unzip -d DIR`): any existing entry there may be replaced,
 * a startup or trust file among them (red team 3: `tar -xf dots.tar -C ~` overwrote ~/.bashrc).
 * Judged like an overwrite of an existing file there: the workspace and the temporary directory
 * as before (allowed; only protected storage refuses), a folder outside the workspace asks, a
 * system tree or protected storage blocks, the root blocks. A folder that does not exist yet
 * receives a new tree, which asks only where startup or trust files live (`~/.ssh`).
 */
export function replacedIn(path: string, cls: PathClass, pc: PathContext): ReasonCode {
  if (path === "/") return "BLOCK_PROTECTED_ANCESTOR";
  // An ancestor (the home folder, /tmp, the workspace root) is judged by what lies inside it.
  const inner = cls === "ancestor" ? classifyPath(join(path, "\u0000"), pc) : cls;
  if (inner === "protected" || inner === "system") return "BLOCK_PROTECTED_PATH";
  if (inner === "ancestor") return "BLOCK_PROTECTED_ANCESTOR";
  if (inner !== "outside") return "ALLOW_NO_EFFECT";
  if (statOrUndefined(path) !== undefined) return "ASK_OUTSIDE_WORKSPACE";
  return _STARTUP_CHILDREN.some((c) => isStartupFile(`${path}/${c}`)) ? "ASK_OUTSIDE_WORKSPACE" : "ALLOW_NOOP";
}

/**
 * The names copies of `sources` take inside a destination folder (globs expanded as the shell
 * would, `tree/.` is the folder itself); null when one cannot be named.
 */
export function copiedNames(sources: Word[], cwd: string | null, pc: PathContext): string[] | null {
  const names: string[] = [];
  for (const s of sources) {
    if (!s.glob) {
      names.push(basename(s.value.replace(/(.)\/+$/, "$1")));
      continue;
    }
    const resolved = resolveTarget(s, cwd, pc.realDirs);
    if (resolved.kind !== "paths") return null;
    for (const p of resolved.paths) names.push(basename(p));
  }
  return names;
}
