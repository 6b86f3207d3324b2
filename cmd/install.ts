#!/usr/bin/env bun
import { defineCommand } from "citty";
import { runCli } from "../lib/core/cli.ts";
import { VERSION } from "../lib/core/version.ts";

const main = defineCommand({
  meta: { name: "install", version: VERSION, description: "leogriel-install" },
  args: {},
});

await runCli(main);
