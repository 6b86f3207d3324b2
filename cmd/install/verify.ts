import { defineCommand } from "citty";
import { log } from "../../lib/core/logger.ts";
import type { EnvelopeMessage } from "../../lib/core/envelope.ts";
import { recoverIfInterrupted } from "../../lib/skills/install/run-context.ts";
import { verifyInstalled } from "../../lib/skills/install/verify.ts";
import { installCommonArgs, layoutFor } from "./_shared.ts";

export default defineCommand({
  meta: { name: "verify", description: "Re-hash every installed skill against the lock (exit 1 on drift or a missing copy)" },
  args: { ...installCommonArgs },
  async run({ args }) {
    const layout = layoutFor(args);
    const recovered: EnvelopeMessage[] = [];
    await recoverIfInterrupted(layout, process.env, recovered);
    const { skills, problems, warnings: found } = verifyInstalled(layout);
    const warnings = [...recovered, ...found];
    return {
      exitCode: problems > 0 ? 1 : 0,
      ok: true,
      data: { skills, problems },
      warnings,
      errors: skills.flatMap((s) => s.copies.filter((c) => c.state !== "current").map((c) => ({ code: c.state === "missing" ? "skill_missing" : "skill_drift", message: `${s.name}: ${c.path} is ${c.state}${_why(c.issues)}`, path: c.path }))),
      human: () => {
        for (const w of warnings) log.warn(w.message);
        for (const s of skills) for (const c of s.copies) if (c.state !== "current") log.error(`${s.name}: ${c.path} is ${c.state === "modified" ? "modified since it was installed" : "missing"}${_why(c.issues)}`);
        if (problems === 0) log.success(`${skills.length} skill(s) match the lock`);
        else log.info("Run leogriel-install --force to restore the locked bytes (local edits are lost).");
      },
    };
  },
});

// The checks beside the hash that failed (copy-checks.ts), when they explain the drift.
function _why(issues: string[] | undefined): string {
  return issues && issues.length > 0 ? ` (${issues.join("; ")})` : "";
}
