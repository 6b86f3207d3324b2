import { gitListingArgs, listingOutput } from "../effects/git-listing.ts";
import { enclosing, literalWord, repeats, type SimpleCommand, type Word } from "../syntax.ts";
import { applyStages, lineStage, outputLines, type LineStage } from "./line-filter.ts";
import { relyOnOutput } from "./relied-output.ts";

/**
 * An unquoted `$(git ls-files …)`, `$(git diff --name-only …)` or `$(git grep -l …)`
 * (optionally piped through `grep` with a literal pattern, `head` or `tail`: line-filter.ts)
 * that is a whole word of the line's first
 * command expands to the names it prints, one word each, when every name is plain (no blank,
 * quote, backslash, glob character or `=`: nothing splits, globs or assigns differently). The
 * listing is read by running it read-only now (git-listing.ts), so only where it cannot differ
 * when the line runs: the substitution is the first thing the line runs (no `cd`, write or
 * other substitution before it; not in a function, a loop body or condition, a `case` item,
 * `bash -c` text or another substitution), and nothing runs beside the command (no pipeline,
 * no `&`, no subshell redirection opened first: parser.ts), so no other command can change the
 * tree or the index while git lists. `npx prettier --write $(git diff --name-only)` is then
 * judged as prettier on those files, `rm -rf $(git ls-files src)` as rm of them; `for f in
 * $(git diff --name-only)` and `while read f; … done < <(git diff --name-only)` are loops over
 * the names (loop-unroll.ts, parser.ts). Anything else keeps the word unknown; a lone content
 * search there (`sed -i … $(grep -rl old src)`) is read by the effects (effects/search-words.ts).
 */
interface Listing {
  commands: SimpleCommand[];
  cwd: string;
  /** A process substitution `<(…)`, whose output a loop reads line by line (parser.ts). */
  lines: boolean;
}
const _listings = new WeakMap<Word, Listing>();

// A name that stays one word and globs nothing when the shell splits it (a listed name must
// also hold no `=`, checked below: the glob loop's names may).
export const PLAIN_NAME = /^[A-Za-z0-9_@%+,=:.-][A-Za-z0-9_@%+,=:.\/-]*$/;

// A line `read -r` stores whole: printable ASCII (no control character, nothing a locale reads
// otherwise), not empty.
const READ_LINE = /^[\x20-\x7e]+$/;

/** Notes that `word` is exactly one unquoted substitution (or `<(…)`) of `commands`, run in `cwd`. */
export function noteListing(word: Word, listing: Listing): void {
  _listings.set(word, listing);
}

/**
 * The names a noted word expands to (at most `max`), or null when it is no listing the guard
 * can read: the substitution is one pipeline, a plain git name listing (no `-z`: the shell
 * drops NUL bytes) and then line stages only, and every name printed is plain. `trim`: each
 * line as `read -r` with the default IFS stores it, without leading and trailing blanks.
 */
export function listingNames(word: Word, max: number, trim = false): string[] | null {
  const noted = _listings.get(word);
  const last = noted?.commands.at(-1);
  if (!noted || !last) return null;
  const chain: SimpleCommand[] = [];
  for (let c: SimpleCommand | undefined = last; c; c = c.pipeFrom) chain.unshift(c);
  if (chain.length !== noted.commands.length || !noted.commands.every((c, i) => c === chain[i])) return null;
  return listingLines(chain, noted.cwd, max, trim);
}

/**
 * The lines a pipeline prints in `cwd` (at most `max`), when it is a plain git name listing and
 * line stages (`git branch --merged | grep -v main`, read for `… | while read -r b`), every line
 * plain; null otherwise. Its programs' output is then relied on (relied-output.ts).
 */
export function listingLines(chain: SimpleCommand[], cwd: string, max: number, trim = false): string[] | null {
  const [git, ...stages] = chain;
  const filters = stages.map(lineStage);
  if (!git || filters.some((f) => f === null)) return null;
  const [head, ...args] = git.argv;
  if (!head || head.dynamic || head.quoted || head.value !== "git" || git.group || git.assigns.length > 0 || git.redirects.length > 0) return null;
  const listing = gitListingArgs(args);
  if (listing === null || listing.includes("-z")) return null;
  const output = listingOutput(cwd, listing);
  if (output === null) return null;
  const lines = applyStages(outputLines(output), filters as LineStage[]);
  // A read loop runs after one write of the listing (parser.ts: under 4,096 bytes), counted before trimming.
  if (trim && lines !== null && lines.join("\n").length >= 4096) return null;
  // `read -r` strips the blanks of the default IFS (git branch's two-letter mark's spaces) and
  // stores the rest of the line in its variable, which the loop's body quotes or splits as any
  // known value (`* main`, the current branch's line, is one value); a substituted name is split
  // and globbed by the shell, so it must be plain.
  const kept = trim ? lines?.map((l) => l.replace(/^[ \t]+|[ \t]+$/g, "")) : lines;
  if (!kept || kept.length > max || !kept.every((n) => (trim ? READ_LINE.test(n) : plainListedName(n)))) return null;
  // What git and each stage print is read as the programs print it: a project's `bin/git` on
  // the environment's PATH, or a function of the name, prints what it likes (relied-output.ts).
  for (const c of chain) relyOnOutput(c);
  return kept;
}

/**
 * The search (`grep -rl`, `rg -l`, `fd`: effects/search-listing.ts) a word left unknown by
 * expandListings substitutes alone, once the parser knew nothing runs beside it; the effects
 * read the names it may print there (effects/search-words.ts).
 */
const _searches = new WeakMap<Word, SimpleCommand>();

export function searchOf(word: Word): SimpleCommand | undefined {
  return _searches.get(word);
}

/** Whether a name a substituted listing prints stays one word the shell neither globs nor reads as an assignment. */
export function plainListedName(name: string): boolean {
  return PLAIN_NAME.test(name) && !name.includes("=");
}

/** Whether `word` may be a listing substituted as words (noted above). */
export function mayList(word: Word): boolean {
  return _listings.get(word)?.lines === false;
}

/**
 * Whether `word` may be a `<(…)` listing a loop reads: not `git grep`, whose threads write each
 * file's names as they finish it, so the loop body could run (and change files) while git still
 * reads others.
 */
export function mayFeed(word: Word): boolean {
  const noted = _listings.get(word);
  return noted?.lines === true && noted.commands[0]?.argv[1]?.value !== "grep";
}

// The most names one substituted listing puts into a command's arguments (as xargs.ts reads).
const MAX_ARGUMENTS = 1024;

/**
 * The command's arguments with each noted listing replaced by its names, once the parser knows
 * that nothing runs beside it (the and-or list around it ended without `&` or a pipe; it is in
 * no compound but subshells, and in no `case`); unchanged (the words stay unknown) when one
 * cannot be read (a lone command there may be a search: searchOf). Not for `[[ … ]]`, where a
 * substitution is not split.
 */
export function expandListings(cmd: SimpleCommand): void {
  const head = cmd.argv[0];
  if (!head || head.value === "[[" || cmd.assigns.length > 0 || repeats(cmd.frame)) return;
  // A `{ }` group, `if` or loop body ends after this list: its `} | cat` or `fi &` is not seen yet.
  if (enclosing(cmd.scope, (s) => s.kind !== "subshell")) return;
  const argv: Word[] = [head];
  for (const w of cmd.argv.slice(1)) {
    const listed = mayList(w);
    const names = listed ? listingNames(w, MAX_ARGUMENTS) : null;
    if (names === null && listed) _noteSearch(w);
    if (names === null) argv.push(w);
    else argv.push(...names.map((n) => ({ ...literalWord(n), outputOf: w.outputOf })));
  }
  cmd.argv = argv;
}

/** A listing word left unknown that substitutes one command alone: that search (searchOf). */
function _noteSearch(w: Word): void {
  const commands = _listings.get(w)!.commands;
  if (commands.length === 1) _searches.set(w, commands[0]!);
}
