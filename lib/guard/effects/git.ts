import { existsSync } from "node:fs";
import { isAbsolute, join, normalize } from "node:path";
import { op, type Op, type OpKind } from "../ops.ts";
import type { Word } from "../syntax.ts";
import { analyzeText } from "./analyze.ts";
import type { Handler } from "./context.ts";
import { hasFlag } from "./names.ts";

const GLOBAL_VALUED = new Set(["-C", "-c", "--git-dir", "--work-tree", "--namespace", "--exec-path", "--config-env", "--super-prefix"]);

/**
 * git: global options (`-C`, `-c alias.x=!cmd`, `--git-dir`) then the subcommand. The
 * destructive subcommands become ops the policy understands; the rest have no effect here.
 */
export const git: Handler = (inv) => {
  const { args, ctx } = inv;
  let dir: string | null = ctx.state.cwd;
  const aliases = new Map<string, Word>();
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i]!;
    if (a.dynamic) return [op("unknown", "git")];
    if (!a.value.startsWith("-")) break;
    const [flag, inline] = a.value.includes("=") && a.value.startsWith("--") ? a.value.split(/=(.*)/s) : [a.value, undefined];
    if (!GLOBAL_VALUED.has(flag!)) continue;
    const value = inline ?? args[++i]?.value;
    if (value === undefined || args[i]?.dynamic) return [op("unknown", "git")];
    if (flag === "-C") dir = dir === null && !isAbsolute(value) ? null : normalize(isAbsolute(value) ? value : join(dir!, value));
    if (flag === "--git-dir" || flag === "--work-tree") dir = null;
    const alias = /^alias\.([^=]+)=(.*)$/s.exec(value);
    if (flag === "-c" && alias) aliases.set(alias[1]!, { ...a, value: alias[2]! });
  }
  const sub = args[i]?.value ?? "";
  const rest = args.slice(i + 1);
  const alias = aliases.get(sub);
  if (alias) return alias.value.startsWith("!") ? analyzeText(alias.value.slice(1), "posix", ctx) : [];
  const kind = _subcommand(sub, rest.map((w) => w.value), dir);
  if (!kind) return [];
  const o = op(kind, `git ${sub}`);
  o.git = { args: rest.map((w) => w.value), dir, ref: kind === "git-reset-hard" ? _resetRef(rest) : undefined };
  if (kind === "git-history" || kind === "git-force-push" || kind === "noop") return [o];
  if (rest.some((w) => w.dynamic)) return [op("unknown", `git ${sub}`)];
  return [o];
};

function _subcommand(sub: string, args: string[], dir: string | null): OpKind | null {
  const dashdash = args.indexOf("--");
  const opts = (dashdash < 0 ? args : args.slice(0, dashdash)).filter((a) => a.startsWith("-"));
  const operands = (dashdash < 0 ? args : args.slice(0, dashdash)).filter((a) => !a.startsWith("-"));
  switch (sub) {
    case "reset":
      if (opts.includes("--hard")) return "git-reset-hard";
      return opts.includes("--merge") ? "git-discard" : null;
    case "checkout":
      if (hasFlag(opts, "f", ["--force"]) || dashdash >= 0 || operands.includes(".")) return "git-discard";
      if (opts.some((o) => /^-[bBt]|^--orphan|^--track|^--detach/.test(o))) return null;
      if (operands.length >= 2) return "git-discard";
      return operands.length === 1 && dir !== null && existsSync(join(dir, operands[0]!)) ? "git-discard" : null;
    case "restore":
      if (opts.some((o) => o === "--staged" || o === "-S") && !opts.some((o) => o === "--worktree" || o === "-W")) return null;
      return "git-discard";
    case "switch":
      return opts.some((o) => o === "-f" || o === "--force" || o === "--discard-changes") ? "git-discard" : opts.includes("-C") ? "git-history" : null;
    case "clean":
      if (hasFlag(opts, "n", ["--dry-run"])) return "noop";
      return hasFlag(opts, "f", ["--force"]) ? "git-clean" : hasFlag(opts, "i", ["--interactive"]) ? null : "noop";
    case "push":
      return _forcePush(args) ? "git-force-push" : null;
    case "stash":
      return operands[0] === "drop" || operands[0] === "clear" ? "git-history" : null;
    case "branch":
      return opts.some((o) => o === "-D" || o === "-M" || o === "-C" || o === "--force" || (/^-[a-zA-Z]+$/.test(o) && o.includes("f")) || (o === "--delete" && opts.includes("--force")))
        ? "git-history"
        : null;
    case "reflog":
      return operands[0] === "expire" || operands[0] === "delete" ? "git-history" : null;
    case "gc":
      return opts.some((o) => o.startsWith("--prune")) ? "git-history" : null;
    case "update-ref":
      return opts.includes("-d") ? "git-history" : null;
    case "filter-branch":
    case "filter-repo":
      return "git-history";
    case "rm":
      return hasFlag(opts, "f", ["--force"]) && !opts.includes("--cached") ? "git-discard" : null;
    default:
      return null;
  }
}

/** -f, --force, +refspec, --mirror; `--force-with-lease` alone is allowed (seed 001). */
function _forcePush(args: string[]): boolean {
  let afterDashDash = false;
  for (const a of args) {
    if (afterDashDash || !a.startsWith("-")) {
      if (a.startsWith("+")) return true;
      continue;
    }
    if (a === "--") afterDashDash = true;
    else if (a === "--force" || a === "--mirror") return true;
    else if (/^-[a-zA-Z]+$/.test(a) && a.includes("f")) return true;
  }
  return false;
}

function _resetRef(rest: Word[]): string | undefined {
  return rest.find((w) => !w.value.startsWith("-"))?.value;
}
