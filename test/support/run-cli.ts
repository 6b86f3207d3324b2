import { join } from "node:path";

export const REPO = join(import.meta.dir, "..", "..");

export interface ProcessResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** Runs `bun cmd/<entry>.ts ...args` as a real process (no colour, no CI-only behaviour). */
export function runEntry(
  entry: string,
  args: string[],
  options: { cwd?: string; env?: Record<string, string | undefined>; stdin?: string } = {},
): ProcessResult {
  const proc = Bun.spawnSync([process.execPath, join(REPO, "cmd", `${entry}.ts`), ...args], {
    cwd: options.cwd ?? REPO,
    env: { ...process.env, NO_COLOR: "1", ...options.env },
    stdin: options.stdin === undefined ? "ignore" : Buffer.from(options.stdin),
  });
  return { exitCode: proc.exitCode ?? -1, stdout: proc.stdout.toString(), stderr: proc.stderr.toString() };
}
