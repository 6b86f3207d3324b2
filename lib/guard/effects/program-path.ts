import { realpathSync, statSync } from "node:fs";
import { dirname, isAbsolute, normalize } from "node:path";
import type { Op } from "../ops.ts";
import { caseInsensitiveNames, withoutTrailingSlash } from "../paths.ts";
import { keptPathOf } from "../posix/path-var.ts";
import { KEPT, UNSET } from "../posix/vars.ts";
import type { SimpleCommand, Word } from "../syntax.ts";
import { builtProgram } from "./built-programs.ts";
import type { AnalyzeContext } from "./context.ts";
import { ownAssignment } from "./own-assignments.ts";
import { programName } from "./names.ts";
import { mayBeRewritten } from "./unseen-writes.ts";
import { unseenAfterWrites } from "./written-scripts.ts";

// Where the system's own programs live: a program found there is what its name says.
const SYSTEM_BIN = new Set(["/bin", "/sbin", "/usr/bin", "/usr/sbin", "/usr/local/bin", "/usr/local/sbin", "/opt/homebrew/bin", "/opt/homebrew/sbin", "/snap/bin", "/run/current-system/sw/bin"]);
// Shell builtins and keywords: the shell runs them itself, whatever PATH holds.
const BUILTINS = new Set(
  "echo printf test [ [[ true false read export declare local typeset readonly set unset shift return exit alias unalias hash type cd pwd pushd popd dirs eval source . exec command builtin trap wait jobs kill let ulimit umask getopts times".split(" "),
);

export const LANDED = Symbol("landed");

/** Remembers the destinations an op fills, so a later command run from one of them is unknown. */
export function recordLanded(o: Op, ctx: AnalyzeContext): void {
  const landed = (ctx.state.landed ??= []);
  // A folder named with a trailing slash (`cp -r a/ vendor/x/`) is the folder: the files below it
  // are `vendor/x/…` (session 8: `bash vendor/x/run.sh` after it was ALLOW).
  for (const w of o.targets) {
    const path = _absolute(w.value, w.dynamic ? null : o.cwd, w.dynamic);
    landed.push(path === null ? null : withoutTrailingSlash(path));
  }
}

/**
 * The program a command word runs (red team C12): a name is trusted only on an unchanged PATH,
 * and a path only in a system binary directory or when it resolves into one; otherwise it is
 * `null`, unknown. `landed`: a file an earlier part of the line wrote, moved or linked, whose
 * content the guard cannot know at all.
 */
export function programIdentity(head: Word, cmd: SimpleCommand | undefined, ctx: AnalyzeContext, name = programName(head)): string | null | typeof LANDED {
  if (!head.value.includes("/")) {
    // A builtin is answered before any PATH is read (echo, cd, test: the shell runs them itself).
    if (BUILTINS.has(name)) return name;
    // The command's own PATH (the last one; none when a wrapper changed it: ownAssignment), else the line's.
    const own = ownAssignment(cmd, ctx, "PATH");
    const path = own ? (own.dynamic ? (keptPathOf(own) ?? null) : own.value) : ctx.vars.get("PATH");
    if (path === undefined) return _landedOnEnvironmentPath(head.value, ctx) ? LANDED : name;
    // An unknown PATH may lead to a program of that name the line wrote anywhere (`x=TH; export
    // "PA$x=$PWD/bin:$PATH"` or `eval 'PATH=…'` after `printf … > bin/ls`; red team 14).
    if (path === null || path === UNSET) return _writtenAnywhere(head.value, ctx) ? LANDED : null;
    // The first folder of the new PATH holding the name decides, as the shell searches.
    const dirs = path.split(":");
    const rewritable = mayBeRewritten(ctx, cmd);
    for (let i = 0; i < dirs.length; i++) {
      // The environment's PATH: its programs are what their names say (as on an unchanged PATH),
      // unless a later folder might supply a name the environment's PATH lacks.
      if (dirs[i] === KEPT) return dirs.slice(i + 1).every((d) => d === KEPT || _lookIn(d, head.value, ctx, rewritable) === "absent") ? name : null;
      const found = _lookIn(dirs[i]!, head.value, ctx, rewritable);
      if (found === "absent") continue;
      return found === "unknown" ? null : found === LANDED ? LANDED : _systemProgram(found);
    }
    return name; // not found: the command fails
  }
  const file = _absolute(head.value, ctx.state.cwd, false);
  if (file === null) return null;
  // A program the line compiled from the workspace's sources is a local program like `./a.out` (built-programs.ts).
  if (_landed(file, ctx) || _fetchedInto(file, ctx)) return builtProgram(file, ctx, cmd) ? null : LANDED;
  if (SYSTEM_BIN.has(dirname(file))) return name;
  const system = _systemProgram(file);
  // A program that writes unseen files ran after the line wrote text (`printf … > x.c && make x &&
  // ./x`, `cc x.c && ./a.out`): it may have built this one from that text (written-scripts.ts).
  return system === null && (ctx.state.scripts?.size ?? 0) > 0 && unseenAfterWrites(ctx.state) ? LANDED : system;
}

/** Whether the line wrote or filled a file named `value` in any folder. */
function _writtenAnywhere(value: string, ctx: AnalyzeContext): boolean {
  const end = _fold(`/${value}`);
  const named = (k: string | null) => k !== null && _fold(k).endsWith(end);
  return (ctx.state.landed ?? []).some(named) || [...(ctx.state.scripts?.keys() ?? [])].some(named);
}

/**
 * What one PATH folder holds under `value`: a file (its path), nothing ("absent": a folder
 * without it, or one that does not exist), LANDED when the line itself filled the folder or the
 * file, "unknown" when the folder cannot be searched or a program that may write files the guard
 * does not see ran earlier in the line (unseen-writes.ts) and the name is not there now.
 */
function _lookIn(dir: string, value: string, ctx: AnalyzeContext, rewritable: boolean): string | "absent" | "unknown" | typeof LANDED {
  const file = _absolute(`${dir || "."}/${value}`, ctx.state.cwd, false);
  if (file === null) return "unknown";
  if (_landed(file, ctx) || _fetchedInto(file, ctx)) return LANDED;
  try {
    if (statSync(file, { throwIfNoEntry: false })?.isFile()) return file;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOTDIR") return "unknown";
  }
  return rewritable ? "unknown" : "absent";
}

/** The name of the system program a file resolves to; null for any other file or none. */
function _systemProgram(file: string): string | null {
  try {
    // A missing file (`./build.sh` not built yet) is answered without a thrown error.
    if (statSync(file, { throwIfNoEntry: false }) === undefined) return null;
    const real = realpathSync(file);
    return SYSTEM_BIN.has(dirname(real)) ? programName({ value: real, dynamic: false, glob: false, pattern: real, quoted: true }) : null;
  } catch {
    return null;
  }
}

/**
 * A file the network filled earlier in the line, or one inside a folder it filled (`rsync -a
 * host:bin/ bin/` puts programs there; taint.ts): its content is nothing the guard saw.
 */
function _fetchedInto(file: string, ctx: AnalyzeContext): boolean {
  const tainted = ctx.state.tainted;
  if (!tainted?.size) return false;
  // Where names ignore case, the fetched names are compared folded (`curl -o BIN/run`, then `./bin/run`).
  const has = caseInsensitiveNames.value ? (k: string) => [...tainted].some((t) => t.toLowerCase() === k.toLowerCase()) : (k: string) => tainted.has(k);
  for (let at = file; ; at = dirname(at)) {
    if (has(at) || has(`${at}/`)) return true;
    if (at === dirname(at)) return tainted.has("");
  }
}

/**
 * Whether the environment's PATH finds `value` in a file the line wrote at a known place (or
 * fetched) before any other: a folder of the project on it (direnv's `PATH_add bin`) makes
 * `printf … > bin/mktemp` the mktemp a later bare `mktemp` runs (red team 13). A write to an
 * unknown place is not taken to land there: that would make every program unknown.
 */
function _landedOnEnvironmentPath(value: string, ctx: AnalyzeContext): boolean {
  const landed = ctx.state.landed?.filter((l) => l !== null);
  if (!landed?.length && !ctx.state.tainted?.size) return false;
  const files = (ctx.env?.PATH ?? "").split(":").map((dir) => _absolute(`${dir || "."}/${value}`, ctx.state.cwd, false));
  const filled = (file: string | null) => file !== null && (landed?.some((l) => _covers(l, file)) || _fetchedInto(file, ctx));
  // The line wrote or fetched no such file in any PATH folder (the usual case: `> out.txt`): the
  // answer is no whichever folder holds the program, with no folder searched. Else it is yes
  // unless an existing program in an earlier folder is found first.
  const first = files.findIndex(filled);
  if (first < 0) return false;
  for (let i = 0; i < first; i++) {
    const file = files[i];
    if (file != null && statSync(file, { throwIfNoEntry: false })?.isFile()) return false;
  }
  return true;
}

/**
 * How many ops of the line filled the program file `head` names (or a folder around it); an unknown
 * place or cwd counts as many. A download's own write is one (taint.ts downloadRun); any other
 * may have put anything there (`curl -o x.sh URL; cp "$F" x.sh; ./x.sh`).
 */
export function writesOnto(head: Word, ctx: AnalyzeContext): number {
  const file = _absolute(head.value, ctx.state.cwd, head.dynamic);
  if (file === null) return Infinity;
  let n = 0;
  for (const l of ctx.state.landed ?? []) {
    if (l === null) return Infinity;
    if (_covers(l, file)) n++;
  }
  return n;
}

function _landed(file: string, ctx: AnalyzeContext): boolean {
  return landedSince(file, ctx, 0);
}

/** Whether an op filled `file` (or a folder around it, or an unknown place) from entry `from` of the landed list on. */
export function landedSince(file: string, ctx: AnalyzeContext, from: number): boolean {
  return (ctx.state.landed ?? []).slice(from).some((l) => l === null || _covers(l, file));
}

/** Whether the landed `entry` is `file` or a folder around it: by name, or where names ignore case (macOS, Windows: paths.ts caseInsensitiveNames) by name in any case (`> X.SH` lands `./x.sh`). */
function _covers(entry: string, file: string): boolean {
  if (file === entry || file.startsWith(`${entry}/`)) return true;
  if (!caseInsensitiveNames.value) return false;
  const f = file.toLowerCase();
  const e = entry.toLowerCase();
  return f === e || f.startsWith(`${e}/`);
}

/** `name` as compared: folded where names ignore case. */
function _fold(name: string): string {
  return caseInsensitiveNames.value ? name.toLowerCase() : name;
}

/** `path` made absolute against `cwd`; null when it cannot be (unknown cwd or dynamic word). */
export function absolutePath(path: string, cwd: string | null, dynamic = false): string | null {
  return _absolute(path, cwd, dynamic);
}

function _absolute(path: string, cwd: string | null, dynamic: boolean): string | null {
  if (dynamic || (!isAbsolute(path) && cwd === null)) return null;
  return normalize(isAbsolute(path) ? path : `${cwd}/${path}`);
}

// rm-style options: recursive and forced together (`-rf`, `-r -f`), or recursion past the root.
const RECURSIVE = /^-[a-zA-Z]*[rR]/;
const FORCED = /^-[a-zA-Z]*f/;

/** Arguments that would make a delete program destroy a tree. */
export function destructiveLooking(args: Word[]): boolean {
  // A cluster of a few letters (`-rf`, `-Rfv`); a longer word is a named option (PowerShell's
  // `-Configuration Release` holds an r and an f and was taken for `-rf`).
  const short = args.filter((a) => !a.dynamic && /^-[a-zA-Z]{1,6}$/.test(a.value)).map((a) => a.value);
  if (short.some((f) => RECURSIVE.test(f)) && short.some((f) => FORCED.test(f))) return true;
  return args.some((a) => a.value === "--recursive" || a.value === "--no-preserve-root");
}
