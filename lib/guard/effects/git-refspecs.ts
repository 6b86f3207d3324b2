import { isAbsolute, join } from "node:path";
import { parseGitConfig, readConfigFile } from "./git-config-file.ts";
import { longPrefix } from "./git-options.ts";

/**
 * Fetches that move or delete the user's own branches. A refspec `SRC:DST` whose DST is a local
 * branch (a bare name, `refs/heads/…`, or a pattern that can match one: `refs/*`) moves it like
 * `branch -f` when it is forced (`+SRC:DST`, `-f`/`--force`, any prefix down to `--fo`), and its
 * commits keep only a reflog entry; with `--prune` (or `fetch.prune`, `remote.<r>.prune`) a
 * branch the remote does not have is deleted, forced or not. An unforced fetch into a branch
 * only fast-forwards it; remote-tracking refs, tags and FETCH_HEAD are not the user's branches.
 * The refspecs come from the command line (`git fetch`, `git pull`, `--refmap`) or from
 * `remote.<r>.fetch`, set with `-c`, GIT_CONFIG_* or stored in the repository's configuration.
 */

/** A refspec whose destination is a local branch and that may move or delete it. */
function _movesBranch(refspec: string, force: boolean): boolean {
  const colon = refspec.indexOf(":");
  if (colon < 0 || !(force || refspec.startsWith("+"))) return false;
  const dst = refspec.slice(colon + 1);
  if (dst === "") return false;
  // A bare name is a branch (or a tag of that name, which git would resolve: accepted false positive).
  if (!dst.startsWith("refs/")) return true;
  const star = dst.indexOf("*");
  if (star < 0) return dst.startsWith("refs/heads/");
  const prefix = dst.slice(0, star);
  return prefix.startsWith("refs/heads/") || "refs/heads/".startsWith(prefix);
}

/**
 * A refspec that moves a branch (forced) or deletes one (`--prune` with a pattern into
 * `refs/heads/`: the branches it maps that the remote lacks).
 */
function _moves(refspec: string, force: boolean, prune: boolean): boolean {
  return _movesBranch(refspec, force || (prune && refspec.slice(refspec.indexOf(":") + 1).includes("*")));
}

/** What one `git fetch`/`git pull` command line says about refspecs. */
interface FetchLine {
  force: boolean;
  prune: boolean;
  /** Every word that is not an option: the repository (or remotes, groups), then refspecs. */
  operands: string[];
  /** The command line's refspecs, `--refmap` values included. */
  refspecs: string[];
  /** `--all`, `--multiple`: every remote, not just the one named first. */
  all: boolean;
  /** `--stdin`: refspecs the guard cannot see. */
  stdin: boolean;
}

// Options whose value is the next word (fetch's, and pull's fetch and merge options). git also
// takes prefixes of them; one read as an operand only adds a word that is no refspec.
const VALUED = new Set(["--jobs", "--server-option", "--depth", "--deepen", "--shallow-since", "--shallow-exclude", "--upload-pack", "--refmap", "--negotiation-tip", "--filter", "--recurse-submodules-default", "--submodule-prefix", "--strategy", "--strategy-option", "--cleanup"]);
// Short letters that take the rest of their cluster or the next word, and (pull) those that take
// only an attached value: `-j4`, `-rmerges`, `-Skey`.
const SHORT_VALUED: Record<string, string> = { fetch: "jo", pull: "sXo" };
const SHORT_OPTIONAL: Record<string, string> = { fetch: "", pull: "jrS" };

/** `git fetch|pull [options] [repository [refspec…]]`, read as git's parse-options reads it. */
function _fetchLine(sub: string, args: string[]): FetchLine {
  const line: FetchLine = { force: false, prune: false, operands: [], refspecs: [], all: false, stdin: false };
  const valued = SHORT_VALUED[sub] ?? "";
  const optional = SHORT_OPTIONAL[sub] ?? "";
  let words: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--") {
      words = [...words, ...args.slice(i + 1)];
      break;
    }
    if (a.startsWith("--")) {
      const eq = a.indexOf("=");
      const flag = eq < 0 ? a : a.slice(0, eq);
      // `--f` is ambiguous (--filter, --ff), `--fo` is --force.
      if (longPrefix(flag, "force", 2)) line.force = true;
      else if (longPrefix(flag, "prune", 3)) line.prune = true;
      else if (flag === "--all" || longPrefix(flag, "multiple", 2)) line.all = true;
      else if (flag === "--stdin" && sub === "fetch") line.stdin = true;
      else if (longPrefix(flag, "refmap", 4)) {
        const value = eq < 0 ? args[++i] : a.slice(eq + 1);
        if (value !== undefined) line.refspecs.push(value);
      } else if (eq < 0 && VALUED.has(flag) && !(sub === "pull" && flag === "--jobs")) i++;
      continue;
    }
    if (a.startsWith("-") && a.length > 1) {
      // A cluster: flags, then at most one letter that takes the rest (or the next word).
      for (let k = 1; k < a.length; k++) {
        const c = a[k]!;
        if (optional.includes(c)) break;
        if (valued.includes(c)) {
          if (k === a.length - 1) i++;
          break;
        }
        if (c === "f") line.force = true;
        else if (c === "p") line.prune = true;
        else if (c === "m" && sub === "fetch") line.all = true;
      }
      continue;
    }
    words.push(a);
  }
  line.operands = words;
  if (!line.all) line.refspecs.push(...words.slice(1));
  return line;
}

/**
 * `git fetch REPO +SRC:DST`, `git pull -f REPO SRC:DST`, `--prune` with a refspec into
 * `refs/heads/`, `--refmap=+…:refs/heads/…`, refspecs from `--stdin`: the command line itself
 * moves or deletes a local branch.
 */
export function forcedFetch(sub: string, args: string[]): boolean {
  const line = _fetchLine(sub, args);
  return line.stdin || line.refspecs.some((r) => _moves(r, line.force, line.prune));
}

/**
 * `git remote add --mirror[=fetch|push]`: `fetch` (and the bare option, both) stores
 * `+refs/*:refs/*`, so every later fetch from it overwrites every branch; `push` stores
 * `remote.<r>.mirror`, so every later push to it is a `push --mirror` (git-push.ts).
 */
export function addsMirror(args: string[]): boolean {
  const operands = args.filter((a) => !a.startsWith("-"));
  if (operands[0] !== "add") return false;
  return args.some((a) => {
    const [flag, value] = a.split(/=(.*)/s);
    return longPrefix(flag!, "mirror", 2) && (value === undefined || value === "fetch" || value === "push");
  });
}

/**
 * A stored `remote.<r>.fetch` refspec that moves branches: every later `git fetch` or `git pull`
 * from that remote overwrites them, and no check sees it (a null value is unknown).
 */
export function storesForcedFetch(key: string, value: string | null): boolean {
  return _fetchKey(key) !== null && (value === null || _movesBranch(value, false));
}

const _fetchKey = (key: string) => /^remote\.(.+)\.fetch$/s.exec(key)?.[1] ?? null;
const _true = (v: string | null) => v === null || /^(true|yes|on|1)$/i.test(v);

// The subcommands that fetch with the configured refspecs: `remote update` fetches, `remote
// prune` deletes what the configured refspecs map and the remote no longer has.
const REMOTE_FETCHES = new Set(["update", "prune"]);

/** Whether a subcommand fetches with configured refspecs, and the arguments that name its remotes. */
export function configuredFetch(sub: string, args: string[]): { remotes: string[]; all: boolean; force: boolean; prune: boolean } | null {
  if (sub === "fetch" || sub === "pull") {
    const line = _fetchLine(sub, args);
    return { remotes: line.operands.slice(0, 1), all: line.all, force: line.force, prune: line.prune };
  }
  if (sub !== "remote") return null;
  const operands = args.filter((a) => !a.startsWith("-"));
  if (!REMOTE_FETCHES.has(operands[0] ?? "")) return null;
  const prune = operands[0] === "prune" || args.some((a) => a === "-p" || longPrefix(a, "prune", 1));
  return { remotes: operands.slice(1), all: operands.length === 1, force: false, prune };
}

/**
 * A fetch (`configuredFetch`) that uses a configured refspec moving a branch: forced (`+`, or
 * `-f` on the line), or into `refs/heads/` while pruning. `entries` are the configuration in
 * order (`-c`, the environment's, the repository's). A fetch naming no remote, or `--all`, may use
 * any of them; one naming a remote or a group uses that (remote names compared without case,
 * as `-c` lowercases them).
 */
export function configMovesBranch(fetch: NonNullable<ReturnType<typeof configuredFetch>>, entries: Iterable<readonly [string, string | null]>): boolean {
  let prune = fetch.prune;
  const pruned = new Set<string>();
  const heads: Array<[string, string | null]> = [];
  const groups = new Set<string>();
  for (const [key, value] of entries) {
    if (key === "fetch.prune") prune ||= _true(value);
    else if (key.startsWith("remotes.")) groups.add(key.slice(8).toLowerCase());
    else if (key.startsWith("remote.") && key.endsWith(".prune") && _true(value)) pruned.add(key.slice(7, -6).toLowerCase());
    else {
      const remote = _fetchKey(key);
      if (remote !== null) heads.push([remote.toLowerCase(), value]);
    }
  }
  const named = new Set(fetch.remotes.map((r) => r.toLowerCase()));
  const anyRemote = fetch.all || named.size === 0 || [...named].some((r) => groups.has(r));
  return heads.some(([remote, value]) => {
    if (!anyRemote && !named.has(remote)) return false;
    return value === null || _moves(value, fetch.force, prune || pruned.has(remote));
  });
}

/**
 * The repository's own configuration (`.git/config` at `top`, or the common directory's of a
 * linked worktree), read once and bounded: a missing, unreadable, oversized or malformed file is
 * no entries (git itself would stop on a malformed one). `include.path` is not followed.
 */
export function repositoryConfig(top: string | null): Array<[string, string]> {
  if (top === null) return [];
  let text = readConfigFile(join(top, ".git", "config"));
  if (text === null) {
    const linked = _linkedGitDir(top);
    if (!linked) return [];
    text = readConfigFile(join(linked.common, "config"));
  }
  return text === null ? [] : (parseGitConfig(text) ?? []);
}

/**
 * The branch checked out in the work tree at `top` (`.git/HEAD`, or the linked worktree's own
 * HEAD), read bounded like the configuration: null when detached, missing or unreadable.
 */
export function repositoryHead(top: string | null): string | null {
  if (top === null) return null;
  let text = readConfigFile(join(top, ".git", "HEAD"));
  if (text === null) {
    const linked = _linkedGitDir(top);
    text = linked ? readConfigFile(join(linked.gitDir, "HEAD")) : null;
  }
  return /^ref: refs\/heads\/(.+?)\s*$/.exec(text ?? "")?.[1] ?? null;
}

/** `.git` as a file naming the git directory (a linked worktree, a submodule), and its common directory. */
function _linkedGitDir(top: string): { gitDir: string; common: string } | null {
  const link = /^gitdir: (.+)$/m.exec(readConfigFile(join(top, ".git")) ?? "")?.[1]?.trim();
  if (!link) return null;
  const gitDir = isAbsolute(link) ? link : join(top, link);
  const common = readConfigFile(join(gitDir, "commondir"))?.trim();
  return { gitDir, common: common ? (isAbsolute(common) ? common : join(gitDir, common)) : gitDir };
}
