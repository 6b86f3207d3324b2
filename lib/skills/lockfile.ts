import { existsSync } from "node:fs";
import { z } from "zod";
import { writeFileAtomic } from "../core/atomic-write.ts";
import { readTextFile, validateDocument } from "../core/json-file.ts";
import { parseUniqueKeysJson } from "./install/unique-keys-json.ts";
import { parseStrictYaml } from "../core/yaml-file.ts";
import { SkillKey } from "./manifest.ts";

export const LOCK_FILE = "agent-skills.lock";
export const LOCKFILE_VERSION = "1.0";

export const ProvenanceType = z.enum(["github", "npm", "local", "skills.sh", "other"]);

/**
 * Where a skill came from. Only `type` is required and extra fields are tolerated: seed 000
 * keeps every provenance field optional so old locks need no conversion. The named fields are
 * the ones 0.6.x–beta locks used, kept with the same meaning.
 */
export const Provenance = z.looseObject({
  type: ProvenanceType,
  /** github / skills.sh: the 40-hex commit. */
  commit: z.string().optional(),
  /** github / skills.sh: the ref the user asked for, when one was given. */
  requestedRef: z.string().optional(),
  /** github / skills.sh / npm: the skill folder inside the repository or package ("" = root). */
  subpath: z.string().optional(),
  /** github / skills.sh: `owner/repo`. */
  repository: z.string().optional(),
  /** npm: the exact version, the tarball URL and its SRI (`dist.integrity`). */
  version: z.string().optional(),
  tarball: z.string().optional(),
  tarballHash: z.string().optional(),
});
export type Provenance = z.infer<typeof Provenance>;

export const Integrity = z.string().regex(/^sha256:[0-9a-f]{64}$/, "must be sha256:<64 lowercase hex>");

/** One locked skill (seed 000, Lockfile). Loose: later additive fields must not break readers. */
export const LockEntry = z.looseObject({
  specifier: z.string().min(1),
  resolved: z.string().min(1),
  integrity: Integrity,
  name: SkillKey,
  canonicalPath: z.string().min(1),
  fetchedAt: z.string().min(1),
  provenance: Provenance,
  /** Declared in devDependencies (additive field). */
  dev: z.boolean().optional(),
});
export type LockEntry = z.infer<typeof LockEntry>;

export const Lockfile = z
  .looseObject({
    lockfileVersion: z.literal(LOCKFILE_VERSION),
    skills: z.record(SkillKey, LockEntry),
  })
  .superRefine((lock, ctx) => {
    for (const [key, entry] of Object.entries(lock.skills)) {
      if (entry.name !== key) ctx.addIssue({ code: "custom", path: ["skills", key, "name"], message: `must equal its key ${key}` });
    }
  })
  .meta({
    id: "agent-skills-lock",
    title: "agent-skills.lock",
    description: "Seed 000 lockfile: each skill's immutable resolution and directory integrity (skilldirhash-1).",
  });
export type Lockfile = z.infer<typeof Lockfile>;

const ENTRY_ORDER = ["specifier", "resolved", "integrity", "name", "canonicalPath", "fetchedAt", "provenance", "dev"];

/** An empty lock. */
export function emptyLock(): Lockfile {
  return { lockfileVersion: LOCKFILE_VERSION, skills: {} };
}

/**
 * Reads and validates a lock; `undefined` when there is none. JSON is the format; a 0.6.x–beta
 * lock, which was YAML, is read too (the next write turns it into JSON).
 * @throws {LeogrielError} `invalid_json` / `invalid_yaml` / `invalid_document` (exit 2)
 */
export function readLock(path: string): Lockfile | undefined {
  if (!existsSync(path)) return undefined;
  const text = readTextFile(path, { label: LOCK_FILE, maxBytes: 16 * 1024 * 1024 });
  const value = text.trimStart().startsWith("{") ? parseUniqueKeysJson(text, LOCK_FILE) : parseStrictYaml(text, LOCK_FILE);
  return validateDocument(Lockfile, value, LOCK_FILE);
}

/**
 * The lock text: 2-space JSON with a stable key order (top level, skills by name, entry fields
 * in seed order then any others alphabetically, provenance `type` first), trailing newline.
 */
export function serializeLock(lock: Lockfile): string {
  const { lockfileVersion, skills, ...rest } = lock;
  const ordered: Record<string, unknown> = { lockfileVersion, ..._alphabetical(rest), skills: {} };
  const out = ordered.skills as Record<string, unknown>;
  for (const name of Object.keys(skills).sort(_compare)) out[name] = _orderEntry(skills[name]!);
  return `${JSON.stringify(ordered, null, 2)}\n`;
}

/** Writes the lock atomically. */
export function writeLock(path: string, lock: Lockfile): void {
  writeFileAtomic(path, serializeLock(lock));
}

function _orderEntry(entry: LockEntry): Record<string, unknown> {
  const source = entry as Record<string, unknown>;
  const known = ENTRY_ORDER.filter((k) => source[k] !== undefined).map((k) => [k, source[k]] as const);
  const others = Object.keys(source).filter((k) => !ENTRY_ORDER.includes(k)).sort(_compare);
  const ordered = Object.fromEntries([...known, ...others.map((k) => [k, source[k]] as const)]);
  const { type, ...prov } = entry.provenance;
  ordered.provenance = { type, ..._alphabetical(prov) };
  return ordered;
}

function _alphabetical(obj: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.keys(obj).sort(_compare).map((k) => [k, obj[k]]));
}

function _compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
