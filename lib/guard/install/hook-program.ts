import { existsSync, realpathSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import { shellWords } from "../effects/infra-args.ts";

// Runners that take the program from the project's own node_modules/.bin first.
const PACKAGE_RUNNERS = new Set(["npx", "bunx", "pnpx"]);

/**
 * The files of an installed hook command that lie inside the workspace: its program (a path, a
 * bare name found on PATH, or what `npx`/`bunx NAME` runs from the project's node_modules/.bin)
 * and a script handed to a runtime (`bun /repo/cmd/check.ts`). An agent command in the workspace
 * can rewrite or delete any of them, and the guard is then off: an agent runs the tool when its
 * hook fails to start (red team 9 H4). The hook is run in the project folder, so relative paths
 * are read from there. Real paths are compared, so a link into the workspace counts.
 */
export function hookFilesInWorkspace(command: string, workspace: string, env: Record<string, string | undefined>): string[] {
  const words = shellWords(command) ?? [];
  const end = words.indexOf("--hook");
  const root = _real(workspace);
  const inside: string[] = [];
  let runner = false;
  for (const word of end < 0 ? words : words.slice(0, end)) {
    if (word.startsWith("-")) continue;
    const path = word.includes("/") ? (isAbsolute(word) ? word : join(workspace, word)) : runner ? join(workspace, "node_modules", ".bin", word) : Bun.which(word, { PATH: env.PATH ?? "", cwd: workspace });
    runner = PACKAGE_RUNNERS.has(word);
    if (!path || !existsSync(path)) continue;
    const real = _real(path);
    if (real === root || real.startsWith(`${root}/`) || path.startsWith(`${workspace}/`)) inside.push(path);
  }
  return inside;
}

function _real(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}
