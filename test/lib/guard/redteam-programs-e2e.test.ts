import { describe, expect, test } from "bun:test";
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { useTempDirs } from "../../support/temp-dir.ts";

const tempDir = useTempDirs("leogriel-redteam-e2e-");
const CHECK = join(import.meta.dir, "../../../cmd/check.ts");

/** Every file under `root` (the quarantine and git objects aside) with its content. */
function files(root: string, dir = root, out: Record<string, string> = {}): Record<string, string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === ".agent-guard" || name === ".git") continue;
    if (statSync(path).isDirectory()) files(root, path, out);
    else out[relative(root, path)] = readFileSync(path, "utf8");
  }
  return out;
}

/** A git workspace with tracked, untracked and ignored files and a nested repository, and a fake HOME. */
function scene(): { ws: string; home: string } {
  const home = tempDir();
  const ws = join(home, "ws");
  const sh = (script: string) => Bun.spawnSync(["bash", "-c", script], { cwd: ws, env: { HOME: home, PATH: process.env.PATH } });
  mkdirSync(join(ws, "src"), { recursive: true });
  writeFileSync(join(ws, "src", "main.ts"), "tracked\n");
  writeFileSync(join(ws, ".gitignore"), "build/\n");
  sh("git init -q . && git add . && git -c user.name=t -c user.email=t@t commit -qm init");
  sh("mkdir -p build nested && echo out > build/out.js && echo notes > notes.txt && (cd nested && git init -q . && echo n > n.txt)");
  return { ws, home };
}

/** The guard with --apply (as hook mode), then the real command with bash, then restore. */
function guardRunRestore(ws: string, home: string, command: string): number {
  const env = { HOME: home, PATH: process.env.PATH };
  const guard = Bun.spawnSync(["bun", CHECK, "--cwd", ws, "--json", "--apply", "--", command], { env });
  if (guard.exitCode !== 0) return guard.exitCode ?? -1;
  Bun.spawnSync(["bash", "-c", command], { cwd: ws, env });
  const txid = /tx-[0-9TZ]+-[0-9a-f]+/.exec(guard.stdout.toString())?.[0];
  if (txid) expect(Bun.spawnSync(["bun", CHECK, "restore", txid, "--cwd", ws], { env }).exitCode).toBe(0);
  return 0;
}

// Red-team finding C1: the first relocation created the quarantine that `git clean -x` deleted.
const ROWS: Array<[string, string, number]> = [
  ["git clean -fdx before any quarantine exists is refused and nothing is lost", "git clean -fdx", 2],
  ["git clean -ffdx (nested repositories too) is refused and nothing is lost", "git clean -ffdx", 2],
  ["git clean -fdx -e .agent-guard runs and restore brings every byte back", "git clean -fdx -e .agent-guard", 0],
  ["git clean -ffd runs, deletes the nested repository, and restore brings it back", "git clean -ffd", 0],
];

describe("red team end to end: git clean and the quarantine", () => {
  for (const [name, command, exit] of ROWS) {
    test(name, () => {
      const { ws, home } = scene();
      const before = files(ws);
      expect(guardRunRestore(ws, home, command)).toBe(exit);
      expect(files(ws)).toEqual(before);
    });
  }
});
