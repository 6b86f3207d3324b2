import { expect } from "bun:test";
import { lstatSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

const CHECK = join(import.meta.dir, "../../cmd/check.ts");

/**
 * Every regular file under `root` with its content: what an end-to-end guard test compares
 * before and after. The quarantine, git metadata and the cache Bun writes into a fake HOME aside.
 */
export function filesUnder(root: string, dir = root, out: Record<string, string> = {}): Record<string, string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === ".agent-guard" || name === ".git" || name === ".bun") continue;
    const entry = lstatSync(path);
    if (entry.isDirectory()) filesUnder(root, path, out);
    else if (entry.isFile()) out[relative(root, path)] = readFileSync(path, "utf8");
  }
  return out;
}

/**
 * The guard with `--apply` (as hook mode does), then, if it allowed, the real command with bash,
 * then `restore` of the transaction it named. Returns the guard's exit code.
 */
export function guardRunRestore(ws: string, home: string, command: string): number {
  const env = { HOME: home, PATH: process.env.PATH };
  const guard = Bun.spawnSync([process.execPath, CHECK, "--cwd", ws, "--json", "--apply", "--", command], { env });
  if (guard.exitCode !== 0) return guard.exitCode ?? -1;
  Bun.spawnSync(["bash", "-c", command], { cwd: ws, env });
  const txid = /tx-[0-9TZ]+-[0-9a-f]+/.exec(guard.stdout.toString())?.[0];
  if (txid) expect(Bun.spawnSync([process.execPath, CHECK, "restore", txid, "--cwd", ws], { env }).exitCode).toBe(0);
  return 0;
}
