import { existsSync, readFileSync } from "node:fs";
import { LeogrielError } from "../../core/errors.ts";
import { hashDirectory } from "../dir-integrity.ts";
import type { Layout } from "../layout.ts";
import { matchesLegacyIntegrity } from "../legacy-integrity.ts";
import { emptyLock, readLock, serializeLock, type LockEntry, type Lockfile } from "../lockfile.ts";
import { declaredSkills, serializeManifest, type Declared, type Manifest } from "../manifest.ts";
import { crashHook } from "../fault.ts";
import { checkSkill } from "../skill-check.ts";
import { fetchLocked, resolveSpecifier } from "../sources/sources.ts";
import type { Fetched, SourceContext } from "../sources/source.ts";
import { applyPlan, type Plan } from "../transaction.ts";
import { auditStaged, type SkillAuditSummary } from "./audit-gate.ts";
import { copyState } from "./copy-state.ts";
import { fetchTime } from "./fetch-time.ts";
import { checkFrozen } from "./frozen-check.ts";
import { checkLockEntry } from "./lock-consistency.ts";
import { guardSkillFolders } from "./target-guard.ts";

export interface InstallOptions {
  layout: Layout;
  ctx: SourceContext;
  /** The manifest to install; written when `writeManifest` is set. */
  manifest: Manifest;
  writeManifest?: boolean;
  frozen?: boolean;
  force?: boolean;
  strict?: boolean;
  /** Install skills the audit blocks (recording a warning for each) instead of failing. */
  allowRisk?: boolean;
  /** Skills to resolve afresh instead of from the lock. */
  refresh?: ReadonlySet<string> | "all";
  /** Skills the caller already resolved (add). */
  prefetched?: ReadonlyMap<string, Fetched>;
  /** Touch only these skills (add, remove); the others keep their lock entry and copies as they are. */
  only?: ReadonlySet<string>;
}

export type SkillAction = "installed" | "updated" | "restored" | "unchanged" | "removed";

export interface SkillOutcome {
  name: string;
  action: SkillAction;
  specifier: string;
  resolved: string;
  integrity: string;
  dev: boolean;
}

export interface InstallReport {
  skills: SkillOutcome[];
  /** The audit of every skill copied in by this run (skills already in place are not re-audited). */
  audit: SkillAuditSummary[];
  lockWritten: boolean;
  targets: string[];
}

/**
 * Brings the agent skill folders and the lock in line with the manifest, in one transaction.
 * Locked skills are fetched by their immutable resolution and must hash to the lock's integrity;
 * others are resolved afresh. A copy changed by hand is never replaced or removed without `force`.
 * @throws {LeogrielError} `lock_mismatch` / `integrity_mismatch` (exit 2), `local_changes` (exit 1)
 */
export async function runInstall(opts: InstallOptions): Promise<InstallReport> {
  const { layout, ctx } = opts;
  const oldLock = readLock(layout.lockPath);
  const declared = declaredSkills(opts.manifest);
  if (opts.frozen) checkFrozen(declared, oldLock, layout.lockPath, layout.manifestDir);
  const entries: Record<string, LockEntry> = {};
  const outcomes: SkillOutcome[] = [];
  const plan: Plan = { place: [], remove: [], files: [] };
  const conflicts: string[] = [];
  const now = fetchTime(ctx.env);

  for (const d of declared) {
    const locked = oldLock?.skills[d.name];
    if (opts.only && !opts.only.has(d.name)) {
      if (locked) entries[d.name] = locked;
      continue;
    }
    guardSkillFolders(layout, d.name);
    const refresh = opts.refresh === "all" || opts.refresh?.has(d.name) || opts.prefetched?.has(d.name);
    const useLock = locked !== undefined && locked.specifier === d.specifier && !refresh;
    if (useLock) checkLockEntry(locked, layout.manifestDir);
    // Copies already matching the lock need no fetch; outside frozen mode a legacy-hash match is
    // fetched anyway so the entry is re-locked with skilldirhash-1.
    if (useLock && layout.targets.every((t) => copyState(t.dir, d.name, locked.integrity, undefined, opts.frozen === true) === "current")) {
      entries[d.name] = _withDev(locked, d);
      outcomes.push(_outcome(entries[d.name]!, d, "unchanged"));
      continue;
    }
    const fetched = useLock ? await fetchLocked(locked, ctx) : (opts.prefetched?.get(d.name) ?? (await resolveSpecifier(d.specifier, d.name, ctx)));
    const integrity = hashDirectory(fetched.dir, ctx.limits).integrity;
    let entry: LockEntry;
    if (useLock) {
      entry = _withDev({ ...locked, integrity: _checkLocked(locked, fetched, integrity, ctx, opts.frozen === true) }, d);
    } else {
      const same = locked !== undefined && locked.resolved === fetched.resolved && locked.integrity === integrity;
      entry = {
        specifier: d.specifier,
        resolved: fetched.resolved,
        integrity,
        name: d.name,
        canonicalPath: layout.canonicalPath(d.name),
        fetchedAt: same ? locked.fetchedAt : now,
        provenance: fetched.provenance,
        ...(d.dev ? { dev: true } : {}),
      };
    }
    checkSkill(fetched.dir, d.name, opts.strict === true, ctx.warnings);
    entries[d.name] = entry;
    let placed = false;
    let repaired = false;
    for (const t of layout.targets) {
      const state = copyState(t.dir, d.name, integrity, locked?.integrity);
      if (state === "current") continue;
      if (state === "modified") {
        conflicts.push(`${t.dir}/${d.name}`);
        if (!opts.force) continue;
        repaired = true;
      }
      plan.place.push({ target: t.dir, name: d.name, from: fetched.dir, integrity });
      placed = true;
    }
    const changed = locked !== undefined && (locked.resolved !== entry.resolved || locked.integrity !== entry.integrity);
    const action = changed ? "updated" : repaired ? "restored" : placed ? "installed" : "unchanged";
    outcomes.push(_outcome(entry, d, action));
  }

  for (const [name, old] of Object.entries(oldLock?.skills ?? {})) {
    if (entries[name] || (opts.only && !opts.only.has(name))) continue;
    guardSkillFolders(layout, name);
    for (const t of layout.targets) {
      const state = copyState(t.dir, name, old.integrity);
      if (state === "missing") continue;
      if (state !== "current") {
        conflicts.push(`${t.dir}/${name}`);
        if (!opts.force) continue;
      }
      plan.remove.push({ target: t.dir, name });
    }
    outcomes.push({ name, action: "removed", specifier: old.specifier, resolved: old.resolved, integrity: old.integrity, dev: old.dev === true });
  }

  if (conflicts.length > 0 && !opts.force) {
    throw new LeogrielError("local_changes", `Cannot replace skill folders that were changed by hand (use --force to overwrite them): ${conflicts.join(", ")}`, {
      exitCode: 1,
      details: { paths: conflicts },
    });
  }
  const newLock: Lockfile = { ...(oldLock ?? emptyLock()), skills: entries };
  const lockText = serializeLock(newLock);
  const lockWritten = !opts.frozen && (!existsSync(layout.lockPath) || readFileSync(layout.lockPath, "utf8") !== lockText);
  // The lock goes last: writing it commits the transaction (tx-steps.ts, committed()).
  if (opts.writeManifest) plan.files.push({ path: layout.manifestPath, text: serializeManifest(opts.manifest) });
  if (lockWritten) plan.files.push({ path: layout.lockPath, text: lockText });
  let audit: SkillAuditSummary[] = [];
  plan.vet = (staged) => {
    audit = auditStaged(staged, { allowRisk: opts.allowRisk === true, warnings: ctx.warnings });
  };
  applyPlan(plan, { stateDir: layout.stateDir, step: crashHook(ctx.env) });
  return { skills: outcomes, audit, lockWritten, targets: layout.targets.map((t) => t.dir) };
}

// The fetched tree must be the locked one. A lock written by 0.6.x–beta carries that version's
// hash; a match under it is accepted and, outside frozen mode, re-locked with skilldirhash-1.
function _checkLocked(locked: LockEntry, fetched: Fetched, integrity: string, ctx: SourceContext, frozen: boolean): string {
  if (integrity === locked.integrity) return integrity;
  if (matchesLegacyIntegrity(fetched.dir, locked.integrity)) {
    ctx.warnings.push({
      code: "legacy_integrity",
      message: `${locked.name}: the lock uses the 0.6.x–beta directory hash${frozen ? "; run leogriel-install to re-lock it with skilldirhash-1" : "; re-locked with skilldirhash-1"}`,
    });
    return frozen ? locked.integrity : integrity;
  }
  throw new LeogrielError("integrity_mismatch", `Cannot install ${locked.name}: ${locked.resolved} hashes to ${integrity}, but the lock says ${locked.integrity}`, {
    details: { name: locked.name, expected: locked.integrity, actual: integrity },
  });
}

function _withDev(entry: LockEntry, d: Declared): LockEntry {
  const { dev: _dev, ...rest } = entry;
  return d.dev ? { ...rest, dev: true } : rest;
}

function _outcome(entry: LockEntry, d: Declared, action: SkillAction): SkillOutcome {
  return { name: d.name, action, specifier: entry.specifier, resolved: entry.resolved, integrity: entry.integrity, dev: d.dev };
}
