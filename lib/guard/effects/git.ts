import { existsSync } from "node:fs";
import { isAbsolute, join, normalize } from "node:path";
import { op, type OpKind } from "../ops.ts";
import type { Word } from "../syntax.ts";
import { analyzeArgv, analyzeText } from "./analyze.ts";
import type { Handler, Invocation } from "./context.ts";
import { gitSubcommand, stashSweep } from "./git-subcommands.ts";

const GLOBAL_VALUED = new Set(["-C", "-c", "--git-dir", "--work-tree", "--namespace", "--exec-path", "--config-env", "--super-prefix"]);
// Subcommands whose arguments can make them destructive: an unknown argument is not ignorable.
const MODELLED = new Set(["reset", "checkout", "restore", "switch", "clean", "push", "stash", "branch", "reflog", "gc", "prune", "update-ref", "rm", "worktree"]);

/**
 * git: global options (`-C`, `-c alias.x=…`, `--git-dir`) then the subcommand. The destructive
 * subcommands become ops the policy understands; the rest have no effect here.
 */
export const git: Handler = (inv) => {
  const { args, ctx } = inv;
  let dir: string | null = ctx.state.cwd;
  const config = new Map<string, string>();
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i]!;
    if (a.dynamic) {
      dir = null;
      continue;
    }
    if (!a.value.startsWith("-")) break;
    const [flag, inline] = a.value.startsWith("--") && a.value.includes("=") ? a.value.split(/=(.*)/s) : [a.value, undefined];
    if (!GLOBAL_VALUED.has(flag!)) continue;
    const valueWord = inline === undefined ? args[++i] : { ...a, value: inline };
    if (valueWord === undefined) return [];
    if (valueWord.dynamic) {
      dir = null;
      continue;
    }
    const value = valueWord.value;
    if (flag === "-C") dir = isAbsolute(value) ? normalize(value) : dir === null ? null : normalize(join(dir, value));
    if (flag === "--git-dir" || flag === "--work-tree") dir = null;
    const kv = /^([^=]+)=(.*)$/s.exec(value);
    if (flag === "-c" && kv) config.set(kv[1]!.toLowerCase(), kv[2]!);
  }
  const subWord = args[i];
  if (subWord?.dynamic) return [op("unknown", "git")];
  const sub = subWord?.value ?? "";
  const rest = args.slice(i + 1);
  const alias = config.get(`alias.${sub.toLowerCase()}`);
  if (alias !== undefined) return _alias(alias, rest, inv);
  if (MODELLED.has(sub) && rest.some((w) => w.dynamic && !w.quoted)) return [op("unknown", `git ${sub}`)];
  const values = rest.map((w) => w.value);
  if (sub === "clean" && /^(false|no|off|0)$/i.test(config.get("clean.requireforce") ?? "") && !values.some((v) => /^-[a-z]*[fn]/.test(v))) values.unshift("-f");
  // `-c gc.pruneExpire=now gc` prunes unreachable objects at once, like `gc --prune=now`.
  if (sub === "gc" && config.has("gc.pruneexpire") && !values.some((v) => /^--(no-)?prune/.test(v))) values.push(`--prune=${config.get("gc.pruneexpire")}`);
  const kind: OpKind | null = gitSubcommand(sub, values, (p) => dir !== null && existsSync(join(dir, p)));
  if (!kind) return [];
  const o = op(kind, `git ${sub}`);
  o.git = { args: values, dir, ref: kind === "git-reset-hard" ? values.find((v) => !v.startsWith("-")) : undefined };
  if (sub === "stash" && kind === "git-clean") o.git = { args: [...stashSweep(values)!, ..._pathspecs(values)], dir, stash: true };
  return [o];
};

/** `git -c alias.x='!cmd' x` runs a shell command; `alias.x='reset --hard'` a git command. */
function _alias(alias: string, rest: Word[], inv: Invocation) {
  if (alias.startsWith("!")) return analyzeText(`${alias.slice(1)} ${rest.map((w) => `'${w.value.replace(/'/g, "'\\''")}'`).join(" ")}`, "posix", inv.ctx);
  const words = alias.split(/\s+/).filter(Boolean).map((value) => ({ value, dynamic: false, glob: false, pattern: value, quoted: false }));
  return analyzeArgv({ value: "git", dynamic: false, glob: false, pattern: "git", quoted: false }, [...words, ...rest], inv.ctx, inv.cmd);
}

/** The pathspecs after `--` (a stash push limited to some paths sweeps only those). */
function _pathspecs(args: string[]): string[] {
  const at = args.indexOf("--");
  return at < 0 ? [] : args.slice(at);
}
