import { existsSync } from "node:fs";
import { z } from "zod";
import { projectConfigPath, userConfigPath } from "./config-paths.ts";
import { readJsonFile } from "./json-file.ts";

/**
 * The configuration file (seed 000: schema version 1, new settings optional and additive).
 * One section per tool; each tool validates its own section with its own schema, so the
 * top level stays exact while sections grow additively.
 */
export const Config = z
  .strictObject({
    schemaVersion: z.literal(1),
    install: z.record(z.string(), z.unknown()).optional(),
    audit: z.record(z.string(), z.unknown()).optional(),
    check: z.record(z.string(), z.unknown()).optional(),
    capture: z.record(z.string(), z.unknown()).optional(),
    verify: z.record(z.string(), z.unknown()).optional(),
    test: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: "config", title: "Leogriel configuration file" });
export type Config = z.infer<typeof Config>;
export type ConfigSection = Exclude<keyof Config, "schemaVersion">;

export { projectConfigPath, userConfigPath, userStateDir } from "./config-paths.ts";

/**
 * One tool's settings: the project file `.leogriel/config.json` over the user file, key by key;
 * with `projectDir` null (work that is not a project's, like a `--global` install), the user file.
 * @throws {LeogrielError} `invalid_json` / `invalid_document` for a malformed file (exit 2)
 */
export function loadConfigSection(
  section: ConfigSection,
  projectDir: string | null,
  env: Record<string, string | undefined> = process.env,
): Record<string, unknown> {
  const merged: Record<string, unknown> = {};
  for (const path of projectDir === null ? [userConfigPath(env)] : [userConfigPath(env), projectConfigPath(projectDir)]) {
    if (!existsSync(path)) continue;
    Object.assign(merged, readJsonFile(path, Config, { label: path })[section] ?? {});
  }
  return merged;
}
