import { existsSync } from "node:fs";
import { isAbsolute, join, normalize } from "node:path";
import { op, type Op, type OpKind } from "../ops.ts";
import { findWorkspace } from "../paths.ts";
import { literalWord, unknownWord, type Word } from "../syntax.ts";
import { analyzeArgv, analyzeText } from "./analyze.ts";
import type { Handler, Invocation } from "./context.ts";
import { gitConfigSet, gitRunsCommand } from "./git-config.ts";
import { gitSubcommand, stashSweep } from "./git-subcommands.ts";
import { mayBeRewritten } from "./unseen-writes.ts";

const GLOBAL_VALUED = new Set(["-C", "-c", "--git-dir", "--work-tree", "--namespace", "--exec-path", "--config-env", "--super-prefix"]);
// Subcommands whose arguments can make them destructive: an unknown argument is not ignorable.
const MODELLED = new Set(["reset", "checkout", "restore", "switch", "clean", "push", "stash", "branch", "reflog", "gc", "prune", "update-ref", "rm", "worktree", "read-tree", "checkout-index"]);
// Environment that points git at another repository, work tree or index: the dry runs and
// snapshots the policy makes in the cwd would describe the wrong tree.
const REDIRECTING_ENV = /^GIT_(DIR|WORK_TREE|INDEX_FILE|COMMON_DIR|OBJECT_DIRECTORY|NAMESPACE|CONFIG(_\w+)?|CEILING_DIRECTORIES|DISCOVERY_ACROSS_FILESYSTEM)$/;

/**
 * git: global options (`-C`, `-c alias.x=…`, `--git-dir`) then the subcommand. The destructive
 * subcommands become ops the policy understands; the rest have no effect here.
 */
export const git: Handler = (inv) => {
  const { args, ctx } = inv;
  let dir: string | null = _redirected(inv) ? null : ctx.state.cwd;
  // Configuration set earlier in the line (`git config alias.x …; git x`), then `-c` on top.
  const config = new Map<string, string | null>(ctx.state.gitConfig ?? []);
  const ops: Op[] = [];
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
      if (flag === "-c" || flag === "--config-env") ops.push(op("unknown", "git"));
      continue;
    }
    const value = valueWord.value;
    if (flag === "-C") dir = isAbsolute(value) ? normalize(value) : dir === null ? null : normalize(join(dir, value));
    if (flag === "--git-dir" || flag === "--work-tree") dir = null;
    const kv = /^([^=]+)=(.*)$/s.exec(value);
    if (kv && (flag === "-c" || flag === "--config-env")) {
      const key = kv[1]!.toLowerCase();
      // --config-env takes the value from an environment variable the guard cannot read.
      config.set(key, flag === "-c" ? kv[2]! : null);
      if (key === "core.worktree" || key === "core.bare") dir = null;
      ops.push(...gitRunsCommand(key, flag === "-c" ? kv[2]! : null, ctx));
    }
  }
  const subWord = args[i];
  if (subWord?.dynamic) return [...ops, op("unknown", "git")];
  const sub = subWord?.value ?? "";
  const rest = args.slice(i + 1);
  const aliasKey = `alias.${sub.toLowerCase()}`;
  if (config.has(aliasKey)) {
    const alias = config.get(aliasKey);
    return [...ops, ...(alias == null ? [op("unknown", "git")] : _alias(alias, rest, inv))];
  }
  if (MODELLED.has(sub) && rest.some((w) => w.dynamic && !w.quoted)) return [...ops, op("unknown", `git ${sub}`)];
  const values = rest.map((w) => w.value);
  if (sub === "config") return [...ops, ...gitConfigSet(values, rest, ctx)];
  const runs = _runsCommand(sub, rest, inv);
  if (runs) return [...ops, ...runs];
  if (sub === "clean" && /^(false|no|off|0)$/i.test(config.get("clean.requireforce") ?? "") && !values.some((v) => /^-[a-z]*[fn]/.test(v))) values.unshift("-f");
  // `-c gc.pruneExpire=now gc` prunes unreachable objects at once, like `gc --prune=now`; the
  // reflog expiry keys drop reflog entries the same way.
  if (sub === "gc" && [...config.keys()].some((k) => /^gc\.(.*\.)?(pruneexpire|reflogexpire|reflogexpireunreachable|worktreepruneexpire)$/.test(k))) return [...ops, op("git-history", "git gc")];
  if (sub === "push") {
    const pushed = _configuredPush(config, values);
    if (pushed) return [...ops, op(pushed, "git push")];
  }
  // Checking out writes tracked entries, symlinks among them, anywhere in the work tree.
  if ((sub === "checkout" || sub === "switch") && dir !== null && values.some((v) => !v.startsWith("-"))) {
    ops.push({ ...op("write-into", `git ${sub}`, [literalWord(findWorkspace(dir))]), lands: "spread" });
  }
  // git mv renames like mv: a later part of the line meets the data under its new name.
  const renamed = sub === "mv" ? rest.filter((w) => !w.value.startsWith("-")).at(-1) : undefined;
  if (renamed) ops.push({ ...op("write-into", "git mv", [dir === null ? unknownWord() : renamed]), lands: "moved" });
  const kind: OpKind | null = gitSubcommand(sub, values, (p) => dir !== null && existsSync(join(dir, p)));
  if (!kind) return ops;
  const o = op(kind, `git ${sub}`);
  o.git = { args: values, dir, ref: _ref(sub, kind, values) };
  if (kind === "git-history" && (rest.some((w) => w.dynamic) || mayBeRewritten(ctx, inv.cmd))) o.git.refsUnknown = true;
  if (sub === "stash" && kind === "git-clean") o.git = { args: [...stashSweep(values)!, ..._pathspecs(values)], dir, stash: true };
  return [...ops, o];
};

/** The commit a reset moves to, or the branch a forced checkout or switch writes into the tree. */
function _ref(sub: string, kind: OpKind, values: string[]): string | undefined {
  const operand = values.find((v) => !v.startsWith("-"));
  if (kind === "git-reset-hard") return operand;
  const forced = values.some((v) => /^-[a-zA-Z]*f[a-zA-Z]*$/.test(v) || v === "--force" || v === "--discard-changes");
  if (kind === "git-discard" && (sub === "checkout" || sub === "switch") && forced && !values.includes("--")) return operand;
  return undefined;
}

/** A prefix assignment, `env NAME=…`, or an earlier assignment/export pointing git elsewhere. */
function _redirected(inv: Invocation): boolean {
  if (inv.cmd?.assigns.some((a) => REDIRECTING_ENV.test(a.name))) return true;
  if (inv.cmd?.argv.some((w) => w.dynamic || (w.value.startsWith("GIT_") && REDIRECTING_ENV.test(w.value.split("=")[0]!)))) return true;
  for (const name of inv.ctx.vars.keys()) if (name.startsWith("GIT_") && REDIRECTING_ENV.test(name)) return true;
  return false;
}

/**
 * A push whose configuration forces it: `remote.<r>.mirror` or a `+` refspec in
 * `remote.<r>.push` (set with -c or earlier in the line), or a remote ref deletion.
 */
function _configuredPush(config: Map<string, string | null>, values: string[]): OpKind | null {
  if (values.some((v) => v === "-n" || v === "--dry-run")) return null;
  for (const [key, value] of config) {
    if (/^remote\..+\.mirror$/.test(key) && (value === null || !/^(false|no|off|0)$/i.test(value))) return "git-force-push";
    if (/^remote\..+\.push$/.test(key) && (value === null || value.startsWith("+"))) return "git-force-push";
  }
  const operands = values.filter((v) => !v.startsWith("-"));
  if (values.some((v) => v === "-d" || v === "--delete" || v === "--prune") || operands.slice(1).some((v) => v.startsWith(":"))) return "git-history";
  return null;
}

/** Subcommands that run a command they are given: `rebase --exec`, `submodule foreach`, `bisect run`. */
function _runsCommand(sub: string, rest: Word[], inv: Invocation): Op[] | null {
  const texts: Word[] = [];
  if (sub === "rebase") {
    rest.forEach((w, k) => {
      if (w.value === "-x" || w.value === "--exec") texts.push(rest[k + 1] ?? w);
      else if (w.value.startsWith("--exec=")) texts.push({ ...w, value: w.value.slice(7) });
      else if (/^-[a-zA-Z]*x./.test(w.value)) texts.push({ ...w, value: w.value.slice(w.value.indexOf("x") + 1) });
    });
  } else if (sub === "submodule" && rest.some((w) => w.value === "foreach")) {
    const body = rest.slice(rest.findIndex((w) => w.value === "foreach") + 1).filter((w) => !w.value.startsWith("-"));
    // The command runs in each submodule: relative paths there are unknowable from here.
    if (body.some((w) => w.dynamic)) return [op("unknown", "git submodule")];
    const ops = analyzeText(body.map((w) => w.value).join(" "), "posix", { ...inv.ctx, state: { ...inv.ctx.state, cwd: null } });
    return ops.map((o) => ({ ...o, targets: o.targets.map((t) => (isAbsolute(t.value) ? t : unknownWord())) }));
  } else if (sub === "bisect" && rest[0]?.value === "run") {
    const [head, ...more] = rest.slice(1);
    return head ? analyzeArgv(head, more, inv.ctx) : [];
  }
  if (texts.length === 0) return null;
  return texts.flatMap((t) => (t.dynamic ? [op("unknown", "git rebase")] : analyzeText(t.value, "posix", inv.ctx)));
}

/** `git -c alias.x='!cmd' x` runs a shell command; `alias.x='reset --hard'` a git command. */
function _alias(alias: string, rest: Word[], inv: Invocation): Op[] {
  // An alias naming itself (or a cycle) would expand without end.
  if (inv.ctx.depth >= 8) return [op("unknown", "git")];
  const ctx = { ...inv.ctx, depth: inv.ctx.depth + 1 };
  inv = { ...inv, ctx };
  if (alias.startsWith("!")) return analyzeText(`${alias.slice(1)} ${rest.map((w) => `'${w.value.replace(/'/g, "'\\''")}'`).join(" ")}`, "posix", inv.ctx);
  const words = alias.split(/\s+/).filter(Boolean).map((value) => ({ value, dynamic: false, glob: false, pattern: value, quoted: false }));
  return analyzeArgv({ value: "git", dynamic: false, glob: false, pattern: "git", quoted: false }, [...words, ...rest], inv.ctx, inv.cmd);
}

/** The pathspecs after `--` (a stash push limited to some paths sweeps only those). */
function _pathspecs(args: string[]): string[] {
  const at = args.indexOf("--");
  return at < 0 ? [] : args.slice(at);
}
