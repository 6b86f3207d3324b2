#!/usr/bin/env bun
import { runCli } from "../lib/core/cli.ts";
import main from "./install/_root.ts";

await runCli(main);
