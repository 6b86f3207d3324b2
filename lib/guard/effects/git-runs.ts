import { isAbsolute, join, normalize } from "node:path";
import { op, type Op } from "../ops.ts";
import { findWorkspace } from "../paths.ts";
import { unknownWord, type Word } from "../syntax.ts";
import { analyzeArgv, analyzeText } from "./analyze.ts";
import { type AnalyzeContext, type Invocation, MAX_ANALYSIS_DEPTH } from "./context.ts";
import { gitRunsCommand, storesCode } from "./git-config.ts";
import { fetchedFolders } from "./fetched-folders.ts";
import { inWorkTree, persistentCode } from "./git-persistent-config.ts";
import { storesForcedPush } from "./git-push.ts";
import { storesForcedFetch } from "./git-refspecs.ts";
import { type GitOptionSpec, gitOptionValues } from "./git-options.ts";
import { shellQuote } from "../shell-quote.ts";

// Options whose value git runs as a command (through `sh -c` when it holds shell syntax): the
// upload-pack or receive-pack program of a local or ssh remote, difftool's and instaweb's
// commands, grep's pager, rebase's exec lines, send-email's helpers, daemon's access hook.
const COMMAND_OPTIONS: Record<string, GitOptionSpec> = {
  fetch: { long: ["upload-pack"], shortValued: "jo", min: 1, hidden: true },
  pull: { long: ["upload-pack"], shortValued: "jsXo", min: 1, hidden: true },
  clone: { short: "u", long: ["upload-pack"], shortValued: "objc", min: 1, hidden: true },
  "ls-remote": { long: ["upload-pack", "exec"], shortValued: "o", min: 1, hidden: true },
  "fetch-pack": { long: ["upload-pack", "exec"], min: 1, hidden: true },
  archive: { long: ["exec"], shortValued: "o", min: 1, hidden: true },
  push: { long: ["receive-pack", "exec"], shortValued: "o", min: 1, hidden: true },
  "send-pack": { long: ["receive-pack", "exec"], min: 1, hidden: true },
  difftool: { short: "x", long: ["extcmd"], shortValued: "t", min: 1, hidden: true },
  grep: { shortOptional: "O", longOptional: ["open-files-in-pager"], shortValued: "efABCm", min: 1, hidden: true },
  rebase: { short: "x", long: ["exec"], shortValued: "sXC", min: 1, hidden: true },
  instaweb: { short: "d", long: ["httpd"], shortValued: "mpb", min: 1, hidden: true },
  "send-email": { long: ["sendmail-cmd", "to-cmd", "cc-cmd", "header-cmd", "smtp-server"] },
  daemon: { long: ["access-hook"] },
};
// filter-branch evaluates each filter with the shell, in the temporary checkout `<dir>/t`.
const FILTERS: GitOptionSpec = { long: ["tree-filter", "index-filter", "msg-filter", "env-filter", "parent-filter", "commit-filter", "tag-name-filter", "setup"] };
const CONFIG_OPTION: GitOptionSpec = { short: "c", long: ["config"], shortValued: "obuj", min: 1 };
const TEMPLATE_OPTION: GitOptionSpec = { long: ["template"], shortValued: "objuc", min: 1 };

/**
 * The commands a git subcommand runs because its arguments say so: option values (`fetch
 * --upload-pack=CMD`, `clone -u CMD`, `difftool -x CMD`, `grep -OCMD`, `rebase -qx CMD`), `submodule
 * foreach CMD…`, `bisect run CMD…` and filter-branch's filters. `top` gives the top of the work
 * tree, where git runs them (null: unknown).
 */
export function gitSubcommandRuns(sub: string, rest: Word[], inv: Invocation, top: () => string | null): Op[] {
  const spec = COMMAND_OPTIONS[sub];
  const ops: Op[] = [];
  if (spec) for (const w of gitOptionValues(rest, spec)) ops.push(...(w.dynamic ? [op("unknown", `git ${sub}`)] : analyzeAt(w.value, inv.ctx, top())));
  if (sub === "clone" || sub === "init") {
    // A template folder's hooks are copied into the new repository (clone runs post-checkout).
    if (gitOptionValues(rest, TEMPLATE_OPTION).some((w) => w.dynamic || w.value !== "")) ops.push(op("unknown", `git ${sub}`));
    // `clone -c KEY=VALUE` writes the new repository's configuration, used from its checkout on.
    if (sub === "clone") {
      for (const w of gitOptionValues(rest, CONFIG_OPTION)) {
        const kv = /^([^=]+)=(.*)$/s.exec(w.value);
        if (w.dynamic) ops.push(op("unknown", "git clone"));
        else if (kv) ops.push(...gitRunsCommand(kv[1]!.toLowerCase(), kv[2]!, inv.ctx));
        if (kv && (storesForcedFetch(kv[1]!.toLowerCase(), kv[2]!) || storesForcedPush(kv[1]!.toLowerCase(), kv[2]!))) ops.push(op("git-history", "git clone"));
        // A hooks folder inside the clone of another host's repository is the fetched tree's: its
        // post-checkout runs at once (session 11, confirmed with git 2.39), as with `git -c` (git.ts).
        if (kv && kv[1]!.toLowerCase() === "core.hookspath" && fetchedHooks(kv[2]!, inv)) ops.push(op("remote-code", "git clone"));
        // Stored, it runs in every later git command there (session 11: `-c core.fsmonitor=CMD`
        // every later status, a hooks folder every later commit).
        if (kv && storesCode(kv[1]!.toLowerCase(), kv[2]!, "global")) ops.push(persistentCode("git clone"));
      }
    }
  }
  if (sub === "merge-index") ops.push(..._mergeProgram(rest, inv, top));
  // `git maintenance start` adds an hourly job to the user's scheduler (crontab, systemd timers,
  // launchd, schtasks) that runs git in the repository with its configuration, outside any hook:
  // asked as a crontab or `systemctl --user enable` is (session 11; the dippy row expects it).
  if (sub === "maintenance" && rest.find((w) => w.dynamic || !w.value.startsWith("-"))?.value === "start") ops.push(persistentCode("git maintenance"));
  if (sub === "submodule") {
    const at = rest.findIndex((w) => w.value === "foreach");
    if (at >= 0) ops.push(..._foreach(rest.slice(at + 1), inv));
  } else if (sub === "bisect" && rest[0]?.value === "run") {
    const [head, ...more] = rest.slice(1);
    if (head) ops.push(...analyzeArgv(head, more, inv.ctx));
  } else if (sub === "filter-branch") {
    const filters = gitOptionValues(rest, FILTERS);
    const temp = filters.length > 0 ? _tempDir(rest, top()) : null;
    for (const w of filters) ops.push(...(w.dynamic ? [op("unknown", "git filter-branch")] : analyzeAt(w.value, inv.ctx, temp)));
  }
  return ops;
}

/**
 * `submodule foreach [--quiet] [--recursive] [--] CMD [ARG…]`: the options stop at the first word
 * that is not one; every word after it, dashes and all, belongs to the command (`rm -rf ~`). One
 * word is shell text; more are run as `sh -c 'CMD "$@"'` with the rest as arguments. The command
 * runs in each submodule: relative paths there are unknowable from here.
 */
function _foreach(words: Word[], inv: Invocation): Op[] {
  let k = 0;
  while (k < words.length && !words[k]!.dynamic && words[k]!.value.startsWith("-")) {
    k++;
    if (words[k - 1]!.value === "--") break;
  }
  const body = words.slice(k);
  if (body.length === 0) return [];
  if (body.some((w) => w.dynamic)) return [op("unknown", "git submodule")];
  return analyzeAt(shellWithArgs(body[0]!.value, body.slice(1)), inv.ctx, null);
}

/**
 * `git merge-index [-o] [-q] PROGRAM (-a | [--] FILE…)` runs PROGRAM (no shell) for each unmerged
 * file with the blobs' names, the path and the modes (session 11: `git merge-index ./x.sh -a` ran
 * a script unread): judged as PROGRAM run with words the guard cannot know, from the top of the
 * work tree, as aria2c's hooks are.
 */
function _mergeProgram(rest: Word[], inv: Invocation, top: () => string | null): Op[] {
  let k = 0;
  while (k < rest.length && !rest[k]!.dynamic && (rest[k]!.value === "-o" || rest[k]!.value === "-q")) k++;
  const program = rest[k];
  if (!program) return [];
  if (program.dynamic) return [op("unknown", "git merge-index")];
  return _runAt(inv.ctx, top, (ctx) => analyzeArgv(program, [unknownWord(), unknownWord(), unknownWord()], ctx));
}

/** filter-branch's temporary checkout, where its filters run: `-d DIR` or `.git-rewrite`, then `t`. */
function _tempDir(rest: Word[], top: string | null): string | null {
  const at = rest.findIndex((w) => w.value === "-d");
  const dir = at >= 0 ? rest[at + 1] : undefined;
  if (dir?.dynamic) return null;
  const base = dir?.value ?? ".git-rewrite";
  if (isAbsolute(base)) return normalize(join(base, "t"));
  return top === null ? null : normalize(join(top, base, "t"));
}

/** `sh -c 'TEXT "$@"' TEXT ARG…`: the text with the arguments quoted after it. */
export function shellWithArgs(text: string, args: Word[]): string {
  return [text, ...args.map((w) => shellQuote(w.value))].join(" ");
}

/** The top of the work tree git runs commands in (aliases, exec lines, pagers): null when unknown. */
export function gitTop(dir: string | null): string | null {
  return dir === null ? null : findWorkspace(dir);
}

/**
 * Shell text git runs in the directory `cwd`. With an unknown directory, paths relative to it are
 * unknown targets; absolute ones (`rm -rf ~`) stay what they are.
 */
export function analyzeAt(text: string, ctx: AnalyzeContext, cwd: string | null): Op[] {
  return _runAt(ctx, () => cwd, (at) => analyzeText(text, "posix", at));
}

/**
 * `run` judged in the directory `at()` (analyzeAt's and merge-index's common part), bounded in
 * depth: the bound first, so a line too deep asks no file system for the directory.
 */
function _runAt(ctx: AnalyzeContext, at: () => string | null, run: (at: AnalyzeContext) => Op[]): Op[] {
  if (ctx.depth >= MAX_ANALYSIS_DEPTH) return [op("unknown", "git")];
  const cwd = at();
  const ops = run(cwd === ctx.state.cwd ? ctx : { ...ctx, state: { ...ctx.state, cwd } });
  if (cwd !== null) return ops;
  return ops.map((o) => ({ ...o, targets: o.targets.map((t) => (isAbsolute(t.value) ? t : unknownWord())) }));
}

/** A hooks folder inside the work tree (relative, not leaving it) of a clone from another host. */
export function fetchedHooks(path: string | null | undefined, inv: Invocation): boolean {
  return typeof path === "string" && inWorkTree(path) && fetchedFolders("git", inv.args).length > 0;
}
