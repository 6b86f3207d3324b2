#!/usr/bin/env bun
// leogriel-check. The installed hook line (`--hook AGENT`, on every agent command) loads only the
// hook runner; every other use loads the command line in cmd/check/main.ts.
import { INTERNAL_ERROR_EXIT } from "../lib/guard/decision.ts";
import { readHookArgs } from "../lib/guard/hooks/hook-args.ts";
import { readStdin, writeOut } from "../lib/guard/hooks/hook-io.ts";
import { misconfiguredHook, runHook } from "../lib/guard/hooks/run-hook.ts";

// The release build starts with the JIT held back (build/check-profile.ts): a hook answer runs
// almost every function once. Larger payloads and the other subcommands get the normal policy.
const LARGE_PAYLOAD_BYTES = 32 * 1024;

const argv = process.argv.slice(2);
const hook = import.meta.main ? readHookArgs(argv) : null;
if (hook) {
  // A hook line (install-hook writes `--hook AGENT`), run on every agent command: answered
  // without the CLI runner (and the output redactor it loads). A hook answer holds only codes,
  // static text and ids; a wrong hook line is still answered in the agent's format.
  const input = await readStdin();
  if (input.byteLength > LARGE_PAYLOAD_BYTES) Bun.unsafe.setJITPolicy(1);
  const answer = "problem" in hook ? await misconfiguredHook(hook.agent, input, hook.problem) : await runHook(hook.agent, input, process.env, hook.dialect, hook.spanMode);
  // Blocking writes on fds 1 and 2 (hook-io.ts), not process.stdout: the Node stream behind
  // process.stdout costs more start-up time than the whole check (about 20 ms in a compiled binary).
  if (answer.stdout) await writeOut(1, answer.stdout);
  if (answer.stderr) await writeOut(2, `${answer.stderr}\n`);
  process.exitCode = answer.exitCode;
} else if (import.meta.main) {
  Bun.unsafe.setJITPolicy(1);
  const [{ runCli }, { checkArgs, main }] = await Promise.all([import("../lib/core/cli.ts"), import("./check/main.ts")]);
  await runCli(main, { rawArgs: checkArgs(argv), internalExitCode: INTERNAL_ERROR_EXIT });
}
