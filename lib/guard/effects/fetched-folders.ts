import type { Word } from "../syntax.ts";

/**
 * Folders a version-control client fills from another host: `git clone URL [DIR]`, `git pull
 * URL`/`git fetch URL` (the repository it runs in), `svn checkout|export URL [DIR]`, `hg clone
 * URL [DIR]`, `gh repo clone OWNER/REPO [DIR]`. What is run from them later (a script, a
 * Makefile, a package.json) is remote code, like a downloaded file (taint.ts). A local source
 * (a path, `file://`) fills nothing from the network. Paths are as spelled (`.` is the folder
 * the command runs in).
 */
export function fetchedFolders(name: string, args: Word[]): string[] {
  if (args.some((a) => a.dynamic)) return [];
  if (name === "git") return _git(args);
  const words = args.map((a) => a.value);
  const operands = words.filter((w) => !w.startsWith("-"));
  if (name === "svn" && ["checkout", "co", "export"].includes(operands[0] ?? "") && _isRemote(operands[1])) return [operands[2] ?? _repoName(operands[1]!)];
  if (name === "hg" && operands[0] === "clone" && _isRemote(operands[1])) return [operands[2] ?? _repoName(operands[1]!)];
  if (name === "hg" && operands[0] === "pull" && _isRemote(operands[1])) return ["."];
  if (name === "gh" && operands[0] === "repo" && operands[1] === "clone" && operands[2]) return [operands[3] ?? _repoName(operands[2])];
  return [];
}

// git's global options that take the next word, and clone's.
const GIT_VALUED = new Set(["-c", "-C", "--git-dir", "--work-tree", "--namespace", "--super-prefix", "--config-env", "--exec-path"]);
const CLONE_VALUED = new Set(["-b", "--branch", "-o", "--origin", "-c", "--config", "--depth", "--reference", "--reference-if-able", "-u", "--upload-pack", "--template", "--separate-git-dir", "-j", "--jobs", "--filter", "--shallow-since", "--shallow-exclude", "--server-option", "--bundle-uri", "--ref-format"]);

function _git(args: Word[]): string[] {
  let dir = "";
  // `url.<base>.insteadOf=<prefix>` given to this run (`git -c`, `clone -c|--config`), as [prefix, base].
  let rewrites: [string, string][] | undefined;
  let i = 0;
  for (; i < args.length; i++) {
    const v = args[i]!.value;
    if (v === "-C") dir = `${args[i + 1]?.value ?? ""}/`;
    if (v === "-c") rewrites = _rewrite(args[i + 1]?.value, rewrites);
    if (GIT_VALUED.has(v)) i++;
    else if (!v.startsWith("-")) break;
  }
  const sub = args[i]?.value;
  // Only these fill a folder: the other subcommands (most git commands) stop before their words are read.
  if (sub !== "clone" && sub !== "pull" && sub !== "fetch") return [];
  const operands: string[] = [];
  for (let k = i + 1; k < args.length; k++) {
    const v = args[k]!.value;
    if (sub === "clone" && (v === "-c" || v === "--config")) rewrites = _rewrite(args[k + 1]?.value, rewrites);
    else if (sub === "clone" && v.startsWith("--config=")) rewrites = _rewrite(v.slice(9), rewrites);
    if (sub === "clone" && CLONE_VALUED.has(v)) k++;
    else if (!v.startsWith("-")) operands.push(v);
  }
  const [source, dest] = operands;
  if (!_isRemote(source) && !(rewrites && _isRemote(_rewritten(source, rewrites)))) return [];
  if (sub === "clone") return [`${dir}${dest ?? _repoName(source!)}`];
  // pull and fetch of a URL fill the repository they run in (fetch through a later checkout).
  return sub === "pull" || sub === "fetch" ? [dir || "."] : [];
}

/**
 * `url.<base>.insteadOf=<prefix>` among `-c` values: for this run git fetches from `<base>` where a
 * source starts with `<prefix>` (a local-looking `../r` may come from another host). A source
 * rewritten onto a local path is still judged as spelled (conservative).
 */
function _rewrite(setting: string | undefined, rewrites: [string, string][] | undefined): [string, string][] | undefined {
  const m = setting === undefined ? null : /^url\.(.*)\.insteadof=(.*)$/is.exec(setting);
  return m ? [...(rewrites ?? []), [m[2]!, m[1]!]] : rewrites;
}

/** `source` after git's URL rewrites: the longest matching prefix wins. */
function _rewritten(source: string | undefined, rewrites: [string, string][]): string | undefined {
  let best: [string, string] | undefined;
  for (const r of rewrites) if (source?.startsWith(r[0]) && (!best || r[0].length > best[0].length)) best = r;
  return best && source ? best[1] + source.slice(best[0].length) : source;
}

/** A URL other than file://, `user@host:path`, or `host:path` (scp-like: no slash before the colon). */
function _isRemote(source: string | undefined): boolean {
  if (!source) return false;
  // A URL's scheme is such a prefix too (`https:`), so one test covers both.
  return /^[^/:]+:/.test(source) && !/^file:/i.test(source);
}

/** The folder git, hg and svn name a clone after: the source's last segment without `.git`. */
function _repoName(source: string): string {
  const last = source.replace(/[/\\]+$/, "").split(/[/:]/).pop() ?? "";
  return last.replace(/\.git$/, "") || ".";
}
