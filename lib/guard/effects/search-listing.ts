import { existsSync, lstatSync, readdirSync } from "node:fs";
import { dirname, join, resolve, sep } from "node:path";
import { realPathOrNull } from "../fs-probe.ts";
import { gitFact } from "../git-preflight.ts";
import { findWorkspace } from "../paths.ts";
import type { SimpleCommand, Word } from "../syntax.ts";
import type { AnalyzeContext } from "./context.ts";
import { listingRunsItself } from "./git-listing.ts";

/**
 * What `rg -l PATTERN [DIR…]`, `grep -rl PATTERN [DIR…]` or `fd [-e EXT] [-t f] [PATTERN]
 * [DIR…]` feeding xargs can print: names of entries under the searched folders, each spelled
 * from its folder. Which of them they print is not computed (ignore files, hidden and binary
 * files, each program's regex dialect and encodings decide), so the listing stands for every
 * entry there that could be printed (`exact: false`): right for a command that edits or reads
 * each file it is given (`xargs sed -i`, a formatter), which the caller checks. fd with only
 * `-e`/`-t f` prints exactly the entries its filters take, unless one of them is hidden or
 * ignored: when git ignores none of them (`git check-ignore --no-index`), none is hidden and no
 * `.ignore`/`.fdignore` file or global fd ignore file exists, the names are exact (`exact:
 * true`) and a delete of them is judged as one (`fd -e js | xargs rm`: RELOCATE of those files).
 *
 * Null (the input stays unknown) unless: the program is the real one (no alias, function or
 * hash entry, not a project file first on PATH: listingRunsItself), only the options below,
 * each folder literal, without `..`, no symlink and inside the workspace, the directory known
 * and nothing earlier in the line changed files, no configuration the line or environment
 * gives (RIPGREP_CONFIG_PATH without `--no-config`, GREP_OPTIONS), at most 20,000 entries
 * walked and 1,024 names, every name printable ASCII that xargs passes as one word (no blank,
 * quote or backslash, not `_`) and no option (none starts with `-`). `nul`: the names end in a
 * NUL byte, not a newline (`grep -Z`, `rg -0`, `fd -0`), for `xargs -0`.
 */
export interface SearchListing {
  names: string[];
  exact: boolean;
  nul: boolean;
}

export function searchListing(feeder: SimpleCommand, ctx: AnalyzeContext, rewritten: boolean): SearchListing | null {
  const [head, ...args] = feeder.argv;
  if (!head || head.dynamic || head.quoted || feeder.group || feeder.assigns.length > 0 || feeder.redirects.length > 0 || feeder.pipeFrom) return null;
  const program = PROGRAMS[head.value];
  const cwd = ctx.state.cwd;
  if (!program || cwd === null || ctx.depth > 0 || rewritten || ctx.state.landed?.length || ctx.state.changes?.length || ctx.state.afterCd) return null;
  if (args.some((w) => w.dynamic || w.glob) || !listingRunsItself(feeder, ctx)) return null;
  // A variable the line set (null: made unknown) or the environment's.
  const variable = (name: string) => {
    const v = ctx.vars.get(name);
    return v !== undefined ? v : ctx.env?.[name];
  };
  const search = program(args.map((w) => w.value), variable);
  if (search === null) return null;
  const workspace = realPathOrNull(findWorkspace(cwd));
  if (!workspace) return null;
  const found: Entry[] = [];
  let visited = 0;
  for (const root of search.roots.length ? search.roots : ["."]) {
    const path = workspacePath(cwd, root, workspace);
    if (path === null) return null;
    // A folder named on the command line is printed as given, its entries below it; with no
    // folder, rg, grep and fd print the entries of the working folder without `./`.
    const prefix = search.roots.length === 0 ? "" : root.endsWith("/") ? root : `${root}/`;
    visited = _walk(path, prefix, search.roots.length === 0 ? "" : root, found, visited);
    if (visited < 0) return null;
  }
  const kept = found.filter((e) => search.takes(e));
  const names = kept.map((e) => e.printed);
  // rg reads its stdin instead when it is no terminal and no folder is named: it prints `<stdin>`.
  if (head.value === "rg" && search.roots.length === 0) names.push("<stdin>");
  if (names.length > MAX_NAMES || !names.every((n) => XARGS_WORD.test(n) && !NO_XARGS.test(n))) return null;
  const nul = search.nul;
  if (!search.exact) return { names, exact: false, nul };
  // fd skips hidden entries and what its ignore files name: exact only where none applies.
  if (kept.some((e) => e.hidden) || _fdIgnoreFiles(cwd, found, ctx)) return { names, exact: false, nul };
  const ignored = kept.length === 0 ? "" : gitFact(cwd, ["check-ignore", "--no-index", "--", ...kept.map((e) => e.path)], 1);
  return { names, exact: ignored === "", nul };
}

/**
 * `root` resolved from `cwd` when it names no `..`, is no symlink and its real path lies in
 * `workspace` (a real path); null otherwise. The start points of searches and finds the guard
 * walks itself (find-shell.ts).
 */
export function workspacePath(cwd: string, root: string, workspace: string): string | null {
  const path = resolve(cwd, root);
  const real = realPathOrNull(path);
  if (root.split("/").includes("..") || !real || lstatSync(path, { throwIfNoEntry: false })?.isSymbolicLink()) return null;
  return real === workspace || real.startsWith(`${workspace}${sep}`) ? path : null;
}

interface Entry {
  printed: string;
  path: string;
  name: string;
  type: "f" | "d" | "l" | "?";
  /** Some part of it below the searched folder starts with a dot. */
  hidden: boolean;
}

interface Search {
  roots: string[];
  takes: (e: Entry) => boolean;
  exact: boolean;
  /** Each name ends in a NUL byte (`grep -Z`, `--null`; `rg -0`; `fd -0`). */
  nul: boolean;
}

const MAX_ENTRIES = 20_000;
const MAX_NAMES = 1024;
// A name xargs passes as one word that no program reads as an option.
const XARGS_WORD = /^(?!-)(?!_$)[\x21-\x7e]+$/;
const NO_XARGS = /[\s'"\\]/;

/** Walks `path` without following links; the entries' count so far, or -1 past the bound or on a name outside printable ASCII. */
function _walk(path: string, prefix: string, printed: string, found: Entry[], visited: number, hidden = false): number {
  let entries;
  try {
    if (!lstatSync(path).isDirectory()) {
      found.push({ printed, path, name: path.slice(path.lastIndexOf("/") + 1), type: "f", hidden: false });
      return visited + 1;
    }
    entries = readdirSync(path, { withFileTypes: true });
  } catch {
    return -1;
  }
  for (const e of entries) {
    // A name outside ASCII may match a filter by Unicode case folding (fd's `-e js` takes `a.jſ`).
    if (++visited > MAX_ENTRIES || !/^[\x20-\x7e]+$/.test(e.name)) return -1;
    const child = join(path, e.name);
    const shown = `${prefix}${e.name}`;
    const dotted = hidden || e.name.startsWith(".");
    const type = e.isDirectory() ? "d" : e.isSymbolicLink() ? "l" : e.isFile() ? "f" : "?";
    found.push({ printed: shown, path: child, name: e.name, type, hidden: dotted });
    if (type === "d") {
      visited = _walk(child, `${shown}/`, shown, found, visited, dotted);
      if (visited < 0) return -1;
    }
  }
  return visited;
}

/** Whether fd may read an ignore file of its own: `.ignore`/`.fdignore` in a walked folder or above it, or the global one. */
function _fdIgnoreFiles(cwd: string, found: Entry[], ctx: AnalyzeContext): boolean {
  if (found.some((e) => e.name === ".ignore" || e.name === ".fdignore")) return true;
  for (let d = cwd; ; d = dirname(d)) {
    if (existsSync(join(d, ".ignore")) || existsSync(join(d, ".fdignore"))) return true;
    if (dirname(d) === d) break;
  }
  const config = ctx.env?.XDG_CONFIG_HOME || join(ctx.home, ".config");
  return existsSync(join(config, "fd", "ignore"));
}

type Reader = (args: string[], variable: (name: string) => string | null | undefined) => Search | null;

/**
 * rg's options that only select which files it searches or how a line matches, each printing
 * file names under `-l`/`--files-with-matches`/`--files-without-match`/`--files`; those that take
 * a value; `-0`/`--null` end each name in a NUL byte. `-L` (follows links), `--pre` (runs a
 * program per file), `-z` (decompressors), `-c`, `--json` and anything else keep the listing
 * unknown.
 */
const RG_FLAGS = new Set(["-0", "--null", "-l", "--files-with-matches", "--files-without-match", "--files", "-i", "--ignore-case", "-S", "--smart-case", "-s", "--case-sensitive", "-w", "--word-regexp", "-x", "--line-regexp", "-F", "--fixed-strings", "-v", "--invert-match", "-P", "--pcre2", "-U", "--multiline", "--hidden", "-.", "--no-ignore", "-u", "-uu", "-uuu", "--no-config", "--no-ignore-vcs", "--no-messages", "-a", "--text", "-I", "--no-filename"]);
const RG_VALUED = new Set(["-e", "--regexp", "-t", "--type", "-T", "--type-not", "-g", "--glob", "--iglob", "-d", "--max-depth", "-m", "--max-count"]);

function _rg(args: string[], variable: (name: string) => string | null | undefined): Search | null {
  const roots: string[] = [];
  let patterns = 0;
  let lists = false;
  let files = false;
  let config = true;
  let nul = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--") {
      roots.push(...args.slice(i + 1 + (patterns === 0 ? 1 : 0)));
      patterns ||= i + 1 < args.length ? 1 : 0;
      break;
    }
    if (RG_VALUED.has(a)) {
      if (a === "-e" || a === "--regexp") patterns++;
      if (++i >= args.length) return null;
    } else if (RG_FLAGS.has(a)) {
      lists ||= a === "-l" || a.startsWith("--files");
      files ||= a === "--files";
      config &&= a !== "--no-config";
      nul ||= a === "-0" || a === "--null";
    } else if (a.startsWith("-")) return null;
    else if (patterns === 0 && !files) patterns = 1;
    else roots.push(a);
  }
  if (!lists || (patterns === 0 && !files)) return null;
  if (config && variable("RIPGREP_CONFIG_PATH") !== undefined) return null;
  // rg searches files, and a file given by name; folders only for their entries.
  return { roots, takes: (e) => e.type === "f" || e.type === "l", exact: false, nul };
}

// grep's one-letter options allowed in a cluster (each selects or matches, printing names under
// -l or -L; GNU grep's `-Z`, like `--null`, ends each name in a NUL byte), and its long ones;
// `-R` (follows every link), `-z`, `-c`, `-o`, `-f FILE` do not. (BSD grep's `-Z` decompresses
// and keeps newlines: the names, read whole by `xargs -0`, are one word naming no file.)
const GREP_LETTERS = /^-[lLrisvwxFEGPIhHnqTZ]+$/;
const GREP_LONG = /^--(?:files-with-matches|files-without-match|recursive|ignore-case|word-regexp|line-regexp|fixed-strings|extended-regexp|basic-regexp|invert-match|null|(?:include|exclude|exclude-dir)=[\x21-\x7e]+)$/;

function _grep(args: string[], variable: (name: string) => string | null | undefined): Search | null {
  const roots: string[] = [];
  let pattern = false;
  let recursive = false;
  let lists = false;
  let nul = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--") {
      const rest = args.slice(i + 1);
      if (!pattern) rest.shift();
      pattern = true;
      roots.push(...rest);
      break;
    }
    if (a === "-e") {
      pattern = true;
      if (++i >= args.length) return null;
    } else if (GREP_LETTERS.test(a)) {
      recursive ||= a.includes("r");
      lists ||= /[lL]/.test(a);
      nul ||= a.includes("Z");
    } else if (GREP_LONG.test(a)) {
      recursive ||= a === "--recursive";
      lists ||= a.startsWith("--files");
      nul ||= a === "--null";
    } else if (a.startsWith("-")) return null;
    else if (!pattern) pattern = true;
    else roots.push(a);
  }
  if (!pattern || !recursive || !lists || variable("GREP_OPTIONS") !== undefined) return null;
  return { roots, takes: (e) => e.type === "f" || e.type === "l", exact: false, nul };
}

/**
 * fd's options that only select entries (`-e EXT`, `-t f|d`, `-H`, `-I`, `-u`, `-d N`, `-E
 * GLOB`, `-s`, `-i`, `-g`, `-F`, `-p`) and its pattern (a regular expression over the name: every
 * entry is taken, a superset); `-0`/`--print0` end each name in a NUL byte. `-L`, `-x`/`-X` (run
 * commands), `-l` (runs ls), `-a`, `--format`, `-c` and anything else keep the listing unknown.
 * Exact only with `-e` and `-t f`.
 */
const FD_NUL = new Set(["-0", "--print0"]);
const FD_FLAGS = new Set(["-H", "--hidden", "-I", "--no-ignore", "-u", "--unrestricted", "-s", "--case-sensitive", "-i", "--ignore-case", "-g", "--glob", "-F", "--fixed-strings", "-p", "--full-path", "--no-ignore-vcs", "--strip-cwd-prefix"]);
const FD_VALUED = new Set(["-e", "--extension", "-t", "--type", "-d", "--max-depth", "-E", "--exclude"]);

function _fd(args: string[]): Search | null {
  const roots: string[] = [];
  const extensions: string[] = [];
  let pattern: string | undefined;
  let typeFiles = false;
  let narrowed = false;
  let nul = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--") {
      const rest = args.slice(i + 1);
      if (pattern === undefined) pattern = rest.shift();
      roots.push(...rest);
      break;
    }
    if (FD_VALUED.has(a)) {
      const value = args[++i];
      if (value === undefined) return null;
      if (a === "-e" || a === "--extension") {
        if (!/^\.?[A-Za-z0-9_.+-]+$/.test(value)) return null;
        extensions.push(value.replace(/^\./, "").toLowerCase());
      } else if (a === "-t" || a === "--type") {
        if (value !== "f" && value !== "file") return null;
        typeFiles = true;
      } else narrowed = true;
    } else if (FD_FLAGS.has(a)) narrowed = true;
    else if (FD_NUL.has(a)) nul = true;
    else if (a.startsWith("-")) return null;
    else if (pattern === undefined) pattern = a;
    else roots.push(a);
  }
  // fd's `-e js` is the case-insensitive regex `.\.js$` over the name (names here are ASCII).
  const takes = (e: Entry) => (!typeFiles || e.type === "f") && (extensions.length === 0 || extensions.some((x) => e.name.length > x.length + 1 && e.name.toLowerCase().endsWith(`.${x}`)));
  return { roots, takes, exact: !narrowed && (pattern === undefined || pattern === "" || pattern === "."), nul };
}

const PROGRAMS: Record<string, Reader> = { rg: _rg, grep: _grep, fd: _fd, fdfind: _fd };
