import { isAbsolute } from "node:path";
import { fnmatchRegExp } from "../fnmatch.ts";
import { physicalPath } from "../paths.ts";
import type { Word } from "../syntax.ts";
import type { ArchiveSources } from "./archive-sources.ts";
import type { AnalyzeContext } from "./context.ts";
import { longOption } from "./getopt.ts";
import { judgeSent, type Sent, type SentRoot } from "./sent-tree.ts";
import { LONG, VALUED_LONG, VALUED_SHORT } from "./tar-args.ts";

// Options that change how exclude patterns match: the patterns are then not honoured at all.
const PATTERN_STYLE = /^--(anchored|no-wildcards|ignore-case|no-wildcards-match-slash)$/;

/**
 * What `tar -c` sends, judged like any sent tree: its operands (after `-C DIR`), recursing unless
 * `--no-recursion` stands before an operand with no `--recursion` after it, following symlinks with
 * `-h`/`--dereference`, leaving out members an `--exclude` given before the operand matches (GNU
 * tar's default matching: unanchored, `*` crossing `/`); `--add-file=F` is an operand. Options are
 * tar-args.ts's tables, a value taken as getopt takes it (`--dir=D` is `--directory=D`, `--backup`
 * takes none). Any mode but create, `-T`/`--files-from`, or a dynamic word is "unknown".
 */
export function tarSent(args: Word[], ctx: AnalyzeContext): Sent {
  const read = tarSources(args, ctx);
  return read === null ? "unknown" : judgeSent(read.roots, read.follow, ctx);
}

/**
 * What `tar -c` reads into its archive (tarSent), as roots to walk when the archive is sent
 * (archive-sources.ts); null when it cannot be walked (not a create, `-T`, a dynamic word).
 */
export function tarSources(args: Word[], ctx: AnalyzeContext): ArchiveSources | null {
  const roots: SentRoot[] = [];
  const excludes: RegExp[] = [];
  let create = false;
  let follow = false;
  let dir: string | null = ctx.state.cwd;
  let noRecursionAt = -1;
  const lastRecursion = args.findLastIndex((a) => _abbreviates(a.value, "recursion"));
  const patternStyle = args.some((a) => PATTERN_STYLE.test(a.value));
  const operand = (w: Word, at: number) => {
    const matchers = patternStyle ? [] : [...excludes];
    roots.push({ word: w, dir, recursive: !(noRecursionAt >= 0 && noRecursionAt < at && lastRecursion < noRecursionAt), excluded: (m) => matchers.some((re) => _excludes(re, m)) });
  };
  const value = (name: string, v: Word | undefined, at: number): boolean => {
    if (!v || v.dynamic) return false;
    if (name === "add-file") operand(v, at);
    if (name === "C" || name === "directory") dir = isAbsolute(v.value) ? physicalPath(v.value, dir) : dir === null ? null : physicalPath(`${dir}/${v.value}`, dir);
    if (name === "exclude") {
      if (/\\|\/$/.test(v.value)) return true; // escapes and folder-only patterns: never honoured
      const re = fnmatchRegExp(v.value);
      if (re) excludes.push(re); // a pattern that cannot be read excludes nothing
    }
    return name !== "T" && name !== "files-from";
  };
  let done = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const v = a.value;
    if (a.dynamic) return null;
    if (done || (v.startsWith("-") === false && i > 0) || v === "-") {
      operand(a, i);
      continue;
    }
    if (v === "--") {
      done = true;
      continue;
    }
    if (v.startsWith("--")) {
      const [name, inline] = v.slice(2).split(/=(.*)/s) as [string, string | undefined];
      // GNU tar takes unambiguous abbreviations: the ones that send more are read that way too.
      if (_abbreviates(v, "create")) create = true;
      else if (["extract", "get", "list", "diff", "compare", "append", "update", "concatenate", "catenate", "delete", "test-label", "files-from"].some((m) => _abbreviates(v, m))) return null;
      else if (_abbreviates(v, "dereference")) follow = true;
      else if (name === "no-recursion") noRecursionAt = i;
      const long = longOption(name, LONG);
      if (long !== undefined && VALUED_LONG.has(long)) {
        const given = inline !== undefined ? { ...a, value: inline } : args[++i];
        if (!value(long, given, i)) return null;
      }
      continue;
    }
    // A short cluster (`-czf`), or the traditional first word without a dash (`czf`).
    const letters = v.startsWith("-") ? v.slice(1) : v;
    for (let k = 0; k < letters.length; k++) {
      const c = letters[k]!;
      if (c === "c") create = true;
      else if ("xtdruA".includes(c)) return null;
      else if (c === "h") follow = true;
      if (!VALUED_SHORT.includes(c)) continue;
      const attached = v.startsWith("-") && k + 1 < letters.length;
      const given = attached ? { ...a, value: letters.slice(k + 1) } : args[++i];
      if (!value(c, given, i)) return null;
      if (attached) break;
    }
  }
  return create ? { roots, follow } : null;
}

/**
 * `--name`, or an abbreviation of it of three letters or more (`--deref`, `--rec=`). Deliberately
 * not tar-args.ts's reading (getopt's: a prefix of exactly one option): here a prefix counts even
 * when tar would find it ambiguous and refuse to run (`--rec` is also `--recursive-unlink`), so an
 * option that makes tar send more (create, dereference, recursion) is never missed, and one that
 * makes the walk impossible (another mode, `--files-from`) gives unknown. This walk reads the words
 * in order (an exclude or `--no-recursion` applies to the operands after it, each `-C` to the ones
 * after it), which tar-args.ts's sets do not keep.
 */
function _abbreviates(word: string, name: string): boolean {
  const given = word.startsWith("--") ? word.slice(2).split("=")[0]! : "";
  // A whole option name of its own (`--file`, `--exclude`) is that option, not a prefix of another.
  return given === name || (given.length >= 3 && name.startsWith(given) && !VALUED_LONG.has(given));
}

/** GNU tar's default for exclusion: the pattern matches the member or any tail after a `/`. */
function _excludes(re: RegExp, member: string): boolean {
  if (re.test(member)) return true;
  for (let at = member.indexOf("/"); at >= 0; at = member.indexOf("/", at + 1)) if (re.test(member.slice(at + 1))) return true;
  return false;
}
