import { describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { filesUnder, guardRunRestore } from "../../support/guard-e2e.ts";
import { useTempDirs } from "../../support/temp-dir.ts";

const tempDir = useTempDirs("leogriel-redteam-e2e-");

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
      const before = filesUnder(ws);
      expect(guardRunRestore(ws, home, command)).toBe(exit);
      expect(filesUnder(ws)).toEqual(before);
    });
  }
});
