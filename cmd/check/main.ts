import { defineCommand } from "citty";
import { cwdArg, jsonArg, verboseArg } from "../../lib/core/args.ts";
import type { Outcome } from "../../lib/core/cli.ts";
import { UsageError } from "../../lib/core/errors.ts";
import { VERSION } from "../../lib/core/version.ts";
import { restoreDashDash } from "../../lib/guard/argv.ts";
import { HOOK_AGENTS } from "../../lib/guard/hooks/run-hook.ts";
import { renderVerdict } from "../../lib/guard/render.ts";
import { runCheck } from "../../lib/guard/run-check.ts";

/** The `leogriel-check` command line (cmd/check.ts answers the installed hook line without it). */
export const main = defineCommand({
  meta: { name: "check", version: VERSION, description: "Decide ALLOW, RELOCATE, SNAPSHOT, ASK or BLOCK for a shell command an agent wants to run" },
  args: {
    command: { type: "positional", required: false, description: "The command line to classify (after `--`)", valueHint: "command" },
    dialect: { type: "string", description: "Command dialect: posix (default, or AGENT_GUARD_DIALECT), cmd, powershell", valueHint: "name" },
    apply: { type: "boolean", description: "Perform RELOCATE/SNAPSHOT compensation first, then allow (exit 0)" },
    hook: { type: "string", description: `Hook mode: read the agent's pre- or post-tool JSON on stdin and answer natively (${HOOK_AGENTS.join(", ")})`, valueHint: "agent" },
    "span-mode": { type: "string", description: "With --hook, for a post-tool event: what to do with credentials in a tool's output (sanitize, ask, block; default sanitize)", valueHint: "mode" },
    ...jsonArg,
    ...cwdArg,
    ...verboseArg,
  },
  subCommands: {
    "install-hook": () => import("./install-hook.ts").then((m) => m.default),
    doctor: () => import("./doctor.ts").then((m) => m.default),
    restore: () => import("./restore.ts").then((m) => m.default),
    status: () => import("./status.ts").then((m) => m.default),
    gc: () => import("./gc.ts").then((m) => m.default),
    span: () => import("./span.ts").then((m) => m.default),
  },
  async run({ args }): Promise<Outcome> {
    // A hook line naming a known agent never gets here: cmd/check.ts answers it (hook-args.ts),
    // a wrong one in the agent's format. What is left is an agent nobody knows.
    if (args.hook !== undefined) throw new UsageError(`Cannot run hook mode: unknown agent (expected ${HOOK_AGENTS.join(", ")})`);
    if (args["span-mode"] !== undefined) throw new UsageError("Cannot check: --span-mode applies to --hook only");
    const words = args._.map(String);
    if (words.length === 0) throw new UsageError("Cannot check: no command given (leogriel-check -- 'COMMAND')");
    const { json, exitCode } = await runCheck({ command: words.join(" "), dialect: args.dialect, cwd: args.cwd ?? process.cwd(), apply: args.apply === true });
    return { exitCode, ...(args.json ? { stdout: `${JSON.stringify(json)}\n` } : { human: () => renderVerdict(json) }) };
  },
});

/** The argv runCli gets: Bun swallows a first `--` after the script; put it back. */
export function checkArgs(argv: string[]): string[] {
  return restoreDashDash(argv, Object.keys(main.subCommands ?? {}), ["--dialect", "--cwd", "--hook", "--span-mode"]);
}
