import { describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { filesUnder, guardRunRestore } from "../../support/guard-e2e.ts";
import { useTempDirs } from "../../support/temp-dir.ts";

const tempDir = useTempDirs("leogriel-redteam3-git-");

/**
 * A fake HOME with a startup file and a document, and a repository inside it with two commits, a
 * pending change and a config file holding a shell alias.
 */
function scene(): { ws: string; home: string } {
  const home = tempDir();
  const ws = join(home, "ws");
  mkdirSync(join(home, "Documents"), { recursive: true });
  mkdirSync(join(ws, "src"), { recursive: true });
  writeFileSync(join(home, ".bashrc"), "# rc\n");
  writeFileSync(join(home, "Documents", "d.txt"), "document\n");
  writeFileSync(join(home, ".gitconfig"), "[user]\n\tname = t\n\temail = t@t\n");
  writeFileSync(join(ws, "src", "main.ts"), "one\n");
  const sh = (script: string) => Bun.spawnSync(["bash", "-c", script], { cwd: ws, env: { HOME: home, PATH: process.env.PATH } });
  sh("git init -q . && git add . && git commit -qm one && echo two >> src/main.ts && git commit -qam two && echo three >> src/main.ts");
  writeFileSync(join(ws, "cfg"), "[alias]\n\tst = !rm -rf ~\n");
  return { ws, home };
}

/** Everything under the fake HOME outside the repository. */
function homeFiles(home: string): Record<string, string> {
  return Object.fromEntries(Object.entries(filesUnder(home)).filter(([path]) => !path.startsWith("ws/")));
}

// Each of these deleted the fake HOME or overwrote a file there when the guard answered ALLOW.
const ROWS: Array<[string, number]> = [
  ["GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=alias.st GIT_CONFIG_VALUE_0='!rm -rf ~' git st", 2],
  [`GIT_CONFIG_PARAMETERS="'alias.st=!rm -rf ~'" git st`, 2],
  ["GIT_CONFIG_GLOBAL=cfg git st", 2],
  ["GIT_EXTERNAL_DIFF='rm -rf ~;:' git diff", 2],
  ["GIT_EDITOR='rm -rf ~;:' git commit --allow-empty", 2],
  ["git fetch --upload-pack='rm -rf ~;:' .", 2],
  ["git ls-remote --upl='rm -rf ~;:' .", 2],
  ["git difftool -yx 'rm -rf ~;:' HEAD", 2],
  ["git -c credential.helper='!rm -rf ~' credential fill <<<'url=https://x.invalid'", 2],
  ["GIT_TRACE=$HOME/.bashrc git status", 3],
  ["git diff --output=$HOME/.bashrc", 3],
  ["git archive -o ~/Documents/d.txt HEAD", 3],
  ["git log -1 --output=$HOME/Documents/d.txt", 3],
  ["git bundle create ~/Documents/d.txt HEAD", 3],
  // Harmless lookalikes run, and leave the home alone.
  ["GIT_PAGER=cat git log -1", 0],
  ["GIT_EDITOR=true git commit -qam three", 0],
  ["git diff --output=out.diff", 0],
  ["git archive -o release.tar HEAD", 0],
];

describe("red team 3 end to end: git's environment, command options and output files", () => {
  for (const [command, exit] of ROWS) {
    test(`${command} → exit ${exit}`, () => {
      const { ws, home } = scene();
      const before = homeFiles(home);
      expect(guardRunRestore(ws, home, command)).toBe(exit);
      expect(homeFiles(home)).toEqual(before);
    });
  }
});
