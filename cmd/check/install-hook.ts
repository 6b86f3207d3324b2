import { defineCommand } from "citty";
import { cwdArg, jsonArg, verboseArg } from "../../lib/core/args.ts";
import type { Outcome } from "../../lib/core/cli.ts";
import { UsageError } from "../../lib/core/errors.ts";
import { HOOK_AGENTS, isHookAgent } from "../../lib/guard/hooks/run-hook.ts";
import { selfCommand } from "../../lib/guard/install/hook-targets.ts";
import { installHook } from "../../lib/guard/install/install-hook.ts";
import { findWorkspace } from "../../lib/guard/paths.ts";

export default defineCommand({
  meta: { name: "install-hook", description: "Add leogriel-check's pre-tool hook (and post-tool hook where the agent has one) to an agent's settings (backup first, idempotent)" },
  args: {
    agent: { type: "positional", required: true, description: `Agent: ${HOOK_AGENTS.join(", ")}`, valueHint: "agent" },
    scope: { type: "string", description: "project (default: the workspace's settings) or user", valueHint: "scope" },
    command: { type: "string", description: "Hook command line to install (default: this leogriel-check with --hook <agent>)", valueHint: "cmd" },
    ...jsonArg,
    ...cwdArg,
    ...verboseArg,
  },
  run({ args }): Outcome {
    if (!isHookAgent(args.agent)) throw new UsageError(`Cannot install a hook: unknown agent (expected ${HOOK_AGENTS.join(", ")})`);
    const scope = args.scope ?? "project";
    if (scope !== "project" && scope !== "user") throw new UsageError("Cannot install a hook: --scope must be project or user");
    const workspace = findWorkspace(args.cwd ?? process.cwd());
    const report = installHook(args.agent, scope, workspace, args.command ?? selfCommand(args.agent));
    return {
      exitCode: 0,
      data: report,
      human: () =>
        process.stderr.write(
          `${report.changed ? "Installed" : "Already installed:"} ${report.agent} hook in ${report.path}${report.backup ? ` (backup: ${report.backup})` : ""}\n${report.trust ? `${report.trust}\n` : ""}`,
        ),
    };
  },
});
