import type { Op } from "../ops.ts";
import type { SimpleCommand, Word } from "../syntax.ts";
import { analyzeArgv } from "./analyze.ts";
import type { AnalyzeContext } from "./context.ts";
import { searchedOperands } from "./search-words.ts";
import { fromUnseenData } from "./unseen-output.ts";

/**
 * How many words a word that stands for any number of them is read as: one, two (standing for
 * two or more) and none. What many programs do depends on how many operands they get (`mv a b
 * dir`, `cp a dest`, `chmod 600 f`, `ln -s target`, `git reset --hard` with no commit).
 */
export const WORD_COUNTS = [1, 2, 0] as const;

/**
 * The effects of a command judged in several readings of its arguments (xargs' unknown input as
 * one, two or no words; an unquoted unknown expansion the shell splits), joined: an op the
 * readings share (`rm ?` and `rm ? ?` delete unknown paths) is listed once.
 */
export function analyzeReadings(head: Word, readings: Word[][], ctx: AnalyzeContext, cmd?: SimpleCommand): Op[] {
  const seen = new Set<string>();
  return readings
    .flatMap((args) => analyzeArgv(head, args, ctx, cmd))
    .filter((o) => {
      const key = JSON.stringify(o, _spelling);
      return !seen.has(key) && seen.add(key);
    });
}

/**
 * A command whose arguments may hold unquoted unknown expansions (`mv $(cat list.txt)`, `SRC=$(cat
 * f); mv $SRC`, `chmod $ARGS`): bash splits each into any number of words, each of which may start
 * with `-`, so the command is judged with every such word as one word, as two and as none (one
 * with a literal part, `$D/x`, never vanishes). A quoted expansion (`"$X"`) is one word, and so
 * is the output of a substitution that prints one number, a hash or a name part of digits
 * (posix/numeric-output.ts, posix/hash-output.ts).
 */
export function analyzeSplitWords(head: Word, args: Word[], ctx: AnalyzeContext, cmd?: SimpleCommand): Op[] {
  if (!args.some(_splits)) return analyzeArgv(head, args, ctx, cmd);
  // `sed -i … $(grep -rl old src)`: the names the search may print (search-words.ts).
  const searched = cmd ? searchedOperands(head, args, ctx, cmd) : null;
  if (searched) return searched;
  const readings = WORD_COUNTS.map((n) => args.flatMap((w) => (!_splits(w) ? [w] : n === 0 && w.value !== "" ? [w] : Array.from({ length: n }, () => w))));
  return analyzeReadings(head, readings, ctx, cmd);
}

/**
 * Whether a word may be an option of any name: wholly an unknown expansion that the shell splits
 * or spreads (`$X`, `$(cat f)`, `"$@"`), so it may start with `-` (`find . $X` with X `-delete`),
 * or quoted data the guard cannot see (`"$(cat f)"`; unseen-output.ts). A quoted `"$X"` of the
 * environment is read as the value it is meant to be (`tar czf out.tgz "$DIR"`).
 */
export function mayBeOption(w: Word, ctx: AnalyzeContext): boolean {
  return w.dynamic && w.value === "" && (_splits(w) || fromUnseenData(w, ctx));
}

function _splits(w: Word): boolean {
  return w.dynamic && (w.spread === true || (!w.quoted && !w.numeric && w.inert === undefined && w.digits === undefined));
}

/** A word as its spelling, and a list of words as the set of them (every unknown word alike). */
function _spelling(_key: string, value: unknown): unknown {
  const spell = (w: Word) => `${w.dynamic ? "?" : "="}${w.value}`;
  if (_isWord(value)) return spell(value);
  if (Array.isArray(value) && value.length > 0 && value.every(_isWord)) return [...new Set(value.map(spell))].sort();
  return value;
}

function _isWord(value: unknown): value is Word {
  return typeof value === "object" && value !== null && "dynamic" in value && "pattern" in value;
}
