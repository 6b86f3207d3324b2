#!/usr/bin/env bun
import { defineCommand } from "citty";
import { runCli } from "../lib/core/cli.ts";
import { VERSION } from "../lib/core/version.ts";
import { installAll } from "../lib/skills/install/install.ts";
import { forceArg, installCommonArgs, installOutcome, layoutFor, strictFor, strictArg } from "./install/_shared.ts";

const main = defineCommand({
  meta: { name: "install", version: VERSION, description: "leogriel-install: agent skills with a manifest, a lock and verified installs" },
  args: {
    frozen: { type: "boolean", description: "Install exactly what agent-skills.lock pins; fail (exit 2) on any mismatch, never resolve" },
    ...forceArg,
    ...strictArg,
    ...installCommonArgs,
  },
  subCommands: {
    add: () => import("./install/add.ts").then((m) => m.default),
    remove: () => import("./install/remove.ts").then((m) => m.default),
    update: () => import("./install/update.ts").then((m) => m.default),
    outdated: () => import("./install/outdated.ts").then((m) => m.default),
    list: () => import("./install/list.ts").then((m) => m.default),
    verify: () => import("./install/verify.ts").then((m) => m.default),
  },
  async run({ args }) {
    const layout = layoutFor(args);
    const { report, warnings } = await installAll({ layout, env: process.env, frozen: args.frozen === true, force: args.force === true, strict: strictFor(args, layout) });
    return installOutcome(report, warnings, { frozen: args.frozen === true });
  },
});

await runCli(main);
