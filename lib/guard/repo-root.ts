import { accessSync, closeSync, constants, fstatSync, lstatSync, openSync, readSync, realpathSync, statSync, type Stats } from "node:fs";
import { inKernelTree, readSmallFile } from "./effects/readable-file.ts";
import { knownRealFolder, noteWorkspace } from "./paths.ts";

/**
 * `git rev-parse --show-toplevel` without starting git, for the layout nearly every check meets:
 * a `.git` directory in the folder or one of its ancestors, owned by the user, with a plain
 * configuration. It walks as git's discovery does (setup.c `setup_git_directory_gently_1`,
 * `git help repository-layout`): from the physical folder upwards, at each level `.git` first,
 * then whether the level is itself a (bare) git directory, never across a file system boundary.
 *
 * The answer is a string (git's top level, a real path as git prints it), null (git would find
 * no repository), or undefined: the layout is anything else, and only git can tell. Undefined
 * comes for an environment that steers git (GIT_DIR, GIT_WORK_TREE, ceilings, configuration
 * variables, ...), a `.git` that is a file or symlink (worktrees, submodules) or that git might
 * skip (no valid HEAD, no objects or refs, a commondir), a level below the repository with a
 * HEAD entry (possibly a bare repository), a path through a `.git` folder, a file system
 * boundary, a repository or work tree owned by another user (safe.directory), and a
 * repository configuration with anything beyond plain keys of everyday sections (core.worktree,
 * core.bare, includes, extensions, a repository format above 1, values git could reject).
 * Nothing is cached: the tree may change between checks (only a starting folder paths.ts knows to
 * be real, the working directory, HOME or the temporary directory as classify.ts resolves them
 * once per process, is not resolved again). Not read: the user's and the system's
 * git configuration. One git cannot parse makes git fail where this answers; the git command
 * being judged then fails the same way before it touches anything.
 */
export function discoverRepoRoot(dir: string): string | null | undefined {
  if (_steeredByEnvironment()) return undefined;
  try {
    // git starts from its physical working directory (getcwd) and prints the real path. Bun's
    // native realpath asks the kernel for the opened folder's path (/proc/self/fd on Linux),
    // the source getcwd reads too; every prefix of a real path is real. The working directory
    // the check resolved that way (classify.ts) needs no second lookup (paths.ts knownRealFolder).
    const start = knownRealFolder(dir) ? dir : realpathSync.native(dir);
    if (/\/\.git(\/|$)/.test(start)) return undefined;
    const first = statSync(start);
    if (!first.isDirectory()) return undefined;
    const device = first.dev;
    // One level per path component: bounded by the path's length.
    for (let level = start, here: Stats = first; ; ) {
      const dotGit = lstatSync(_join(level, ".git"), { throwIfNoEntry: false });
      if (dotGit !== undefined) {
        if (!dotGit.isDirectory()) return undefined;
        // No `.git` entry below this level and a `.git` folder here: findWorkspace's answer too.
        noteWorkspace(start, level);
        return _plainRepository(level, here, dotGit);
      }
      // A HEAD entry could make this level a bare repository, which git would take.
      if (lstatSync(_join(level, "HEAD"), { throwIfNoEntry: false }) !== undefined) return undefined;
      if (level === "/") return null;
      level = level.slice(0, level.lastIndexOf("/")) || "/";
      here = statSync(level);
      // Without GIT_DISCOVERY_ACROSS_FILESYSTEM git stops at a mount point.
      if (here.dev !== device) return undefined;
    }
  } catch {
    return undefined;
  }
}

/**
 * GIT_* variables that cannot change where git finds the repository or whether it runs:
 * identities, editors, pagers, prompts, and (by prefix) the transport settings GIT_SSL_*,
 * GIT_HTTP_*, GIT_CURL_*, GIT_PROXY_* and the shell prompt's GIT_PS1_*.
 */
const HARMLESS_GIT_VARIABLES = new Set([
  "GIT_EDITOR",
  "GIT_SEQUENCE_EDITOR",
  "GIT_PAGER",
  "GIT_AUTHOR_NAME",
  "GIT_AUTHOR_EMAIL",
  "GIT_AUTHOR_DATE",
  "GIT_COMMITTER_NAME",
  "GIT_COMMITTER_EMAIL",
  "GIT_COMMITTER_DATE",
  "GIT_ASKPASS",
  "GIT_SSH",
  "GIT_SSH_COMMAND",
  "GIT_SSH_VARIANT",
  "GIT_TERMINAL_PROMPT",
  "GIT_OPTIONAL_LOCKS",
  "GIT_MERGE_AUTOEDIT",
]);

const HARMLESS_GIT_PREFIX = /^GIT_(SSL|HTTP|CURL|PROXY|PS1)_/;

/**
 * Any other GIT_* variable in the environment the spawned git inherits: GIT_DIR, GIT_WORK_TREE,
 * GIT_COMMON_DIR, GIT_OBJECT_DIRECTORY, GIT_CEILING_DIRECTORIES, GIT_DISCOVERY_ACROSS_FILESYSTEM,
 * GIT_CONFIG*, GIT_IMPLICIT_WORK_TREE, GIT_TEST_ASSUME_DIFFERENT_OWNER and whatever git adds.
 */
function _steeredByEnvironment(): boolean {
  // Object.keys: Bun enumerates its environment object for `for…in` at about twice the cost.
  for (const name of Object.keys(process.env)) {
    if (name.startsWith("GIT_") && !HARMLESS_GIT_VARIABLES.has(name) && !HARMLESS_GIT_PREFIX.test(name) && process.env[name] !== undefined) return true;
  }
  return false;
}

/**
 * `level` holds the directory `.git`: its top level if it is a repository git takes as it is
 * (string), else undefined. git's `is_git_directory`: a valid HEAD, objects and refs it may
 * search, no commondir; `ensure_valid_ownership`: the work tree and `.git` are the user's.
 */
function _plainRepository(level: string, here: Stats, dotGit: Stats): string | undefined {
  const gitDir = _join(level, ".git");
  const uid = process.geteuid?.();
  if (uid === undefined || dotGit.uid !== uid || here.uid !== uid) return undefined;
  if (!_validHead(_join(gitDir, "HEAD"))) return undefined;
  if (lstatSync(_join(gitDir, "commondir"), { throwIfNoEntry: false }) !== undefined) return undefined;
  accessSync(_join(gitDir, "objects"), constants.X_OK);
  accessSync(_join(gitDir, "refs"), constants.X_OK);
  const config = _readConfig(_join(gitDir, "config"));
  return config !== null && _plainConfig(config) ? level : undefined;
}

// The bound git-config-file.ts readConfigFile reads every git config file with.
const MAX_CONFIG_BYTES = 64 * 1024;

// HEAD and config are opened as they are (no symlink followed) and without waiting: a named pipe
// opens at once, with no writer, and reads as empty.
const OPEN_AS_IS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

// The bytes of HEAD and of a configuration that fits, read one file at a time: made at the first
// discovery and reused (the text is copied out of it before the next read).
let _buffer: Buffer | undefined;

/** git's `validate_headref` for a regular file: a symbolic ref into refs/ or an object name. */
function _validHead(path: string): boolean {
  // A HEAD symlink is judged by git from its target's name: not modelled (ELOOP).
  const fd = openSync(path, OPEN_AS_IS);
  try {
    const buffer = (_buffer ??= Buffer.allocUnsafe(4096));
    const text = buffer.toString("latin1", 0, readSync(fd, buffer, 0, 255, 0));
    return /^ref:[ \t\n\v\f\r]*refs\//.test(text) || /^[0-9a-fA-F]{40}/.test(text);
  } finally {
    closeSync(fd);
  }
}

/**
 * The repository configuration's text, or null (git's to judge): what readSmallFile answers for
 * it (but a file that reads longer or shorter than its size says is git's to judge), read bounded
 * like every git config file the guard reads (git-config-file.ts). `.git` is a
 * folder (no symlink) in a real path, so the file is opened at once and examined open (fstat):
 * one call fewer than an lstat first. A symlink (ELOOP) is read as readSmallFile reads one.
 */
function _readConfig(path: string): string | null {
  if (inKernelTree(path)) return null;
  let fd: number;
  try {
    fd = openSync(path, OPEN_AS_IS);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ELOOP" ? readSmallFile(path, MAX_CONFIG_BYTES, false) : null;
  }
  try {
    const entry = fstatSync(fd);
    const size = entry.size;
    if (!entry.isFile() || size > MAX_CONFIG_BYTES) return null;
    // One byte more than the size, in one read: a file that reads longer or shorter than it said
    // (it changed since the fstat, or its file system answered part of the read) is git's to judge.
    const buffer = size < 4096 ? (_buffer ??= Buffer.allocUnsafe(4096)) : Buffer.allocUnsafe(size + 1);
    const length = readSync(fd, buffer, 0, size + 1, 0);
    return length === size ? buffer.toString("utf8", 0, length) : null;
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}

/**
 * A config line: blank, a comment, a section header, or `key = value` (no quotes, escapes or
 * continuations), with the white space of C's isspace (git's parser) and not Unicode's.
 */
const SPACE = String.raw`[ \t\v\f\r]`;
const COMMENT = String.raw`(?:[#;].*)?`;
const SECTION = String.raw`\[([A-Za-z0-9.-]+)(${SPACE}+"[^"\\]*")?\]${SPACE}*${COMMENT}`;
const ENTRY = String.raw`([A-Za-z][A-Za-z0-9-]*)${SPACE}*=${SPACE}*([^"\\]*?)${SPACE}*${COMMENT}`;
const CONFIG_LINE = new RegExp(String.raw`^${SPACE}*(?:[#;].*|${SECTION}|${ENTRY})?$`);

/**
 * Sections git's setup and default configuration never read (their keys cannot move or reject
 * the repository), and `core`/`user` with the keys `git init` and everyday use write. A section
 * with a subsection counts under its name (`[remote "origin"]` is `remote`).
 */
const PLAIN_SECTIONS = new Set(["core", "user", "remote", "branch", "submodule", "lfs", "pull", "fetch", "gc"]);
const PLAIN_KEYS: Record<string, RegExp> = {
  "core.repositoryformatversion": /^[01]$/,
  "core.bare": /^false$/i,
  "core.filemode": /^(true|false)$/i,
  "core.logallrefupdates": /^(true|false)$/i,
  "core.ignorecase": /^(true|false)$/i,
  "core.precomposeunicode": /^(true|false)$/i,
  "core.symlinks": /^(true|false)$/i,
  "user.name": /./,
  "user.email": /./,
};

// The [core] lines `git init` writes (on Linux, macOS and Windows), each one CONFIG_LINE and
// PLAIN_KEYS accept: nearly every configuration is made of them, and they need no parsing.
const INIT_CORE_LINES = new Set(["\trepositoryformatversion = 0", "\tfilemode = true", "\tfilemode = false", "\tbare = false", "\tlogallrefupdates = true", "\tignorecase = true", "\tprecomposeunicode = true", "\tsymlinks = false"]);

/**
 * The repository configuration is one git reads as written: no core.worktree, core.bare,
 * includes, extensions or format above 1, no line git's parser could reject, and no value git's
 * setup or default configuration could reject.
 */
function _plainConfig(text: string): boolean {
  let section: string | null = null;
  let subsection = false;
  // git skips a UTF-8 byte order mark at the start of the file.
  for (const line of (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).split("\n")) {
    if (section === "core" && INIT_CORE_LINES.has(line)) continue;
    // The header `git init` writes and the empty last line, as CONFIG_LINE reads them.
    if (line === "[core]") {
      section = "core";
      subsection = false;
      continue;
    }
    if (line === "") continue;
    const m = CONFIG_LINE.exec(line);
    if (m === null) return false;
    if (m[1] !== undefined) {
      section = m[1].toLowerCase();
      subsection = m[2] !== undefined;
      if (!PLAIN_SECTIONS.has(section) || (section === "branch" && !subsection) || (section === "core" && subsection)) return false;
    } else if (m[3] !== undefined) {
      if (section === null) return false;
      const rule = section === "core" || section === "user" ? PLAIN_KEYS[`${section}.${m[3].toLowerCase()}`] : /^/;
      if (rule === undefined || !rule.test(m[4]!)) return false;
    }
  }
  return true;
}

function _join(dir: string, name: string): string {
  return dir === "/" ? `/${name}` : `${dir}/${name}`;
}
