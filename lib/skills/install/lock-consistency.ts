import { resolve } from "node:path";
import semver from "semver";
import { LeogrielError } from "../../core/errors.ts";
import type { LockEntry } from "../lockfile.ts";
import { parseSpecifier, type Specifier } from "../specifier.ts";

const COMMIT = /^[0-9a-f]{40}$/;

/**
 * Why a lock entry's `resolved` (and the provenance fields a locked fetch reads) is not a
 * resolution of its `specifier`, or undefined when it is. The lock is trusted for *which*
 * version, never for *which source*: a one-line edit of `resolved` to another repository, with
 * that tree's integrity, would otherwise install the other repository's bytes.
 * github / skills.sh: same owner and repository (and for github the same folder); npm: the same
 * package; file: the same folder; local:imported: the same name.
 */
export function lockInconsistency(entry: LockEntry, manifestDir: string): string | undefined {
  let spec: Specifier;
  let res: Specifier;
  try {
    spec = parseSpecifier(entry.specifier);
  } catch {
    return `its specifier ${JSON.stringify(entry.specifier)} cannot be parsed`;
  }
  if (spec.kind === "local-imported" && !entry.resolved.startsWith("local:")) return undefined; // 0.6.x: the specifier alone is used
  try {
    res = parseSpecifier(entry.resolved);
  } catch {
    return `its resolution ${JSON.stringify(entry.resolved)} cannot be parsed`;
  }
  const p = entry.provenance;
  const names = `${entry.resolved} is not a resolution of ${entry.specifier}`;
  switch (spec.kind) {
    case "github":
    case "skills.sh": {
      if (res.kind !== "github" || res.owner !== spec.owner || res.repo !== spec.repo) return `${names} (another source)`;
      if (p.repository !== undefined && p.repository !== `${spec.owner}/${spec.repo}`) return `${names} (provenance.repository is ${p.repository})`;
      if (p.subpath !== undefined && res.path !== "" && p.subpath !== res.path) return `${names} (provenance.subpath is ${p.subpath})`;
      if (spec.kind === "github" && (p.subpath ?? res.path) !== spec.path) return `${names} (another folder)`;
      if (p.commit !== undefined && res.ref !== undefined && COMMIT.test(res.ref) && p.commit !== res.ref) return `${names} (provenance.commit is ${p.commit})`;
      return undefined;
    }
    case "npm": {
      if (res.kind !== "npm" || res.pkg !== spec.pkg) return `${names} (another package)`;
      const exact = res.range !== undefined && semver.valid(res.range) ? res.range : undefined;
      if (exact && p.version !== undefined && p.version !== exact) return `${names} (provenance.version is ${p.version})`;
      return undefined;
    }
    case "file":
      return res.kind === "file" && resolve(manifestDir, res.path) === resolve(manifestDir, spec.path) ? undefined : `${names} (another folder)`;
    case "local-imported":
      return res.kind === "local-imported" && res.name === spec.name ? undefined : `${names} (another skill)`;
  }
}

/**
 * Throws when a lock entry is inconsistent (lockInconsistency).
 * @throws {LeogrielError} `lock_mismatch` (exit 2)
 */
export function checkLockEntry(entry: LockEntry, manifestDir: string): void {
  const why = lockInconsistency(entry, manifestDir);
  if (why) {
    throw new LeogrielError("lock_mismatch", `Cannot use the lock entry of ${entry.name}: ${why}; run \`leogriel-install update ${entry.name}\` to re-resolve it`, {
      details: { name: entry.name, problems: [why] },
    });
  }
}
