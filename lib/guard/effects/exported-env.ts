import type { SimpleCommand, Word } from "../syntax.ts";
import { programName } from "./names.ts";

/**
 * The `export $(grep -v '^#' .env | xargs)` idiom (session 19, env-loaders.ts): export given only
 * words made of a substitution that reads one file and hands its lines on as words. Returns the
 * reading commands (`cat FILE`, `grep -v PATTERN FILE`), each with whether it drops the comment
 * lines (a `grep -v '^#'` anywhere in its pipeline); null when export is given anything else.
 */
export function exportedReaders(cmd: SimpleCommand): Array<{ reader: SimpleCommand; dropsComments: boolean }> | null {
  const args = cmd.argv.slice(1);
  if (args.length === 0) return null;
  const out: Array<{ reader: SimpleCommand; dropsComments: boolean }> = [];
  for (const w of args) {
    const chain = w.outputOf;
    // The word is the substitution alone (its text is what the commands print).
    if (!chain || chain.length === 0 || !w.dynamic || w.value !== "" || w.envNames) return null;
    const [reader, ...filters] = chain;
    const read = _reads(reader!);
    if (read === null || !filters.every(_passesWords)) return null;
    out.push({ reader: reader!, dropsComments: read || filters.some((f) => _grepDropsComments(f.argv.slice(1), 0)) });
  }
  return out;
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
