import { freshOperand } from "../posix/temp-output.ts";
import type { Word } from "../syntax.ts";
import type { Invocation } from "./context.ts";
import { repositoryConfig } from "./git-refspecs.ts";
import { envValue } from "./implicit-inputs.ts";

// Environment that gives git its repository or work tree instead of finding them from where it runs.
const GIVEN_TREE = ["GIT_DIR", "GIT_WORK_TREE", "GIT_COMMON_DIR"];

/**
 * The folder `git worktree remove "$d"` names when its one operand is the new folder
 * `d=$(mktemp -d)` made (posix/temp-output.ts freshOperand): a worktree the line put there holds
 * only what the line put there, and a forced removal loses nothing `rm -rf "$d"` would not, so it
 * is judged as that delete (what the line moved into the folder counts as for rm). A fresh folder
 * that is no worktree makes git fail. Undefined otherwise.
 *
 * After `d=$(mktemp -d); …` (not `&&`) d holds that folder or nothing, and the operand is then
 * `""` (quoted) or no word (unquoted: git wants one and stops). git reads `""` as the folder it
 * runs in, taken from the top of its work tree, and finds no worktree there ("fatal: '' is not a
 * working tree", git 2.39): git found that work tree from the folder upwards, so the folder is its
 * top (no path) or a folder inside it that no worktree starts at. Only a work tree given to git
 * (`--work-tree`, GIT_WORK_TREE, GIT_DIR, core.worktree) may have one start there: then the
 * operand stays unknown. `dir`: the folder git finds its repository from (null: given or unknown).
 */
export function freshWorktree(inv: Invocation, rest: Word[], dir: string | null, runsAt: () => string | null): { word: Word; path: string } | undefined {
  if (rest[0]?.value !== "remove") return undefined;
  const operands = rest.slice(1).filter((w) => !w.value.startsWith("-"));
  const path = operands.length === 1 ? freshOperand(operands[0]!) : undefined;
  if (path === undefined) return undefined;
  const word = operands[0]!;
  return !word.dynamic || _foundTree(inv, dir, runsAt) ? { word, path } : undefined;
}

/** Whether git finds its work tree from `dir` upwards: nothing in the line, the environment or the repository's configuration gives it one. */
function _foundTree(inv: Invocation, dir: string | null, runsAt: () => string | null): boolean {
  if (dir === null || inv.ctx.state.remote) return false;
  if (GIVEN_TREE.some((name) => envValue(inv, name, true) !== undefined)) return false;
  return !repositoryConfig(runsAt()).some(([key]) => key === "core.worktree");
}
