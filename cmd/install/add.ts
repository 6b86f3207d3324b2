import { defineCommand } from "citty";
import { addSkill } from "../../lib/skills/install/add.ts";
import { allowRiskArg, forceArg, installCommonArgs, installOutcome, layoutFor, strictArg } from "./_shared.ts";

export default defineCommand({
  meta: { name: "add", description: "Declare a skill in agent-skills.json, lock it and install it" },
  args: {
    specifier: { type: "positional", required: true, description: "github:owner/repo[/path][#ref], skills.sh/owner/repo/skill, npm:pkg[@range], file:path" },
    dev: { type: "boolean", description: "Declare it in devDependencies" },
    name: { type: "string", description: "The skill's name (default: its SKILL.md name)", valueHint: "name" },
    ...forceArg,
    ...strictArg,
    ...allowRiskArg,
    ...installCommonArgs,
  },
  async run({ args }) {
    const layout = layoutFor(args);
    const { name, specifier, report, warnings } = await addSkill({
      layout,
      env: process.env,
      cwd: args.cwd ?? process.cwd(),
      specifier: args.specifier,
      dev: args.dev === true,
      name: args.name,
      force: args.force === true,
      strict: args.strict ?? layout.config.strict ?? false,
      allowRisk: args.allowRisk === true,
    });
    return installOutcome(report, warnings, { added: { name, specifier, dev: args.dev === true } });
  },
});
