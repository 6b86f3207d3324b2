import { LeogrielError } from "../../core/errors.ts";
import type { Lockfile } from "../lockfile.ts";
import type { Declared } from "../manifest.ts";
import { lockInconsistency } from "./lock-consistency.ts";

/**
 * A frozen install uses the lock alone, so the lock must answer for exactly the declared
 * skills with exactly the declared specifiers, each resolved from its own specifier's source
 * (lock-consistency.ts); every difference is listed at once.
 * @throws {LeogrielError} `lock_not_found`, `lock_mismatch` (exit 2)
 */
export function checkFrozen(declared: readonly Declared[], lock: Lockfile | undefined, lockPath: string, manifestDir: string): void {
  if (!lock) throw new LeogrielError("lock_not_found", `Cannot install --frozen: there is no ${lockPath}`);
  const problems: string[] = [];
  const names = new Set<string>();
  for (const d of declared) {
    names.add(d.name);
    const entry = lock.skills[d.name];
    if (!entry) problems.push(`${d.name} is declared but not locked`);
    else if (entry.specifier !== d.specifier) problems.push(`${d.name} is declared as ${d.specifier} but locked as ${entry.specifier}`);
    else {
      const why = lockInconsistency(entry, manifestDir);
      if (why) problems.push(`${d.name}: ${why}`);
    }
  }
  for (const name of Object.keys(lock.skills)) if (!names.has(name)) problems.push(`${name} is locked but not declared`);
  if (problems.length > 0) {
    throw new LeogrielError("lock_mismatch", `Cannot install --frozen: the lock does not match agent-skills.json: ${problems.join("; ")}`, {
      details: { problems },
    });
  }
}
