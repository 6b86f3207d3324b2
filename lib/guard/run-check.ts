import { existsSync, realpathSync } from "node:fs";
import { projectConfigPath, userConfigPath } from "../core/config-paths.ts";
import { LeogrielError } from "../core/errors.ts";
import { classify, type CheckConfig } from "./classify.ts";
import { INTERNAL_ERROR_EXIT } from "./decision.ts";
import { type DecisionJson, exitCodeOf, toDecisionJson } from "./decision-json.ts";
import { findWorkspace } from "./paths.ts";
import { preloadAnalysers } from "./effects/programs.ts";
import type { CompensationResult } from "./recovery/plan.ts";

export interface RunCheckOptions {
  command: string;
  /** The dialect selector; undefined falls back to AGENT_GUARD_DIALECT, then posix. */
  dialect?: string;
  cwd: string;
  /** Perform a RELOCATE/SNAPSHOT compensation and then allow (hook mode always does). */
  apply: boolean;
  env?: Record<string, string | undefined>;
}

/**
 * One guard decision end to end: configuration, classification, and with `apply` the
 * compensation. Zod (configuration) and the recovery layer load only when they are needed, so
 * the common path stays cheap on every agent command.
 */
export async function runCheck(opts: RunCheckOptions): Promise<{ json: DecisionJson; exitCode: number }> {
  const env = opts.env ?? process.env;
  const workspace = realWorkspace(opts.cwd);
  const config = await workspaceConfig(workspace.root, env);
  // The analysers of the programs the line names, by import() rather than the registry's
  // require() (programs.ts says why); classify() in process loads them as it meets them.
  await preloadAnalysers(opts.command);
  // The real working directory and its workspace, found once: classify would look both up again.
  const result = classify({ command: opts.command, dialect: opts.dialect ?? env.AGENT_GUARD_DIALECT, cwd: workspace.cwd, workspace: workspace.root, env, config });
  let applied: CompensationResult | undefined;
  if (opts.apply && result.plan) {
    const { applyCompensation } = await import("./recovery/apply.ts");
    applied = await applyCompensation(result.plan);
  }
  const json = toDecisionJson(result, applied);
  return { json, exitCode: exitCodeOf(json) };
}

/** The real working directory and its workspace (the Git top-level, else the folder itself). */
export function realWorkspace(cwd: string): { cwd: string; root: string } {
  let real: string;
  try {
    real = realpathSync(cwd);
  } catch {
    throw new LeogrielError("invalid_cwd", "Cannot check the command: the working directory does not exist", { exitCode: INTERNAL_ERROR_EXIT });
  }
  return { cwd: real, root: findWorkspace(real) };
}

/** The workspace's check configuration (project and user), loaded only when a file exists; a broken one throws. */
export async function workspaceConfig(workspace: string, env: Record<string, string | undefined>): Promise<CheckConfig | undefined> {
  if (!existsSync(userConfigPath(env)) && !existsSync(projectConfigPath(workspace))) return undefined;
  const { loadCheckConfig } = await import("./check-config.ts");
  try {
    return loadCheckConfig(workspace, env);
  } catch (err) {
    // A broken configuration must never turn into an ALLOW: fail as an error (hooks answer deny).
    const message = err instanceof Error ? err.message : String(err);
    throw new LeogrielError("invalid_config", message, { exitCode: INTERNAL_ERROR_EXIT, cause: err });
  }
}
