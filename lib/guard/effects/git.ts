import { existsSync } from "node:fs";
import { isAbsolute, join, normalize } from "node:path";
import { op, type Op, type OpKind } from "../ops.ts";
import { findWorkspace } from "../paths.ts";
import { literalWord, unknownWord, type Word } from "../syntax.ts";
import { analyzeArgv } from "./analyze.ts";
import { type Handler, type Invocation, MAX_ANALYSIS_DEPTH } from "./context.ts";
import type { LineChange } from "./line-changes.ts";
import { commitTemplateOps, gitConfigSet, gitRunsCommand } from "./git-config.ts";
import { gitEnvironment, gitRedirectedInLine, unknownExecPath } from "./git-env.ts";
import { gitMoves, gitMv } from "./git-moves.ts";
import { GIT_GLOBAL_VALUED, gitOptionPositions } from "./git-options.ts";
import { gitOutputs } from "./git-output.ts";
import { configuredPush } from "./git-push.ts";
import { configMovesBranch, configuredFetch, repositoryConfig, repositoryHead } from "./git-refspecs.ts";
import { analyzeAt, fetchedHooks, gitSubcommandRuns, gitTop, shellWithArgs } from "./git-runs.ts";
import { submoduleDiscards } from "./git-submodule.ts";
import { gitEnding } from "./git-endings.ts";
import { configuredHooks } from "./git-hooks.ts";
import { freshOperand } from "../posix/temp-output.ts";
import { freshWorktree } from "./git-fresh-worktree.ts";
import { gitSubcommand, stashSweep } from "./git-subcommands.ts";
import { envValue } from "./implicit-inputs.ts";
import { holdsCredentials } from "./secrets.ts";
import { fromUnseenData } from "./unseen-output.ts";
import { once } from "./lazy-handler.ts";
import { mayBeRewritten } from "./unseen-writes.ts";

// git-annex's drops (other-vcs.ts), loaded when a line runs `git annex`.
const otherVcs = once((): typeof import("./other-vcs.ts") => require("./other-vcs.ts"));
// Subcommands whose arguments can make them destructive: an unknown argument is not ignorable.
const MODELLED = new Set(["reset", "checkout", "restore", "switch", "clean", "push", "stash", "branch", "reflog", "gc", "prune", "update-ref", "rm", "worktree", "read-tree", "checkout-index", "send-pack", "http-push"]);
// Environment that points git at another repository, work tree or index: the dry runs and
// snapshots the policy makes in the cwd would describe the wrong tree.
const REDIRECTING_ENV = /^GIT_(DIR|WORK_TREE|INDEX_FILE|COMMON_DIR|OBJECT_DIRECTORY|NAMESPACE|CONFIG(_\w+)?|CEILING_DIRECTORIES|DISCOVERY_ACROSS_FILESYSTEM)$/;
// Subcommands that write files of the work tree even unforced (`rm` deletes clean tracked files,
// a checkout or merge removes files the other commit does not track): pointed at another work
// tree or index (`GIT_WORK_TREE=~ GIT_DIR=x.git git rm .bashrc`), what they touch is unknown.
const TREE_WRITERS = new Set(["checkout", "switch", "merge", "pull", "rebase", "cherry-pick", "revert", "am", "apply", "stash", "restore", "reset", "read-tree", "checkout-index", "sparse-checkout", "clean", "rm", "mv", "worktree", "submodule", "bisect", "filter-branch", "mergetool"]);

/** What git's global options set up: where it runs, which repository, and the configuration given. */
interface GitStart {
  /** The folder git runs in for the repository (null: unknown, or pointed elsewhere). */
  dir: string | null;
  /** Where git runs (`-C` followed, whatever the repository): relative output files and config paths. */
  here: string | null;
  /** Pointed at another work tree, repository or index by the line (not by the check's environment). */
  elsewhere: boolean;
  /** The `--work-tree` and `--git-dir` given (null: none, or unknown). */
  workTree: string | null;
  gitDir: string | null;
  /** Configuration set earlier in the line (`git config alias.x …; git x`), then `-c` on top. */
  config: Map<string, string | null>;
  /** Every `-c` entry in order (the map keeps one value per key; `remote.<r>.fetch` is a list). */
  given: Array<[string, string | null]>;
  ops: Op[];
  /** The index of the subcommand's word in the arguments. */
  at: number;
}

/**
 * git: global options (`-C`, `-c alias.x=…`, `--git-dir`) then the subcommand. The destructive
 * subcommands become ops the policy understands; the rest have no effect here. Split in steps so
 * that each stays small: JavaScriptCore optimizes a large function late, and throws all of it away
 * when any branch meets an unseen shape (docs/check.md "Session 13: the steady state").
 */
export const git: Handler = (inv) => {
  const start = _globalOptions(inv);
  if (start === null) return [];
  const { args } = inv;
  const { ops } = start;
  const subWord = args[start.at];
  if (subWord?.dynamic) {
    ops.push(op("unknown", "git"));
    return ops;
  }
  const sub = subWord?.value ?? "";
  const rest = args.slice(start.at + 1);
  let top: string | null | undefined;
  const runsAt = () => (top === undefined ? (top = gitTop(start.dir)) : top);
  // Configuration and commands git takes from its environment; `-c` and the line's own
  // `git config` win over the environment's entries. Aliases run only when called.
  const environ = _environment(inv, start, sub, runsAt);
  if (start.elsewhere && TREE_WRITERS.has(sub)) ops.push(op("unknown", `git ${sub}`));
  const config = start.config;
  // A relative hooks folder for a clone of another host's repository is the fetched tree's: its
  // post-checkout runs as soon as the files are out (session 11: `git -c core.hooksPath=.githooks
  // clone URL d`; `clone -c` stores it too: git-runs.ts).
  if (sub === "clone" && config.has("core.hookspath") && fetchedHooks(config.get("core.hookspath"), inv)) ops.push(op("remote-code", "git clone"));
  // No configuration (most commands): no alias to look up.
  const alias = config.size === 0 ? undefined : config.get(`alias.${sub.toLowerCase()}`);
  if (alias !== undefined) {
    ops.push(...(alias === null ? [op("unknown", "git")] : _alias(alias, rest, inv, runsAt)));
    return ops;
  }
  // `git worktree remove "$d"`, d holding the folder `d=$(mktemp -d)` made or nothing: a known word.
  const fresh = sub === "worktree" ? freshWorktree(inv, rest, start.dir, runsAt) : undefined;
  const unknown = (w: Word) => w.dynamic && w !== fresh?.word;
  // An unquoted unknown word may be any number of words; a quoted one printed from data the
  // guard cannot see may be any option where git reads one (`git clean "$(cat x.txt)"`, x.txt
  // holding `-fdx`; unseen-output.ts). Both are unknown words: most commands have none.
  if (MODELLED.has(sub) && rest.some(unknown) && (rest.some((w) => unknown(w) && !w.quoted) || gitOptionPositions(sub, rest).some((w) => unknown(w) && fromUnseenData(w, inv.ctx)))) {
    ops.push(op("unknown", `git ${sub}`));
    return ops;
  }
  return _subcommand(inv, start, sub, rest, environ, runsAt, fresh);
};

/** Reads git's global options up to the subcommand; null when an option lacks its value. */
function _globalOptions(inv: Invocation): GitStart | null {
  const { args, ctx } = inv;
  const start: GitStart = {
    dir: _redirected(inv) ? null : ctx.state.cwd,
    here: ctx.state.cwd,
    elsewhere: gitRedirectedInLine(inv),
    workTree: null,
    gitDir: null,
    config: ctx.state.gitConfig ? new Map(ctx.state.gitConfig) : new Map<string, string | null>(),
    given: [],
    ops: [],
    at: 0,
  };
  const { config, ops } = start;
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i]!;
    // An unknown word not spelled as an option may be the subcommand itself (`git "$SUB" -fdx`,
    // `git $ARGS`): unknown below (red team 14).
    if (!a.value.startsWith("-")) break;
    if (a.dynamic) {
      start.dir = null;
      continue;
    }
    // `--git-dir=DIR`: the option and its value in one word (split at the first `=`).
    const eq = a.value.startsWith("--") ? a.value.indexOf("=") : -1;
    const flag = eq < 0 ? a.value : a.value.slice(0, eq);
    const inline = eq < 0 ? undefined : a.value.slice(eq + 1);
    if (!GIT_GLOBAL_VALUED.has(flag)) continue;
    const valueWord = inline === undefined ? args[++i] : { ...a, value: inline };
    if (valueWord === undefined) return null;
    if (valueWord.dynamic) {
      start.dir = null;
      if (flag === "-C") start.here = null;
      if (flag === "-c" || flag === "--config-env") ops.push(op("unknown", "git"));
      continue;
    }
    const value = valueWord.value;
    if (flag === "-C") {
      start.dir = _chdir(start.dir, value);
      start.here = _chdir(start.here, value);
    }
    // `--exec-path=DIR` takes git's own programs from DIR.
    if (flag === "--exec-path" && unknownExecPath(value)) ops.push(op("unknown", "git"));
    if (flag === "--git-dir" || flag === "--work-tree") {
      start.dir = null;
      start.elsewhere = true;
    }
    if (flag === "--work-tree") start.workTree = _chdir(start.here, value);
    if (flag === "--git-dir") start.gitDir = _chdir(start.here, value);
    const kv = /^([^=]+)=(.*)$/s.exec(value);
    if (kv && (flag === "-c" || flag === "--config-env")) {
      const key = kv[1]!.toLowerCase();
      // --config-env takes the value from an environment variable (null when it is unknown).
      const v = flag === "-c" ? kv[2]! : (envValue(inv, kv[2]!, true) ?? null);
      config.set(key, v);
      start.given.push([key, v]);
      if (key === "core.worktree" || key === "core.bare") {
        start.dir = null;
        start.elsewhere = true;
      }
      ops.push(...gitRunsCommand(key, v, ctx));
    }
  }
  start.at = i;
  return start;
}

/** Adds the configuration git takes from its environment under what `-c` and the line set; returns the environment's entries. */
function _environment(inv: Invocation, start: GitStart, sub: string, runsAt: () => string | null): ReadonlyArray<[string, string | null]> {
  const environ = gitEnvironment(inv, sub, start.here, runsAt);
  const { config, ops } = start;
  ops.push(...environ.ops);
  for (const [key, value] of environ.config) {
    if (config.has(key)) continue;
    config.set(key, value);
    if (key === "core.worktree" || key === "core.bare") {
      start.dir = null;
      start.elsewhere = true;
    }
    if (!key.startsWith("alias.")) ops.push(...gitRunsCommand(key, value, inv.ctx));
    if (key === "commit.template" && sub === "commit" && value !== null) ops.push(...commitTemplateOps(literalWord(value), "git commit", start.here));
  }
  // A commit's template from `-c` and `--config-env`, each one given (git-config.ts judges it).
  if (sub === "commit") for (const [key, value] of start.given) if (key === "commit.template" && value !== null) ops.push(...commitTemplateOps(literalWord(value), "git commit", start.here));
  return environ.config;
}

/** The subcommand's own effects, once aliases and unknown words are ruled out. */
function _subcommand(inv: Invocation, start: GitStart, sub: string, rest: Word[], environ: ReadonlyArray<[string, string | null]>, runsAt: () => string | null, fresh: { word: Word; path: string } | undefined): Op[] {
  const { ctx } = inv;
  const { dir, here, config, ops } = start;
  const values = rest.map((w) => w.value);
  // A credential folder of the home (or the home) added to a repository or pushed from one; the
  // work tree and repository also as GIT_WORK_TREE and GIT_DIR give them.
  if ((sub === "add" || sub === "push") && here !== null && !ctx.state.remote) ops.push(..._credentialOps(inv, start, sub, values, rest, here, runsAt));
  if (sub === "config") {
    ops.push(...gitConfigSet(values, rest, ctx), ...gitOutputs(sub, rest, here));
    return ops;
  }
  // A fetch with a configured refspec that moves branches (`remote.<r>.fetch=+refs/heads/*:…`):
  // from the line, the environment, or the repository's own configuration (git-refspecs.ts).
  // The same for a push made forcing by `remote.<r>.push=+…` or `remote.<r>.mirror` (git-push.ts).
  const entries = () => [...(ctx.state.gitConfig ?? []), ...start.given, ...environ, ...(ctx.state.remote || dir === null ? [] : repositoryConfig(runsAt()))];
  const fetching = configuredFetch(sub, values);
  if (fetching && configMovesBranch(fetching, entries())) ops.push(op("git-history", `git ${sub}`));
  // format-patch's folder from `format.outputDirectory`: set by the line, `-c`, the environment
  // (all in `config`) or the repository's configuration (session 10), read only when asked.
  const key = "format.outputdirectory";
  const patchSetting = () => (config.has(key) ? config.get(key) : ctx.state.remote || dir === null ? undefined : repositoryConfig(runsAt()).findLast(([k]) => k === key)?.[1]);
  ops.push(...gitOutputs(sub, rest, here, patchSetting), ...gitMoves(sub, rest, here));
  ops.push(...gitSubcommandRuns(sub, rest, inv, runsAt), ...configuredHooks(sub, config.get("core.hookspath"), runsAt, inv));
  if (sub === "clean" && /^(false|no|off|0)$/i.test(config.get("clean.requireforce") ?? "") && !values.some((v) => /^-[a-z]*[fn]/.test(v))) values.unshift("-f");
  // `-c gc.pruneExpire=now gc` prunes unreachable objects at once, like `gc --prune=now`; the
  // reflog expiry keys drop reflog entries the same way.
  if (sub === "gc" && [...config.keys()].some((k) => /^gc\.(.*\.)?(pruneexpire|reflogexpire|reflogexpireunreachable|worktreepruneexpire)$/.test(k))) {
    ops.push(op("git-history", "git gc"));
    return ops;
  }
  if (sub === "push") {
    const pushed = configuredPush(values, entries(), () => (ctx.state.remote || dir === null ? null : repositoryHead(runsAt())));
    if (pushed) {
      ops.push(op(pushed, "git push"));
      return ops;
    }
  }
  if (submoduleDiscards(sub, rest, () => (ctx.state.remote || dir === null || ctx.state.landed?.length ? null : runsAt()))) ops.push(op("unknown", "git submodule"));
  // Checking out writes tracked entries, symlinks among them, anywhere in the work tree.
  if ((sub === "checkout" || sub === "switch") && dir !== null && values.some((v) => !v.startsWith("-"))) {
    ops.push({ ...op("write-into", `git ${sub}`, [literalWord(findWorkspace(dir))]), lands: "spread" });
  }
  if (sub === "mv") ops.push(...gitMv(rest, here, dir, inv));
  if (sub === "annex") ops.push(...otherVcs().gitAnnex(rest, inv));
  const kind: OpKind | null = gitSubcommand(sub, values, (p) => dir !== null && existsSync(join(dir, p)));
  if (!kind) return _ending(inv, sub, values, dir, ops);
  // A forced removal of the worktree the line made in a new temporary folder deletes that folder.
  if (fresh && !_replacedInLine(fresh.path, ctx)) {
    ops.push(op("delete", "git worktree remove", [fresh.word.dynamic ? literalWord(fresh.path, true) : fresh.word], true));
    return ops;
  }
  const o = op(kind, `git ${sub}`);
  o.git = { args: values, dir, ref: _ref(sub, kind, values) };
  if (kind === "git-reset-hard" || kind === "git-discard") o.git.recurse = _recursesSubmodules(values, config);
  if (kind === "git-history" && (rest.some((w) => w.dynamic) || mayBeRewritten(ctx, inv.cmd))) o.git.refsUnknown = true;
  if (sub === "stash" && kind === "git-clean") o.git = { args: [...stashSweep(values)!, ..._pathspecs(values)], dir, stash: true };
  ops.push(o);
  return ops;
}

/**
 * Whether an earlier command of the line removed, replaced or linked the entry at `path` itself
 * (`rmdir "$d" && ln -s ../wt "$d"`): git then follows what is there now, which is no longer the
 * folder mktemp made (red team, session 17).
 */
function _replacedInLine(path: string, ctx: Invocation["ctx"]): boolean {
  const gone = (c: LineChange) => c.kind === "removed" && c.path !== null && (c.path === path || (c.recursive === true && path.startsWith(`${c.path}/`)));
  return ctx.state.links?.has(path) === true || (ctx.state.changes ?? []).some(gone);
}

/**
 * `merge|rebase|cherry-pick|revert|am --abort|--skip` resets the files the operation in progress
 * changed: a discard the policy judges by the repository's state (git-ending-preflight.ts), which
 * an earlier program of the line may have changed (an operation started: `git merge x || git
 * merge --abort`).
 */
function _ending(inv: Invocation, sub: string, values: string[], dir: string | null, ops: Op[]): Op[] {
  const ends = gitEnding(sub, values);
  if (ends === null) return ops;
  const o = op("git-discard", `git ${sub}`);
  o.git = { args: values, dir, ends, refsUnknown: mayBeRewritten(inv.ctx, inv.cmd) };
  ops.push(o);
  return ops;
}

/** `git add` or `git push` of a credential folder of the home, the work tree and repository resolved as git resolves them. */
function _credentialOps(inv: Invocation, start: GitStart, sub: string, values: string[], rest: Word[], here: string, runsAt: () => string | null): Op[] {
  const fromEnv = (name: string) => {
    const v = envValue(inv, name, true);
    return typeof v === "string" && v !== "" ? _chdir(here, v) : null;
  };
  const repoDir = start.gitDir ?? fromEnv("GIT_DIR");
  // A work tree stored earlier in the line (`git config core.worktree ~ && git add -A`): git takes
  // core.worktree only from the repository's own file (not from `-c` or GIT_CONFIG_*, which
  // it ignores), a relative one from the git directory.
  const stored = inv.ctx.state.gitConfig?.get("core.worktree");
  const configured = typeof stored === "string" && stored !== "" ? _chdir(repoDir ?? (runsAt() === null ? null : `${runsAt()}/.git`), stored) : null;
  return _credentialTree(sub, values, rest, here, start.workTree ?? fromEnv("GIT_WORK_TREE") ?? configured, repoDir, inv.ctx.home);
}

function _chdir(dir: string | null, to: string): string | null {
  return isAbsolute(to) ? normalize(to) : dir === null ? null : normalize(join(dir, to));
}

/** The commit a reset moves to, or the branch a forced checkout or switch writes into the tree. */
function _ref(sub: string, kind: OpKind, values: string[]): string | undefined {
  const operand = values.find((v) => !v.startsWith("-"));
  if (kind === "git-reset-hard") return operand;
  const forced = values.some((v) => /^-[a-zA-Z]*f[a-zA-Z]*$/.test(v) || v === "--force" || v === "--discard-changes");
  if (kind === "git-discard" && (sub === "checkout" || sub === "switch") && forced && !values.includes("--")) return operand;
  return undefined;
}

/**
 * Whether a reset or discard also resets the submodules' work trees: its last
 * `--[no-]recurse-submodules`, else `submodule.recurse` set on the line (`-c`, the environment,
 * an earlier `git config`; an unknown value counts as on); undefined when neither says.
 */
function _recursesSubmodules(values: string[], config: Map<string, string | null>): boolean | undefined {
  const flag = values.filter((v) => /^--(?:no-)?recurse-submodules(?:=|$)/.test(v)).at(-1);
  if (flag !== undefined) return !flag.startsWith("--no-");
  if (!config.has("submodule.recurse")) return undefined;
  const value = config.get("submodule.recurse");
  return value === null || value === undefined || !/^(?:false|no|off|0)$/i.test(value);
}

/**
 * A prefix assignment, `env NAME=…`, or an earlier assignment/export pointing git elsewhere. An
 * unknown word may be such an assignment, but not one holding a folder mktemp made or nothing
 * (temp-output.ts freshOperand): its value starts with `/`.
 */
function _redirected(inv: Invocation): boolean {
  if (inv.cmd?.assigns.some((a) => REDIRECTING_ENV.test(a.name))) return true;
  if (inv.cmd?.argv.some((w) => (w.dynamic && freshOperand(w) === undefined) || (w.value.startsWith("GIT_") && REDIRECTING_ENV.test(w.value.split("=")[0]!)))) return true;
  for (const name of inv.ctx.vars.keys()) if (name.startsWith("GIT_") && REDIRECTING_ENV.test(name)) return true;
  return false;
}

/** `git -c alias.x='!cmd' x` runs a shell command; `alias.x='reset --hard'` a git command. */
function _alias(alias: string, rest: Word[], inv: Invocation, top: () => string | null): Op[] {
  // An alias naming itself (or a cycle) would expand without end.
  if (inv.ctx.depth >= MAX_ANALYSIS_DEPTH) return [op("unknown", "git")];
  const ctx = { ...inv.ctx, depth: inv.ctx.depth + 1 };
  inv = { ...inv, ctx };
  // A shell alias runs from the top of the work tree (git's documentation), with the arguments.
  if (alias.startsWith("!")) return analyzeAt(shellWithArgs(alias.slice(1), rest), inv.ctx, top());
  const words = alias.split(/\s+/).filter(Boolean).map((value) => ({ value, dynamic: false, glob: false, pattern: value, quoted: false }));
  return analyzeArgv({ value: "git", dynamic: false, glob: false, pattern: "git", quoted: false }, [...words, ...rest], inv.ctx, inv.cmd);
}

/** The pathspecs after `--` (a stash push limited to some paths sweeps only those). */
function _pathspecs(args: string[]): string[] {
  const at = args.indexOf("--");
  return at < 0 ? [] : args.slice(at);
}

/**
 * `git add` of a credential folder of the home (or of the home itself: `git -C ~ add .`) reads its
 * keys into a repository, and `git push` of a repository there sends them (`git -C ~/.ssh init && …
 * push`: session 9). `here` is where git runs (after `-C` and `cd`); `workTree` and `gitDir` the
 * `--work-tree` and `--git-dir` given (null when none). A push's repository is the work tree
 * given, else the git directory's folder, else where git runs; an add's pathspecs are resolved
 * from where git runs (from the work tree when git runs outside it), and a computed one or a glob
 * is that whole folder. A magic pathspec (`:/x`, `:!x`) and `-A`/`-u` with none are the whole
 * work tree: the one given, else where git runs.
 */
function _credentialTree(sub: string, values: string[], words: Word[], here: string, workTree: string | null, gitDir: string | null, home: string): Op[] {
  if (sub === "push") {
    if (values.some((v) => v === "--dry-run" || /^-[a-zA-Z]*n[a-zA-Z]*$/.test(v))) return [];
    const repo = workTree ?? (gitDir === null ? here : _normal(`${gitDir}/..`));
    return holdsCredentials(repo, home) ? [op("secret", "git push")] : [];
  }
  const base = workTree !== null && here !== workTree && !here.startsWith(`${workTree}/`) ? workTree : here;
  // git takes `add -A`/`-u` with no pathspec, and a magic pathspec (`:/x`, `:(top)x`, `:!x` alone),
  // from the top of the work tree, not from where it runs (red team s11 finding 2: from
  // ~/project, `git --work-tree=.. add -A` stages ~/.ssh). The top is known when it is given.
  const top = workTree ?? base;
  let whole = false;
  let specs = 0;
  let operands = false;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (!operands && v === "--") operands = true;
    else if (!operands && v.startsWith("-")) whole ||= /^-[a-zA-Z]*[Au]|^--(all|update|pathspec-from-file)/.test(v);
    else {
      specs++;
      const w = words[i];
      // git matches a pathspec as a pattern itself (`git add '*'` takes `.ssh/id_rsa`).
      const path = v.startsWith(":") ? top : w?.dynamic || w?.glob || /[*?[]/.test(v) || v === "" ? base : v.startsWith("/") ? v : `${base}/${v}`;
      if (holdsCredentials(_normal(path), home)) return [op("secret", "git add")];
    }
  }
  return whole && specs === 0 && holdsCredentials(top, home) ? [op("secret", "git add")] : [];
}

/** `a/./b/../c` as `a/c` (a path spelled on the command line; `..` taken lexically, as git takes pathspecs). */
function _normal(path: string): string {
  const out: string[] = [];
  for (const part of path.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") out.pop();
    else out.push(part);
  }
  return `/${out.join("/")}`;
}
