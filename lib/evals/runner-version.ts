import semver from "semver";

/** How long `<agent> --version` may take. */
const VERSION_TIMEOUT_MS = 15_000;

/**
 * Runs `<executable> --version` with a clean environment and returns the first x.y.z it
 * prints, or a reason it could not.
 */
export async function probeVersion(executable: string, env: Record<string, string>): Promise<{ version?: string; reason?: string }> {
  let proc: Bun.Subprocess<"ignore", "pipe", "pipe">;
  try {
    proc = Bun.spawn([executable, "--version"], { env, stdin: "ignore", stdout: "pipe", stderr: "pipe", timeout: VERSION_TIMEOUT_MS });
  } catch {
    return { reason: `${executable} could not be started` };
  }
  const [out, code] = await Promise.all([new Response(proc.stdout).text(), proc.exited]);
  const version = /\b(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)\b/.exec(out)?.[1];
  if (code !== 0 || !version) return { reason: `${executable} --version did not print a version (exit ${code})` };
  return { version };
}

/** True when `version` is at least `minimum` (semver order; prereleases of the minimum are older). */
export function atLeast(version: string, minimum: string): boolean {
  const v = semver.valid(version);
  return v !== null && semver.gte(v, minimum);
}
