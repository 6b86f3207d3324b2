import { describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { filesUnder, guardRunRestore } from "../../support/guard-e2e.ts";
import { useTempDirs } from "../../support/temp-dir.ts";

const tempDir = useTempDirs("leogriel-lineflow-e2e-");

/** A fake HOME with documents and a key, holding a git workspace with tracked and untracked files. */
function scene(): { ws: string; home: string } {
  const home = tempDir();
  const ws = join(home, "ws");
  mkdirSync(join(home, "Documents"), { recursive: true });
  mkdirSync(join(home, ".ssh"));
  writeFileSync(join(home, "Documents", "doc.txt"), "doc\n");
  writeFileSync(join(home, ".ssh", "id_ed25519"), "key\n");
  mkdirSync(join(ws, "src"), { recursive: true });
  writeFileSync(join(ws, "src", "main.ts"), "tracked\n");
  const sh = (script: string) => Bun.spawnSync(["bash", "-c", script], { cwd: ws, env: { HOME: home, PATH: process.env.PATH } });
  sh("git init -q . && git add . && git -c user.name=t -c user.email=t@t commit -qm init && echo notes > notes.txt");
  return { ws, home };
}


// Red-team findings C12, C13, C21: each of these lost data end to end before; the guard's exit
// (0 allow, 2 block, 3 ask) and, for what ran, every byte in HOME and the workspace afterwards.
const ROWS: Array<[string, string, number]> = [
  ["deleting where src was just moved is refused", "mv src gone && rm -rf gone", 2],
  ["a glob that may match a moved folder's new name is refused", "mv src asrc; rm -rf a*", 2],
  ["a trailing slash on a new symlink to Documents is refused", "ln -sfn ~/Documents link && rm -rf link/", 2],
  ["a glob through a new symlink to home is refused", "ln -s ~ l2; rm -rf l2/*", 2],
  ["rm linked under an inert name and run is refused", "ln -s \"$(command -v rm)\" ./cat && ./cat -rf ~/Documents", 2],
  ["moving the workspace's sources out into HOME is asked", "mv src \"$HOME/gone\"", 3],
  ["a new symlink deleted by name runs and leaves its target", "ln -s ~ l; rm -rf l", 0],
  ["a fresh copy deleted again runs and loses nothing", "cp -r src copy && rm -rf copy", 0],
  ["a plain delete in the workspace runs and restore brings it back", "rm -rf src notes.txt", 0],
];

describe("red team end to end: paths and programs changed earlier in the line", () => {
  for (const [name, command, exit] of ROWS) {
    test(name, () => {
      const { ws, home } = scene();
      const before = filesUnder(home);
      expect(guardRunRestore(ws, home, command)).toBe(exit);
      expect(filesUnder(home)).toEqual(before);
    });
  }
});
