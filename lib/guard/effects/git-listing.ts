import { gitContentFact, gitFact } from "../git-preflight.ts";
import { applyStages, lineStage, outputLines, type LineStage } from "../posix/line-filter.ts";
import type { SimpleCommand, Word } from "../syntax.ts";
import type { AnalyzeContext } from "./context.ts";
import { programName } from "./names.ts";
import { programIdentity } from "./program-path.ts";
import { projectProgram } from "../git-program.ts";

// The options of the two listings read here that change nothing but which names are printed
// (or their separator); any other option (`--format`, `-s`, `--output`, `--ext-diff`, `-x`)
// keeps the listing unknown.
const LS_FILES = new Set(["-z", "-c", "--cached", "-m", "--modified", "-o", "--others", "-d", "--deleted", "--exclude-standard", "--full-name"]);
const DIFF = new Set(["-z", "--name-only", "--cached", "--staged", "--relative"]);
const DIFF_FILTER = /^--diff-filter=[ACDMRTUXBacdmrtuxb*]+$/;

// `git grep`'s options that only select or separate the names `-l` prints, each one letter
// (`-lz` is `-l -z`): -F reads the pattern as a fixed string, -I skips binary files (a NUL in
// the first 8,000 bytes or the `binary` attribute, whatever the locale). The others change only
// which lines match (-i, -w, -v, -E, -G, -P, -a): with them the listing is read as a superset.
const GREP_LONG = new Map([
  ["--name-only", "l"],
  ["--files-with-matches", "l"],
  ["--null", "z"],
  ["--fixed-strings", "F"],
  ["--ignore-case", "i"],
  ["--word-regexp", "w"],
  ["--invert-match", "v"],
  ["--extended-regexp", "E"],
  ["--basic-regexp", "G"],
  ["--perl-regexp", "P"],
  ["--text", "a"],
]);
const MATCHING_ONLY_LETTERS = "iwvEGPa";
const MATCHING_ONLY = new RegExp(`[${MATCHING_ONLY_LETTERS}]`);
// A cluster of the one-letter options read (`-lz`, `-il`).
const GREP_CLUSTER = new RegExp(`^-[lzFI${MATCHING_ONLY_LETTERS}]+$`);
// A pattern that matches the same lines in every locale and in each of the dialects
// `grep.patternType` may choose (basic, extended, perl): literal ASCII characters only (the
// check runs git with LC_ALL=C; `.` or `-i` would match differently in a UTF-8 locale). Under
// -F any printable ASCII but the backslash (git quotes a fixed pattern for PCRE in \Q…\E).
const GREP_LITERAL = /^[A-Za-z0-9_ /:=@%,'"<>!~&;#-]+$/;
const GREP_FIXED = /^[\x20-\x5b\x5d-\x7e]+$/;

/**
 * `git grep -l PATTERN [REV…] [-- PATHSPEC…]` (also `--name-only`, `-z`, `-F`, `-I`, `-e
 * PATTERN`), normalised to one-letter options: it prints the names of the tracked work-tree
 * files (regular files only: git lstat()s each and skips links and FIFOs) or `REV:name` for a
 * tree, runs no textconv filter unless `--textconv` is given, and writes nothing. A pattern
 * whose match depends on the locale or the pattern dialect (`old.ame`, `-i`, `-P`, `-w`, `-v`)
 * is read as the empty fixed string, which matches a line of every file: the names of every
 * file with a line, a superset of what the real pattern can print, under the same revisions and
 * pathspecs (git still tells them apart). Null for anything else (`-O` that opens a pager,
 * `--untracked`, `--no-index`, `--textconv`, `-f FILE`).
 */
function _grepArgs(rest: Word[]): string[] | null {
  const letters: string[] = [];
  const patterns: string[] = [];
  let i = 0;
  for (; i < rest.length; i++) {
    const a = rest[i]!.value;
    if (a === "-e" && i + 1 < rest.length) patterns.push(rest[++i]!.value);
    else if (GREP_LONG.has(a)) letters.push(GREP_LONG.get(a)!);
    else if (GREP_CLUSTER.test(a)) letters.push(...a.slice(1));
    else if (a.startsWith("-") && a !== "--") return null;
    else break;
  }
  if (patterns.length === 0 && i < rest.length && rest[i]!.value !== "--") patterns.push(rest[i++]!.value);
  const after = rest.slice(i).map((w) => w.value);
  const dash = after.indexOf("--");
  if ((dash === -1 ? after : after.slice(0, dash)).some((a) => a.startsWith("-"))) return null;
  if (!letters.includes("l") || patterns.length === 0) return null;
  const literal = letters.includes("F") ? GREP_FIXED : GREP_LITERAL;
  if (!letters.some((l) => MATCHING_ONLY.test(l)) && patterns.every((p) => literal.test(p))) {
    return ["grep", ...[...new Set(letters)].map((l) => `-${l}`), ...patterns.flatMap((p) => ["-e", p]), ...after];
  }
  return ["grep", "-l", "-F", ...(letters.includes("z") ? ["-z"] : []), "-e", "", ...after];
}

/**
 * `git branch [--merged [COMMIT] | --no-merged [COMMIT]]`: lists the local branches, one a line
 * after a two-letter mark (`* ` the current one, `+ ` one checked out elsewhere); a filter
 * makes any other operand a pattern, without one an operand would create a branch. Null for
 * anything else.
 */
function _branchArgs(rest: string[]): string[] | null {
  const [filter, commit, ...more] = rest;
  if (filter === undefined) return ["branch"];
  if (!/^--(no-)?merged(=[^-].*)?$/.test(filter) || more.length > 0 || (commit !== undefined && (filter.includes("=") || commit.startsWith("-")))) return null;
  return ["branch", ...rest];
}

// What `git branch` prints for a branch when no setting changes it (`column.ui` puts several
// on a line, `color.branch=always` adds escapes); a detached HEAD's line is not read.
const BRANCH_LINE = /^[*+ ] [^\s(]\S*$/;

const LISTING_SUBCOMMANDS: ReadonlySet<string> = new Set(["grep", "branch", "ls-files", "diff"]);

/**
 * The arguments after `git` when they are a plain name listing, `ls-files …`, `diff
 * --name-only …` with only the options above and literal words, `grep -l …` (normalised:
 * `_grepArgs`) or `branch` (`_branchArgs`): it writes no file and prints only names. Null
 * otherwise.
 */
export function gitListingArgs(args: Word[]): string[] | null {
  // Called for every git command (unseen-writes.ts): the subcommand is read before any pass over
  // the words or copy of them, and most are no listing.
  const sub = args[0];
  if (sub === undefined || !LISTING_SUBCOMMANDS.has(sub.value)) return null;
  if (args.some((w) => w.dynamic || w.glob)) return null;
  const rest = args.slice(1);
  if (sub.value === "grep") return _grepArgs(rest);
  if (sub.value === "branch") return _branchArgs(rest.map((w) => w.value));
  const allowed = sub.value === "ls-files" ? LS_FILES : DIFF;
  let operands = false;
  let names = sub.value === "ls-files";
  for (const a of rest) {
    if (operands || a.value === "--") operands = true;
    else if (a.value.startsWith("-") && !allowed.has(a.value) && !(sub.value === "diff" && DIFF_FILTER.test(a.value))) return null;
    else names ||= a.value === "--name-only";
  }
  return names ? args.map((w) => w.value) : null;
}

/**
 * What a git name listing feeding a pipe prints (`git diff --name-only | xargs npx prettier
 * --write`), listed by running that read-only listing now, as the find dry run lists find's
 * matches; `grep`, `head` and `tail` stages between them are applied in process
 * (posix/line-filter.ts: `git grep -l x | grep -v '^vendor/' | xargs …`). Only where the
 * listing cannot differ when the line runs: the listing is plain `git` (no option before the
 * subcommand, no assignment, redirection, alias, function or hash entry, no GIT_* variable or
 * git setting in the line), the directory is known, and nothing earlier in the line may have
 * changed files or the index (`rewritten`: unseen-writes.ts). A listing that reads the work tree
 * while it prints (`_readsWorkTree`) is read only when xargs takes all of it before running
 * anything: no `-n`, `-I` or other `eager` option and less text than its command buffer, so
 * the command cannot change a file git has yet to read. Null otherwise.
 */
export function gitListing(feeder: SimpleCommand, ctx: AnalyzeContext, rewritten: boolean, eager: boolean): string | null {
  const stages: LineStage[] = [];
  let git = feeder;
  for (let stage = lineStage(git); stage && git.pipeFrom; stage = lineStage(git)) {
    if (!listingRunsItself(git, ctx)) return null;
    stages.unshift(stage);
    git = git.pipeFrom;
  }
  const [head, ...args] = git.argv;
  const cwd = ctx.state.cwd;
  if (!head || head.value !== "git" || !listingRunsItself(git, ctx) || git.group || git.assigns.length > 0 || git.redirects.length > 0) return null;
  if (cwd === null || ctx.depth > 0 || rewritten || ctx.state.landed?.length || ctx.state.changes?.length || ctx.state.gitConfig !== undefined) return null;
  if ([...ctx.vars.keys()].some((k) => k.startsWith("GIT_"))) return null;
  const listing = gitListingArgs(args);
  const output = listing === null ? null : listingOutput(cwd, listing);
  if (output === null || (_readsWorkTree(listing!) && (eager || output.length >= XARGS_WAITS))) return null;
  if (stages.length === 0) return output;
  // NUL-separated names are no lines the stages could select from.
  const kept = listing!.includes("-z") ? null : applyStages(outputLines(output), stages);
  return kept && kept.map((line) => `${line}\n`).join("");
}

/**
 * Whether a listing's command runs the program its bare name says: no alias, function or hash
 * entry of the line names it, and its PATH finds that program (program-path.ts). A `grep() {
 * echo -D; … }` between `git branch --merged` and `xargs git branch -d`, or a git found first
 * in a folder the line put on PATH, or in a project folder the environment's PATH finds first
 * (git-program.ts), prints what it likes (red team 13).
 */
export function listingRunsItself(cmd: SimpleCommand, ctx: AnalyzeContext): boolean {
  const head = cmd.argv[0];
  if (!head || head.dynamic || head.value.includes("/")) return false;
  const name = head.value;
  if (ctx.state.aliases?.has(name) || ctx.state.functions?.has(name) || ctx.state.hashed?.has(name)) return false;
  if (ctx.state.cwd === null || projectProgram(name, ctx.state.cwd, ctx.env?.PATH ?? "")) return false;
  return programName(head) === name && programIdentity(head, cmd, ctx) === name;
}

// Less text than GNU (128 KiB), BSD (ARG_MAX) and BusyBox (32 KiB) xargs gather before they run
// a command: each reads such input to its end first.
const XARGS_WAITS = 16_384;

/** Whether a listing (gitListingArgs) reads work-tree files as it prints: `grep`, `diff` without `--cached`, `ls-files -m/-d/-o`. */
function _readsWorkTree(args: string[]): boolean {
  return args[0] === "grep" || _hashesContent(args) || (args[0] === "ls-files" && args.some((a) => /^(?:-[do]|--deleted|--others)$/.test(a)));
}

/**
 * Whether a listing (gitListingArgs) compares work-tree file content with the index, which git
 * does through the repository's filter programs: `diff` without `--cached`, `ls-files -m`.
 */
function _hashesContent(args: string[]): boolean {
  if (args[0] === "diff") return !args.includes("--cached") && !args.includes("--staged");
  return args[0] === "ls-files" && args.some((a) => a === "-m" || a === "--modified");
}

/**
 * What the listing `args` (gitListingArgs) prints in `cwd`, read now: `git grep` that matches
 * nothing prints nothing; a branch listing only in its plain form (BRANCH_LINE); null for
 * output that is no UTF-8. A listing that compares content stays unknown where a tracked
 * file's attributes name a configured filter driver: without the filter it may leave out a name
 * the command's own run prints (gitContentFact; docs/check.md "Git the guard runs itself").
 * `git grep` reads the files as they are, through no filter.
 */
export function listingOutput(cwd: string, args: string[]): string | null {
  const output = _hashesContent(args) ? gitContentFact(cwd, args, "unknown") : gitFact(cwd, args, args[0] === "grep" ? 1 : undefined);
  // A name that is no UTF-8 (core.quotePath off) reads as U+FFFD, another name than git printed.
  if (output === null || output.includes("\uFFFD")) return null;
  return args[0] !== "branch" || outputLines(output).every((l) => BRANCH_LINE.test(l)) ? output : null;
}
