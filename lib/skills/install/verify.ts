import { join } from "node:path";
import type { EnvelopeMessage } from "../../core/envelope.ts";
import { LeogrielError } from "../../core/errors.ts";
import type { Layout } from "../layout.ts";
import { readLock } from "../lockfile.ts";
import { declaredSkills, readManifest } from "../manifest.ts";
import { copyIssues } from "./copy-checks.ts";
import { copyState } from "./copy-state.ts";
import { checkLockEntry } from "./lock-consistency.ts";
import { guardSkillFolders, guardTargets } from "./target-guard.ts";

export interface VerifyRow {
  name: string;
  integrity: string;
  copies: Array<{ path: string; state: "current" | "missing" | "modified"; issues?: string[] }>;
}

/**
 * Re-hashes every installed copy against the lock and runs the checks beside the hash
 * (copy-checks.ts: `.git` entries, empty folders, special modes, hard links, unsafe symlinks).
 * Read-only: drift is reported, never repaired (`leogriel-install --force` restores the locked
 * bytes). A lock entry install would refuse, or an agent folder install would not write through,
 * fails here too, so verify never passes what install refuses.
 * @throws {LeogrielError} `lock_not_found`, `lock_mismatch`, `unsafe_target`, `target_not_directory` (exit 2)
 */
export function verifyInstalled(layout: Layout): { skills: VerifyRow[]; problems: number; warnings: EnvelopeMessage[] } {
  const lock = readLock(layout.lockPath);
  if (!lock) throw new LeogrielError("lock_not_found", `Cannot verify: there is no ${layout.lockPath}`);
  guardTargets(layout);
  for (const entry of Object.values(lock.skills)) {
    checkLockEntry(entry, layout.manifestDir);
    guardSkillFolders(layout, entry.name);
  }
  const warnings: EnvelopeMessage[] = [];
  const manifest = readManifest(layout.manifestPath);
  if (manifest) {
    const declared = declaredSkills(manifest);
    const stale = declared.filter((d) => lock.skills[d.name]?.specifier !== d.specifier).map((d) => d.name);
    const extra = Object.keys(lock.skills).filter((n) => !declared.some((d) => d.name === n));
    if (stale.length + extra.length > 0) {
      warnings.push({ code: "lock_out_of_date", message: `The lock does not match agent-skills.json for ${[...stale, ...extra].join(", ")}; run leogriel-install` });
    }
  }
  const skills: VerifyRow[] = Object.values(lock.skills).map((entry) => ({
    name: entry.name,
    integrity: entry.integrity,
    copies: layout.targets.map((t) => {
      const path = join(t.dir, entry.name);
      const state = copyState(t.dir, entry.name, entry.integrity);
      if (state === "missing" || state === "current") return { path, state };
      const issues = _issues(path);
      return { path, state: "modified", ...(issues.length > 0 ? { issues } : {}) };
    }),
  }));
  const problems = skills.reduce((n, s) => n + s.copies.filter((c) => c.state !== "current").length, 0);
  return { skills, problems, warnings };
}

// Why a copy is drift beyond its hash, for the report; a copy that cannot be walked has none to add.
function _issues(path: string): string[] {
  try {
    return copyIssues(path);
  } catch {
    return [];
  }
}
