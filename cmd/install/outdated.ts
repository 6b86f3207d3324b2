import { defineCommand } from "citty";
import { log } from "../../lib/core/logger.ts";
import { findOutdated } from "../../lib/skills/install/outdated.ts";
import { installCommonArgs, layoutFor } from "./_shared.ts";

export default defineCommand({
  meta: { name: "outdated", description: "Show skills whose source has changed since they were locked (exit 1 when any has)" },
  args: { ...installCommonArgs },
  async run({ args }) {
    const { skills, updates, warnings } = await findOutdated({ layout: layoutFor(args), env: process.env });
    return {
      exitCode: updates > 0 ? 1 : 0,
      ok: true,
      data: { skills, updates },
      warnings,
      human: () => {
        for (const s of skills) {
          if (s.status === "current") log.log(`= ${s.name} ${s.locked?.resolved}`);
          else log.log(`↑ ${s.name} ${s.locked?.resolved ?? "(not locked)"} -> ${s.latest.resolved}`);
        }
        log.info(updates > 0 ? `${updates} update(s) available; run leogriel-install update` : "Every skill is current.");
      },
    };
  },
});
