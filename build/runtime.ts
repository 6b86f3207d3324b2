import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Target } from "./targets.ts";

/**
 * The Bun runtime executable for a cross target, fetched with `npm pack` (which verifies the
 * registry integrity) at exactly the running Bun version, and cached under `cacheDir`. Bun's own
 * cross-compile download has no checksum, so we never let it run.
 * @throws {Error} when npm or tar fails
 */
export function runtimeFor(target: Target, cacheDir: string): string {
  const dir = join(cacheDir, `${target.name}-${Bun.version}`);
  const exe = join(dir, "package", "bin", `bun${target.ext}`);
  if (existsSync(exe)) return exe;
  mkdirSync(dir, { recursive: true });
  const spec = `${target.runtimePackage}@${Bun.version}`;
  const pack = Bun.spawnSync(["npm", "pack", spec, "--silent", "--pack-destination", dir], { stderr: "pipe" });
  if (pack.exitCode !== 0) throw new Error(`Cannot fetch runtime ${spec}: ${pack.stderr.toString().trim()}`);
  const tarball = join(dir, pack.stdout.toString().trim().split("\n").at(-1)!);
  const untar = Bun.spawnSync(["tar", "-xzf", tarball, "-C", dir], { stderr: "pipe" });
  if (untar.exitCode !== 0 || !existsSync(exe)) throw new Error(`Cannot unpack runtime ${spec}: ${untar.stderr.toString().trim()}`);
  return exe;
}
