import type { ArgDef } from "citty";
import { commonArgs } from "../../lib/core/args.ts";
import type { Outcome } from "../../lib/core/cli.ts";
import type { EnvelopeMessage } from "../../lib/core/envelope.ts";
import { log } from "../../lib/core/logger.ts";
import type { InstallReport } from "../../lib/skills/install/install-run.ts";
import { resolveLayout, type Layout } from "../../lib/skills/layout.ts";

/** Flags every leogriel-install command takes. */
export const installCommonArgs = {
  ...commonArgs,
  global: { type: "boolean", description: "Use the skills under the home directory (~/.agents/skills, ~/.claude/skills) instead of the project's" },
} as const satisfies Record<string, ArgDef>;

export const forceArg = {
  force: { type: "boolean", description: "Overwrite or remove skill folders that were changed by hand" },
} as const satisfies Record<string, ArgDef>;

export const allowRiskArg = {
  allowRisk: { type: "boolean", description: "Install skills the audit blocks (high risk tier or an error finding), recording a warning for each" },
} as const satisfies Record<string, ArgDef>;

export const strictArg = {
  strict: { type: "boolean", description: "Validate SKILL.md strictly against the Agent Skills spec (default: the config's install.strict, else lenient)" },
} as const satisfies Record<string, ArgDef>;

/** The layout for the parsed common flags. */
export function layoutFor(args: { cwd?: string; global?: boolean }): Layout {
  return resolveLayout({ cwd: args.cwd ?? process.cwd(), global: args.global === true, env: process.env });
}

/** Strict mode from the flag, else the config file. */
export function strictFor(args: { strict?: boolean }, layout: Layout): boolean {
  return args.strict ?? layout.config.strict ?? false;
}

const SYMBOL: Record<string, string> = { installed: "+", updated: "↑", restored: "↺", unchanged: "=", removed: "-" };

/** The outcome of any command that ran the install pipeline. */
export function installOutcome(report: InstallReport, warnings: EnvelopeMessage[], extra: Record<string, unknown> = {}): Outcome {
  return {
    exitCode: 0,
    data: { ...extra, ...report },
    warnings,
    human: () => {
      for (const w of warnings) log.warn(w.message);
      for (const s of report.skills) log.log(`${SYMBOL[s.action]} ${s.name} ${s.action} ${s.resolved}`);
      if (report.skills.length === 0) log.log("No skills declared.");
      // What this run did, by action (add and remove report only the skills they touch).
      const counts = Object.keys(SYMBOL)
        .map((action) => [action, report.skills.filter((s) => s.action === action).length] as const)
        .filter(([, n]) => n > 0)
        .map(([action, n]) => `${n} ${action}`);
      log.success(`${counts.length ? counts.join(", ") : "nothing changed"} in ${report.targets.join(", ")}${report.lockWritten ? "; lock written" : ""}`);
    },
  };
}
