import { defineCommand } from "citty";
import { UsageError } from "../../lib/core/errors.ts";
import { removeSkills } from "../../lib/skills/install/remove.ts";
import { forceArg, installCommonArgs, installOutcome, layoutFor } from "./_shared.ts";

export default defineCommand({
  meta: { name: "remove", description: "Remove skills from agent-skills.json, the lock and every agent folder" },
  args: {
    name: { type: "positional", required: true, description: "Skill name (more may follow)" },
    ...forceArg,
    ...installCommonArgs,
  },
  async run({ args }) {
    const names = [args.name, ...args._.slice(1)].map(String);
    if (names.some((n) => n.startsWith("-"))) throw new UsageError(`Cannot parse arguments: ${names.find((n) => n.startsWith("-"))} is not a skill name`);
    const { report, warnings } = await removeSkills({ layout: layoutFor(args), env: process.env, names, force: args.force === true });
    return installOutcome(report, warnings, { removed: names });
  },
});
