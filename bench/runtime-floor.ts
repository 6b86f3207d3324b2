// The runtimes' own start-up, measured beside the hooks (bench/check.bench.ts): how long a
// process that does nothing takes on this machine. Hook round trips vary several-fold between
// machines (a virtual machine's page faults alone can cost ten times a bare one's), and most of
// that is the runtime's start, not the hook's work; the floor lets two runs on different machines
// be compared, and shows how much of each hook's time is its own.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { CHECK_JIT_POLICY, RELEASE_FLAGS } from "../build/check-profile.ts";

/**
 * Compiles an empty program with leogriel-check's release flags into `dir` and returns its path:
 * the floor of every compiled leogriel-check answer (Bun's own start and exit).
 * @throws {Error} when the compiler fails
 */
export function compileBunFloor(dir: string): string {
  const source = join(dir, "floor.ts");
  const outfile = join(dir, "bun-floor");
  writeFileSync(source, "export {};\n");
  const build = Bun.spawnSync([process.execPath, "build", source, ...RELEASE_FLAGS, `--compile-jit-policy=${CHECK_JIT_POLICY}`, `--outfile=${outfile}`], { stdout: "ignore", stderr: "pipe" });
  if (build.exitCode !== 0) throw new Error(`Cannot compile the empty program: ${build.stderr.toString().trim()}`);
  return outfile;
}
