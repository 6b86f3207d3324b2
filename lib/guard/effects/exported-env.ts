import { isAbsolute } from "node:path";
import type { SimpleCommand, Word } from "../syntax.ts";
import { envFileKeys } from "./env-file-keys.ts";
import { programName } from "./names.ts";

/** The command reading a file into a substitution, and whether its pipeline drops comment lines. */
export type SubstitutedReader = { reader: SimpleCommand; dropsComments: boolean };

/**
 * The `export $(grep -v '^#' .env | xargs)` idiom (session 19, env-loaders.ts): export given only
 * words made of a substitution that reads one file and hands its lines on as words. Returns the
 * reading commands (`cat FILE`, `grep -v PATTERN FILE`), each with whether it drops the comment
 * lines (a `grep -v '^#'` anywhere in its pipeline); null when export is given anything else.
 */
export function exportedReaders(cmd: SimpleCommand): SubstitutedReader[] | null {
  const args = cmd.argv.slice(1);
  if (args.length === 0) return null;
  const out: SubstitutedReader[] = [];
  for (const w of args) {
    const read = substitutedReader(w);
    if (read === null) return null;
    out.push(read);
  }
  return out;
}

/** A word that is only a substitution reading one file and handing its lines on as words (`$(cat .env | xargs)`); null for any other word. */
export function substitutedReader(w: Word): SubstitutedReader | null {
  const chain = w.outputOf;
  // The word is the substitution alone (its text is what the commands print).
  if (!chain || chain.length === 0 || !w.dynamic || w.value !== "" || w.envNames) return null;
  const [reader, ...filters] = chain;
  const read = _reads(reader!);
  if (read === null || !filters.every(_passesWords)) return null;
  return { reader: reader!, dropsComments: read || filters.some((f) => _grepDropsComments(f.argv.slice(1), 0)) };
}

/**
 * The names `env $(cat .env | xargs) CMD` sets, read from the file on disk (env-file-keys.ts):
 * only when every word the substitution gives is `NAME=VALUE` (wordLines, comment lines dropped
 * or absent), so that none of them is taken for env's command; null otherwise.
 */
export function substitutedNames(w: Word, cwd: string | null): string[] | null {
  const read = substitutedReader(w);
  const file = read?.reader.argv.at(-1);
  if (!read || !file || cwd === null) return null;
  const keys = envFileKeys(isAbsolute(file.value) ? file.value : `${cwd}/${file.value}`);
  return keys && keys.wordLines && keys.names.length > 0 && (read.dropsComments || !keys.comments) ? keys.names : null;
}

/** `cat FILE` or `grep -v PATTERN FILE`: null for any other command; whether it drops comment lines. */
function _reads(c: SimpleCommand): boolean | null {
  if (c.redirects.length > 0 || c.argv.some((w) => w.dynamic)) return null;
  const name = programName(c.argv[0]!);
  const args = c.argv.slice(1);
  if (name === "cat") return args.length === 1 && !args[0]!.value.startsWith("-") ? false : null;
  if (name !== "grep" || args.length !== 3) return null;
  return _grepDropsComments(args, 1) || (args[0]!.value === "-v" ? false : null);
}

/** `grep -v '^#'` given `extra` file words after the pattern. */
function _grepDropsComments(args: Word[], extra: number): boolean {
  return args.length === 2 + extra && args[0]!.value === "-v" && args[1]!.value === "^#";
}

/** A stage that hands its input on as words: `xargs` with no command (it runs echo), `grep -v PATTERN`. */
function _passesWords(c: SimpleCommand): boolean {
  if (c.redirects.length > 0 || c.argv.some((w) => w.dynamic)) return false;
  const name = programName(c.argv[0]!);
  const args = c.argv.slice(1);
  return (name === "xargs" && args.length === 0) || (name === "grep" && args.length === 2 && args[0]!.value === "-v");
}
