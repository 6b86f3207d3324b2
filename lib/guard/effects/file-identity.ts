import { lstatSync, realpathSync } from "node:fs";
import { basename, dirname, isAbsolute, join, normalize } from "node:path";
import type { Word } from "../syntax.ts";
import type { AnalyzeContext } from "./context.ts";
import { isDirectory } from "../fs-probe.ts";
import { knownRealFolder, physicalPath, realDir } from "../paths.ts";

type State = AnalyzeContext["state"];

// A chain of links longer than this is a loop (the kernel gives up at 40; the line is short).
const MAX_HOPS = 8;

/**
 * A path word's value made absolute against the running directory (kept as is when that is
 * unknown), `..` taken as the kernel takes it (`docs/../x` with docs a symlink: paths.ts).
 */
export function absPath(value: string, cwd: string | null, state?: State): string {
  const abs = isAbsolute(value) ? value : cwd === null ? null : `${cwd}/${value}`;
  if (abs === null) return value;
  // The real folders `..` is resolved against are the line's folder memo (a word is made
  // absolute many times), which _resolve below and the policy share (classify.ts).
  return physicalPath(abs, cwd, state && (state.realDirs ??= new Map())) ?? normalize(abs);
}

/**
 * The names one file goes by in a command line: its absolute spelling and, when that leads
 * through a symlink (an existing one, or a link `ln` made earlier in the line), the file it
 * reaches. A symlink and its target are one file for the flows across a line: a secret written
 * through one name is uploaded through the other, a download run through a link is still run.
 * `cwd`: the running directory the name was read in (later-writes.ts: a run kept from earlier).
 */
export function fileKeys(value: string, state: State, cwd: string | null = state.cwd): string[] {
  const abs = absPath(value, cwd, state);
  if (!isAbsolute(abs)) return [abs];
  const real = resolveLinks(abs, state);
  return real === abs ? [abs] : [abs, real];
}

/**
 * The names under which the line may have recorded the file a word names, for looking it up:
 * fileKeys, and, when the running directory is unknown (a `cd` into a folder the line made,
 * which does not exist yet: `mkdir d; printf … > d/x.sh; cd d; bash x.sh`), every recorded file
 * of `known` whose path ends with the relative name (red team 14).
 */
export function lookupKeys(value: string, state: State, known: Iterable<string | null>): string[] {
  const keys = fileKeys(value, state);
  if (state.cwd !== null || isAbsolute(value)) return keys;
  const tail = relativeTail(value);
  if (tail === null) return keys;
  for (const k of known) if (k !== null && k.endsWith(`/${tail}`) && !keys.includes(k)) keys.push(k);
  return keys;
}

/** A relative name without its leading `./` and `../` parts (what it ends with wherever it is), or null when nothing is left. */
export function relativeTail(value: string): string | null {
  const tail = normalize(value).replace(/^(\.\.(\/|$))+/, "").replace(/\/+$/, "");
  return tail === "" || tail === "." ? null : tail;
}

/** Whether any name of the file a word names is in `set`. */
export function hasFile(set: Set<string> | undefined, word: Word, state: State): boolean {
  // An empty set holds no name: no file-system lookup to find that out.
  if (!set || set.size === 0 || word.dynamic) return false;
  return lookupKeys(word.value, state, set).some((k) => set.has(k));
}

/** Adds every name of the file `value` names to `set`. */
export function addFile(set: Set<string>, value: string, state: State): void {
  for (const k of fileKeys(value, state)) set.add(k);
}

/**
 * What an absolute path reaches: links made earlier in the line are followed first (they do not
 * exist yet when the guard runs), then the file system resolves existing symlinks. A path that
 * does not exist (or cannot be examined) stays as spelled.
 */
export function resolveLinks(abs: string, state: State): string {
  let path = abs;
  for (let hop = 0; hop < MAX_HOPS && state.links; hop++) {
    const next = _lineLink(path, state.links);
    if (next === null) break;
    path = next;
  }
  return _real(path, state);
}

/**
 * `ln [-s] TARGET LINK` (or `link`): LINK becomes another name of TARGET. A symbolic TARGET is
 * relative to the link's folder (to the running directory with `-r`), a hard one to the running
 * directory; a LINK that is an existing folder receives `basename TARGET` inside it.
 */
export function recordLink(name: string, args: Word[], state: State): void {
  const options = args.filter((a) => a.value.startsWith("-") && a.value !== "-");
  const operands = args.filter((a) => !options.includes(a));
  if (operands.length !== 2 || operands.some((a) => a.dynamic) || state.cwd === null) return;
  const symbolic = name === "ln" && options.some((a) => /^-[a-zA-Z]*s/.test(a.value) || a.value === "--symbolic");
  const relative = options.some((a) => /^-[a-zA-Z]*r/.test(a.value) || a.value === "--relative");
  const noDeref = options.some((a) => /^-[a-zA-Z]*[nT]/.test(a.value) || a.value === "--no-dereference" || a.value === "--no-target-directory");
  const [target, link] = operands as [Word, Word];
  let linkAbs = absPath(link.value, state.cwd, state);
  if (!noDeref && isDirectory(linkAbs)) linkAbs = join(linkAbs, basename(target.value));
  const base = symbolic && !relative ? dirname(linkAbs) : state.cwd;
  (state.links ??= new Map()).set(linkAbs, absPath(isAbsolute(target.value) ? target.value : join(base, target.value), state.cwd, state));
}

/** The path with a line-made link at its start replaced by what the link names, or null. */
function _lineLink(path: string, links: Map<string, string>): string | null {
  const whole = links.get(path);
  if (whole !== undefined) return whole;
  for (const [link, target] of links) if (path.startsWith(`${link}/`)) return target + path.slice(link.length);
  return null;
}

/** The real path of an existing path (every symlink resolved); the path itself otherwise. */
function _real(path: string, state: State): string {
  // The passes of one line ask about the same words: each path is looked up once per line.
  const known = (state.realPaths ??= new Map());
  let real = known.get(path);
  if (real === undefined) known.set(path, (real = _resolve(path, state)));
  return real;
}

function _resolve(path: string, state: State): string {
  // `/`, the working directory and the folders above it are their own real paths (paths.ts).
  if (knownRealFolder(path)) return path;
  // A NUL names no file (a decoded code literal, `'\0'`): lstat would throw, which is slow.
  if (path.includes("\0")) return path;
  try {
    // A trailing slash makes lstat follow a link: the entry is looked up by its bare name.
    const bare = path.endsWith("/") ? path.replace(/\/+$/, "") : path;
    // lstat first: a missing path is common, and a failing realpath throws (slowly).
    const entry = lstatSync(bare, { throwIfNoEntry: false });
    if (!entry) return path;
    if (entry.isSymbolicLink()) return realpathSync(path);
    // `file/` names nothing (ENOTDIR): it stays as spelled.
    if (bare !== path && !entry.isDirectory()) return path;
    // Not a link itself: its folder's real path (looked up once per line) and its name; in a
    // folder that is its own real path (most often), the path itself (it is normalised).
    const dir = dirname(bare);
    const folder = realDir(dir, (state.realDirs ??= new Map()));
    return !folder ? path : folder === dir ? bare : join(folder, basename(bare));
  } catch {
    return path;
  }
}
