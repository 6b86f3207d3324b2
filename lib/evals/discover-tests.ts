import { existsSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";

/** Folders never searched: dependencies and hidden folders (installed skills, .git, .leogriel). */
const SKIPPED = new Set(["node_modules"]);
/** How deep below the project the search goes. */
const MAX_DEPTH = 12;

/**
 * The default test files (SPEC leogriel-test): every `tests.yaml` that sits next to a SKILL.md
 * below `root`, in sorted order, as paths relative to `root`. Hidden folders and node_modules
 * are not searched, so installed copies under `.agents/skills/` are not tested twice.
 */
export function discoverTestFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string, depth: number) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    const names = new Set(entries.map((e) => e.name));
    if (names.has("tests.yaml") && names.has("SKILL.md")) found.push(relative(root, join(dir, "tests.yaml")));
    if (depth >= MAX_DEPTH) return;
    for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (e.isDirectory() && !e.name.startsWith(".") && !SKIPPED.has(e.name)) walk(join(dir, e.name), depth + 1);
    }
  };
  if (existsSync(root)) walk(root, 0);
  return found.sort();
}
