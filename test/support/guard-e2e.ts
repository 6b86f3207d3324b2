import { expect } from "bun:test";
import { lstatSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
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

/**
 * A hostile command end to end: run by bash in a scene of its own, it does harm (`harmed` holds
 * for that HOME); through the guard (`guardRunRestore`) in a fresh scene it is refused and HOME is
 * unchanged. `scene` makes a fake HOME under a temporary folder with the workspace `ws` in it.
 */
export function expectHarmRefused(scene: () => { ws: string; home: string }, command: string, harmed: (home: string) => boolean): void {
  const bare = scene();
  Bun.spawnSync(["bash", "-c", command], { cwd: bare.ws, env: { HOME: bare.home, PATH: process.env.PATH }, stdin: "ignore", stdout: "ignore", stderr: "ignore" });
  expect(harmed(bare.home)).toBe(true);
  const { ws, home } = scene();
  const before = filesUnder(home);
  expect(guardRunRestore(ws, home, command)).not.toBe(0);
  expect(filesUnder(home)).toEqual(before);
}

/** A git repository for an end-to-end guard test, with the environment its processes run in. */
export interface GitWorkspace {
  ws: string;
  env: Record<string, string>;
  git: (...args: string[]) => string;
}

/**
 * An empty repository at `<dir>/home/project`: the workspace sits inside $HOME, so its deletes are
 * not temporary-path ALLOWs. `git` runs in it with a fixed identity and throws when git fails.
 */
export function gitWorkspace(dir: string): GitWorkspace {
  const home = join(dir, "home");
  const ws = join(home, "project");
  mkdirSync(ws, { recursive: true });
  const env = { HOME: home, TMPDIR: "/tmp", PATH: process.env.PATH ?? "" };
  const git = (...args: string[]) => {
    const p = Bun.spawnSync(["git", "-c", "user.name=t", "-c", "user.email=t@t", ...args], { cwd: ws, env });
    if (p.exitCode !== 0) throw new Error(`git ${args[0]} failed: ${p.stderr.toString()}`);
    return p.stdout.toString();
  };
  git("init", "-q");
  return { ws, env, git };
}
