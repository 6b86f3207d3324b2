import { defineCommand } from "citty";
import { log } from "../../lib/core/logger.ts";
import { listSkills } from "../../lib/skills/install/list.ts";
import { installCommonArgs, layoutFor } from "./_shared.ts";

export default defineCommand({
  meta: { name: "list", description: "List declared and locked skills" },
  args: { ...installCommonArgs },
  run({ args }) {
    const skills = listSkills(layoutFor(args));
    return {
      exitCode: 0,
      data: { skills },
      human: () => {
        if (skills.length === 0) log.log("No skills declared.");
        for (const s of skills) {
          const where = s.installedIn.length > 0 ? s.installedIn.join(", ") : "not installed";
          log.log(`${s.name}${s.dev ? " (dev)" : ""}  ${s.specifier}  ${s.resolved ?? "(not locked)"}  [${where}]`);
        }
      },
    };
  },
});
