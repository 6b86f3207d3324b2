#!/usr/bin/env bun
import { defineCommand } from "citty";
import { runCli } from "../lib/core/cli.ts";
import { VERSION } from "../lib/core/version.ts";

const main = defineCommand({
  meta: { name: "capture", version: VERSION, description: "leogriel-capture" },
  args: {},
});

await runCli(main);
