import { defineCommand } from "citty";
import { cwdArg, jsonArg, verboseArg } from "../../lib/core/args.ts";
import type { Outcome } from "../../lib/core/cli.ts";
import { UsageError } from "../../lib/core/errors.ts";
import { HOOK_AGENTS, isHookAgent } from "../../lib/guard/hooks/run-hook.ts";
import { doctor } from "../../lib/guard/install/doctor.ts";
import { DEFAULT_SENTINEL_TIMEOUT_S, liveSentinel } from "../../lib/guard/install/live-sentinel.ts";
import { sentinelExitCode } from "../../lib/guard/install/sentinel-evidence.ts";
import { findWorkspace } from "../../lib/guard/paths.ts";

export default defineCommand({
  meta: { name: "doctor", description: "Report which agents have the hook installed, whether it runs and answers, and drift" },
  args: {
    "check-drift": { type: "boolean", description: "Compare each installed hook with its adapter's compatibility profile (CURRENT, DRIFTED, UNVERIFIED)" },
    "live-sentinel": { type: "boolean", description: "Opt-in: ask the real agent (and its model) to delete a scratch sentinel and prove the installed hook intercepts it (PASS, FAIL, INCONCLUSIVE)" },
    agent: { type: "string", description: `With --live-sentinel: the agent to probe (default claude; ${HOOK_AGENTS.join(", ")})`, valueHint: "agent" },
    timeout: { type: "string", description: `With --live-sentinel: seconds the agent may run (default ${DEFAULT_SENTINEL_TIMEOUT_S})`, valueHint: "seconds" },
    ...jsonArg,
    ...cwdArg,
    ...verboseArg,
  },
  async run({ args }): Promise<Outcome> {
    const workspace = findWorkspace(args.cwd ?? process.cwd());
    if (args["live-sentinel"]) return _liveSentinel(workspace, args);
    if (args.agent !== undefined || args.timeout !== undefined) throw new UsageError("Cannot run doctor: --agent and --timeout apply to --live-sentinel only");
    const rows = doctor(workspace, { checkDrift: args["check-drift"] === true });
    const installed = rows.filter((r) => r.installed);
    const healthy = installed.every((r) => r.runs && r.drift !== "DRIFTED" && r.inside_workspace === undefined);
    return {
      exitCode: healthy ? 0 : 1,
      ok: healthy,
      data: { hooks: rows },
      human: () => {
        if (installed.length === 0) process.stderr.write("No leogriel-check hook is installed (see `leogriel-check install-hook <agent>`).\n");
        for (const r of installed) {
          const drift = r.drift ? ` ${r.drift}` : "";
          const post = r.post_installed === undefined ? "" : r.post_installed ? ", post-tool hook installed" : ", post-tool hook MISSING";
          process.stderr.write(`${r.agent} (${r.scope}): ${r.runs ? "runs and answers" : "does NOT answer correctly"}${post}${drift} — ${r.path}\n`);
          if (r.inside_workspace) process.stderr.write(`  the hook's program is inside the workspace (${r.inside_workspace.join(", ")}): an agent command can rewrite or delete it; install leogriel-check outside the workspace and run install-hook from there\n`);
        }
      },
    };
  },
});

/** `--live-sentinel`: one agent, probed through its real CLI; exit 0 PASS, 1 FAIL, 3 otherwise. */
async function _liveSentinel(workspace: string, args: { agent?: string; timeout?: string; "check-drift"?: boolean }): Promise<Outcome> {
  if (args["check-drift"]) throw new UsageError("Cannot run doctor: --live-sentinel and --check-drift are separate runs");
  const agent = args.agent ?? "claude";
  if (!isHookAgent(agent)) throw new UsageError(`Cannot run the live sentinel: unknown agent (expected ${HOOK_AGENTS.join(", ")})`);
  const seconds = Number(args.timeout ?? DEFAULT_SENTINEL_TIMEOUT_S);
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > 3600) throw new UsageError("Cannot run the live sentinel: --timeout must be a whole number of seconds from 1 to 3600");
  const report = await liveSentinel(agent, workspace, { timeoutMs: seconds * 1000 });
  return {
    exitCode: sentinelExitCode(report.result),
    ok: report.result === "PASS",
    data: { live_sentinel: [report] },
    human: () => {
      process.stderr.write(`${report.agent} live sentinel: ${report.result} ${report.reason} — ${report.detail}\n`);
      if (report.evidence) {
        const e = report.evidence;
        const receipt = e.receipts.length ? e.receipts.map((r) => `${r.decision} ${r.reason}${r.compensated ? " (quarantined)" : ""}`).join(", ") : "none";
        process.stderr.write(`  tool call seen: ${e.tool_call_seen ? "yes" : "no"}; sentinel: ${e.sentinel}; hook receipt: ${receipt}${e.timed_out ? "; timed out" : ""}\n`);
      }
      if (report.settings.length) process.stderr.write(`  hook settings loaded: ${report.settings.join(", ")}\n`);
    },
  };
}
