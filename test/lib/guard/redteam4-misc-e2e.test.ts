import { describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { filesUnder, guardRunRestore } from "../../support/guard-e2e.ts";
import { useTempDirs } from "../../support/temp-dir.ts";

const tempDir = useTempDirs("leogriel-redteam4-misc-");

/** A fake HOME with a key file and a repository inside it: main, and feat2 one commit ahead. */
function scene(): { ws: string; home: string; sh: (script: string) => string } {
  const home = tempDir();
  const ws = join(home, "ws");
  mkdirSync(join(home, ".ssh"), { recursive: true });
  mkdirSync(join(ws, "src"), { recursive: true });
  writeFileSync(join(home, ".ssh", "id_rsa"), "not a key\n");
  writeFileSync(join(home, ".gitconfig"), "[user]\n\tname = t\n\temail = t@t\n");
  writeFileSync(join(ws, "src", "main.ts"), "one\n");
  const sh = (script: string) => Bun.spawnSync(["bash", "-c", script], { cwd: ws, env: { HOME: home, PATH: process.env.PATH } }).stdout.toString().trim();
  sh("git init -q -b main . && git add . && git commit -qm one && git checkout -qb feat2 && echo two >> src/main.ts && git commit -qam two && git checkout -q main");
  return { ws, home, sh };
}

/** Everything under the fake HOME outside the repository. */
const homeFiles = (home: string) => Object.fromEntries(Object.entries(filesUnder(home)).filter(([path]) => !path.startsWith("ws/")));

// The folder-change rows deleted the fake HOME's key when judged in the old folder; the forced
// fetch moved feat2 off its commit.
const ROWS: Array<[string, number]> = [
  ["env -C ~ rm -rf .ssh", 2],
  ["env --chdir=$HOME rm -rf .ssh", 2],
  ["env -C ~ -S 'rm -rf .ssh'", 2],
  ["git fetch -q . +main:feat2", 3],
  ["git fetch -qf . main:feat2", 3],
  // Harmless lookalikes run: a folder change that deletes nothing, an unforced fetch (git refuses
  // a non-fast-forward, and feat2 stays).
  ["env -C src ls", 0],
  ["git fetch -q . main:feat2 || true", 0],
];

describe("red team 4 end to end: folder changes and forced fetches", () => {
  for (const [command, exit] of ROWS) {
    test(`${command} → exit ${exit}`, () => {
      const { ws, home, sh } = scene();
      const before = homeFiles(home);
      const feat2 = sh("git rev-parse feat2");
      expect(guardRunRestore(ws, home, command)).toBe(exit);
      expect(homeFiles(home)).toEqual(before);
      expect(sh("git rev-parse feat2")).toBe(feat2);
    });
  }
});
