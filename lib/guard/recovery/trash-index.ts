import { lstatSync, readdirSync, statSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { z } from "zod";
import { isTxid } from "./txid.ts";

export const DEFAULT_MAX_DEPTH = 6;
export const DEFAULT_MAX_ENTRIES = 100_000;

const Location = z.strictObject({
  path: z.string(),
  /** `scan`: found under the root; `trash`: named with `--trash`. */
  source: z.enum(["scan", "trash"]),
  /** The folder has the quarantine layout (`tx/` and `locks/`). */
  identified: z.boolean(),
  transaction_count: z.int().min(0),
});

/** The trash location query's JSON (seed 0.2.4: a separate schema_version=1 contract). */
export const TrashIndex = z
  .strictObject({
    schema_version: z.literal(1),
    root: z.string(),
    max_depth: z.int().min(0),
    max_entries: z.int().min(1),
    /** Every folder of the declared scope was read; false when an error or the entry limit cut it short. */
    complete: z.boolean(),
    /** Candidate locations: `.agent-guard/quarantine` folders found, plus each `--trash` folder. */
    count: z.int().min(0),
    /** Candidates whose layout identifies them as a quarantine. */
    identified_count: z.int().min(0),
    entries_scanned: z.int().min(0),
    locations: z.array(Location),
    errors: z.array(z.strictObject({ path: z.string(), code: z.string() })),
  })
  .meta({
    id: "check-trash-index",
    title: "leogriel-check status --trash-index result",
    description: "Read-only trash location query (seed 001 0.2.4, schema_version 1).",
  });
export type TrashIndex = z.infer<typeof TrashIndex>;

export interface TrashQuery {
  root: string;
  trash: string[];
  maxDepth: number;
  maxEntries: number;
}

/**
 * Finds quarantine locations below `root` (breadth first, never following a symlink, never
 * descending into `.git` or into a quarantine) plus the named `trash` folders. Read-only.
 */
export function trashIndex(query: TrashQuery): TrashIndex {
  const root = resolve(query.root);
  const out: TrashIndex = {
    schema_version: 1,
    root,
    max_depth: query.maxDepth,
    max_entries: query.maxEntries,
    complete: true,
    count: 0,
    identified_count: 0,
    entries_scanned: 0,
    locations: [],
    errors: [],
  };
  const seen = new Set<string>();
  const add = (path: string, source: "scan" | "trash"): void => {
    if (seen.has(path)) return;
    seen.add(path);
    const location = _inspect(path, source, out);
    out.locations.push(location);
    out.count++;
    if (location.identified) out.identified_count++;
  };
  for (const t of query.trash) add(resolve(t), "trash");
  let level = [root];
  for (let depth = 0; depth <= query.maxDepth && level.length > 0 && out.complete; depth++) {
    const next: string[] = [];
    for (const dir of level) {
      let names: string[];
      try {
        names = readdirSync(dir).sort();
      } catch (err) {
        _fail(out, dir, err);
        continue;
      }
      for (const name of names) {
        if (++out.entries_scanned > query.maxEntries) {
          out.entries_scanned = query.maxEntries;
          out.complete = false;
          break;
        }
        const path = join(dir, name);
        if (name === ".git" || !lstatSync(path, { throwIfNoEntry: false })?.isDirectory()) continue;
        if (name === "quarantine" && basename(dir) === ".agent-guard") add(path, "scan");
        else next.push(path);
      }
      if (!out.complete) break;
    }
    level = next;
  }
  return out;
}

function _inspect(path: string, source: "scan" | "trash", out: TrashIndex): z.infer<typeof Location> {
  const location = { path, source, identified: false, transaction_count: 0 };
  try {
    const identified = _isDir(join(path, "tx")) && _isDir(join(path, "locks"));
    location.identified = identified;
    if (identified) location.transaction_count = readdirSync(join(path, "tx")).filter(isTxid).length;
    else statSync(path);
  } catch (err) {
    _fail(out, path, err);
  }
  return location;
}

function _isDir(path: string): boolean {
  return lstatSync(path, { throwIfNoEntry: false })?.isDirectory() === true;
}

function _fail(out: TrashIndex, path: string, err: unknown): void {
  const code = (err as { code?: unknown }).code;
  out.errors.push({ path, code: typeof code === "string" ? code : "EIO" });
  out.complete = false;
}

