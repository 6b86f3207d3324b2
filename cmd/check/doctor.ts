import { defineCommand } from "citty";
import { cwdArg, jsonArg, verboseArg } from "../../lib/core/args.ts";
import type { Outcome } from "../../lib/core/cli.ts";
import { doctor } from "../../lib/guard/install/doctor.ts";
import { findWorkspace } from "../../lib/guard/paths.ts";

export default defineCommand({
  meta: { name: "doctor", description: "Report which agents have the hook installed, whether it runs and answers, and drift" },
  args: {
    "check-drift": { type: "boolean", description: "Compare each installed hook with its adapter's compatibility profile (CURRENT, DRIFTED, UNVERIFIED)" },
    ...jsonArg,
    ...cwdArg,
    ...verboseArg,
  },
  run({ args }): Outcome {
    const rows = doctor(findWorkspace(args.cwd ?? process.cwd()), { checkDrift: args["check-drift"] === true });
    const installed = rows.filter((r) => r.installed);
    const healthy = installed.every((r) => r.runs && r.drift !== "DRIFTED");
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
        }
      },
    };
  },
});
