import { basename, isAbsolute, join, normalize } from "node:path";
import { op, type Op } from "../ops.ts";
import { literalWord, unknownWord, type Word } from "../syntax.ts";
import { analyzeArgv, analyzeText } from "./analyze.ts";
import type { AnalyzeContext, Handler, Invocation } from "./context.ts";
import { fromUnseenData } from "./unseen-output.ts";
import { scanUnknownProgram } from "./unknown-program.ts";

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

/** One tool's reading of its command line. */
interface Tool {
  /** Names (and aliases) of commands, to their canonical name: the destructive ones and those whose prefixes compete with them. */
  commands: ReadonlyMap<string, string>;
  /** The tool takes a unique prefix of a command name for the command (hg, sl, fossil, darcs). */
  prefixes: boolean;
  /** Long options match by a unique prefix (Python's getopt and optparse, Haskell's GetOpt). */
  longPrefixes: boolean;
  /** `-word` is `--word` (fossil), and short options do not cluster. */
  singleDashLong: boolean;
  /** Options taking a value: long names, and the letters of short ones. */
  valuedLong: readonly string[];
  valuedShort: string;
  /** The option that changes the directory the tool runs in (`hg --cwd`, `fossil --chdir`). */
  cwdOption?: string;
  judge: (sub: string, p: Parsed, inv: Invocation, cwd: string | null) => Op[] | null;
  /** The ops of configuration given with the valued options (`hg --config`, `jj --config`). */
  configRuns?: (values: Array<[string, Word]>, sub: string | undefined, rest: Word[], inv: Invocation) => Op[];
}

/** Options and operands of a command line, getopt style (options anywhere before `--`). */
interface Parsed {
  flags: string[];
  operands: Word[];
  /** Values given to valued options, by the spelling given (`--cwd`, `-R`). */
  values: Array<[string, Word]>;
  /** A computed word that may be any option: unquoted (any number of words) or printed from unseen data. */
  loose: boolean;
}

const _names = (groups: Record<string, string>): Map<string, string> => {
  const map = new Map<string, string>();
  for (const [canonical, names] of Object.entries(groups)) for (const n of names.split(" ")) map.set(n, canonical);
  return map;
};

// Mercurial's core commands, whose prefixes make a shorter word ambiguous (hg refuses it), and
// the destructive commands of core and of the usual extensions (purge, strip, evolve).
const HG_CORE = "abort add addremove annotate blame backout bisect bookmarks bookmark branch branches bundle cat clone commit ci config showconfig continue copy cp diff export files forget graft grep heads help identify id import patch incoming in init locate log history manifest merge outgoing out parents paths phase pull push recover rename move mv resolve root serve shelve status st summary sum tag tags tip unbundle unshelve verify version";
const HG_DESTRUCTIVE = { purge: "purge clean", update: "update up checkout co", revert: "revert", rollback: "rollback", strip: "strip", debugstrip: "debugstrip", prune: "prune obsolete", remove: "remove rm", archive: "archive" };
// Sapling: hg's commands, `goto` for update, and its own commands.
const SL_OWN = "amend hide unhide undo uncommit smartlog ssl next prev show metaedit journal web";

const HG_COMMANDS = _names({ ...Object.fromEntries(HG_CORE.split(" ").map((n) => [n, n])), ...HG_DESTRUCTIVE });
const SL_COMMANDS = _names({ ...Object.fromEntries(`${HG_CORE} ${SL_OWN}`.split(" ").map((n) => [n, n])), ...HG_DESTRUCTIVE, update: "goto go update up checkout co" });

/** hg, chg and Sapling's sl: global options (`-R`, `--cwd`, `--config`) anywhere. */
function _hgJudge(sub: string, p: Parsed, inv: Invocation, cwd: string | null): Op[] | null {
  const verb = `${inv.name} ${sub}`;
  switch (sub) {
    case "purge":
      return [op(_has(p, "-p", "print", true) || _has(p, "-0", "print0", true) ? "noop" : "unknown", verb)];
    case "update":
      return p.loose ? [op("unknown", verb)] : _has(p, "-C", "clean", true) ? [op("git-history", verb)] : [];
    case "revert":
      if (p.loose) return [op("unknown", verb)];
      if (_has(p, "-n", "dry-run", true)) return [op("noop", verb)];
      return _has(p, "-C", "no-backup", true) ? [op("git-history", verb)] : [];
    case "rollback":
      return [op(_has(p, "-n", "dry-run", true) ? "noop" : "git-history", verb)];
    case "strip":
    case "debugstrip":
      return p.loose ? [op("unknown", verb)] : _has(p, "", "no-backup", true) || _has(p, "", "nobackup", true) ? [op("git-history", verb)] : [];
    case "prune":
      return [op("git-history", verb)];
    case "archive":
      return _archive(p, inv);
    case "remove": {
      if (_has(p, "-A", "after", true)) return [];
      if (_has(p, "-n", "dry-run", true)) return [op("noop", verb)];
      // Patterns (`-I '*.ts'`, `glob:…`, `set:modified()`) name files the guard cannot list.
      if (_has(p, "-I", "include", true) || _has(p, "-X", "exclude", true) || p.operands.some((w) => /^[a-z0-9]+:/.test(w.value))) return [op("unknown", verb)];
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
  const type = p.values.findLast(([f]) => f === "-t" || (f.length > 3 && "--type".startsWith(f)))?.[1];
  if (type?.dynamic) return [op("unknown", `${inv.name} archive`)];
  const file = type ? HG_ARCHIVE_FILE.test(type.value) : HG_ARCHIVE_EXT.test(dest.value);
  return [file ? { ...op("overwrite", `${inv.name} archive`, [dest]), lands: "created" } : { ...op("write-into", `${inv.name} archive`, [dest]), lands: "spread", replaces: true }];
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
  configRuns: _hgConfig,
};
const SL: Tool = { ...HG, commands: SL_COMMANDS };

// svn's `--accept` choices that replace a conflicted file's local edits (theirs-full, theirs-conflict, base).
const SVN_DISCARDS = /^(theirs-full|tf|theirs-conflict|tc|base)$/;

/** Subversion: options anywhere; commands by their names and aliases (no prefixes). */
const SVN: Tool = {
  commands: _names({ cleanup: "cleanup", revert: "revert", switch: "switch sw", delete: "delete del remove rm", export: "export", update: "update up", merge: "merge", resolve: "resolve" }),
  prefixes: false,
  longPrefixes: false,
  singleDashLong: false,
  valuedLong: ["revision", "message", "file", "depth", "set-depth", "targets", "username", "password", "config-dir", "config-option", "encoding", "editor-cmd", "diff-cmd", "diff3-cmd", "extensions", "accept", "changelist", "cl", "change", "limit", "native-eol", "search", "search-and", "show-item", "strip", "with-revprop", "trust-server-cert-failures"],
  valuedShort: "rmFxcl",
  judge: (sub, p, inv, cwd) => {
    const verb = `svn ${sub}`;
    switch (sub) {
      case "cleanup":
        return p.loose || _has(p, "", "remove-unversioned", false) || _has(p, "", "remove-ignored", false) ? [op("unknown", verb)] : [];
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
        return (sub === "switch" && _has(p, "", "force", false)) || accepted.some((w) => SVN_DISCARDS.test(w.value)) ? [op("git-history", verb)] : [];
      }
      // `svn export SRC [PATH]` writes the tree into PATH (by default SRC's last name); forced,
      // into an existing folder, replacing what is there (as `tar -x -C DIR`).
      case "export": {
        const [src, given] = p.operands;
        if (!src) return [];
        const dest = given ?? (src.dynamic ? unknownWord() : literalWord(basename(src.value.replace(/@[^/]*$/, "").replace(/\/+$/, "")) || "."));
        return [{ ...op("write-into", verb, [dest]), lands: "spread", replaces: _has(p, "", "force", false) || undefined }];
      }
      case "delete": {
        if (_has(p, "", "keep-local", false)) return [];
        if (_has(p, "", "targets", false)) return [op("unknown", verb)];
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
  commands: _names({ operation: "operation op", util: "util" }),
  prefixes: false,
  longPrefixes: false,
  singleDashLong: false,
  valuedLong: ["repository", "at-operation", "at-op", "color", "config", "config-toml", "config-file", "expire"],
  valuedShort: "R",
  configRuns: _jjConfig,
  judge: (sub, p) => {
    if (sub === "util") {
      if (p.operands[0]?.dynamic) return [op("unknown", "jj util")];
      if (p.operands[0]?.value !== "gc") return null;
      return p.loose ? [op("unknown", "jj util gc")] : _has(p, "", "expire", false) ? [op("git-history", "jj util gc")] : [];
    }
    if (sub !== "operation") return null;
    const [action] = p.operands;
    if (action?.dynamic) return [op("unknown", "jj operation")];
    return action?.value === "abandon" ? [op("git-history", "jj operation abandon")] : [];
  },
};

// Fossil's commands, for its unique prefixes.
const FOSSIL_CORE = "add addremove alerts all amend annotate artifact attachment backoffice backup bisect blame branch bundle cache cat cgi changes chat ci clone close commit configuration dbstat deconstruct descendants diff export extras finfo forget fts-config fusefs gdiff git grep hash-policy help hook http import info init interwiki json leaves login-group ls merge mv new open patch pikchr praise publish pull push rebuild reconstruct redo remote remote-url rename reparent revert rss scrub search server settings sha1sum sha3sum shell smtpd sql sqlite3 ssl-config stash status sync tag tarball ticket timeline tls-config touch ui undo unpublished unset unversioned update user version whatis wiki xdiff zip";

/** Fossil: `fossil undo` restores what update, merge, revert and clean changed; checkout is not among them. */
const FOSSIL: Tool = {
  commands: _names({ ...Object.fromEntries(FOSSIL_CORE.split(" ").map((n) => [n, n])), clean: "clean", rm: "rm delete", checkout: "checkout co", purge: "purge" }),
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
        return [op(!p.loose && _has(p, "-n", "dry-run", false) ? "noop" : "unknown", verb)];
      case "rm":
        if (p.loose) return [op("unknown", verb)];
        if (_has(p, "-n", "dry-run", false)) return [op("noop", verb)];
        // Without --hard fossil only stops managing the files (the legacy mv-rm-files setting aside).
        return _has(p, "", "hard", false) && !_has(p, "", "soft", false) && !_has(p, "", "reset", false) ? _deletes(p.operands, inv, cwd) : [];
      case "checkout":
        return p.loose ? [op("unknown", verb)] : _has(p, "-f", "force", false) ? [op("git-history", verb)] : [];
      case "purge":
        return p.operands[0]?.dynamic ? [op("unknown", verb)] : p.operands[0]?.value === "obliterate" ? [op("git-history", verb)] : [];
      default:
        return null;
    }
  },
};

/** Bazaar and Breezy: revert keeps `.~N~` copies unless told not to. */
const BZR: Tool = {
  commands: _names({ "clean-tree": "clean-tree", revert: "revert", remove: "remove rm del" }),
  prefixes: false,
  longPrefixes: true,
  singleDashLong: false,
  valuedLong: ["revision", "change", "message", "file", "directory", "lsprof-file"],
  valuedShort: "rcmFdO",
  judge: (sub, p, inv, cwd) => {
    const verb = `${inv.name} ${sub}`;
    switch (sub) {
      case "clean-tree":
        return [op(!p.loose && _has(p, "", "dry-run", true) ? "noop" : "unknown", verb)];
      case "revert":
        return p.loose ? [op("unknown", verb)] : _has(p, "", "no-backup", true) ? [op("git-history", verb)] : [];
      case "remove":
        return _has(p, "", "keep", true) ? [] : _deletes(p.operands, inv, cwd);
      default:
        return null;
    }
  },
};

// darcs's commands, for its unique prefixes; `unpull` is obliterate's old name.
const DARCS_CORE = "add amend amend-record annotate apply changes clone commit convert diff dist fetch get help init initialize log mark-conflicts move mv optimize pull push rebase record remove replace repair revert rollback rm send setpref show tag test transfer-mode unrecord unrevert whatsnew";

/** darcs: revert is undone by `darcs unrevert`; obliterate drops patches unless it writes them to a bundle. */
const DARCS: Tool = {
  commands: _names({ ...Object.fromEntries(DARCS_CORE.split(" ").map((n) => [n, n])), obliterate: "obliterate unpull" }),
  prefixes: true,
  longPrefixes: true,
  singleDashLong: false,
  valuedLong: ["patches", "patch", "matches", "match", "tags", "tag", "output", "repodir", "max-count", "last", "from-patch", "to-patch", "hash"],
  // `-O` (--output-auto-name) takes its folder attached only.
  valuedShort: "pmton",
  judge: (sub, p) => {
    if (sub !== "obliterate") return null;
    if (p.loose) return [op("unknown", "darcs obliterate")];
    if (_has(p, "", "dry-run", true)) return [op("noop", "darcs obliterate")];
    return _has(p, "-o", "output", true) || _has(p, "-O", "output-auto-name", true) ? [] : [op("git-history", "darcs obliterate")];
  },
};

/** Pijul: reset discards unrecorded changes with no copy; `unrecord --reset` too. */
const PIJUL: Tool = {
  commands: _names({ reset: "reset revert", unrecord: "unrecord" }),
  prefixes: false,
  longPrefixes: false,
  singleDashLong: false,
  valuedLong: ["repository", "channel"],
  valuedShort: "",
  judge: (sub, p) => {
    if (sub === "reset") return [op(!p.loose && _has(p, "", "dry-run", false) ? "noop" : "git-history", "pijul reset")];
    if (sub === "unrecord") return p.loose ? [op("unknown", "pijul unrecord")] : _has(p, "", "reset", false) ? [op("git-history", "pijul unrecord")] : [];
    return null;
  },
};

/**
 * git-annex (`git annex …`, `git-annex …`): a forced drop skips the check that other copies
 * exist, and so does a required number of copies of 0 (`--numcopies=0`, `-N 0`, `--mincopies`,
 * or git's or git-annex's `-c annex.numcopies=0`).
 */
const ANNEX: Tool = {
  commands: _names({ drop: "drop", dropunused: "dropunused" }),
  prefixes: false,
  longPrefixes: false,
  singleDashLong: false,
  valuedLong: ["from", "numcopies", "mincopies", "key", "branch", "in", "copies", "include", "exclude", "largerthan", "smallerthan", "jobs", "time-limit", "size-limit", "batch-keys"],
  valuedShort: "cJN",
  judge: (sub, p, inv) => (p.loose ? [op("unknown", `git-annex ${sub}`)] : _has(p, "", "force", false) || _noCopies(inv.args) ? [op("data-destroy", `git-annex ${sub}`)] : []),
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
    const attached = long ? long[1] : a.value.length > 2 ? a.value.slice(2) : undefined;
    const word = attached === undefined ? args[i + 1] : { ...a, value: attached };
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
  const head = _parse(args, tool, inv.ctx, true);
  const subWord = head.operands[0];
  // A computed word where the subcommand stands may be the destructive one.
  if (subWord?.dynamic || head.loose) return [op("unknown", name)];
  const rest = subWord ? args.slice(args.indexOf(subWord) + 1) : [];
  const p = _parse(rest, tool, inv.ctx, false);
  const named = { ...inv, name };
  // Configuration given on the command line that runs code (hg's hooks, jj's aliases).
  const ops = tool.configRuns ? tool.configRuns([...head.values, ...p.values], subWord?.value, rest, named) : [];
  if (!subWord) return ops;
  const sub = _resolve(subWord.value, tool);
  const cwd = tool.cwdOption ? _cwd([...head.values, ...p.values], tool.cwdOption, inv.ctx.state.cwd) : inv.ctx.state.cwd;
  const judged = sub === undefined ? null : tool.judge(sub, p, named, cwd);
  return [...ops, ...(judged ?? scanUnknownProgram(rest, inv.ctx, name, inv.cmd))];
}

// hg's configuration that names a program or shell text to run: its editor, ssh, pager and
// merge tools (hooks, aliases and extensions are read apart).
const HG_RUNS = /^(ui\.(editor|ssh|merge)|pager\.pager|merge-tools\..+\.executable|extdiff\..+)$/;

/**
 * hg's `--config SECTION.NAME=VALUE` (before or after the subcommand): a hook or a shell alias
 * (`!…`) of the command run is shell text, run in the repository's root, which the guard does not
 * know (relative paths there are unknown); an alias of the command run is that command; an
 * extension from a file is Python the guard does not read; `--config-file` a file it did not read.
 */
function _hgConfig(values: Array<[string, Word]>, sub: string | undefined, rest: Word[], inv: Invocation): Op[] {
  const ops: Op[] = [];
  for (const [flag, w] of values) {
    if (flag === "--config-file") ops.push(op("unknown", inv.name));
    if (flag.length < 4 || !"--config".startsWith(flag)) continue;
    if (w.dynamic) {
      ops.push(op("unknown", inv.name));
      continue;
    }
    const eq = w.value.indexOf("=");
    if (eq < 0) continue;
    const key = w.value.slice(0, eq).toLowerCase();
    const value = w.value.slice(eq + 1);
    if (value === "") continue;
    if (key.startsWith("hooks.")) ops.push(...(value.startsWith("python:") ? [op("unknown", inv.name)] : _shellText(value, inv)));
    else if (key.startsWith("alias.")) {
      const alias = key.slice(6);
      // hg takes a unique prefix of an alias too: any alias the word begins is taken as run.
      if (sub === undefined || !alias.startsWith(sub.toLowerCase())) continue;
      if (value.startsWith("!")) ops.push(..._shellText(value.slice(1), inv));
      else if (inv.ctx.depth >= 8) ops.push(op("unknown", inv.name));
      else {
        const words = value.split(/\s+/).filter(Boolean).map((v) => literalWord(v));
        ops.push(...analyzeArgv(literalWord(inv.name), [...words, ...rest], { ...inv.ctx, depth: inv.ctx.depth + 1 }, inv.cmd));
      }
    } else if (key.startsWith("extensions.")) {
      if (!value.startsWith("!")) ops.push(op("unknown", inv.name));
    } else if (HG_RUNS.test(key) && !(key === "ui.merge" && /^(:|internal:)/.test(value))) ops.push(..._shellText(value, inv));
  }
  return ops;
}

/** Shell text a tool runs in a folder the guard does not know: relative paths are unknown. */
function _shellText(text: string, inv: Invocation): Op[] {
  if (inv.ctx.depth >= 8) return [op("unknown", inv.name)];
  const ctx = { ...inv.ctx, state: { ...inv.ctx.state, cwd: null } };
  const ops = analyzeText(text, "posix", ctx);
  return ops.map((o) => ({ ...o, targets: o.targets.map((t) => (!t.dynamic && isAbsolute(t.value) ? t : unknownWord())) }));
}

// jj's configuration that runs a program or names the commands an alias or a bare `jj` runs.
const JJ_RUNS = /^(aliases\.|ui\.(pager|editor|diff-editor|merge-editor|diff-formatter|default-command|diff\.tool)|merge-tools\.|fix\.tools\.|signing\.)/;

/** jj's `--config KEY=VALUE` naming an alias or a program (TOML the guard does not read), `--config-toml` and `--config-file`: unknown. */
function _jjConfig(values: Array<[string, Word]>): Op[] {
  for (const [flag, w] of values) {
    if (flag === "--config-file" || (flag === "--config-toml" && (w.dynamic || /aliases|ui|merge-tools|fix|signing/.test(w.value)))) return [op("unknown", "jj")];
    if (flag === "--config" && (w.dynamic || JJ_RUNS.test(w.value.trimStart().toLowerCase()))) return [op("unknown", "jj")];
  }
  return [];
}

/** The command a word names: exactly, or (where the tool allows it) as the one command it is a prefix of. */
function _resolve(word: string, tool: Tool): string | undefined {
  const exact = tool.commands.get(word);
  if (exact !== undefined || !tool.prefixes || word.length < 2) return exact;
  let found: string | undefined;
  for (const [n, canonical] of tool.commands) {
    if (!n.startsWith(word)) continue;
    // Ambiguous: the tool refuses the word.
    if (found !== undefined && found !== canonical) return undefined;
    found = canonical;
  }
  return found;
}

/** Reads options getopt style; `untilOperand`: stop at the first operand (the subcommand). */
function _parse(words: Word[], tool: Tool, ctx: AnalyzeContext, untilOperand: boolean): Parsed {
  const p: Parsed = { flags: [], operands: [], values: [], loose: false };
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (!w.dynamic && w.value === "--") {
      if (untilOperand) {
        if (words[i + 1]) p.operands.push(words[i + 1]!);
      } else p.operands.push(...words.slice(i + 1));
      break;
    }
    // A computed word may be any option: unquoted (any number of words) or printed from unseen data.
    const computed = w.dynamic && (!w.quoted || fromUnseenData(w, ctx));
    if (!w.value.startsWith("-") || w.value === "-") {
      if (computed) p.loose = true;
      p.operands.push(w);
      if (untilOperand) break;
      continue;
    }
    let value = w.value;
    if (tool.singleDashLong && /^-[a-z][a-z0-9-]+(=|$)/i.test(value)) value = `-${value}`;
    if (value.startsWith("--")) {
      const eq = value.indexOf("=");
      const name = eq < 0 ? value : value.slice(0, eq);
      p.flags.push(name);
      if (eq < 0 && _valuedLong(name, tool)) {
        const v = words[++i];
        if (v) p.values.push([name, v]);
      } else if (eq >= 0 && _valuedLong(name, tool)) p.values.push([name, { ...w, value: value.slice(eq + 1) }]);
      else if (computed) p.loose = true;
      continue;
    }
    if (computed) p.loose = true;
    if (tool.singleDashLong) {
      p.flags.push(value);
      if (tool.valuedShort.includes(value.slice(1))) {
        const v = words[++i];
        if (v) p.values.push([value, v]);
      }
      continue;
    }
    // A cluster of short options; a valued letter takes the rest of the word, or the next word.
    for (let j = 1; j < value.length; j++) {
      const letter = value[j]!;
      p.flags.push(`-${letter}`);
      if (!tool.valuedShort.includes(letter)) continue;
      if (j + 1 < value.length) p.values.push([`-${letter}`, { ...w, value: value.slice(j + 1) }]);
      else {
        const v = words[++i];
        if (v) p.values.push([`-${letter}`, v]);
      }
      break;
    }
  }
  return p;
}

function _valuedLong(flag: string, tool: Tool): boolean {
  const name = flag.slice(2);
  return tool.valuedLong.some((v) => v === name || (tool.longPrefixes && name.length > 0 && v.startsWith(name)));
}

/** Whether the short option (`-C`, "" for none) or the long one (`no-backup`, or a unique prefix of it where allowed) was given. */
function _has(p: Parsed, short: string, long: string, prefixes: boolean): boolean {
  return p.flags.some((f) => (short !== "" && f === short) || f === `--${long}` || (prefixes && f.length > 3 && `--${long}`.startsWith(f)));
}

/** The directory the tool runs in after its last `--cwd`/`--chdir` (null: computed). */
function _cwd(values: Array<[string, Word]>, option: string, cwd: string | null): string | null {
  for (const [name, w] of values) {
    if (name !== option && !(name.length > 3 && option.startsWith(name))) continue;
    if (w.dynamic) return null;
    cwd = isAbsolute(w.value) ? normalize(w.value) : cwd === null ? null : normalize(join(cwd, w.value));
  }
  return cwd;
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
