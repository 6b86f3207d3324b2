import { basename, isAbsolute, join, normalize } from "node:path";
import { op, type Op } from "../ops.ts";
import { literalWord, unknownWord, type Word } from "../syntax.ts";
import { analyzeArgv } from "./analyze.ts";
import type { Handler, Invocation } from "./context.ts";
import { wordFrom } from "./getopt.ts";
import { holdsCredentials } from "./secrets.ts";
import { scanUnknownProgram } from "./unknown-program.ts";
import { abbreviates, commandNames, hasOption, type Parsed, parseCommandLine, resolveCommand, runDirectory, type Tool } from "./vcs-command-line.ts";
import { bzrConfigRuns, hgConfigRuns, jjConfigRuns, svnConfigRuns } from "./vcs-config.ts";
import { filledFolder } from "./sinks.ts";

/**
 * Version control systems other than git (docs/check.md, "How a command is judged", and its
 * "Decisions where the spec is silent"). The
 * guard never runs them (`hg status` runs the repository's hooks), so the verdict comes from the
 * words alone:
 * - deleting files the guard cannot enumerate (`hg purge`, `svn cleanup --remove-unversioned`,
 *   `fossil clean`, `bzr clean-tree`) is an `unknown` op: BLOCK_UNDETERMINABLE_EFFECT, as
 *   `git clean -f` when its targets cannot be listed;
 * - discarding uncommitted work with no copy kept (`hg update -C`, `hg revert --no-backup`,
 *   `svn revert`, `pijul reset`, `jj op abandon`) or rewriting history without a backup
 *   (`hg rollback`, `hg strip --no-backup`) is a `git-history` op: ASK_GIT_HISTORY_LOSS;
 * - deleting working files (`svn rm`, `hg rm`, `fossil rm --hard`, `bzr remove`) is judged as
 *   `rm -rf` of the named files, forced or not;
 * - `git annex drop --force` (or with `--numcopies=0`, `-c annex.numcopies=0`) may drop the last
 *   copy of a file's content: ASK_DATA_STORE_DESTROY.
 * Recoverable commands (`hg revert`, `hg strip`, `bzr revert`, `fossil revert`, `darcs revert`,
 * every `jj` command but `op abandon` and `util gc --expire`) and ordinary ones have no effect here; the words after a
 * subcommand the module does not model are scanned for a wrapped program as before.
 * A computed word where the subcommand stands, or a computed option of a subcommand whose
 * options decide, is `unknown`. Configuration on the command line that runs code (hg's
 * `--config hooks.…`, aliases, editors, extensions; jj's `--config aliases.…`) is read too.
 */

// Mercurial's core commands, whose prefixes make a shorter word ambiguous (hg refuses it), and
// the destructive commands of core and of the usual extensions (purge, strip, evolve).
const HG_CORE = "abort add addremove annotate blame backout bisect bookmarks bookmark branch branches bundle cat clone commit ci config showconfig continue copy cp diff export files forget graft grep heads help identify id import patch incoming in init locate log history manifest merge outgoing out parents paths phase pull push recover rename move mv resolve root serve shelve status st summary sum tag tags tip unbundle unshelve verify version";
const HG_DESTRUCTIVE = { purge: "purge clean", update: "update up checkout co", revert: "revert", rollback: "rollback", strip: "strip", debugstrip: "debugstrip", prune: "prune obsolete", remove: "remove rm", archive: "archive" };
// Sapling: hg's commands, `goto` for update, and its own commands.
const SL_OWN = "amend hide unhide undo uncommit smartlog ssl next prev show metaedit journal web";

const HG_COMMANDS = commandNames({ ...Object.fromEntries(HG_CORE.split(" ").map((n) => [n, n])), ...HG_DESTRUCTIVE });
const SL_COMMANDS = commandNames({ ...Object.fromEntries(`${HG_CORE} ${SL_OWN}`.split(" ").map((n) => [n, n])), ...HG_DESTRUCTIVE, update: "goto go update up checkout co" });

/** hg, chg and Sapling's sl: global options (`-R`, `--cwd`, `--config`) anywhere. */
function _hgJudge(sub: string, p: Parsed, inv: Invocation, cwd: string | null): Op[] | null {
  const verb = `${inv.name} ${sub}`;
  switch (sub) {
    case "purge":
      return [op(hasOption(p, "-p", "print", true) || hasOption(p, "-0", "print0", true) ? "noop" : "unknown", verb)];
    case "update":
      return p.loose ? [op("unknown", verb)] : hasOption(p, "-C", "clean", true) ? [op("git-history", verb)] : [];
    case "revert":
      if (p.loose) return [op("unknown", verb)];
      if (hasOption(p, "-n", "dry-run", true)) return [op("noop", verb)];
      return hasOption(p, "-C", "no-backup", true) ? [op("git-history", verb)] : [];
    case "rollback":
      return [op(hasOption(p, "-n", "dry-run", true) ? "noop" : "git-history", verb)];
    case "strip":
    case "debugstrip":
      return p.loose ? [op("unknown", verb)] : hasOption(p, "", "no-backup", true) || hasOption(p, "", "nobackup", true) ? [op("git-history", verb)] : [];
    case "prune":
      return [op("git-history", verb)];
    case "archive":
      return _archive(p, inv);
    case "remove": {
      if (hasOption(p, "-A", "after", true)) return [];
      if (hasOption(p, "-n", "dry-run", true)) return [op("noop", verb)];
      // Patterns (`-I '*.ts'`, `glob:…`, `set:modified()`) name files the guard cannot list.
      if (hasOption(p, "-I", "include", true) || hasOption(p, "-X", "exclude", true) || p.operands.some((w) => /^[a-z0-9]+:/.test(w.value))) return [op("unknown", verb)];
      return _deletes(p.operands, inv, cwd);
    }
    default:
      return null;
  }
}

// hg archive's types that make one file (`-t`, or the destination's extension).
const HG_ARCHIVE_FILE = /^(tar|tbz2|tgz|txz|uzip|zip)$/;
const HG_ARCHIVE_EXT = /\.(tar|tbz2|tar\.bz2|tgz|tar\.gz|txz|tar\.xz|zip)$/i;

/**
 * `hg archive DEST`: one archive file (overwritten), or with type `files` the tree's files
 * written into the folder DEST, replacing what is there (as `tar -x -C DIR`). `-` is stdout; a
 * destination with `%` placeholders (`%h`, `%r`) names a file the guard cannot know.
 */
function _archive(p: Parsed, inv: Invocation): Op[] {
  if (p.loose) return [op("unknown", `${inv.name} archive`)];
  const dest = p.operands.at(-1);
  if (!dest || (!dest.dynamic && dest.value === "-")) return [];
  if (dest.dynamic || dest.value.includes("%")) return [op("unknown", `${inv.name} archive`)];
  const type = p.values.findLast(([f]) => f === "-t" || abbreviates(f, "--type", 2))?.[1];
  if (type?.dynamic) return [op("unknown", `${inv.name} archive`)];
  const file = type ? HG_ARCHIVE_FILE.test(type.value) : HG_ARCHIVE_EXT.test(dest.value);
  return [file ? { ...op("overwrite", `${inv.name} archive`, [dest]), lands: "created" } : filledFolder(`${inv.name} archive`, [dest])];
}

const HG: Tool = {
  commands: HG_COMMANDS,
  prefixes: true,
  longPrefixes: true,
  singleDashLong: false,
  // Global options, and those of the modelled commands (update -d -r -t, revert and strip -r, -I -X, strip -B).
  valuedLong: ["repository", "repo", "cwd", "config", "config-file", "encoding", "encodingmode", "color", "pager", "rev", "date", "tool", "include", "exclude", "bookmark", "type", "prefix"],
  valuedShort: "RrdtIXB",
  cwdOption: "--cwd",
  judge: _hgJudge,
  configRuns: hgConfigRuns,
};
const SL: Tool = { ...HG, commands: SL_COMMANDS };

// svn's `--accept` choices that replace a conflicted file's local edits (theirs-full, theirs-conflict, base).
const SVN_DISCARDS = /^(theirs-full|tf|theirs-conflict|tc|base)$/;

/** Subversion: options anywhere; commands by their names and aliases (no prefixes). */
const SVN: Tool = {
  commands: commandNames({ cleanup: "cleanup", revert: "revert", switch: "switch sw", delete: "delete del remove rm", export: "export", update: "update up", merge: "merge", resolve: "resolve" }),
  prefixes: false,
  longPrefixes: false,
  singleDashLong: false,
  valuedLong: ["revision", "message", "file", "depth", "set-depth", "targets", "username", "password", "config-dir", "config-option", "encoding", "editor-cmd", "diff-cmd", "diff3-cmd", "extensions", "accept", "changelist", "cl", "change", "limit", "native-eol", "search", "search-and", "show-item", "strip", "with-revprop", "trust-server-cert-failures"],
  valuedShort: "rmFxcl",
  configRuns: svnConfigRuns,
  judge: (sub, p, inv, cwd) => {
    const verb = `svn ${sub}`;
    switch (sub) {
      case "cleanup":
        return p.loose || hasOption(p, "", "remove-unversioned", false) || hasOption(p, "", "remove-ignored", false) ? [op("unknown", verb)] : [];
      // svn revert keeps no copy of what it discards.
      case "revert":
        return [op("git-history", verb)];
      // A conflict resolved as theirs or base drops the local edits of the conflicted files.
      case "switch":
      case "update":
      case "merge":
      case "resolve": {
        const accepted = p.values.filter(([f]) => f === "--accept").map(([, w]) => w);
        if (p.loose || accepted.some((w) => w.dynamic)) return [op("unknown", verb)];
        return (sub === "switch" && hasOption(p, "", "force", false)) || accepted.some((w) => SVN_DISCARDS.test(w.value)) ? [op("git-history", verb)] : [];
      }
      // `svn export SRC [PATH]` writes the tree into PATH (by default SRC's last name); forced,
      // into an existing folder, replacing what is there (as `tar -x -C DIR`).
      case "export": {
        const [src, given] = p.operands;
        if (!src) return [];
        const dest = given ?? (src.dynamic ? unknownWord() : literalWord(basename(src.value.replace(/@[^/]*$/, "").replace(/\/+$/, "")) || "."));
        return [{ ...op("write-into", verb, [dest]), lands: "spread", replaces: hasOption(p, "", "force", false) || undefined }];
      }
      case "delete": {
        if (hasOption(p, "", "keep-local", false)) return [];
        if (hasOption(p, "", "targets", false)) return [op("unknown", verb)];
        // A URL deletes in the repository, whose history keeps it; a local path's last `@` starts a peg revision.
        const local = p.operands.filter((w) => w.dynamic || !/^(\^\/|[a-z][a-z0-9+.-]*:\/\/)/i.test(w.value));
        return _deletes(local.map((w) => (w.dynamic || !w.value.includes("@") ? w : literalWord(w.value.slice(0, w.value.lastIndexOf("@")), w.quoted))), inv, cwd);
      }
      default:
        return null;
    }
  },
};

/**
 * Jujutsu: every change is in the operation log (`jj undo`, `jj op restore`) but what `op
 * abandon` drops, and what `util gc --expire TIME` prunes (operations and unreachable commits
 * older than TIME; two weeks without it).
 */
const JJ: Tool = {
  commands: commandNames({ operation: "operation op", util: "util" }),
  prefixes: false,
  longPrefixes: false,
  singleDashLong: false,
  valuedLong: ["repository", "at-operation", "at-op", "color", "config", "config-toml", "config-file", "expire"],
  valuedShort: "R",
  configRuns: jjConfigRuns,
  judge: (sub, p) => {
    if (sub === "util") {
      if (p.operands[0]?.dynamic) return [op("unknown", "jj util")];
      if (p.operands[0]?.value !== "gc") return null;
      return p.loose ? [op("unknown", "jj util gc")] : hasOption(p, "", "expire", false) ? [op("git-history", "jj util gc")] : [];
    }
    if (sub !== "operation") return null;
    const [action] = p.operands;
    if (action?.dynamic) return [op("unknown", "jj operation")];
    return action?.value === "abandon" ? [op("git-history", "jj operation abandon")] : [];
  },
};

// Fossil's commands, for its unique prefixes.
const FOSSIL_CORE = "add addremove alerts all amend annotate artifact attachment backoffice backup bisect blame branch bundle cache cat cgi changes chat ci clone close commit configuration dbstat deconstruct descendants diff export extras finfo forget fts-config fusefs gdiff git grep hash-policy help hook http import info init interwiki json leaves login-group ls merge mv new open patch pikchr praise publish pull push rebuild reconstruct redo remote remote-url rename reparent revert rss scrub search server settings sha1sum sha3sum shell smtpd sql sqlite3 ssl-config stash status sync tag tarball ticket timeline tls-config touch ui undo unpublished unset unversioned update user version whatis wiki xdiff zip";

/**
 * Fossil: `fossil undo` restores what update, merge, revert and clean changed; checkout is not
 * among them. `scrub` deletes from the repository itself (passwords; with `--verily` users,
 * private branches, attachments; with `--private` private branches) and cannot be undone.
 */
const FOSSIL: Tool = {
  commands: commandNames({ ...Object.fromEntries(FOSSIL_CORE.split(" ").map((n) => [n, n])), clean: "clean", rm: "rm delete", checkout: "checkout co", purge: "purge" }),
  prefixes: true,
  longPrefixes: false,
  singleDashLong: true,
  valuedLong: ["chdir", "repository", "user", "errorlog", "comfmtflags", "comment-format", "case-sensitive"],
  valuedShort: "RU",
  cwdOption: "--chdir",
  judge: (sub, p, inv, cwd) => {
    const verb = `fossil ${sub}`;
    switch (sub) {
      case "clean":
        return [op(!p.loose && hasOption(p, "-n", "dry-run", false) ? "noop" : "unknown", verb)];
      case "rm":
        if (p.loose) return [op("unknown", verb)];
        if (hasOption(p, "-n", "dry-run", false)) return [op("noop", verb)];
        // Without --hard fossil only stops managing the files (the legacy mv-rm-files setting aside).
        return hasOption(p, "", "hard", false) && !hasOption(p, "", "soft", false) && !hasOption(p, "", "reset", false) ? _deletes(p.operands, inv, cwd) : [];
      case "checkout":
        return p.loose ? [op("unknown", verb)] : hasOption(p, "-f", "force", false) ? [op("git-history", verb)] : [];
      case "purge":
        return p.operands[0]?.dynamic ? [op("unknown", verb)] : p.operands[0]?.value === "obliterate" ? [op("git-history", verb)] : [];
      case "scrub":
        return [op("git-history", verb)];
      default:
        return null;
    }
  },
};

/**
 * Bazaar and Breezy: revert keeps `.~N~` copies unless told not to; `switch --force` switches even
 * when the bound branch's local commits will be lost.
 */
const BZR: Tool = {
  commands: commandNames({ "clean-tree": "clean-tree", revert: "revert", remove: "remove rm del", switch: "switch" }),
  prefixes: false,
  longPrefixes: true,
  singleDashLong: false,
  valuedLong: ["revision", "change", "message", "file", "directory", "lsprof-file"],
  valuedShort: "rcmFdO",
  configRuns: bzrConfigRuns,
  judge: (sub, p, inv, cwd) => {
    const verb = `${inv.name} ${sub}`;
    switch (sub) {
      case "clean-tree":
        return [op(!p.loose && hasOption(p, "", "dry-run", true) ? "noop" : "unknown", verb)];
      case "revert":
        return p.loose ? [op("unknown", verb)] : hasOption(p, "", "no-backup", true) ? [op("git-history", verb)] : [];
      case "switch":
        return p.loose ? [op("unknown", verb)] : hasOption(p, "", "force", true) ? [op("git-history", verb)] : [];
      case "remove":
        return hasOption(p, "", "keep", true) ? [] : _deletes(p.operands, inv, cwd);
      default:
        return null;
    }
  },
};

// darcs's commands, for its unique prefixes; `unpull` is obliterate's old name.
const DARCS_CORE = "add amend amend-record annotate apply changes clone commit convert diff dist fetch get help init initialize log mark-conflicts move mv optimize pull push rebase record remove replace repair revert rollback rm send setpref show tag test transfer-mode unrecord unrevert whatsnew";

/** darcs: revert is undone by `darcs unrevert`; obliterate drops patches unless it writes them to a bundle. */
const DARCS: Tool = {
  commands: commandNames({ ...Object.fromEntries(DARCS_CORE.split(" ").map((n) => [n, n])), obliterate: "obliterate unpull" }),
  prefixes: true,
  longPrefixes: true,
  singleDashLong: false,
  valuedLong: ["patches", "patch", "matches", "match", "tags", "tag", "output", "repodir", "max-count", "last", "from-patch", "to-patch", "hash"],
  // `-O` (--output-auto-name) takes its folder attached only.
  valuedShort: "pmton",
  judge: (sub, p) => {
    if (sub !== "obliterate") return null;
    if (p.loose) return [op("unknown", "darcs obliterate")];
    if (hasOption(p, "", "dry-run", true)) return [op("noop", "darcs obliterate")];
    return hasOption(p, "-o", "output", true) || hasOption(p, "-O", "output-auto-name", true) ? [] : [op("git-history", "darcs obliterate")];
  },
};

/** Pijul: reset discards unrecorded changes with no copy; `unrecord --reset` too. */
const PIJUL: Tool = {
  commands: commandNames({ reset: "reset revert", unrecord: "unrecord" }),
  prefixes: false,
  longPrefixes: false,
  singleDashLong: false,
  valuedLong: ["repository", "channel"],
  valuedShort: "",
  judge: (sub, p) => {
    if (sub === "reset") return [op(!p.loose && hasOption(p, "", "dry-run", false) ? "noop" : "git-history", "pijul reset")];
    if (sub === "unrecord") return p.loose ? [op("unknown", "pijul unrecord")] : hasOption(p, "", "reset", false) ? [op("git-history", "pijul unrecord")] : [];
    return null;
  },
};

/**
 * git-annex (`git annex …`, `git-annex …`): a forced drop skips the check that other copies
 * exist, and so does a required number of copies of 0 (`--numcopies=0`, `-N 0`, `--mincopies`,
 * or git's or git-annex's `-c annex.numcopies=0`).
 */
const ANNEX: Tool = {
  commands: commandNames({ drop: "drop", dropunused: "dropunused" }),
  prefixes: false,
  longPrefixes: false,
  singleDashLong: false,
  valuedLong: ["from", "numcopies", "mincopies", "key", "branch", "in", "copies", "include", "exclude", "largerthan", "smallerthan", "jobs", "time-limit", "size-limit", "batch-keys"],
  valuedShort: "cJN",
  judge: (sub, p, inv) => (p.loose ? [op("unknown", `git-annex ${sub}`)] : hasOption(p, "", "force", false) || _noCopies(inv.args) ? [op("data-destroy", `git-annex ${sub}`)] : []),
};

/**
 * Whether the words (git's or git-annex's whole line) require no copy to remain: a copies
 * option or an `annex.numcopies`/`annex.mincopies` setting of 0, or one the guard cannot read.
 */
function _noCopies(args: Word[]): boolean {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const long = /^--(?:numcopies|mincopies)(?:=(.*))?$/s.exec(a.value);
    if (!long && !/^-[Nc]/.test(a.value)) continue;
    const at = long ? (long[1] === undefined ? -1 : a.value.indexOf("=") + 1) : a.value.length > 2 ? 2 : -1;
    const word = at < 0 ? args[i + 1] : wordFrom(a, at);
    if (!word) continue;
    if (word.dynamic) return true;
    const copies = a.value.startsWith("-c") ? /^annex\.(?:numcopies|mincopies)=(.*)$/is.exec(word.value)?.[1] : word.value;
    if (copies !== undefined && /^\s*0+\s*$/.test(copies)) return true;
  }
  return false;
}

const TOOLS: Record<string, Tool> = { hg: HG, chg: HG, sl: SL, svn: SVN, jj: JJ, fossil: FOSSIL, bzr: BZR, brz: BZR, darcs: DARCS, pijul: PIJUL, "git-annex": ANNEX };

/** The registry's handler for every tool above (programs.ts). */
export const otherVcs: Handler = (inv) => _run(TOOLS[inv.name]!, inv.name, inv.args, inv);

/** `git annex …`: the words after `annex` (git.ts). */
export function gitAnnex(rest: Word[], inv: Invocation): Op[] {
  return _run(ANNEX, "git-annex", rest, inv);
}

function _run(tool: Tool, name: string, args: Word[], inv: Invocation): Op[] {
  // Global options, up to the subcommand.
  const head = parseCommandLine(args, tool, inv.ctx, true);
  const subWord = head.operands[0];
  // A computed word where the subcommand stands may be the destructive one.
  if (subWord?.dynamic || head.loose) return [op("unknown", name)];
  const rest = subWord ? args.slice(args.indexOf(subWord) + 1) : [];
  const p = parseCommandLine(rest, tool, inv.ctx, false);
  const named = { ...inv, name };
  // Configuration given on the command line that runs code (hg's hooks, jj's aliases).
  const ops = tool.configRuns ? tool.configRuns([...head.values, ...p.values], subWord?.value, rest, named) : [];
  if (!subWord) return ops;
  const sub = resolveCommand(subWord.value, tool);
  const cwd = tool.cwdOption ? runDirectory([...head.values, ...p.values], tool.cwdOption, inv.ctx.state.cwd) : inv.ctx.state.cwd;
  const judged = sub === undefined ? null : tool.judge(sub, p, named, cwd);
  return [...ops, ..._sends(name, sub ?? subWord.value, p, [...head.values, ...p.values], cwd, inv), ...(judged ?? scanUnknownProgram(rest, inv.ctx, name, inv.cmd))];
}

// Commands that send a repository's history elsewhere (svn's import sends a folder's files).
const SENDS: Record<string, readonly string[]> = { hg: ["push"], chg: ["push"], sl: ["push"], bzr: ["push", "send"], brz: ["push", "send"], fossil: ["push", "sync"], darcs: ["push", "send"], pijul: ["push"], svn: ["import"], jj: ["git"] };

/**
 * A repository in a credential folder of the home (or the home itself, or above it) pushed: its
 * keys sent, as `git -C ~/.ssh push` (secrets.ts holdsCredentials; session 9). The repository is
 * the one `-R`/`--repository` (bzr's `-d`) names, else where the tool runs; svn's `import PATH
 * URL` sends PATH.
 */
function _sends(name: string, word: string, p: Parsed, values: Array<[string, Word]>, cwd: string | null, inv: Invocation): Op[] {
  if (!SENDS[name]?.includes(word) || (name === "jj" && p.operands[0]?.value !== "push") || p.flags.includes("--dry-run")) return [];
  const at = (w: Word): string | null => (w.dynamic ? null : isAbsolute(w.value) ? normalize(w.value) : cwd === null ? null : normalize(join(cwd, w.value)));
  let where = cwd;
  for (const [flag, w] of values) if (flag === "-R" || abbreviates(flag, "--repository", 4) || ((name === "bzr" || name === "brz") && (flag === "-d" || flag === "--directory"))) where = at(w);
  if (name === "svn" && p.operands.length >= 2) where = at(p.operands[0]!);
  return where !== null && holdsCredentials(where, inv.ctx.home) ? [op("secret", `${name} ${word}`)] : [];
}

/** The working files a VCS deletes, judged as `rm -rf -- FILES` run where the tool runs. */
function _deletes(operands: Word[], inv: Invocation, cwd: string | null): Op[] {
  if (operands.length === 0) return [];
  const rm = (args: Word[]) => analyzeArgv(literalWord("rm"), [literalWord("-rf"), literalWord("--"), ...args], inv.ctx, inv.cmd);
  if (cwd === inv.ctx.state.cwd) return rm(operands);
  // Run elsewhere (`hg --cwd DIR`): the ops run there; a relative path under a computed folder is unknown.
  if (cwd === null) return rm(operands.map((w) => (!w.dynamic && isAbsolute(w.value) ? w : unknownWord())));
  return rm(operands).map((o) => (o.cwd === null ? { ...o, cwd } : o));
}
