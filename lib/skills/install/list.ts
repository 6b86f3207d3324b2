import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Layout } from "../layout.ts";
import { readLock } from "../lockfile.ts";
import { declaredSkills, readManifest } from "../manifest.ts";

export interface ListRow {
  name: string;
  specifier: string;
  dev: boolean;
  resolved?: string;
  integrity?: string;
  source?: string;
  /** Agent folders that hold a copy (not re-hashed; `verify` does that). */
  installedIn: string[];
}

/** Declared skills with what the lock says about them; skills only in the lock are listed too. */
export function listSkills(layout: Layout): ListRow[] {
  const manifest = readManifest(layout.manifestPath);
  const lock = readLock(layout.lockPath);
  const rows = new Map<string, ListRow>();
  const installedIn = (name: string) => layout.targets.filter((t) => existsSync(join(t.dir, name))).map((t) => t.agent);
  for (const d of manifest ? declaredSkills(manifest) : []) {
    rows.set(d.name, { name: d.name, specifier: d.specifier, dev: d.dev, installedIn: installedIn(d.name) });
  }
  for (const entry of Object.values(lock?.skills ?? {})) {
    const row = rows.get(entry.name) ?? { name: entry.name, specifier: entry.specifier, dev: entry.dev === true, installedIn: installedIn(entry.name) };
    rows.set(entry.name, { ...row, resolved: entry.resolved, integrity: entry.integrity, source: entry.provenance.type });
  }
  return [...rows.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
