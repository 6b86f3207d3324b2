import { z } from "zod";
import { loadConfigSection } from "../core/config.ts";
import { validateDocument } from "../core/json-file.ts";
import type { CheckConfig } from "./classify.ts";
import { REASONS, type ReasonCode } from "./reasons.ts";

/** The `check` section of the Leogriel configuration file (schema version 1, additive). */
export const CheckConfigSection = z
  .strictObject({
    protectedPaths: z.array(z.string().min(1)).optional().describe("Extra protected paths: absolute, or relative to the workspace"),
    allow: z
      .array(z.enum(Object.keys(REASONS) as [ReasonCode, ...ReasonCode[]]))
      .optional()
      .describe("Reason codes to allow; never overrides a protected-path or dialect BLOCK"),
  })
  .meta({ id: "check-config", title: "leogriel-check configuration section", description: "The `check` section of .leogriel/config.json" });

/**
 * Loads and validates the `check` section (project over user file).
 * @throws {LeogrielError} for a malformed file (the caller answers BLOCK, never ALLOW)
 */
export function loadCheckConfig(workspace: string, env: Record<string, string | undefined>): CheckConfig {
  const section = validateDocument(CheckConfigSection, loadConfigSection("check", workspace, env), "the check configuration");
  return { protectedPaths: section.protectedPaths ?? [], allow: section.allow ?? [] };
}
