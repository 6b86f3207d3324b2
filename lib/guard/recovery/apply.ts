import { statSync } from "node:fs";
import { appendAudit } from "./audit.ts";
import { isCheckId } from "./check-id.ts";
import type { FilterMemo } from "../git-safe.ts";
import type { CompensationPlan, CompensationResult } from "./plan.ts";
import { namesRepositoryFilter, topLevel } from "./git-run.ts";
import { recoverWorkspace } from "./recover.ts";
import { quarantineIsSafe } from "./store-check.ts";
import type { RelocateTarget } from "./relocate.ts";
import { takeSnapshot } from "./snapshot.ts";

/** The command that undoes a transaction, for hook answers and human output. */
export function restoreCommand(txid: string): string {
  return `leogriel-check restore ${txid}`;
}

/**
 * Performs a RELOCATE or SNAPSHOT (work tree, or kept refs) compensation before the command runs.
 * The relocation's and the kept refs' modules load when their kind runs (a hook answer makes one
 * compensation, and every function a module creates as it loads costs the hook's memory). A recovery pass over the
 * workspace's crashed transactions comes first. The answer distinguishes, as seed 001 does, a
 * compensation that was attempted and failed or fell short (`COMPENSATION_FAILED`) from one that
 * could not even be attempted (`BLOCK_UNDETERMINABLE_EFFECT`). Messages carry no target spelling.
 */
export async function applyCompensation(plan: CompensationPlan): Promise<CompensationResult> {
  const checkId = isCheckId(plan.checkId) ? plan.checkId : undefined;
  if (!_isDir(plan.workspace)) return _undeterminable("the workspace is not a folder");
  if (!quarantineIsSafe(plan.workspace)) return _failed("the quarantine folder is a symlink or leaves the workspace");
  try {
    await recoverWorkspace(plan.workspace);
  } catch {
    // A transaction that cannot be recovered now stays locked and is retried on the next run.
  }
  return plan.kind === "relocate" ? _relocate(plan, checkId) : _gitTx(plan, checkId);
}

async function _relocate(plan: Extract<CompensationPlan, { kind: "relocate" }>, checkId?: string): Promise<CompensationResult> {
  if (plan.targets.length === 0) return _undeterminable("the plan names no target");
  // A module that cannot load is a compensation not attempted (typed, nothing written yet), as a
  // refs snapshot's is one that failed after its audit intent (_gitTx).
  const modules = await Promise.all([import("./boundary.ts"), import("./relocate.ts")]).catch(() => null);
  if (modules === null) return _undeterminable("the relocation cannot load");
  const [{ assertReachableInside, relativeInside }, { relocate }] = modules;
  const targets: RelocateTarget[] = [];
  const kept = new Set(plan.kept);
  const first = new Set(plan.deletedFirst);
  try {
    for (const abs of plan.targets) {
      assertReachableInside(plan.workspace, abs);
      targets.push({ abs, rel: relativeInside(plan.workspace, abs), keep: kept.has(abs) ? "any" : first.has(abs) ? "small-file" : "small" });
    }
  } catch {
    return _undeterminable("a target is outside the workspace or inside the quarantine");
  }
  const outermost = _outermost(targets);
  const holding = new Set(plan.holding);
  for (const t of outermost) t.holds = holding.has(t.abs) || targets.some((other) => other.rel.startsWith(`${t.rel}/`));
  const meta = { purpose: "compensation" as const, ...(checkId ? { check_id: checkId } : {}) };
  const base = { event: "compensation" as const, kind: "relocate" as const, check_id: checkId, target_count: plan.targets.length };
  if (!_auditIntent(plan.workspace, { ...base, decision: "RELOCATE" })) return _failed("the audit intent cannot persist");
  const outcome = await relocate(plan.workspace, outermost, meta).catch((error: Error) => ({ txid: undefined, ok: false, moved: 0, skipped: 0, error }));
  const counts = { txid: outcome.txid, moved_count: outcome.moved, skipped_count: outcome.skipped };
  if (!outcome.ok) {
    _auditQuietly(plan.workspace, { ...base, ...counts, outcome: "failed", decision: "BLOCK", reason_codes: ["COMPENSATION_FAILED"] });
    return _failed(`a target could not be moved into the quarantine (${_code(outcome.error)}); what moved was put back`);
  }
  _auditQuietly(plan.workspace, { ...base, ...counts, outcome: "ok", decision: "RELOCATE", reason_codes: ["RELOCATE_TREE"] });
  return { ok: true, kind: "relocate", txid: outcome.txid!, covered: plan.targets.length };
}

/** A work tree snapshot, or the refs a branch delete or stash drop would lose (kept in the workspace's repository). */
async function _gitTx(plan: Extract<CompensationPlan, { kind: "snapshot" | "refs" }>, checkId?: string): Promise<CompensationResult> {
  const repo = topLevel(plan.repo);
  if (repo === undefined) return _undeterminable("the repository cannot be read with git");
  if (plan.kind === "refs" && (plan.refs.length === 0 || repo !== plan.workspace)) return _undeterminable("the plan names no ref of the workspace's repository");
  // The filter drivers are listed once for this check: here, and again before the snapshot records.
  const filters: FilterMemo = new Map();
  if (plan.kind === "snapshot" && namesRepositoryFilter(repo, filters)) return _undeterminable("the repository configures a filter program the snapshot would run");
  const covered = plan.kind === "refs" ? plan.refs.length : 1;
  const base = { event: "compensation" as const, kind: plan.kind, check_id: checkId, ...(plan.kind === "refs" ? { target_count: covered } : {}) };
  if (!_auditIntent(plan.workspace, { ...base, decision: "SNAPSHOT" })) return _failed("the audit intent cannot persist");
  const meta = { purpose: "compensation" as const, ...(checkId ? { check_id: checkId } : {}) };
  const taking = plan.kind === "refs" ? import("./refs-snapshot.ts").then(({ takeRefsSnapshot }) => takeRefsSnapshot(plan.workspace, repo, plan.refs, meta)) : takeSnapshot(plan.workspace, repo, plan.includeUntracked, meta, filters);
  const outcome = await taking.catch((error: Error) => ({ txid: undefined, ok: false, error }));
  if (!outcome.ok) {
    _auditQuietly(plan.workspace, { ...base, txid: outcome.txid, outcome: "failed", decision: "BLOCK", reason_codes: ["COMPENSATION_FAILED"] });
    return _failed(`the git ${plan.kind === "refs" ? "refs" : "snapshot"} could not be recorded (${_code(outcome.error)})`);
  }
  _auditQuietly(plan.workspace, { ...base, txid: outcome.txid, outcome: "ok", decision: "SNAPSHOT" });
  return { ok: true, kind: plan.kind, txid: outcome.txid!, covered };
}

/** Drops targets inside another target: moving the outer one moves them too. */
function _outermost<T extends { rel: string }>(targets: T[]): T[] {
  const rels = new Set(targets.map((t) => t.rel));
  const seen = new Set<string>();
  return targets.filter((t) => {
    const parts = t.rel.split("/");
    const nested = parts.slice(1).some((_, i) => rels.has(parts.slice(0, i + 1).join("/")));
    if (nested || seen.has(t.rel)) return false;
    seen.add(t.rel);
    return true;
  });
}

function _auditIntent(workspace: string, event: Parameters<typeof appendAudit>[1]): boolean {
  try {
    appendAudit(workspace, event);
    return true;
  } catch {
    return false;
  }
}

function _auditQuietly(workspace: string, event: Parameters<typeof appendAudit>[1]): void {
  // The journal is the durable record of the outcome; a lost audit line does not undo it.
  _auditIntent(workspace, event);
}

function _code(err: Error | undefined): string {
  const code = (err as { code?: unknown } | undefined)?.code;
  return typeof code === "string" && /^[A-Za-z_]+$/.test(code) ? code : "error";
}

function _failed(detail: string): CompensationResult {
  return { ok: false, reason: "COMPENSATION_FAILED", message: `Cannot compensate: ${detail}` };
}

function _undeterminable(detail: string): CompensationResult {
  return { ok: false, reason: "BLOCK_UNDETERMINABLE_EFFECT", message: `Cannot compensate: ${detail}` };
}

function _isDir(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
