import { existsSync } from "node:fs";
import { z } from "zod";
import { writeFileAtomic } from "../core/atomic-write.ts";
import { LeogrielError } from "../core/errors.ts";
import { readTextFile, validateDocument } from "../core/json-file.ts";
import { parseUniqueKeysJson } from "./install/unique-keys-json.ts";
import { SKILL_NAME_MAX, SKILL_NAME_PATTERN } from "./frontmatter-schema.ts";

export const MANIFEST_FILE = "agent-skills.json";

/** Names Windows reserves for devices in every folder: a skill folder of that name cannot exist there. */
export const WINDOWS_RESERVED_NAME = /^(?:con|prn|aux|nul|com[0-9]|lpt[0-9])$/;

/** A manifest and lock key: the canonical lowercase-hyphen skill name, also its folder name. */
export const SkillKey = z
  .string()
  .min(1)
  .max(SKILL_NAME_MAX)
  .regex(SKILL_NAME_PATTERN, "must be a canonical lowercase-hyphen name")
  .regex(new RegExp(`^(?!${WINDOWS_RESERVED_NAME.source.slice(1, -1)}$)`), "must not be a Windows device name (con, prn, aux, nul, com0-9, lpt0-9)");

/** The public specifier prefixes of seed 000 (the grammar is checked by parseSpecifier). */
export const SpecifierText = z
  .string()
  .regex(/^(github:|skills\.sh\/|npm:|file:|local:imported\/).+/, "must start with github:, skills.sh/, npm:, file: or local:imported/");

const DependencyMap = z.record(SkillKey, SpecifierText);

/**
 * `agent-skills.json` (seed 000, Manifest). Loose objects: manifests of 0.6.x–beta and files that
 * carry other tools' keys stay readable (seed 000 compatibility policy), and unknown keys are
 * written back unchanged.
 */
export const Manifest = z
  .looseObject({
    name: z.string().optional(),
    version: z.string().optional(),
    agentSkills: z
      .looseObject({
        dependencies: DependencyMap.optional(),
        devDependencies: DependencyMap.optional(),
      })
      .optional(),
  })
  .superRefine((m, ctx) => {
    const dev = m.agentSkills?.devDependencies ?? {};
    for (const name of Object.keys(m.agentSkills?.dependencies ?? {})) {
      if (Object.hasOwn(dev, name)) {
        ctx.addIssue({ code: "custom", path: ["agentSkills", "devDependencies", name], message: `${name} is also in dependencies; a skill can be in only one map` });
      }
    }
  })
  .meta({
    id: "agent-skills-manifest",
    title: "agent-skills.json",
    description: "Seed 000 manifest: skills the project depends on, by canonical name and specifier.",
  });
export type Manifest = z.infer<typeof Manifest>;

/** One declared skill. */
export interface Declared {
  name: string;
  specifier: string;
  dev: boolean;
}

/**
 * Reads and validates a manifest; `undefined` when the file does not exist.
 * @throws {LeogrielError} `invalid_json`, `invalid_document`, `file_too_large` (exit 2)
 */
export function readManifest(path: string): Manifest | undefined {
  if (!existsSync(path)) return undefined;
  const raw = parseUniqueKeysJson(readTextFile(path, { label: MANIFEST_FILE }), MANIFEST_FILE);
  validateDocument(Manifest, raw, MANIFEST_FILE);
  // The document as written, not zod's copy: the schema has no transforms, and the user's key
  // order survives the next write.
  return raw as Manifest;
}

/** Every declared skill, dependencies first, each map in name order. */
export function declaredSkills(manifest: Manifest): Declared[] {
  const out: Declared[] = [];
  for (const [map, dev] of [["dependencies", false], ["devDependencies", true]] as const) {
    for (const [name, specifier] of Object.entries(manifest.agentSkills?.[map] ?? {}).sort(_byKey)) out.push({ name, specifier, dev });
  }
  return out;
}

/** A copy of `manifest` with `name` declared (moved out of the other map when it was there). */
export function withDeclared(manifest: Manifest, entry: Declared): Manifest {
  const next = structuredClone(manifest);
  const skills = (next.agentSkills ??= {});
  delete skills.dependencies?.[entry.name];
  delete skills.devDependencies?.[entry.name];
  const map = entry.dev ? "devDependencies" : "dependencies";
  skills[map] = _sorted({ ...(skills[map] ?? {}), [entry.name]: entry.specifier });
  return next;
}

/**
 * A copy of `manifest` without `name`.
 * @throws {LeogrielError} `skill_not_declared` (exit 2) when neither map has it
 */
export function withoutDeclared(manifest: Manifest, name: string): Manifest {
  const next = structuredClone(manifest);
  const skills = next.agentSkills;
  const had = skills?.dependencies?.[name] !== undefined || skills?.devDependencies?.[name] !== undefined;
  if (!had) throw new LeogrielError("skill_not_declared", `Cannot remove ${name}: ${MANIFEST_FILE} does not declare it`);
  delete skills!.dependencies?.[name];
  delete skills!.devDependencies?.[name];
  return next;
}

/** The manifest text: 2-space JSON, trailing newline, key order as the user wrote it. */
export function serializeManifest(manifest: Manifest): string {
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/** Writes the manifest atomically. */
export function writeManifest(path: string, manifest: Manifest): void {
  writeFileAtomic(path, serializeManifest(manifest));
}

function _sorted(map: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(map).sort(_byKey));
}

function _byKey([a]: [string, unknown], [b]: [string, unknown]): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
