import { describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { filesUnder, guardRunRestore } from "../../support/guard-e2e.ts";
import { useTempDirs } from "../../support/temp-dir.ts";

const tempDir = useTempDirs("leogriel-globs-e2e-");

/** A fake HOME with a key, credentials and documents, holding a git workspace with `docs -> ~/Documents`. */
function scene(): { ws: string; home: string } {
  const home = tempDir();
  const ws = join(home, "ws");
  for (const dir of ["Documents", ".ssh", ".aws", "ws/src"]) mkdirSync(join(home, dir), { recursive: true });
  writeFileSync(join(home, "Documents", "doc.txt"), "doc\n");
  writeFileSync(join(home, ".ssh", "id_ed25519"), "not a key\n");
  writeFileSync(join(home, ".aws", "credentials"), "not a credential\n");
  writeFileSync(join(home, ".bashrc"), "# rc\n");
  writeFileSync(join(ws, "src", "main.ts"), "tracked\n");
  const sh = (script: string) => Bun.spawnSync(["bash", "-c", script], { cwd: ws, env: { HOME: home, PATH: process.env.PATH } });
  sh("git init -q . && git add . && git -c user.name=t -c user.email=t@t commit -qm init && echo notes > notes.txt");
  symlinkSync(join(home, "Documents"), join(ws, "docs"));
  return { ws, home };
}

// Red team 3 (globs and paths): bash really reaches what each refused row names (checked on a
// scene of its own), and the guard's exit (0 allow, 2 block, 3 ask) keeps HOME, .git and the
// workspace as they were; rows that run are restored byte for byte.
const ROWS: Array<[string, string, number, string]> = [
  ["a class matching .git", "rm -rf .[[:alpha:]]it", 2, "ws/.git"],
  ["dotglob turning * onto .git", "shopt -s dotglob; rm -rf *", 2, "ws/.git"],
  ["nocaseglob matching .git in capitals", "shopt -s nocaseglob; rm -rf .GI*", 2, "ws/.git"],
  ["`..` after a symlink to Documents", "rm -rf docs/../.ssh", 2, ".ssh"],
  ["`..` from a folder entered through the symlink", "cd docs && rm -rf ../.aws", 2, ".aws"],
  ["an overwrite through the symlink's `..`", "echo PWNED > docs/../.bashrc", 3, ".bashrc"],
];

describe("red team 3 end to end: globs and `..`", () => {
  for (const [name, command, exit, reached] of ROWS) {
    test(name, () => {
      const bare = scene();
      const before = filesUnder(bare.home);
      Bun.spawnSync(["bash", "-c", command], { cwd: bare.ws, env: { HOME: bare.home, PATH: process.env.PATH } });
      expect(existsSync(join(bare.home, reached)) && filesUnder(bare.home)[reached] === before[reached]).toBe(false);

      const { ws, home } = scene();
      const files = filesUnder(home);
      expect(guardRunRestore(ws, home, command)).toBe(exit);
      expect(filesUnder(home)).toEqual(files);
      expect(existsSync(join(ws, ".git", "HEAD"))).toBe(true);
    });
  }

  for (const command of ["rm -rf [[:alpha:]]*.txt", "rm -rf /proc/self/cwd/notes.txt", "rm -rf src/../notes.txt"]) {
    test(`a workspace delete runs and restore brings it back: ${command}`, () => {
      const { ws, home } = scene();
      const files = filesUnder(home);
      expect(guardRunRestore(ws, home, command)).toBe(0);
      expect(filesUnder(home)).toEqual(files);
    });
  }
});
