import type { OpKind } from "../ops.ts";
import type { Word } from "../syntax.ts";
import { longPrefix } from "./git-options.ts";
import { forcePush, leaseIntoOwnBranch, plumbingPush } from "./git-push.ts";
import { addsMirror, forcedFetch } from "./git-refspecs.ts";
import { hasFlag } from "./names.ts";

const DRY_RUN = ["--dry-run"];
/** `-n` or `--dry-run`, asked only by the subcommands that have one (checkout's `-n` is none). */
const _dryRun = (opts: string[]) => hasFlag(opts, "n", DRY_RUN);

/** One of `opts` is `--NAME` or a prefix of it of at least `min` letters, with or without `=value`. */
function _long(opts: string[], name: string, min = 3): boolean {
  return opts.some((o) => {
    const eq = o.indexOf("=");
    return longPrefix(eq < 0 ? o : o.slice(0, eq), name, min);
  });
}

/**
 * The effect class of one git subcommand with its arguments, or null when it destroys nothing
 * uncommitted. `exists` tells whether a relative path exists (`git checkout file` discards it).
 */
export function gitSubcommand(sub: string, args: string[], exists: (path: string) => boolean): OpKind | null {
  // The options and operands before `--`, in one pass.
  const opts: string[] = [];
  const operands: string[] = [];
  let dashdash = -1;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--") {
      dashdash = i;
      break;
    }
    if (a.startsWith("-")) opts.push(a);
    else operands.push(a);
  }
  switch (sub) {
    case "reset":
      if (_long(opts, "hard", 1)) return "git-reset-hard";
      return _long(opts, "merge") ? "git-discard" : null;
    case "checkout": {
      if (opts.some((o) => o.startsWith("--pathspec-from-file"))) return "git-discard";
      // In a cluster `-b`/`-B` take the rest as the branch name (`-bfix` forces nothing).
      if (hasFlag(opts.filter((o) => !o.startsWith("--")).map((o) => o.replace(/[bB].*$/s, "")), "f") || _long(opts, "force") || dashdash >= 0 || operands.includes(".")) return "git-discard";
      const creates = opts.some((o) => /^-[a-zA-Z]*[bB]$|^--orphan/.test(o));
      if (operands.length >= (creates ? 3 : 2)) return "git-discard";
      // `-B NAME START` resets an existing branch to START, like `switch -C` (and `branch -f`).
      if (opts.some((o) => /^-[^-bB]*B/.test(o))) return "git-history";
      return !creates && operands.length === 1 && exists(operands[0]!) ? "git-discard" : null;
    }
    case "restore":
      if (opts.some((o) => o === "--staged" || o === "-S") && !opts.some((o) => o === "--worktree" || o === "-W")) return null;
      return "git-discard";
    case "apply":
      // A reversed patch takes changes out of the work tree: `git diff | git apply -R` discards
      // every uncommitted edit as `git checkout .` does (red team 9). Only the index (--cached),
      // or no file at all (--check, --stat, --numstat, --summary), is left alone.
      if (!hasFlag(opts.filter((o) => !/^-[pCb]/.test(o)), "R", ["--reverse"])) return null;
      return opts.some((o) => /^--(cached|check|stat|numstat|summary)$/.test(o)) ? null : "git-discard";
    case "switch":
      // In a cluster `-c`/`-C` take the rest as the branch name (`-Cfixup` forces nothing).
      if (hasFlag(opts.filter((o) => !o.startsWith("--")).map((o) => o.replace(/[cC].*$/s, "")), "f") || _long(opts, "force") || _long(opts, "discard-changes")) return "git-discard";
      return opts.some((o) => /^-[^-cC]*C/.test(o) || _long([o], "force-create")) ? "git-history" : null;
    case "clean":
      if (_dryRun(opts)) return "noop";
      return hasFlag(opts, "f", ["--force"]) ? "git-clean" : "noop";
    case "push":
      if (_dryRun(opts)) return "noop";
      if (forcePush(args)) return "git-force-push";
      return leaseIntoOwnBranch(args) ? "git-history" : null;
    case "send-pack":
    case "http-push":
      return plumbingPush(sub, args);
    case "stash":
      if (operands[0] === "drop" || operands[0] === "clear") return "git-history";
      // push/save with -u or -a: untracked (and ignored) files leave the worktree for the stash.
      if ((operands.length === 0 || operands[0] === "push" || operands[0] === "save") && stashSweep(opts) !== null) return "git-clean";
      return null;
    case "branch":
      return opts.some((o) => /^-[a-zA-Z]*[DMCf]/.test(o) || _long([o], "force") || (_long([o], "delete") && _long(opts, "force"))) ? "git-history" : null;
    case "tag":
      // A tag has no reflog: a deleted or moved one leaves no record of the commit it named, as
      // `update-ref -d refs/tags/T` (s14 red team). In a cluster `-u`, `-m`, `-F` and `-n` take
      // the rest as their value (`-udeadbeef` deletes nothing).
      return hasFlag(opts.filter((o) => !o.startsWith("--")).map((o) => o.replace(/[umFn].*$/s, "")), "df") || _long(opts, "delete") || _long(opts, "force") ? "git-history" : null;
    case "reflog":
      if (_dryRun(opts)) return "noop";
      return operands[0] === "expire" || operands[0] === "delete" ? "git-history" : null;
    case "gc":
      return _long(opts, "prune", 1) ? "git-history" : null;
    case "prune":
      return _dryRun(opts) ? "noop" : "git-history";
    case "fetch":
    case "pull":
      // A forced refspec into a local branch moves it like `branch -f` (git-refspecs.ts).
      return forcedFetch(sub, args) ? "git-history" : null;
    case "remote":
      return addsMirror(args) ? "git-history" : null;
    case "update-ref":
      // -d, a batch from stdin, or moving a ref to another commit: the old commits lose their name.
      return opts.includes("-d") || opts.includes("--stdin") || operands.length >= 2 ? "git-history" : null;
    case "read-tree":
      return opts.includes("-u") && opts.some((o) => o === "--reset" || o === "-m") ? "git-discard" : null;
    case "checkout-index":
      return hasFlag(opts.filter((o) => !o.startsWith("--")), "f") || opts.includes("--force") ? "git-discard" : null;
    case "filter-branch":
    case "filter-repo":
      return _dryRun(opts) ? "noop" : "git-history";
    case "worktree":
      return operands[0] === "remove" && (hasFlag(opts, "f") || _long(opts, "force")) ? "git-history" : null;
    case "rm":
      return (hasFlag(opts.filter((o) => !o.startsWith("--")), "f") || _long(opts, "force")) && !opts.includes("--cached") ? "git-discard" : null;
    default:
      return null;
  }
}

/**
 * What `git stash push` sweeps out of the worktree besides tracked changes, as `git clean` flags
 * (its dry run lists the paths): `-u` untracked files, `-a` untracked and ignored ones.
 */
export function stashSweep(opts: string[]): string[] | null {
  const short = opts.filter((o) => /^-[a-zA-Z]+$/.test(o)).join("");
  if (short.includes("a") || _long(opts, "all")) return ["-d", "-x"];
  if (short.includes("u") || _long(opts, "include-untracked")) return ["-d"];
  return null;
}
