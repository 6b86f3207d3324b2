import { defineCommand } from "citty";
import { VERSION } from "../../lib/core/version.ts";
import { installAll } from "../../lib/skills/install/install.ts";
import { allowRiskArg, forceArg, installCommonArgs, installOutcome, layoutFor, strictFor, strictArg } from "./_shared.ts";

/** The leogriel-install command tree: `install` itself (the default) and its subcommands. */
export default defineCommand({
  meta: { name: "install", version: VERSION, description: "leogriel-install: agent skills with a manifest, a lock and verified installs" },
  args: {
    frozen: { type: "boolean", description: "Install exactly what agent-skills.lock pins; fail (exit 2) on any mismatch, never resolve" },
    ...forceArg,
    ...strictArg,
    ...allowRiskArg,
    ...installCommonArgs,
  },
  subCommands: {
    add: () => import("./add.ts").then((m) => m.default),
    remove: () => import("./remove.ts").then((m) => m.default),
    update: () => import("./update.ts").then((m) => m.default),
    outdated: () => import("./outdated.ts").then((m) => m.default),
    list: () => import("./list.ts").then((m) => m.default),
    verify: () => import("./verify.ts").then((m) => m.default),
  },
  async run({ args }) {
    const layout = layoutFor(args);
    const { report, warnings } = await installAll({ layout, env: process.env, frozen: args.frozen === true, force: args.force === true, strict: strictFor(args, layout), allowRisk: args.allowRisk === true });
    return installOutcome(report, warnings, { frozen: args.frozen === true });
  },
});
