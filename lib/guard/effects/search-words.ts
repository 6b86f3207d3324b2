import type { Op } from "../ops.ts";
import { literalWord, type SimpleCommand, type Word } from "../syntax.ts";
import { plainListedName, searchOf } from "../posix/listing-words.ts";
import type { AnalyzeContext } from "./context.ts";
import { programName } from "./names.ts";
import { searchListing, type SearchListing } from "./search-listing.ts";
import { mayBeRewritten } from "./unseen-writes.ts";
import { analyzeSplitWords } from "./word-counts.ts";

// Programs that edit or read each file operand on its own: a run on any of the listed names is
// judged by the run on all of them (formatters.ts's formatters, sed, perl, readers).
const EACH_FILE = new Set(["sed", "perl", "rustfmt", "prettier", "black", "ruff", "clang-format", "eslint", "gofmt", "goimports", "shfmt", "isort", "yapf", "cat", "head", "tail", "wc", "grep", "rg", "ls", "stat", "file", "md5sum", "sha1sum", "sha256sum", "dos2unix", "unix2dos", "chmod", "touch"]);
const RUNNERS = new Set(["npx", "bunx", "pnpx"]);

/**
 * A search listing's names (search-listing.ts) given to `head rest…` by `run`: exact names (fd's,
 * none hidden or ignored) are judged as literal words are; the names such a search may print
 * (`exact: false`) only for a program that edits or reads each file on its own, judged on all of
 * them and, as the search may print none, with none (when `emptyRuns`), and never when that
 * reading deletes or moves: a relocation of every name would move files the command never
 * touches. Null: the names stay unknown. For xargs' input (xargs.ts) and a substituted search.
 */
export function judgeSearch(s: SearchListing, head: Word, rest: Word[], run: (names: Word[]) => Op[], emptyRuns: boolean): Op[] | null {
  const program = head.dynamic ? "" : programName(head);
  const runs = RUNNERS.has(program) ? rest[0] && !rest[0].dynamic && EACH_FILE.has(programName(rest[0])) : EACH_FILE.has(program);
  if (!s.exact && !runs) return null;
  const words = s.names.map((n) => literalWord(n));
  if (s.exact && words.length > 0) return run(words);
  const empty = emptyRuns ? run([]) : [];
  if (s.exact) return empty;
  const ops = [...(words.length > 0 ? run(words) : []), ...empty];
  return ops.some((o) => o.kind === "delete" || o.kind === "move") ? null : ops;
}

/**
 * `sed -i … $(grep -rl old src)`, `npx prettier --write $(rg -l old src)`: an unquoted word that
 * is one content search alone, substituted where the parser knew nothing runs beside it
 * (posix/listing-words.ts searchOf), is read as that search piped into xargs is. The shell
 * splits and globs what it prints, so every name must be plain (no blank, glob character or
 * `=`), and newline-ended (the shell drops the NUL bytes of `grep -Z`, joining the names); one
 * such word per command; an empty output leaves no word. Null otherwise.
 */
export function searchedOperands(head: Word, args: Word[], ctx: AnalyzeContext, cmd: SimpleCommand): Op[] | null {
  const at = args.findIndex((w) => searchOf(w) !== undefined);
  if (at < 0 || args.some((w, i) => i > at && searchOf(w) !== undefined)) return null;
  const s = searchListing(searchOf(args[at]!)!, ctx, mayBeRewritten(ctx, cmd));
  if (s === null || s.nul || !s.names.every(plainListedName)) return null;
  return judgeSearch(s, head, args, (names) => analyzeSplitWords(head, [...args.slice(0, at), ...names, ...args.slice(at + 1)], ctx, cmd), true);
}
