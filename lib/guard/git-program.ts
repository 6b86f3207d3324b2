import { accessSync, constants, readFileSync, statSync } from "node:fs";
import { delimiter, dirname, isAbsolute, join, resolve, sep } from "node:path";
import { realPathOrNull } from "./fs-probe.ts";

/**
 * The git executable the guard and its recovery layer start, found on PATH as a shell finds it
 * but never in the folder git runs in or the repository around it, nor through an empty or
 * relative PATH entry (which names the working folder): a project can put a `bin/git` on the
 * agent's PATH (direnv's `PATH_add bin`), and the guard would run it while it only judges a
 * command (red team 13). Null when no such git exists (the callers treat git as unavailable).
 */
export function gitProgram(dir: string, path: string | undefined = process.env.PATH): string | null {
  const memo = _memo();
  const key = `${dir}\0${path ?? ""}`;
  let program = memo?.programs.get(key);
  if (program === undefined) {
    program = _find(dir, path ?? "");
    memo?.programs.set(key, program);
  }
  return program;
}

/**
 * The answers of the check under way, per folder and PATH: the git program and the project's
 * folders (every relied-output command and listing of a line asks). Null until one is asked,
 * undefined outside a check. Nothing is kept from one check to the next: between two checks a
 * project may gain a repository or a program on PATH.
 */
type ProgramMemo = { programs: Map<string, string | null>; roots: Map<string, string[]> };
let _check: ProgramMemo | null | undefined;

function _memo(): ProgramMemo | undefined {
  if (_check === null) _check = { programs: new Map(), roots: new Map() };
  return _check;
}

/** Begins a check's memo (git-preflight.ts openGitFacts); returns what closeProgramMemo restores. */
export function openProgramMemo(): ProgramMemo | null | undefined {
  const outer = _check;
  _check = null;
  return outer;
}

/** Ends the check's memo (`outer`: what openProgramMemo returned). */
export function closeProgramMemo(outer: ProgramMemo | null | undefined): void {
  _check = outer;
}

/**
 * Whether the program a shell in `dir` runs for `name` (the first executable on PATH) comes from
 * the project: through an empty or relative PATH entry, or a folder inside the repository around
 * `dir`. The parser reads some programs' output as the program prints it (mktemp's new folder, a
 * git listing, a count: posix/relied-output.ts); a checked-in `bin/mktemp` prints what it likes.
 */
export function projectProgram(name: string, dir: string, path: string): boolean {
  const untrusted = _repositories(resolve(dir));
  for (const entry of _entries(path)) {
    const project = entry === "" || !isAbsolute(entry) || _inProject(entry, untrusted);
    if (_names(name).some((n) => _executable(resolve(dir, entry, n)))) return project;
  }
  return false;
}

/**
 * PATH's entries in order, each once: a repeated entry (common in a PATH that shell startup files
 * extend) was already examined where it first stood, and a shell finds nothing new there.
 */
function _entries(path: string): Set<string> {
  return new Set(path.split(delimiter));
}

function _names(name: string): string[] {
  return process.platform === "win32" ? [`${name}.exe`, `${name}.cmd`] : [name];
}

function _find(dir: string, path: string): string | null {
  const untrusted = _repositories(resolve(dir));
  for (const entry of _entries(path)) {
    if (entry === "" || !isAbsolute(entry) || _inProject(entry, untrusted)) continue;
    for (const name of _names("git")) {
      const file = join(entry, name);
      if (_executable(file)) return file;
    }
  }
  return null;
}

function _inside(folder: string, root: string): boolean {
  return folder === root || folder.startsWith(root === sep ? sep : `${root}${sep}`);
}

/**
 * Whether a PATH entry lies in one of the project's folders, spelled as given or with its links
 * resolved (an entry through a symlink to the repository, or the repository reached through one:
 * red team 14).
 */
function _inProject(entry: string, roots: string[]): boolean {
  const spellings = [resolve(entry), _real(resolve(entry))];
  return spellings.some((s) => roots.some((root) => _inside(s, root)));
}

/**
 * The project's folders around `dir`, each as spelled and with its links resolved: the outermost
 * folder at or above it holding `.git` (a submodule's superproject, a repository nested in
 * another: the project reaches them all), and the main repository of a linked worktree (its
 * `.git` file names `<main>/.git/worktrees/<name>`); `dir` itself when none holds `.git`.
 */
function _repositories(dir: string): string[] {
  const memo = _memo();
  let roots = memo?.roots.get(dir);
  if (roots === undefined) {
    roots = _findRepositories(dir);
    memo?.roots.set(dir, roots);
  }
  return roots;
}

function _findRepositories(dir: string): string[] {
  const roots = [dir];
  let outer: string | undefined;
  for (let d = dir; ; d = dirname(d)) {
    const git = join(d, ".git");
    const stat = statSync(git, { throwIfNoEntry: false });
    if (stat) {
      outer = d;
      if (stat.isFile()) {
        const main = /^gitdir:\s*(.*?)[\\/]\.git[\\/]worktrees[\\/][^\\/]+\s*$/m.exec(_text(git))?.[1];
        if (main) roots.push(resolve(d, main));
      }
    }
    if (dirname(d) === d) break;
  }
  if (outer && outer !== dir) roots.push(outer);
  return [...new Set(roots.flatMap((r) => [r, _real(r)]))];
}

function _real(path: string): string {
  return realPathOrNull(path) ?? path;
}

function _text(file: string): string {
  try {
    return readFileSync(file, "utf8").slice(0, 4096);
  } catch {
    return "";
  }
}

function _executable(file: string): boolean {
  try {
    // No exception for a PATH folder without the program (most of them): a hook's first thrown
    // error costs it about 1 MiB of the runtime's code.
    const stat = statSync(file, { throwIfNoEntry: false });
    if (stat === undefined || stat.isDirectory()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
