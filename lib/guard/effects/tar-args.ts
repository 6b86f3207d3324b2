import type { Word } from "../syntax.ts";
import { dashWord, isOption, longValue, wordFrom } from "./getopt.ts";

// GNU tar 1.34's option tables (`tar --help`), for this parser and tar-sent.ts's walk.
/** Every long option: getopt takes any unambiguous prefix of one. */
export const LONG: readonly string[] =
  "absolute-names acls add-file after-date anchored append atime-preserve auto-compress backup block-number blocking-factor bzip2 catenate check-device check-links checkpoint checkpoint-action clamp-mtime compare compress concatenate confirmation create delay-directory-restore delete dereference diff directory exclude exclude-backups exclude-caches exclude-caches-all exclude-caches-under exclude-from exclude-ignore exclude-ignore-recursive exclude-tag exclude-tag-all exclude-tag-under exclude-vcs exclude-vcs-ignores extract file files-from force-local format full-time get group group-map gunzip gzip hard-dereference help hole-detection ignore-case ignore-command-error ignore-failed-read ignore-zeros incremental index-file info-script interactive keep-directory-symlink keep-newer-files keep-old-files label level list listed-incremental lzip lzma lzop mode mtime multi-volume new-volume-script newer newer-mtime no-acls no-anchored no-auto-compress no-check-device no-delay-directory-restore no-ignore-case no-ignore-command-error no-null no-overwrite-dir no-quote-chars no-recursion no-same-owner no-same-permissions no-seek no-selinux no-unquote no-verbatim-files-from no-wildcards no-wildcards-match-slash no-xattrs null numeric-owner occurrence old-archive one-file-system one-top-level overwrite overwrite-dir owner owner-map pax-option portability posix preserve-order preserve-permissions quote-chars quoting-style read-full-records record-size recursion recursive-unlink remove-files restrict rmt-command rsh-command same-order same-owner same-permissions seek selinux show-defaults show-omitted-dirs show-snapshot-field-ranges show-stored-names show-transformed-names skip-old-files sort sparse sparse-version starting-file strip-components suffix tape-length test-label to-command to-stdout totals touch transform uncompress ungzip unlink-first unquote update usage use-compress-program utc verbatim-files-from verbose verify version volno-file warning wildcards wildcards-match-slash xattrs xattrs-exclude xattrs-include xform xz zstd".split(
    " ",
  );
/**
 * Long options whose value is required (`--file X` or `--file=X`); the optional ones
 * (`--backup[=CONTROL]`, `--occurrence[=N]`, `--one-top-level[=DIR]`, `--checkpoint[=N]`, …) take
 * a value only after `=`: `tar --backup -xf a.tar` extracts.
 */
export const VALUED_LONG: ReadonlySet<string> = new Set(
  "after-date blocking-factor checkpoint-action directory exclude exclude-from exclude-ignore exclude-ignore-recursive exclude-tag exclude-tag-all exclude-tag-under file files-from format group group-map hole-detection index-file info-script label level listed-incremental mode mtime new-volume-script newer newer-mtime no-quote-chars owner owner-map pax-option quote-chars quoting-style record-size rmt-command rsh-command sort sparse-version starting-file strip-components suffix tape-length to-command transform use-compress-program volno-file warning xattrs-exclude xattrs-include xform add-file".split(
    " ",
  ),
);
/** Short options that take a value (the rest of the cluster, or the next word). */
export const VALUED_SHORT = "bCfFgHIKLNTVX";
// The long names of the valued short options whose values tar.ts reads.
const SHORT_NAMES: Record<string, string> = { g: "listed-incremental", I: "use-compress-program", F: "info-script", f: "file", C: "directory" };
// The operation letters and the long operations they stand for.
const MODES: Record<string, string> = { c: "create", x: "extract", t: "list", d: "diff", r: "append", u: "update", A: "catenate" };
const LONG_MODES: Record<string, string> = { create: "create", extract: "extract", get: "extract", list: "list", diff: "diff", compare: "diff", append: "append", update: "update", catenate: "catenate", concatenate: "catenate", delete: "delete", "test-label": "list" };

/** What a tar command line says, for the effects that write or remove files (tar.ts). */
export interface TarArgs {
  /** The operation (create, extract, list, diff, append, update, catenate, delete), if one is given. */
  mode?: string;
  /** The archive given with `-f`/`--file` (the last one wins). */
  archive?: Word;
  /** `-C`/`--directory` values, in order; the last one is where an extraction writes. */
  directories: Word[];
  /** Long options (resolved from abbreviations) and short letters given. */
  long: Set<string>;
  short: Set<string>;
  /** The operands (members or files). */
  operands: Word[];
  /**
   * For each operand, how many `-C` values come before it: GNU tar changes folder where `-C`
   * stands, so an extraction writes a member under the `-C`s before it (`tar -xf a.tar m -C d`
   * writes `./m`; checked in the sandbox with GNU tar 1.34).
   */
  operandDirs: number[];
  /** Every option value, under its long name (`-g`, `-I`, `-F` read as `listed-incremental`, `use-compress-program`, `info-script`). */
  values: Array<[string, Word]>;
  /** A word tar's option parser rejects (an ambiguous or unknown long option): tar does nothing. */
  invalid: boolean;
  /**
   * A computed option word whose unknown rest may be any option (`-c$X` may go on `f FILE`, `I
   * CMD`, `x`; `--f$X` may be `--file=…`, `--to-command=…`): what tar does is unknown.
   */
  unread: boolean;
}

/**
 * Whether the archive `name` is on another machine, reached through rmt: GNU tar's `_remdev`, the
 * first colon not the first character and no `/` before it (`host:path`, `user@host:path`; `:a:b`
 * is a local file), unless `--force-local` is given (any unambiguous abbreviation, `--forc`, as
 * getopt reads it: `t.long`; not after `--`, where it is a member). tar.ts (what goes to the host)
 * and tar-files.ts (the local file replaced) ask here.
 */
export function remoteArchive(name: string, t: TarArgs): boolean {
  return /^[^/:]+:/.test(name) && !t.long.has("force-local");
}

/** Extraction writes to stdout or a command instead of files (`-O`, `--to-stdout`, `--to-command`). */
export const tarToStdout = (t: TarArgs): boolean => t.short.has("O") || t.long.has("to-stdout") || t.long.has("to-command");

// The operations whose operands name members of the archive, not files on disk: an extraction
// writes them (tar.ts), a listing and a delete only match them. A diff reads the files on disk it
// compares, and create, append and update read what they archive.
const MEMBER_MODES = new Set(["extract", "list", "delete"]);

/**
 * The operands that name the archive's members, which tar opens no file by (`tar -xf a.tar id_rsa`
 * writes `./id_rsa`, `tar -tf a.tar .env` lists a member): none when the operation is not one of
 * MEMBER_MODES, unknown (`-x$X`) or refused by tar's parser, nor for an extraction to stdout or a
 * command (`tar -xOf backup.tar .env` shows the member's content as `cat .env` would).
 */
export function tarMembers(t: TarArgs): Word[] {
  if (t.invalid || t.unread || !MEMBER_MODES.has(t.mode ?? "")) return [];
  return t.mode === "extract" && tarToStdout(t) ? [] : t.operands;
}

/** Reads tar's arguments as GNU tar does: clusters, the traditional first word (`czf`), abbreviations. */
export function tarArgs(args: Word[]): TarArgs {
  const out: TarArgs = { directories: [], long: new Set(), short: new Set(), operands: [], operandDirs: [], values: [], invalid: false, unread: false };
  const value = (name: string, v: Word | undefined) => {
    if (!v) return;
    out.values.push([SHORT_NAMES[name] ?? name, v]);
    if (name === "f" || name === "file") out.archive = v;
    else if (name === "C" || name === "directory") out.directories.push(v);
  };
  let done = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const v = a.value;
    // The traditional first word is an option cluster even without a dash.
    const traditional = i === 0 && !v.startsWith("-") && /^[a-zA-Z]+$/.test(v);
    // A computed word with a known option start is that option (getopt.ts isOption's `computed`:
    // `-cf$X`, `--file=$X`), its value or its unknown rest read as below.
    if (done || (!traditional && !isOption(a, true))) {
      // `-$X`, `--$X`: an option of any name.
      if (!done && dashWord(a)) out.unread = true;
      out.operands.push(a);
      out.operandDirs.push(out.directories.length);
      continue;
    }
    if (v === "--") {
      done = true;
      continue;
    }
    if (v.startsWith("--")) {
      if (a.dynamic && !v.includes("=")) {
        out.unread = true;
        continue;
      }
      const long = longValue(args, i, LONG, VALUED_LONG);
      const name = long.name;
      if (name === undefined) {
        out.invalid = true;
        continue;
      }
      out.long.add(name);
      if (LONG_MODES[name]) out.mode = LONG_MODES[name];
      value(name, long.value);
      i = long.i;
      continue;
    }
    const letters = traditional ? v : v.slice(1);
    let valued = false;
    for (let k = 0; k < letters.length; k++) {
      const c = letters[k]!;
      out.short.add(c);
      if (MODES[c]) out.mode = MODES[c];
      if (!VALUED_SHORT.includes(c)) continue;
      valued = true;
      // A dashed cluster's value is the rest of it (a computed one's may begin where its known
      // text ends); the traditional form takes the next words in order.
      if (!traditional && (k + 1 < letters.length || a.dynamic)) {
        value(c, wordFrom(a, k + 2));
        break;
      }
      value(c, args[++i]);
    }
    // The unknown rest of a computed cluster with no valued letter, or of a traditional first word, may hold any letters.
    if (a.dynamic && (traditional || !valued)) out.unread = true;
  }
  return out;
}
