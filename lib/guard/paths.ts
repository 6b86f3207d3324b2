import { existsSync, readdirSync, realpathSync, statSync } from "node:fs";
import { basename, dirname, isAbsolute, join, normalize, sep } from "node:path";
import { spend } from "./budget.ts";
import type { FindReach } from "./find-dry-run.ts";
import { quarantineRoot } from "./recovery/plan.ts";
import type { Word } from "./syntax.ts";

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
  for (let dir = cwd; ; dir = dirname(dir)) {
    if (existsSync(dir === "/" ? "/.git" : `${dir}/.git`)) return dir;
    if (dirname(dir) === dir) return cwd;
  }
}

/** Classifies one absolute, normalised path. */
export function classifyPath(path: string, pc: PathContext): PathClass {
  const d = _derived(pc);
  if (_within(path, d.gitDir) || _within(path, d.guardStore)) return "protected";
  // Any Git metadata, including bare repositories (`backup.git/objects`).
  if (path.includes(".git") && path.split(sep).some((part) => part === ".git" || (part.endsWith(".git") && part.length > 4))) return "protected";
  for (const p of pc.protectedPaths) if (_within(path, p)) return "protected";
  if (d.ancestors.has(path)) return "ancestor";
  if (d.usable && _within(path, pc.workspace)) return "workspace";
  if ((_insideAny(path, pc.tmpDirs) || WINDOWS_TEMP.test(path)) && !_within(path, pc.home)) return "temp";
  for (const t of SYSTEM_TREES) if (_within(path, t)) return "system";
  return "outside";
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
  usable: boolean;
}

// What classifyPath derives from a context, computed once per workspace, home and configuration
// (a check classifies many paths, and a long-lived caller checks many commands in one place).
const _derivedCache = new Map<string, _Derived>();
// The context classified last: the paths of one check share it, so its key is built once.
let _last: { pc: PathContext; workspace: string; home: string; protectedPaths: string[]; d: _Derived } | undefined;
function _derived(pc: PathContext): _Derived {
  if (_last && _last.pc === pc && _last.workspace === pc.workspace && _last.home === pc.home && _last.protectedPaths === pc.protectedPaths) return _last.d;
  const key = `${pc.workspace}\0${pc.home}\0${pc.protectedPaths.join("\0")}`;
  let d = _derivedCache.get(key);
  if (!d) {
    const gitDir = join(pc.workspace, ".git");
    const guardStore = dirname(quarantineRoot(pc.workspace));
    const anchors = [...SYSTEM_TREES, ...IDENTITY_ROOTS, pc.home, gitDir, guardStore, ...pc.protectedPaths];
    if (_derivedCache.size >= 64) _derivedCache.clear();
    _derivedCache.set(key, (d = { gitDir, guardStore, ancestors: _ancestors(anchors), usable: _workspaceUsable(pc.workspace) }));
  }
  _last = { pc, workspace: pc.workspace, home: pc.home, protectedPaths: pc.protectedPaths, d };
  return d;
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

export type Resolved = { kind: "paths"; paths: string[] } | { kind: "unknown" } | { kind: "wildcard" };

/** The absolute paths one target word names (globs expanded as the shell would). */
export function resolveTarget(word: Word, cwd: string | null, realDirs: Map<string, string | null> = new Map()): Resolved {
  if (word.dynamic || word.value.startsWith("//")) return { kind: "unknown" };
  if (word.value === "") return { kind: "paths", paths: [] };
  // A Windows drive path (from the cmd or PowerShell lexers, which turn `\` into `/`).
  const drive = word.value.charCodeAt(1) === 58 && /^[A-Za-z]:(?=\/|$)/.test(word.value);
  if (drive) word = { ...word, value: word.value.slice(2) || "/", pattern: word.pattern.slice(2) || "/" };
  if (!isAbsolute(word.value) && cwd === null) return { kind: "unknown" };
  if (!word.glob) return _real([_absolute(word.value, cwd)], realDirs);
  let matches = expandGlob(_absolute(word.pattern, cwd));
  if (matches === null) return { kind: "wildcard" };
  // `*/`: a trailing slash makes the pattern match directories only.
  if (word.pattern.endsWith("/")) matches = matches.filter((m) => _stat(m)?.isDirectory());
  // No match: the shell passes the pattern itself, which names nothing that exists.
  return _real(matches.length ? matches : [_absolute(word.value, cwd)], realDirs);
}

/** `p` made absolute against `cwd` (known not to be null for a relative `p`), normalised, no trailing `/`. */
function _absolute(p: string, cwd: string | null): string {
  const abs = isAbsolute(p) ? normalize(p) : normalize(`${cwd}/${p}`);
  return abs.length > 1 && abs.endsWith("/") ? abs.replace(/(.)\/+$/, "$1") : abs;
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
  let real = realDirs.get(parent);
  if (real === undefined) {
    // A missing parent is common (`rm -rf /some/path`): stat first, as a failing realpath throws,
    // and a thrown error costs far more than the extra call.
    const st = _stat(parent);
    real = st === null || (st && !st.isDirectory()) ? null : st ? _realpath(parent) : "";
    realDirs.set(parent, real);
  }
  // A parent that is its own real path (the working directory, most often) keeps the path as it is.
  return real === null ? null : real === "" || real === parent ? path : join(real, basename(path));
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

function _realpath(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return "";
  }
}

/** Expands an absolute glob pattern segment by segment; null when it matches too much. */
export function expandGlob(pattern: string): string[] | null {
  let current = ["/"];
  for (const segment of pattern.split("/").filter(Boolean)) {
    const next: string[] = [];
    if (!/[*?[]/.test(segment)) {
      for (const dir of current) next.push(join(dir, segment.replace(/\\(.)/g, "$1")));
    } else {
      const glob = new Bun.Glob(segment);
      for (const dir of current) {
        spend();
        let names: string[];
        try {
          names = readdirSync(dir);
        } catch {
          continue;
        }
        for (const name of names) {
          if (name.startsWith(".") && !segment.startsWith(".")) continue;
          if (glob.match(name)) next.push(join(dir, name));
        }
      }
    }
    if (next.length > MAX_GLOB_MATCHES) return null;
    current = next;
  }
  return current.filter((p) => existsSync(p));
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
