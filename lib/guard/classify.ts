import { realpathSync } from "node:fs";
import { randomHex } from "../core/random-hex.ts";
import { normalizeDialect } from "./dialect.ts";
import { decisionOf, type ReasonCode } from "./reasons.ts";
import { rank, type Decision } from "./decision.ts";
import { BudgetExceeded, DEFAULT_BUDGET_MS, restoreBudget, spend, startBudget } from "./budget.ts";
import { analyzeScript } from "./effects/analyze.ts";
import { leadsWithForcedRm } from "./leading-rm.ts";
import { closeGitFacts, openGitFacts } from "./git-preflight.ts";
import { type AnalyzeContext, type Dialect, newLineState } from "./effects/context.ts";
import type { OpKind } from "./ops.ts";
import { closeWorkspaces, findWorkspace, noteRealFolder, noteWorkspace, openWorkspaces, type PathContext } from "./paths.ts";
import { type ControlFiles, controlFiles } from "./control-files.ts";
import { startGlobOptions } from "./posix/glob-options.ts";
import { win32Names } from "./win32-names.ts";
import { judge, type OpVerdict } from "./policy.ts";
import { oneRefsSnapshot } from "./policy-history.ts";
import { parseDialect } from "./parse-dialect.ts";
import { meetsLandedPaths } from "./policy-lineflow.ts";
import type { CompensationPlan } from "./recovery/plan.ts";
import { ParseError } from "./syntax.ts";
import { noteEnvironmentOptions } from "./posix/lastpipe.ts";

/** The largest command the guard reads (1 MiB); a longer one is BLOCK_UNDETERMINABLE_EFFECT. */
export const MAX_COMMAND_BYTES = 1 << 20;

export interface CheckConfig {
  /** Extra protected paths (absolute, or relative to the workspace). */
  protectedPaths: string[];
  /** Reason codes the user allows; never a protected-path or dialect BLOCK. */
  allow: ReasonCode[];
}

export interface CheckRequest {
  command: string;
  /** The dialect selector as given (flag, hook tool or AGENT_GUARD_DIALECT); undefined = posix. */
  dialect?: string;
  cwd: string;
  env?: Record<string, string | undefined>;
  config?: CheckConfig;
  /** The workspace of `cwd` when the caller has already found it (run-check.ts does, for the configuration). */
  workspace?: string;
  /** Work budget in milliseconds (lib/guard/budget.ts); past it the verdict is BLOCK_UNDETERMINABLE_EFFECT. */
  budgetMs?: number;
}

export interface OpSummary {
  index: number;
  kind: OpKind;
  verb: string;
  decision: Decision;
  reason: ReasonCode;
  target_count: number;
}

export interface CheckResult {
  checkId: string;
  decision: Decision;
  reason: ReasonCode;
  reasons: ReasonCode[];
  dialect: Dialect | null;
  ops: OpSummary[];
  plan?: CompensationPlan;
  /** Codes a configuration allow rule turned into ALLOW. */
  allowedByConfig: ReasonCode[];
}

/** Never overridden by an allow rule. */
const UNALLOWABLE = new Set<ReasonCode>(["BLOCK_PROTECTED_PATH", "BLOCK_PROTECTED_ANCESTOR", "BLOCK_DIALECT_UNKNOWN", "BLOCK_DIALECT_INVALID", "COMPENSATION_FAILED"]);

/** Classifies one command line under the Decision Protocol (seed 001). */
export function classify(req: CheckRequest): CheckResult {
  const checkId = newCheckId();
  const env = req.env ?? process.env;
  const selected = normalizeDialect(req.dialect);
  if ("reason" in selected) return _single(checkId, selected.reason, null);
  const dialect = selected.dialect;
  const input = _inputProblem(req.command);
  if (input) return _single(checkId, input, dialect);
  const previous = startBudget(req.budgetMs ?? DEFAULT_BUDGET_MS);
  // Git facts a check reads more than once (a repository's filter drivers) and the workspaces
  // found (paths.ts findWorkspace) are kept until it ends.
  const outerFacts = openGitFacts();
  const outerWorkspaces = openWorkspaces();
  try {
    return _classifyLine(checkId, dialect, req, env);
  } catch (err) {
    if (err instanceof BudgetExceeded) return _single(checkId, "BLOCK_UNDETERMINABLE_EFFECT", dialect);
    throw err;
  } finally {
    closeGitFacts(outerFacts);
    closeWorkspaces(outerWorkspaces);
    restoreBudget(previous);
  }
}

function _classifyLine(checkId: string, dialect: Dialect, req: CheckRequest, env: Record<string, string | undefined>): CheckResult {
  const cwd = _stable(req.cwd);
  // The caller's workspace of the working directory (run-check.ts) answers the analysis's lookups too.
  if (req.workspace !== undefined) noteWorkspace(cwd, req.workspace);
  const home = _stable(env.HOME || "/nonexistent-home");
  const tmp = env.TMPDIR || _tmpdir();
  // Maps filled by set(): a Map built from an array of entries costs twice as much in JSC.
  const vars = new Map<string, string | null>();
  vars.set("HOME", home);
  vars.set("PWD", cwd);
  // Unset, bash expands $TMPDIR to "": the OS default is no guess for it (red team C7).
  vars.set("TMPDIR", env.TMPDIR ?? null);
  noteEnvironmentOptions(vars, env.BASHOPTS);
  startGlobOptions(env, dialect);
  win32Names.value = dialect !== "posix";
  // The working directory is already a real path: files in it need no realpath call.
  const realDirs = new Map<string, string>().set(cwd, cwd);
  const ctx: AnalyzeContext = { home, parse: parseDialect, depth: 0, vars, env, state: newLineState(cwd, realDirs) };
  // Unicode dashes read as option dashes: a lookalike must not hide a flag (`git reset ‐‐hard`).
  const command = /[\u2010-\u2015\u2212\uFE58\uFE63\uFF0D]/.test(req.command) ? req.command.replace(/[\u2010-\u2015\u2212\uFE58\uFE63\uFF0D]/g, "-") : req.command;
  let ops;
  let script;
  try {
    script = parseDialect(command, dialect, 0, vars);
    ops = analyzeScript(script, ctx);
  } catch (err) {
    if (err instanceof ParseError || err instanceof RangeError) return _single(checkId, "BLOCK_UNDETERMINABLE_EFFECT", dialect);
    throw err;
  }
  // Most commands have no effect the policy judges: no workspace lookup is needed for them.
  if (ops.length === 0) return _single(checkId, "ALLOW_NO_EFFECT", dialect);
  // Nor for ops judged without paths (a force push, a secret read): the workspace and the paths
  // derived from it are looked up the first time the policy asks, once per check.
  // The policy's folder memo is the analysis's (done by now): both hold the real path of an
  // existing folder, looked up during this check (paths.ts adds "" and null for the rest).
  const pc = new _CheckPaths(cwd, home, _tmpDirs(_stable(tmp)), req.workspace, req.config?.protectedPaths ?? [], env, realDirs);
  const landed = meetsLandedPaths(ops);
  const verdicts: OpVerdict[] = [];
  for (let i = 0; i < ops.length; i++) {
    spend();
    const verdict = judge(ops[i]!, pc);
    // The path an earlier part of the line fills is not what the policy saw: fail closed.
    verdicts.push(landed?.[i] && decisionOf(verdict.code) !== "BLOCK" ? { code: "BLOCK_UNDETERMINABLE_EFFECT" } : verdict);
  }
  const deletedFirst = dialect === "posix" && ops[0]!.verb === "rm" && leadsWithForcedRm(script.commands) ? verdicts[0]!.relocate : undefined;
  return _combine(checkId, dialect, ops, verdicts, pc, req.config?.allow ?? [], deletedFirst);
}

/**
 * The path context a check classifies its targets in, for a caller that judges paths itself
 * (hooks/file-tool.ts): the same HOME, temporary folders and control files as a shell check.
 */
export function checkPaths(cwd: string, workspace: string, configured: string[], env: Record<string, string | undefined>): PathContext {
  return new _CheckPaths(_stable(cwd), _stable(env.HOME || "/nonexistent-home"), _tmpDirs(_stable(env.TMPDIR || _tmpdir())), workspace, configured, env);
}

/** The path context of one check: the workspace and configured paths are found on first use. */
class _CheckPaths implements PathContext {
  readonly realDirs: Map<string, string | null>;
  private _workspace: string | undefined;
  private _protected: string[] | undefined;
  private _controls: ControlFiles | undefined;

  constructor(
    private readonly cwd: string,
    readonly home: string,
    readonly tmpDirs: string[],
    workspace: string | undefined,
    private readonly configured: string[],
    private readonly env: Record<string, string | undefined>,
    realDirs?: Map<string, string | null>,
  ) {
    this._workspace = workspace;
    this.realDirs = realDirs ?? new Map<string, string | null>().set(cwd, cwd);
  }

  get workspace(): string {
    return (this._workspace ??= findWorkspace(this.cwd));
  }

  get protectedPaths(): string[] {
    return (this._protected ??= this.configured.map((p) => (p.startsWith("/") ? p : `${this.workspace}/${p}`)));
  }

  get controlFiles(): ControlFiles {
    return (this._controls ??= controlFiles(this.workspace, this.home, this.env));
  }
}

const _tmpDirsCache = new Map<string, string[]>();
function _tmpDirs(tmp: string): string[] {
  let dirs = _tmpDirsCache.get(tmp);
  if (!dirs) _tmpDirsCache.set(tmp, (dirs = [...new Set(["/tmp", "/var/tmp", "/private/tmp", tmp])].filter((t) => t !== "/")));
  return dirs;
}

// os.tmpdir() for an environment without TMPDIR; node:os loads only then (config-paths.ts osHomedir).
let _osTmp: string | undefined;
function _tmpdir(): string {
  return (_osTmp ??= process.getBuiltinModule("node:os").tmpdir());
}

function _combine(
  checkId: string,
  dialect: Dialect,
  ops: ReadonlyArray<{ kind: OpKind; verb: string; targets: unknown[] }>,
  verdicts: OpVerdict[],
  pc: PathContext,
  allow: ReasonCode[],
  /** The paths the line's first command, a forced `rm`, deletes (leading-rm.ts). */
  deletedFirst?: string[],
): CheckResult {
  const allowedByConfig: ReasonCode[] = [];
  // Without allow rules (most checks) the verdicts are the effective ones, in place.
  const effective: OpVerdict[] = allow.length > 0 ? [] : verdicts;
  // The paths to relocate and the repositories to snapshot, each once, in order (most lines have none).
  let relocating: Set<string> | undefined;
  // Of those, the ones some op overwrites and the ones some op deletes: a file only overwritten is
  // copied and stays in place, so the line can still read or test it first (plan.ts).
  let overwritten: Set<string> | undefined;
  let deleted: Set<string> | undefined;
  const snapshots: string[] = [];
  // Whether some verdict keeps refs (a stash drop, a branch delete): rare, so the refs pass is skipped.
  let keepsRefs = false;
  for (let v of verdicts) {
    if (allow.length > 0) {
      if (allow.includes(v.code) && !UNALLOWABLE.has(v.code) && decisionOf(v.code) !== "ALLOW") {
        if (!allowedByConfig.includes(v.code)) allowedByConfig.push(v.code);
        v = { code: "ALLOW_NO_EFFECT" };
      }
      effective.push(v);
    }
    if (v.relocate?.length) {
      relocating ??= new Set();
      for (const path of v.relocate) relocating.add(path);
      if (v.overwrites) for (const path of v.relocate) (overwritten ??= new Set()).add(path);
      else for (const path of v.relocate) (deleted ??= new Set()).add(path);
    }
    if (v.snapshot && !snapshots.includes(v.snapshot.repo)) snapshots.push(v.snapshot.repo);
    if (v.refs) keepsRefs = true;
  }
  const relocate = relocating ? [...relocating] : [];
  // One compensation per command: a relocation and a snapshot (or two repositories) together
  // cannot be covered by one plan.
  if ((relocate.length > 0 && snapshots.length > 0) || snapshots.length > 1) effective.push({ code: "BLOCK_UNDETERMINABLE_EFFECT" });
  const refs = keepsRefs ? oneRefsSnapshot(effective, relocate.length + snapshots.length > 0) : undefined;
  // Each code once, in the order first met, then the most severe first (sort is stable).
  const reasons: ReasonCode[] = [];
  for (const v of effective) if (!reasons.includes(v.code)) reasons.push(v.code);
  if (reasons.length > 1) reasons.sort((a, b) => rank(decisionOf(b)) - rank(decisionOf(a)));
  const reason = reasons[0] ?? "ALLOW_NO_EFFECT";
  const decision = decisionOf(reason);
  const summaries: OpSummary[] = [];
  for (let index = 0; index < ops.length && index < 64; index++) {
    const o = ops[index]!;
    const code = effective[index]!.code;
    summaries.push({ index, kind: o.kind, verb: o.verb.slice(0, 48), decision: decisionOf(code), reason: code, target_count: o.targets.length });
  }
  const result: CheckResult = { checkId, decision, reason, reasons: reasons.length ? reasons : [reason], dialect, ops: summaries, allowedByConfig };
  if (decision === "RELOCATE") result.plan = _relocation(pc.workspace, relocate, overwritten, deleted, deletedFirst, checkId);
  else if (decision === "SNAPSHOT" && refs) result.plan = { kind: "refs", workspace: pc.workspace, repo: refs.repo, refs: refs.refs, checkId };
  else if (decision === "SNAPSHOT") result.plan = { kind: "snapshot", workspace: pc.workspace, repo: snapshots[0]!, includeUntracked: false, checkId };
  return result;
}

/**
 * A relocation plan of the outermost of `paths`; `kept` names the targets only overwritten, never
 * deleted, `deletedFirst` those the line's first command deletes (nothing in the line reads them
 * before), and `holding` those deleted that hold a path the line overwrites, or are overwritten
 * themselves (`: > data/app.db && rm -rf data`, `find data -exec truncate -s0 {} + && rm -rf data`): such a folder is moved, never kept in place by a link tree whose files the write would
 * change under the quarantine's names too (recovery/link-tree.ts).
 */
function _relocation(
  workspace: string,
  paths: string[],
  overwritten: Set<string> | undefined,
  deleted: Set<string> | undefined,
  deletedFirst: string[] | undefined,
  checkId: string,
): CompensationPlan {
  const targets = _outermost(paths);
  const kept = overwritten ? targets.filter((t) => overwritten.has(t) && !deleted?.has(t)) : [];
  const first = deletedFirst ? targets.filter((t) => deletedFirst.includes(t)) : [];
  const holding = overwritten ? targets.filter((t) => deleted?.has(t) && paths.some((p) => overwritten.has(p) && (p === t || p.startsWith(`${t}/`)))) : [];
  return { kind: "relocate", workspace, targets, ...(kept.length > 0 ? { kept } : {}), ...(first.length > 0 ? { deletedFirst: first } : {}), ...(holding.length > 0 ? { holding } : {}), checkId };
}

/** Drops targets inside other targets: moving the parent moves them too. */
function _outermost(paths: string[]): string[] {
  if (paths.length < 2) return paths;
  return paths.filter((p) => !paths.some((q) => q !== p && p.startsWith(`${q}/`)));
}

function _single(checkId: string, reason: ReasonCode, dialect: Dialect | null): CheckResult {
  return { checkId, decision: decisionOf(reason), reason, reasons: [reason], dialect, ops: [], allowedByConfig: [] };
}

/** NUL bytes, undecodable bytes (U+FFFD) and oversize input cannot be analysed faithfully. */
function _inputProblem(command: string): ReasonCode | null {
  // A UTF-16 unit is at most three UTF-8 bytes: a shorter command needs no byte count.
  if (command.length > MAX_COMMAND_BYTES || (command.length * 3 > MAX_COMMAND_BYTES && Buffer.byteLength(command) > MAX_COMMAND_BYTES)) return "BLOCK_UNDETERMINABLE_EFFECT";
  if (command.includes("\0") || command.includes("\uFFFD")) return "BLOCK_UNDETERMINABLE_EFFECT";
  return null;
}

function _real(path: string): string {
  try {
    const real = realpathSync(path);
    noteRealFolder(real);
    return real;
  } catch {
    return path;
  }
}

// HOME, the temporary directory and the working directory are resolved once per process: a hook
// process checks one command, and a long-lived caller keeps its directories in place.
const _stableCache = new Map<string, string>();
function _stable(path: string): string {
  let real = _stableCache.get(path);
  if (real === undefined) _stableCache.set(path, (real = _real(path)));
  return real;
}

/** A fresh correlation id for one check (never derived from the command). */
export function newCheckId(): string {
  return `chk_${randomHex(8)}`;
}
