import type { ArgDef } from "citty";

/** `--json`: machine output on stdout. Spread into every command that has it. */
export const jsonArg = {
  json: { type: "boolean", description: "Write one JSON document on stdout instead of human output" },
} as const satisfies Record<string, ArgDef>;

/** `--cwd`: the directory to act in. */
export const cwdArg = {
  cwd: { type: "string", description: "Directory to run in (default: the current directory)", valueHint: "dir" },
} as const satisfies Record<string, ArgDef>;

/** `--verbose`: debug logging and stack traces on stderr. */
export const verboseArg = {
  verbose: { type: "boolean", description: "Print debug detail and stack traces on stderr" },
} as const satisfies Record<string, ArgDef>;

/** The three shared flags together. */
export const commonArgs = { ...jsonArg, ...cwdArg, ...verboseArg } as const satisfies Record<string, ArgDef>;
