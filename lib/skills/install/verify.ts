import { join } from "node:path";
import type { EnvelopeMessage } from "../../core/envelope.ts";
import { LeogrielError } from "../../core/errors.ts";
import type { Layout } from "../layout.ts";
import { readLock } from "../lockfile.ts";
import { declaredSkills, readManifest } from "../manifest.ts";
import { copyState } from "./copy-state.ts";

export interface VerifyRow {
  name: string;
  integrity: string;
  copies: Array<{ path: string; state: "current" | "missing" | "modified" }>;
}

/**
 * Re-hashes every installed copy against the lock. Read-only: drift is reported, never repaired
 * (`leogriel-install --force` restores the locked bytes).
 * @throws {LeogrielError} `lock_not_found` (exit 2)
 */
export function verifyInstalled(layout: Layout): { skills: VerifyRow[]; problems: number; warnings: EnvelopeMessage[] } {
  const lock = readLock(layout.lockPath);
  if (!lock) throw new LeogrielError("lock_not_found", `Cannot verify: there is no ${layout.lockPath}`);
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
      const state = copyState(t.dir, entry.name, entry.integrity);
      return { path: join(t.dir, entry.name), state: state === "managed" ? "modified" : state };
    }),
  }));
  const problems = skills.reduce((n, s) => n + s.copies.filter((c) => c.state !== "current").length, 0);
  return { skills, problems, warnings };
}
