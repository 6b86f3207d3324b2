import { defineCommand } from "citty";
import { updateSkills } from "../../lib/skills/install/install.ts";
import { allowRiskArg, forceArg, installCommonArgs, installOutcome, layoutFor, strictFor, strictArg } from "./_shared.ts";

export default defineCommand({
  meta: { name: "update", description: "Resolve skills afresh (all, or the ones named) and re-lock them" },
  args: {
    names: { type: "positional", required: false, description: "Skill names (default: every declared skill)" },
    ...forceArg,
    ...strictArg,
    ...allowRiskArg,
    ...installCommonArgs,
  },
  async run({ args }) {
    const layout = layoutFor(args);
    const names = args._.map(String);
    const { report, warnings } = await updateSkills({ layout, env: process.env, names, force: args.force === true, strict: strictFor(args, layout), allowRisk: args.allowRisk === true });
    return installOutcome(report, warnings);
  },
});
