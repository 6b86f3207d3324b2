import { existsSync, lstatSync, readdirSync, realpathSync, statSync } from "node:fs";
import { basename, dirname, isAbsolute, join, normalize, sep } from "node:path";
import { spend } from "./budget.ts";
import type { FindReach } from "./find-dry-run.ts";
import type { ControlFiles } from "./control-files.ts";
import { fnmatchRegExp } from "./fnmatch.ts";
import { lstatOrUndefined } from "./fs-probe.ts";
import { type GlobOptions, globOptions } from "./posix/glob-options.ts";
import { quarantineRoot } from "./recovery/plan.ts";
import type { Word } from "./syntax.ts";
import { win32Names, win32Path } from "./win32-names.ts";

/**
 * How a target path relates to what the policy protects: an ancestor of something protected,
 * protected storage (Git metadata, the quarantine, configured paths), inside a system tree, the
 * workspace, the temporary directory, or elsewhere.
 */
export type PathClass = "ancestor" | "protected" | "system" | "workspace" | "temp" | "outside";

export interface PathContext {
  workspace: string;
  home: string;
  tmpDirs: string[];
  /** Extra protected paths from the configuration (absolute). */
  protectedPaths: string[];
  /** The guard's configuration and the agents' hook settings, protected like the quarantine (control-files.ts). */
  controlFiles?: ControlFiles;
  /** Real paths of directories already resolved during this check (targets share parents). */
  realDirs: Map<string, string | null>;
  /** find dry runs already made during this check (policy-find.ts). */
  findRuns?: Map<string, FindReach | null>;
}

// System trees are protected with everything inside them; the identity roots only as themselves
// (and as ancestors): deleting /home is refused, /home/u/project/x is judged by its own class.
const SYSTEM_TREES = ["/bin", "/boot", "/dev", "/etc", "/lib", "/lib32", "/lib64", "/libx32", "/opt", "/proc", "/sbin", "/srv", "/sys", "/usr", "/var", "/snap", "/nix", "/System", "/Library", "/Applications", "/private", "/cores", "/Windows", "/Program Files", "/Program Files (x86)", "/ProgramData"];
const IDENTITY_ROOTS = ["/", "/home", "/Users", "/root", "/mnt", "/media", "/tmp", "/Volumes"];
const MAX_GLOB_MATCHES = 10_000;
// Inside a Windows temporary directory, as Git Bash or a drive path spells it (`/c/Users/u/…`,
// `C:/Windows/Temp/…`): the directory itself stays protected by the rules above.
const WINDOWS_TEMP = /^(?:\/[a-z])?\/(?:users\/[^/]+\/appdata\/local\/temp|windows\/temp)\/./i;

/** The workspace of a directory: its Git top-level (found without spawning git), else itself. */
export function findWorkspace(cwd: string): string {
  if (_found?.dir === cwd) return _found.workspace;
  for (let dir = cwd; ; dir = dirname(dir)) {
    if (existsSync(dir === "/" ? "/.git" : `${dir}/.git`)) return noteWorkspace(cwd, dir);
    if (dirname(dir) === dir) return noteWorkspace(cwd, cwd);
  }
}

// The workspace found last during the check under way (openWorkspaces) and the folder it was
// found from: the analysis (git.ts), the policy (classify.ts) and the repository discovery
// (repo-root.ts) ask from the same working directory, and a check changes no file. Null until
// one is found, undefined outside a check: nothing is kept from one check to the next.
let _found: { dir: string; workspace: string } | null | undefined;

/** Begins a check's workspace memo; returns what closeWorkspaces restores. */
export function openWorkspaces(): typeof _found {
  const outer = _found;
  _found = null;
  return outer;
}

/** Ends the check's workspace memo (`outer`: what openWorkspaces returned). */
export function closeWorkspaces(outer: typeof _found): void {
  _found = outer;
}

/**
 * Records, during a check, that findWorkspace(`dir`) is `workspace`: found by it, or by a walk
 * that asked the same questions at least as strictly (repo-root.ts: no entry `.git` at the
 * levels below, a `.git` folder at `workspace`). Returns `workspace`.
 */
export function noteWorkspace(dir: string, workspace: string): string {
  if (_found !== undefined) _found = { dir, workspace };
  return workspace;
}

/**
 * Whether file names are compared without case, as on Windows (NTFS) and macOS (APFS by default):
 * there `.GIT` is the repository's `.git` and `.Agent-Guard` the quarantine. Tests set `value`.
 */
export const caseInsensitiveNames = { value: process.platform === "win32" || process.platform === "darwin" };

/** Classifies one absolute, normalised path. */
export function classifyPath(path: string, pc: PathContext): PathClass {
  const d = _derived(pc);
  if (_protectedName(path, d)) return "protected";
  if (caseInsensitiveNames.value && _protectedName(path.toLowerCase(), { gitDir: d.gitDir.toLowerCase(), guardStore: d.guardStore.toLowerCase() })) return "protected";
  for (const p of pc.protectedPaths) if (_within(path, p)) return "protected";
  for (const c of d.controls) if (_within(path, c)) return "protected";
  if (_throughConfigLink(path, d.configs, pc, false)) return "protected";
  if (d.ancestors.has(path) || _aboveHook(d.hookAncestors.get(path))) return "ancestor";
  if (caseInsensitiveNames.value) {
    // `.CLAUDE/settings.json` is the hook settings there too (red team 9 C7).
    const folded = _folded(d, pc);
    const lower = path.toLowerCase();
    if (folded.protect.some((p) => _within(lower, p)) || _throughConfigLink(lower, d.configs, pc, true)) return "protected";
    if (folded.ancestors.has(lower) || _aboveHook(folded.hookAncestors.get(lower))) return "ancestor";
  }
  if (d.usable && _within(path, pc.workspace)) return "workspace";
  if ((_insideAny(path, pc.tmpDirs) || WINDOWS_TEMP.test(path)) && !_within(path, pc.home)) return "temp";
  for (const t of SYSTEM_TREES) if (_within(path, t)) return "system";
  return "outside";
}

// The stores of the other version control systems, protected as `.git` is (session 9): Mercurial's
// and Sapling's, Subversion's, Jujutsu's, Bazaar's and Pijul's (after a `/.`), and darcs's; and
// (session 10) Fossil's checkout database `.fslckout` (`_FOSSIL_` on Windows and in older
// checkouts) and its repositories, a file named `*.fossil` anywhere (`~/.fossil` is its
// configuration database).
const VCS_DOT_STORES = new Set(["hg", "sl", "svn", "jj", "bzr", "pijul", "fslckout"]);

/** Whether a component of the path is another VCS's store (a scan of its `/.` components, no expression). */
function _vcsStore(path: string): boolean {
  for (let i = path.indexOf("/."); i >= 0; i = path.indexOf("/.", i + 2)) {
    const end = path.indexOf("/", i + 2);
    // The names are two to eight letters long.
    const length = (end < 0 ? path.length : end) - i - 2;
    if (length >= 2 && length <= 8 && VCS_DOT_STORES.has(path.slice(i + 2, i + 2 + length))) return true;
  }
  // Fossil's are files, so only a path's last name can be one (no scan).
  return _endsComponent(path, "/_darcs") || path.endsWith(".fossil") || path.endsWith("/_FOSSIL_") || path.endsWith("/_fossil_");
}

/** Whether `text` ends a component of the path (the end or a separator follows it). */
function _endsComponent(path: string, text: string): boolean {
  for (let i = path.indexOf(text); i >= 0; i = path.indexOf(text, i + 1)) {
    const end = i + text.length;
    if (end === path.length || path.charCodeAt(end) === 47) return true;
  }
  return false;
}

/** Version control metadata (the workspace's `.git`, any `.git`/`NAME.git` folder, bare repositories included, any other VCS's store) or the quarantine. */
function _protectedName(path: string, d: { gitDir: string; guardStore: string }): boolean {
  if (_within(path, d.gitDir) || _within(path, d.guardStore)) return true;
  if (_vcsStore(path)) return true;
  return path.includes(".git") && path.split(sep).some((part) => part === ".git" || (part.endsWith(".git") && part.length > 4));
}

/** `.agent-guard/` at the workspace root of a context: the quarantine and its control paths. */
export function guardStoreOf(pc: PathContext): string {
  return _derived(pc).guardStore;
}

/** Strictly inside `.agent-guard/`: a wildcard reached into the quarantine's control paths. */
export function insideGuardStore(path: string, pc: PathContext): boolean {
  return _inside(path, _derived(pc).guardStore);
}

interface _Derived {
  gitDir: string;
  /** `.agent-guard/` at the workspace root: the quarantine and every control path of it. */
  guardStore: string;
  /** Every protected anchor and each of its ancestors: deleting one of these deletes an anchor. */
  ancestors: Set<string>;
  /**
   * The folders above the hook settings files (control-files.ts) that `ancestors` lacks, each with
   * the files below it: such a folder is an ancestor only while one of them exists, which is asked
   * when a path is one (the derived values outlive a check, and a file may appear between two).
   */
  hookAncestors: Map<string, string[]>;
  usable: boolean;
  /** The control files of the context (control-files.ts). */
  controls: string[];
  /** Leogriel's configuration files (control-files.ts `config`), also protected where a link of their folder leads (_throughConfigLink). */
  configs: readonly string[];
  /** The configured paths, control files, ancestors and hook ancestors in lower case, for case-insensitive names (made on first use). */
  folded?: { protect: string[]; ancestors: Set<string>; hookAncestors: Map<string, string[]> };
}

function _folded(d: _Derived, pc: PathContext): NonNullable<_Derived["folded"]> {
  if (d.folded === undefined) {
    const hookAncestors = new Map<string, string[]>();
    for (const [folder, files] of d.hookAncestors) hookAncestors.set(folder.toLowerCase(), [...(hookAncestors.get(folder.toLowerCase()) ?? []), ...files]);
    d.folded = { protect: [...pc.protectedPaths, ...d.controls].map((p) => p.toLowerCase()), ancestors: new Set([...d.ancestors].map((a) => a.toLowerCase())), hookAncestors };
  }
  return d.folded;
}

/** Whether one of a folder's hook settings files (hookAncestors) exists now. */
function _aboveHook(files: string[] | undefined): boolean {
  return files !== undefined && files.some((f) => existsSync(f));
}

// What classifyPath derives from a context, computed once per workspace, home, configuration and
// control files (a check classifies many paths, and a long-lived caller checks many commands in
// one place). controlFiles() returns one object per set of values, so the derived values are kept
// per that object and the key is only the workspace, home and configured paths.
const _derivedCache = new Map<string, _Derived>();
const _derivedByControls = new WeakMap<ControlFiles, Map<string, _Derived>>();
// The values classified last: the paths of one check share them (and a caller checks in one
// place), so the key is built only when they change. The configured paths are compared by content,
// as the key does: a check maps them into a new list.
let _last: { workspace: string; home: string; protectedPaths: string[]; cf: ControlFiles | undefined; d: _Derived } | undefined;
function _derived(pc: PathContext): _Derived {
  const cf = pc.controlFiles;
  if (_last && _last.workspace === pc.workspace && _last.home === pc.home && _last.cf === cf && _samePaths(_last.protectedPaths, pc.protectedPaths)) return _last.d;
  let cache = _derivedCache;
  if (cf) {
    let byCf = _derivedByControls.get(cf);
    if (!byCf) _derivedByControls.set(cf, (byCf = new Map()));
    cache = byCf;
  }
  const key = pc.protectedPaths.length === 0 ? `${pc.workspace}\0${pc.home}` : `${pc.workspace}\0${pc.home}\0${pc.protectedPaths.join("\0")}`;
  let d = cache.get(key);
  if (!d) {
    const gitDir = join(pc.workspace, ".git");
    const guardStore = dirname(quarantineRoot(pc.workspace));
    const controls = cf ? [...cf.config, ...cf.hooks] : [];
    const ancestors = _ancestors([...SYSTEM_TREES, ...IDENTITY_ROOTS, pc.home, gitDir, guardStore, ...pc.protectedPaths, ...(cf ? cf.config : [])]);
    const hookAncestors = new Map<string, string[]>();
    for (const file of cf ? cf.hooks : []) {
      for (const folder of _ancestors([file])) if (!ancestors.has(folder)) hookAncestors.set(folder, [...(hookAncestors.get(folder) ?? []), file]);
    }
    if (cache.size >= 64) cache.clear();
    cache.set(key, (d = { gitDir, guardStore, ancestors, hookAncestors, usable: _workspaceUsable(pc.workspace), controls, configs: cf ? cf.config : [] }));
  }
  _last = { workspace: pc.workspace, home: pc.home, protectedPaths: pc.protectedPaths, cf, d };
  return d;
}

function _samePaths(a: string[], b: string[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Whether `path` (in lower case when `lower`) is a configuration file, or below one, reached where
 * a link of its folder leads (`ln -s /tmp/x .leogriel`): protected there too. The folder is
 * resolved during the check (the folder memo, realDir), not kept with the derived values: it may
 * become a link between two checks. Only a path with a configuration file's name in it asks.
 */
function _throughConfigLink(path: string, configs: readonly string[], pc: PathContext, lower: boolean): boolean {
  for (const file of configs) {
    const slash = file.lastIndexOf("/");
    const name = file.slice(slash);
    if (!_endsComponent(path, lower ? name.toLowerCase() : name)) continue;
    const dir = file.slice(0, slash) || "/";
    // "" for a missing folder, null for one that cannot be examined: nothing leads elsewhere.
    const real = realDir(dir, pc.realDirs);
    if (!real || real === dir) continue;
    const there = real === "/" ? name : real + name;
    if (_within(path, lower ? there.toLowerCase() : there)) return true;
  }
  return false;
}

/**
 * The paths that are an anchor or an ancestor of one, spelled as `path` is tested: `p` such that
 * an anchor equals `p` or starts with `p/` (and `/`, the ancestor of every absolute anchor).
 */
function _ancestors(anchors: string[]): Set<string> {
  const out = new Set<string>();
  for (const a of anchors) {
    out.add(a);
    if (a.startsWith("/")) out.add("/");
    for (let i = a.indexOf("/"); i >= 0; i = a.indexOf("/", i + 1)) out.add(a.slice(0, i));
  }
  return out;
}

// A drive name of two characters or more, or a provider other than FileSystem (about_Providers).
const PS_DRIVE = /^[A-Za-z][A-Za-z0-9_]+:(?!:)|(?:^|\/)(?:registry|alias|environment|function|variable|certificate|wsman)::/i;

export type Resolved = { kind: "paths"; paths: string[] } | { kind: "unknown" } | { kind: "wildcard" };

/** The absolute paths one target word names (globs expanded as the shell would). */
export function resolveTarget(word: Word, cwd: string | null, realDirs: Map<string, string | null> = new Map()): Resolved {
  if (word.dynamic && word.digits?.value === word.value && !word.glob && !win32Names.value) return _digitsTarget(word.digits, cwd, realDirs);
  if (word.dynamic || word.value.startsWith("//")) return { kind: "unknown" };
  if (word.value === "") return { kind: "paths", paths: [] };
  // A Windows drive path (from the cmd or PowerShell lexers, which turn `\` into `/`).
  const drive = word.value.charCodeAt(1) === 58 && /^[A-Za-z]:(?=\/|$)/.test(word.value);
  if (drive) word = { ...word, value: word.value.slice(2) || "/", pattern: word.pattern.slice(2) || "/" };
  if (win32Names.value) {
    // A drive PowerShell's providers give other than a disk's (`HKCU:`, `Env:`, `Cert:`, a
    // New-PSDrive name of any root) or another provider's path (`Registry::HKEY_CURRENT_USER`):
    // no file the guard can name (`Remove-Item -Recurse HKCU:\Software` deletes registry keys).
    if (PS_DRIVE.test(word.value)) return { kind: "unknown" };
    // `.git.`, `config::$DATA`: the name Windows opens; an 8.3 short name is not known.
    const value = win32Path(word.value);
    const pattern = word.glob ? win32Path(word.pattern) : value;
    if (value === null || pattern === null) return { kind: "unknown" };
    word = { ...word, value, pattern };
  }
  if (!isAbsolute(word.value) && cwd === null) return { kind: "unknown" };
  const literal = _absolute(word.value, cwd, realDirs);
  if (literal === null) return { kind: "unknown" };
  if (!word.glob) return _real([literal], realDirs);
  const opts = globOptions();
  let matches = expandGlob(isAbsolute(word.pattern) ? word.pattern : `${cwd}/${word.pattern}`, opts, cwd, realDirs);
  if (matches === null) return { kind: "wildcard" };
  // `*/`: a trailing slash makes the pattern match directories only.
  if (word.pattern.endsWith("/")) matches = matches.filter((m) => _stat(m)?.isDirectory());
  // No match: the shell passes the pattern itself, which names nothing that exists. Under noglob
  // (`set -f`) it always does.
  if (matches.length === 0 || (opts.noglob && !matches.includes(literal))) matches.push(literal);
  return _real(matches, realDirs);
}

// What a digit part of a name may print (posix/numeric-output.ts, nameDigits): a digit, then
// digits, `-`, `_` or `.` (a date); never `/`.
const DIGITS = "[0-9][-0-9_.]*";

/**
 * The paths a word names whose unknown parts are digits of a file name (`db-$TS.sqlite` after
 * `TS=$(date +%s)`, `backups/$(date +%F)/db.sqlite`: Word.digits). Each component holding parts
 * is, in each folder reached so far, every entry whose name matches (each part read as digits, or
 * nothing where it may print nothing; letters in any case) and a name made with each part `0` or
 * left out, standing for a new one (the parts hold no `/`, so they stay in their component, and
 * a digit, so a component is never `.`, `..` or `.git` by them alone). Unknown when the literal
 * text holds glob characters, there are more than four parts, or more paths than a glob may give.
 */
function _digitsTarget(d: NonNullable<Word["digits"]>, cwd: string | null, realDirs: Map<string, string | null>): Resolved {
  if (d.at.length > 4 || /[*?[\\]/.test(d.value) || (!d.value.startsWith("/") && cwd === null)) return { kind: "unknown" };
  // The folders (and names) reached so far, as spelled: absolute, `..` kept for _absolute.
  let reached = [d.value.startsWith("/") ? "" : cwd!];
  let start = 0;
  for (const segment of d.value.split("/")) {
    const end = start + segment.length;
    const parts = d.at.filter((p) => p.at >= start && p.at <= end).map((p) => ({ at: p.at - start, empty: p.empty }));
    start = end + 1;
    if (parts.length === 0) {
      if (segment !== "") reached = reached.map((r) => `${r}/${segment}`);
      continue;
    }
    const next = new Set<string>();
    for (const r of reached) {
      const names = _digitNames(segment, parts, r === "" ? "/" : _absolute(r, cwd, realDirs));
      if (names === null) return { kind: "unknown" };
      for (const n of names) next.add(n === "" ? r : `${r}/${n}`);
    }
    if (next.size > MAX_GLOB_MATCHES) return { kind: "unknown" };
    reached = [...next];
  }
  const paths: string[] = [];
  for (const r of reached) {
    // An empty word names nothing (`cp a ""` fails).
    if (r === cwd && d.value.replace(/\/+$/, "") === "") continue;
    const abs = _absolute(r || "/", cwd, realDirs);
    if (abs === null) return { kind: "unknown" };
    paths.push(abs);
  }
  return _real(paths, realDirs);
}

/**
 * The names one component with digit parts (at offsets into `text`) may have in folder `dir`: the
 * entries that match, and the new names. Null when the folder cannot be read (or known).
 */
function _digitNames(text: string, parts: Array<{ at: number; empty: boolean }>, dir: string | null): Set<string> | null {
  if (dir === null) return null;
  const quote = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  let re = "";
  let from = 0;
  for (const p of parts) {
    re += quote(text.slice(from, p.at)) + (p.empty ? `(?:${DIGITS})?` : DIGITS);
    from = p.at;
  }
  const match = new RegExp(`^${re}${quote(text.slice(from))}$`, "i");
  let entries: string[];
  spend();
  try {
    entries = readdirSync(dir);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== "ENOENT" && code !== "ENOTDIR") return null;
    entries = [];
  }
  const names = new Set(entries.filter((e) => match.test(e)));
  // The new names: each part `0`, or (where it may print nothing) left out, in every combination.
  const optional = parts.filter((p) => p.empty).length;
  for (let mask = 0; mask < 1 << optional; mask++) {
    let name = "";
    let k = 0;
    from = 0;
    for (const p of parts) {
      name += text.slice(from, p.at) + (p.empty && mask & (1 << k++) ? "" : "0");
      from = p.at;
    }
    names.add(name + text.slice(from));
  }
  return names;
}

/**
 * `p` made absolute against `cwd` (known not to be null for a relative `p`), without `.`, `//`
 * or a trailing `/`, each `..` taken as the kernel takes it; null when that cannot be known.
 */
function _absolute(p: string, cwd: string | null, realDirs: Map<string, string | null>): string | null {
  const abs = physicalPath(isAbsolute(p) ? p : `${cwd}/${p}`, cwd, realDirs);
  return abs !== null && abs.length > 1 && abs.endsWith("/") ? abs.replace(/(.)\/+$/, "$1") : abs;
}

// A link of the running process (`/proc/self/fd/3`, `/dev/stdin`): what lies behind it is the
// shell's or the program's, not the guard's (red team 3).
const PROCESS_LINK = /^\/(?:proc\/(?:self|thread-self|\d+)(?:\/task\/\d+)?\/(?:cwd|root|fd\/\d+|map_files\/[^/]+)|dev\/(?:fd\/\d+|stdin|stdout|stderr))$/;
const SELF_CWD = /^\/proc\/(?:self|thread-self)\/cwd$/;
const SELF_ROOT = /^\/proc\/(?:self|thread-self)\/root$/;

/**
 * An absolute path as the kernel resolves it for a file operation: `..` is the parent of the
 * folder reached so far, symlinks followed (`docs/../.ssh` with `docs -> ~/Documents` is
 * `~/.ssh`, not `./.ssh`: red team 3), not the textual parent; `/proc/self/cwd` is the shell's
 * working directory and `/proc/self/root` is `/`; a path going through another process link
 * (`/dev/fd/3/..`, `/proc/1/cwd/x`) or through a folder that cannot be examined is null. The
 * last entry is not followed (callers resolve it as their rule needs). `cd` is logical in bash
 * and keeps its own rule (posix/cwd-flow.ts).
 */
export function physicalPath(path: string, cwd: string | null, realDirs?: Map<string, string | null>): string | null {
  if (!path.includes("..") && !path.startsWith("/proc/") && !path.startsWith("/dev/")) return _normal(path);
  realDirs ??= new Map();
  const segments = path.split("/");
  let out = "";
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i]!;
    if (seg === "" || seg === ".") continue;
    if (seg === "..") {
      if (out === "") continue;
      const real = realDir(out, realDirs);
      if (real === null) return null;
      out = real === "" ? dirname(out) : dirname(real);
      if (out === "/") out = "";
      continue;
    }
    out += `/${seg}`;
    if (!out.startsWith("/proc/") && !out.startsWith("/dev/")) continue;
    if (SELF_CWD.test(out)) {
      const real = cwd === null ? null : realDir(cwd, realDirs);
      if (real === null) return null;
      out = real === "" ? cwd! : real;
      if (out === "/") out = "";
    } else if (SELF_ROOT.test(out)) out = "";
    else if (PROCESS_LINK.test(out) && segments.slice(i + 1).some((s) => s !== "")) return null;
  }
  return out || "/";
}

/**
 * path.normalize of a path without `..`, called only when it changes something: an absolute
 * path on a POSIX system without `//`, `/./` or a final `/.` (most paths) is already normal.
 */
function _normal(path: string): string {
  return sep !== "/" || path.charCodeAt(0) !== 47 || path.includes("//") || path.includes("/./") || path.endsWith("/.") ? normalize(path) : path;
}

/** The paths with their parents' symlinks resolved; unknown when one of them cannot be. */
function _real(paths: string[], realDirs: Map<string, string | null>): Resolved {
  const out: string[] = [];
  for (const p of paths) {
    const real = tooLong(p) ? null : realParent(p, realDirs);
    if (real === null) return { kind: "unknown" };
    out.push(real);
  }
  return { kind: "paths", paths: out };
}

// Linux PATH_MAX (4096 bytes with the NUL) and NAME_MAX (255 bytes). Past them every file call
// throws ENAMETOOLONG, so the guard cannot see what the path names, yet the shell may still reach
// it (relative to a deep working directory): it is an unknown target, never "nothing" (red team M1).
const PATH_MAX = 4095;
const NAME_MAX = 255;

/** `path` without trailing slashes (`/` stays); no regular expression for a path without one. */
export function withoutTrailingSlash(path: string): string {
  return path.endsWith("/") ? path.replace(/(.)\/+$/, "$1") : path;
}

/** A path the file system refuses to look up by name (too long, or a component too long). */
export function tooLong(path: string): boolean {
  // UTF-8 spends at most 3 bytes per UTF-16 unit: short strings need no byte count.
  if (path.length * 3 <= NAME_MAX) return false;
  return Buffer.byteLength(path) > PATH_MAX || path.split("/").some((c) => c.length * 3 > NAME_MAX && Buffer.byteLength(c) > NAME_MAX);
}

/**
 * The path with its parent directory's symlinks resolved (the entry itself is not followed);
 * null when the parent cannot be examined (a symlink loop, no permission): what the path
 * reaches is then unknown, and guessing the literal path would fail open.
 */
export function realParent(path: string, realDirs: Map<string, string | null>): string | null {
  if (path === "/") return path;
  const parent = dirname(path);
  const real = realDir(parent, realDirs);
  // A parent that is its own real path (the working directory, most often) keeps the path as it is.
  return real === null ? null : real === "" || real === parent ? path : join(real, basename(path));
}

/** A folder's real path (memoised per check): "" when it is missing, null when it is no folder or cannot be examined. */
export function realDir(dir: string, realDirs: Map<string, string | null>): string | null {
  if (_realFolders.has(dir)) return dir;
  let real = realDirs.get(dir);
  if (real === undefined && (_realFolders.has(dirname(dir)) || realDirs.get(dirname(dir)) === dirname(dir))) {
    // In a folder that is its own real path, a folder that is no symlink is one too: one lstat,
    // no realpath (`cd src && rm ../x`, `src/../x`). What is missing, or no symlink and no
    // folder, stat would show the same way.
    const entry = _lstat(dir);
    real = entry === undefined ? "" : entry === null || entry.isSymbolicLink() ? undefined : entry.isDirectory() ? dir : null;
    if (real !== undefined) realDirs.set(dir, real);
  }
  if (real === undefined) {
    // A missing folder is common (`rm -rf /some/path`): stat first, as a failing realpath throws,
    // and a thrown error costs far more than the extra call.
    const st = _stat(dir);
    real = st === null || (st && !st.isDirectory()) ? null : st ? _realpath(dir) : "";
    realDirs.set(dir, real);
  }
  return real;
}

// Folders realpath showed to be their own real path: the working directory, HOME and the
// temporary directory as classify.ts resolves them once per process, and every folder above them
// (a real path has no symlink in it). A target there needs no file-system call to be placed.
const _realFolders = new Set<string>(["/"]);

/** Records a path realpath returned, and the folders above it, as their own real paths. */
export function noteRealFolder(real: string): void {
  if (_realFolders.size > 4096) _realFolders.clear();
  for (let dir = real; dir !== "/" && !_realFolders.has(dir); dir = dirname(dir)) _realFolders.add(dir);
  _realFolders.add("/");
}

/** A folder known to be its own real path (noteRealFolder). */
export function knownRealFolder(dir: string): boolean {
  return _realFolders.has(dir);
}

/**
 * A folder shown to be its own real path with at most one lstat: a known one, or a folder that
 * is no symlink inside a known one (`<workspace>/.git`). False when that does not show it.
 */
export function shownRealFolder(dir: string): boolean {
  return _realFolders.has(dir) || (_realFolders.has(dirname(dir)) && lstatOrUndefined(dir)?.isDirectory() === true);
}

/**
 * stat without throwing: undefined when nothing is there, null for any other failure (ENOTDIR,
 * ELOOP, EACCES, ENAMETOOLONG), which the callers treat as unknown: later lookups of the path
 * would throw the same way, and error messages carry the path, which must never reach output.
 */
function _stat(path: string) {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch {
    return null;
  }
}

/** lstat without throwing, as _stat. */
function _lstat(path: string) {
  try {
    return lstatSync(path, { throwIfNoEntry: false });
  } catch {
    return null;
  }
}

function _realpath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return "";
  }
}

/**
 * Expands an absolute glob pattern segment by segment as bash does (fnmatch.ts: brackets with
 * classes, equivalence classes and ranges); null when it matches too much or cannot be read.
 * Under the options the line may turn on (posix/glob-options.ts) it matches the larger set:
 * dotfiles, any case, `**` at any depth, `.` and `..`. `..` after a folder is its real parent.
 */
export function expandGlob(pattern: string, opts: GlobOptions = globOptions(), cwd: string | null = null, realDirs: Map<string, string | null> = new Map()): string[] | null {
  const segments = pattern.split("/");
  // The folder before the first pattern segment is resolved like any path (`..`, `/proc/self/cwd`).
  const first = segments.findIndex((seg) => /[*?[]/.test(seg));
  if (first < 0) {
    const path = physicalPath(pattern.replace(/\\(.)/g, "$1"), cwd, realDirs);
    return path === null ? null : lstatOrUndefined(path) ? [path] : [];
  }
  const base = physicalPath(segments.slice(0, first).join("/").replace(/\\(.)/g, "$1") || "/", cwd, realDirs);
  if (base === null) return null;
  let current = [base];
  // Whether every path in `current` was read from a folder (so it exists): no lstat per match.
  let listed = false;
  for (let s = first; s < segments.length; s++) {
    const segment = segments[s]!;
    if (segment === "" || segment === ".") continue;
    let next: string[] = [];
    if (segment === "..") {
      for (const dir of current) {
        const real = realDir(dir, realDirs);
        if (real === null) continue;
        next.push(dirname(real === "" ? dir : real));
      }
      listed = false;
    } else if (!/[*?[]/.test(segment)) {
      for (const dir of current) next.push(join(dir, segment.replace(/\\(.)/g, "$1")));
      listed = false;
    } else if (segment === "**" && opts.globstar) {
      const found = _globstar(current, s === segments.length - 1 || segments.slice(s + 1).every((x) => x === ""), opts.dot);
      if (found === null) return null;
      next = found;
      listed = true;
    } else {
      const matches = segmentMatcher(segment, opts);
      if (matches === null) return null;
      listed = true;
      for (const dir of current) {
        spend();
        let names: string[];
        try {
          names = readdirSync(dir);
        } catch {
          continue;
        }
        for (const name of names) if (matches(name)) next.push(join(dir, name));
        // Without globskipdots, `.*` also matches `.` and `..`.
        if (opts.dots) {
          if (matches(".")) next.push(dir);
          const real = matches("..") ? realDir(dir, realDirs) : null;
          if (real !== null) next.push(dirname(real === "" ? dir : real));
        }
      }
    }
    if (next.length > MAX_GLOB_MATCHES) return null;
    current = next;
  }
  return listed ? current : current.filter((p) => lstatOrUndefined(p) !== undefined);
}

/**
 * One segment of a pathname pattern as a test of a name: fnmatch.ts's pattern under bash's dot
 * rule (a leading `.` is matched only by a literal one, `\.` too, unless dotglob; `.` and `..`
 * only by a literal one with globskipdots off); null when the pattern cannot be read.
 */
export function segmentMatcher(segment: string, opts: GlobOptions = globOptions()): ((name: string) => boolean) | null {
  const re = segment === "*" ? undefined : fnmatchRegExp(segment, opts.nocase);
  if (re === null) return null;
  const explicitDot = segment.startsWith(".") || segment.startsWith("\\.");
  return (name) => {
    if (name.charCodeAt(0) === 46) {
      const dots = name === "." || name === "..";
      if (dots ? !(explicitDot && opts.dots) : !(explicitDot || opts.dot)) return false;
    }
    return re === undefined || re.test(name);
  };
}

/**
 * `**` under globstar: every folder below `dirs` at any depth (the folders themselves too), or,
 * as the last segment, every entry below them. Symlinked folders are listed but not entered
 * (bash 4.3 and later); dotfiles only with dotglob. Null past MAX_GLOB_MATCHES.
 */
function _globstar(dirs: string[], last: boolean, dot: boolean): string[] | null {
  const out: string[] = last ? [] : [...dirs];
  const queue = [...dirs];
  while (queue.length > 0) {
    const dir = queue.pop()!;
    spend();
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) {
      if (!dot && e.name.charCodeAt(0) === 46) continue;
      const path = join(dir, e.name);
      if (e.isDirectory()) queue.push(path);
      if (last || e.isDirectory() || e.isSymbolicLink()) out.push(path);
      if (out.length > MAX_GLOB_MATCHES) return null;
    }
  }
  return out;
}

/** `path` is `root` or inside it (built without a new string: this runs for every target). */
function _within(path: string, root: string): boolean {
  if (path === root) return true;
  return root === "/" ? path.startsWith("/") : _inside(path, root);
}

function _insideAny(path: string, roots: string[]): boolean {
  for (const root of roots) if (_inside(path, root)) return true;
  return false;
}

/** `path` starts with `root/`. */
function _inside(path: string, root: string): boolean {
  return path.length > root.length && path.charCodeAt(root.length) === 47 && path.startsWith(root);
}

/** A workspace that is itself a system tree, a root, or an ancestor of one gives no shelter. */
function _workspaceUsable(ws: string): boolean {
  const prefix = ws === "/" ? "/" : `${ws}/`;
  return ![...SYSTEM_TREES, ...IDENTITY_ROOTS].some((a) => a === ws || a.startsWith(prefix));
}
