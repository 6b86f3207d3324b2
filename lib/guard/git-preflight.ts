import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { remainingMs, spend } from "./budget.ts";
import { checkFilterDrivers, checkFiltersInUse, filterOverrides, type FilterMemo, spawnSafeGit } from "./git-safe.ts";
import { closeProgramMemo, openProgramMemo } from "./git-program.ts";
import { discoverRepoRoot } from "./repo-root.ts";

/**
 * The Git facts the policy needs before a reset, clean, branch delete or stash drop: stdout of a
 * read-only git command in `dir`, under the check's budget. Each answer is null when git cannot
 * tell (not a repository, git missing, a bad ref): the caller fails closed. `emptyExit` is an
 * exit status that answers nothing when git printed nothing (`git grep` found no match: 1).
 * Only for a command that reads no work-tree file content; one that does: {@link gitContentFact}.
 */
export function gitFact(dir: string, args: string[], emptyExit?: number): string | null {
  const run = _run(dir, args);
  return run && (run.exitCode === 0 || (run.exitCode === emptyExit && run.stdout === "")) ? run.stdout : null;
}

/**
 * Like {@link gitFact} for a command that reads work-tree file content (`status`, a work-tree
 * `diff`, `ls-files -m`), which is where git runs a filter driver's programs (also in a
 * checked-out submodule). `disable`: every driver of the repository and its submodules is
 * switched off by name, for a question whose answer without the filter can only err toward
 * "changed" (a filtered file may look modified). `unknown`: null when a tracked file's
 * attributes name a configured driver, for an answer that must be what the command's own run
 * prints (a listing without the filter may leave out a name the filter would have listed).
 */
export function gitContentFact(dir: string, args: string[], whenFiltered: "disable" | "unknown"): string | null {
  const memo = _facts();
  const drivers = checkFilterDrivers(dir, _run, memo);
  if (drivers === null) return null;
  if (whenFiltered === "unknown" && drivers.length > 0 && checkFiltersInUse(dir, drivers, _run, memo) !== false) return null;
  return gitFact(dir, [...filterOverrides(drivers), ...args]);
}

// The filter facts of the check under way (openGitFacts), per directory: null until one is
// asked for (most checks ask none), undefined outside a check.
let _check: FilterMemo | null | undefined;

function _facts(): FilterMemo | undefined {
  if (_check === null) _check = new Map();
  return _check;
}

/**
 * Keeps the filter facts content facts need (the drivers, whether a tracked file uses one) for
 * one check, as classify() runs it: a line of several git listings asks once per directory. The
 * check's git program and project folders (git-program.ts) are kept for it too. Returns what
 * closeGitFacts restores.
 */
export function openGitFacts(): OuterFacts {
  const outer = { filters: _check, programs: openProgramMemo() };
  _check = null;
  return outer;
}

/** Ends the check's git facts (`outer`: what openGitFacts returned). */
export function closeGitFacts(outer: OuterFacts): void {
  _check = outer.filters;
  closeProgramMemo(outer.programs);
}

/** The facts of an enclosing check, restored when the inner one ends. */
type OuterFacts = { filters: typeof _check; programs: ReturnType<typeof openProgramMemo> };

// One git run with the options that keep git from running the repository's programs (git-safe.ts).
function _run(dir: string, args: string[]): { exitCode: number; stdout: string } | null {
  spend();
  try {
    // git cannot run in a folder that is not there (`git -C missing reset --hard`): no process to start.
    if (statSync(dir, { throwIfNoEntry: false })?.isDirectory() !== true) return null;
    // A git that outlives the check's budget (a huge repository, a hung lock) answers nothing.
    const proc = spawnSafeGit(dir, args, { env: { GIT_OPTIONAL_LOCKS: "0" }, timeout: remainingMs() });
    return proc === null || proc.exitCode === null ? null : { exitCode: proc.exitCode, stdout: proc.stdout.toString() };
  } catch {
    return null;
  }
}

/**
 * The repository top-level of `dir`: found in process for a plain layout (repo-root.ts), else
 * git's own `rev-parse --show-toplevel`.
 */
export function repoRoot(dir: string): string | null {
  const found = discoverRepoRoot(dir);
  if (found !== undefined) return found;
  // git ends the path with one newline; a name may itself end in spaces.
  return gitFact(dir, ["rev-parse", "--show-toplevel"])?.replace(/\n$/, "") || null;
}

/**
 * Paths a `git reset --hard <ref>` would overwrite although Git does not track them now
 * (untracked or ignored files at paths the ref tracks). A stash snapshot cannot keep those.
 */
export function resetCollisions(repo: string, ref: string | undefined): string[] | null {
  if (ref === undefined || ref === "HEAD") return [];
  const target = gitFact(repo, ["ls-tree", "-r", "-z", "--name-only", `${ref}^{tree}`]);
  // A ref git cannot read (`origin/main` with no remote): unknown already, no index to list.
  if (target === null) return null;
  const tracked = gitFact(repo, ["ls-files", "-z"]);
  if (tracked === null) return null;
  const known = new Set(tracked.split("\0"));
  return target.split("\0").filter((p) => p && !known.has(p) && existsSync(join(repo, p)));
}

/**
 * Whether a reset or discard would overwrite changes inside a submodule's work tree (red team 9
 * C10): it recurses (`recurse`, else the repository's `submodule.recurse`) and a checked-out
 * submodule has tracked changes. The snapshot keeps only the superproject; null when git cannot tell.
 */
export function submoduleChangesLost(repo: string, recurse: boolean | undefined): boolean | null {
  if (!existsSync(repo === "/" ? "/.gitmodules" : `${repo}/.gitmodules`)) return false;
  if (!(recurse ?? gitFact(repo, ["config", "--bool", "submodule.recurse"])?.trim() === "true")) return false;
  const status = gitContentFact(repo, ["status", "--porcelain=v2", "-z", "--ignore-submodules=none", "--untracked-files=no"], "disable");
  // An entry's third field is `S<c><m><u>` for a submodule, `m` = M when its tracked files changed.
  return status === null ? null : status.split("\0").some((e) => /^[12] \S\S S.M/.test(e));
}

/** What `git clean` would remove with these arguments, listed by its own dry run. */
export function cleanTargets(dir: string, args: string[]): string[] | null {
  const dry: string[] = [];
  // A second -f also removes nested repositories, which a dry run lists only when given it too.
  const forces = args.filter((a) => /^-[a-zA-Z]+$/.test(a)).join("").split("f").length - 1 + args.filter((a) => a === "--force").length;
  if (forces >= 2) dry.push("-f", "-f");
  for (const a of args) {
    if (/^-[a-zA-Z]+$/.test(a)) {
      const letters = a.slice(1).replace(/[fiq]/g, "");
      if (letters) dry.push(`-${letters}`);
    } else if (a !== "--force" && a !== "--interactive" && a !== "--quiet") dry.push(a);
  }
  const out = gitFact(dir, ["-c", "core.quotePath=false", "clean", "-n", ...dry]);
  if (out === null) return null;
  const names = out
    .split("\n")
    .filter((l) => l.startsWith("Would remove "))
    .map((l) => l.slice("Would remove ".length));
  // Git C-quotes names with control characters even then: such a list cannot be trusted.
  return names.some((n) => n.startsWith('"')) ? null : names.map((n) => join(dir, n));
}
