import { existsSync } from "node:fs";
import { isAbsolute, join } from "node:path";
import { op, type Op } from "../ops.ts";
import { literalWord, unknownWord, type Word } from "../syntax.ts";
import { analyzeArgv } from "./analyze.ts";
import type { Invocation } from "./context.ts";
import { gitOptionValues, type GitOptionSpec, longPrefix } from "./git-options.ts";

// `--separate-git-dir DIR` / `--separate-git-dir=DIR` / `--sep…` (init's `--s` and `--sh` are ambiguous with `--shared`).
const SEPARATE: GitOptionSpec = { long: ["separate-git-dir"], min: 2 };
// init's long options whose value may be the next word (the folder operand is the first other word).
const INIT_VALUED = ["template", "object-format", "ref-format", "initial-branch", "separate-git-dir"];

/**
 * Subcommands that move a repository or a work tree like `mv` (red team 7, C4):
 * - `git init --separate-git-dir DIR` in a folder that already has `.git` moves the repository
 *   there and leaves a gitfile (`… && rm -rf DIR` then lost every commit): a move of `.git`, judged
 *   like `mv .git DIR` (BLOCK_PROTECTED_PATH). In a new folder, and for `clone --separate-git-dir`,
 *   git fills DIR with HEAD, config, hooks, objects and refs: a folder the program fills.
 * - `git worktree move WT DEST` moves a linked work tree, uncommitted files and all: `mv WT DEST`.
 * `here` is git's directory (after `-C`); null when the line made it unknown.
 */
export function gitMoves(sub: string, rest: Word[], here: string | null): Op[] {
  if (sub === "worktree" && rest[0]?.value === "move") {
    const [from, to] = rest.slice(1).filter((w) => w.dynamic || !w.value.startsWith("-"));
    if (!from || !to) return [];
    if (here === null) return [op("unknown", "git worktree move")];
    return [
      { ...op("move", "git worktree move", [from], true), dest: to, cwd: here },
      { ...op("write-into", "git worktree move", [to]), lands: "moved", cwd: here },
    ];
  }
  if (sub !== "init" && sub !== "clone") return [];
  const dirs = gitOptionValues(rest, SEPARATE);
  if (dirs.length === 0) return [];
  if (here === null) return [op("unknown", `git ${sub}`)];
  // git writes its `config`, HEAD, hooks and objects there, editing a `config` already present
  // (`--separate-git-dir ~/.ssh` rewrites the SSH client's config).
  const ops: Op[] = [];
  for (const d of dirs) {
    const config = d.dynamic ? null : join(isAbsolute(d.value) ? d.value : join(here, d.value), "config");
    if (config !== null && existsSync(config)) ops.push({ ...op("overwrite", `git ${sub}`, [literalWord(config, true)]), inPlace: true, cwd: here });
    // Filled as a folder the program fills (sinks.ts filledFolder; session 11: a plain write-into
    // passed `~/.ssh` and `/etc/g`): an existing folder outside asks, the system blocks.
    ops.push({ ...op("write-into", `git ${sub}`, [d]), lands: "created", replaces: true, cwd: here });
  }
  if (sub === "init") {
    const folder = _initFolder(rest);
    if (folder === null || folder.dynamic) return [...ops, op("unknown", "git init")];
    const git = join(isAbsolute(folder.value) ? folder.value : join(here, folder.value), ".git");
    if (existsSync(git)) ops.push({ ...op("move", "git init", [literalWord(git)], true), dest: dirs[0] ?? unknownWord(), cwd: here });
  }
  return ops;
}

/** The folder `git init` sets up: its operand, or the working one (null: an operand the guard cannot tell). */
function _initFolder(rest: Word[]): Word | null {
  for (let i = 0; i < rest.length; i++) {
    const w = rest[i]!;
    if (w.dynamic) return null;
    if (w.value === "--") return rest[i + 1] ?? literalWord(".");
    if (w.value === "-b" || INIT_VALUED.some((n) => longPrefix(w.value, n, 2))) i++;
    else if (!w.value.startsWith("-")) return w;
  }
  return literalWord(".");
}

/**
 * `git mv SRC… DEST` renames like `mv`: a later part of the line meets the data under its new
 * name. Forced (`-f`, `--force`, `--f`), git replaces an existing DEST in the work tree and its
 * uncommitted content is gone (red team 8): judged as `mv -f SRC… DEST` run where git runs.
 * Unforced, git refuses an existing DEST; a dry run (`-n`) changes nothing.
 * `dir` is null when the line pointed git at another work tree or made it unknown.
 */
export function gitMv(rest: Word[], here: string | null, dir: string | null, inv: Invocation): Op[] {
  const dashdash = rest.findIndex((w) => w.value === "--" && !w.quoted);
  const head = dashdash < 0 ? rest : rest.slice(0, dashdash);
  const options = head.filter((w) => !w.dynamic && w.value.startsWith("-") && w.value !== "-").map((w) => w.value);
  const operands = [...head.filter((w) => w.dynamic || !w.value.startsWith("-") || w.value === "-"), ...(dashdash < 0 ? [] : rest.slice(dashdash + 1))];
  const renamed = operands.at(-1);
  if (!renamed) return [];
  const moved: Op = { ...op("write-into", "git mv", [dir === null ? unknownWord() : renamed]), lands: "moved" };
  const short = (c: string) => options.some((o) => /^-[^-]/.test(o) && o.includes(c));
  if (short("n") || options.some((o) => longPrefix(o, "dry-run", 1))) return [];
  if (!short("f") && !options.some((o) => longPrefix(o, "force", 1))) return [moved];
  if (dir === null || here === null || operands.length < 2) return [moved, op("unknown", "git mv")];
  const ops = analyzeArgv(literalWord("mv"), [literalWord("-f"), literalWord("--"), ...operands], inv.ctx, inv.cmd);
  for (const o of ops) {
    if (o.verb === "mv") o.verb = "git mv";
    if (o.cwd === null) o.cwd = here;
  }
  return ops;
}
