#!/usr/bin/env bun
import { defineCommand } from "citty";
import { runCli } from "../lib/core/cli.ts";
import { VERSION } from "../lib/core/version.ts";

const main = defineCommand({
  meta: { name: "check", version: VERSION, description: "leogriel-check" },
  args: {},
});

await runCli(main);
