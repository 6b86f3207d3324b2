import type { SimpleCommand, Word } from "../syntax.ts";
import type { AnalyzeContext } from "./context.ts";
import { programName } from "./names.ts";
import { SHELL_NAMES } from "./runner-names.ts";
import { secretOutput } from "./secret-output.ts";

// Programs a loader runs whose output is the environment or its own code's (docker run's command
// in the container: the guard does not read that command's grammar).
const CONTAINER_PRINTERS = new Set(["env", "printenv", "set", "export", "declare", "typeset", "cat", "eval", ...SHELL_NAMES]);
// The loaders that run another command given as their operands.
const LOADER_RUNNERS = new Set(["dotenv", "npx", "bunx", "pnpx", "uv", "docker", "podman", "bun", "deno", "python"]);

/**
 * Whether a command exposes the values a line loaded from a `.env` file (session 19,
 * env-loaders.ts): it prints the environment (`env`, `printenv`, `export -p`, `node -e
 * 'console.log(process.env)'`, secret-output.ts), traces what it runs (`set -x`, `set -o xtrace`,
 * `set -v`, `bash -x`), sets a trap (its text runs later), or is a loader running such a command
 * (`dotenv -- env`, `uv run --env-file .env printenv`, `docker run --env-file .env img env`).
 */
export function printsEnvironment(name: string, args: Word[], cmd: SimpleCommand, ctx: AnalyzeContext): boolean {
  if (name === "trap") return args.length > 0;
  if (name === "set" || SHELL_NAMES.has(name)) {
    // `set -x`, `set -o xtrace`, `set -v`, `bash -x script`, `sh -xc …`.
    for (let i = 0; i < args.length; i++) {
      const v = args[i]!.value;
      if (args[i]!.dynamic || /^[-+][a-zA-Z]*[xv]/.test(v)) return true;
      // `-o NAME`, also at the end of a cluster (`set -eo xtrace`).
      if (/^[-+][a-zA-Z]*o$/.test(v)) {
        if (args[i + 1]?.dynamic || /^(?:xtrace|verbose)$/.test(args[++i]?.value ?? "")) return true;
      } else if (!v.startsWith("-") && !v.startsWith("+")) break;
    }
  }
  const at = { cmd, ctx };
  if (secretOutput(name, args, at) !== null) return true;
  if (!LOADER_RUNNERS.has(name)) return false;
  // The command a loader runs (`dotenv -- env`, `uv run --env-file .env printenv`, `docker run
  // --env-file .env img env`): each operand tried as the start of it.
  for (let i = 0; i < args.length; i++) {
    const w = args[i]!;
    if (w.dynamic) return true;
    // `--entrypoint=printenv`: the program the container runs, named in the option's value.
    const entry = /^--entrypoint=(.+)$/.exec(w.value)?.[1];
    if (w.value.startsWith("-") && !entry) continue;
    const inner = entry !== undefined ? programName({ ...w, value: entry }) : programName(w);
    if (secretOutput(inner, args.slice(i + 1), at) !== null || ((name === "docker" || name === "podman") && CONTAINER_PRINTERS.has(inner))) return true;
  }
  return false;
}
