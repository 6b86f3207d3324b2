import { lstatSync, realpathSync } from "node:fs";
import { dirname, join, sep } from "node:path";
import { quarantineRoot } from "./plan.ts";

/**
 * Whether the quarantine of `workspace` may be written: each control folder that exists is a
 * real folder (never a symlink, which a command could aim anywhere) and resolves inside the
 * workspace. A payload moved through a symlinked `.agent-guard` would land where the next
 * command may delete it as an ordinary (temporary) path.
 */
export function quarantineIsSafe(workspace: string): boolean {
  const root = quarantineRoot(workspace);
  let real: string;
  try {
    real = realpathSync(workspace);
  } catch {
    return false;
  }
  for (const path of [dirname(root), root, join(root, "tx"), join(root, "locks"), join(root, "audit.jsonl")]) {
    const entry = lstatSync(path, { throwIfNoEntry: false });
    if (!entry) continue;
    if (entry.isSymbolicLink()) return false;
    if (!path.endsWith(".jsonl") && !entry.isDirectory()) return false;
    const resolved = realpathSync(path);
    if (!resolved.startsWith(real + sep)) return false;
  }
  return true;
}
