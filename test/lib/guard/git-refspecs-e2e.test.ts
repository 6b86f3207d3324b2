import { describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { guardRunRestore } from "../../support/guard-e2e.ts";
import { useTempDirs } from "../../support/temp-dir.ts";

const tempDir = useTempDirs("leogriel-refspecs-e2e-");

/**
 * A fake HOME with a bare repository `remote.git` (main and feat, one commit) and its clone `ws`,
 * where feat is one commit ahead and the local branch `work` is checked out (git refuses a fetch
 * that would write the checked-out branch, so it is one the remote lacks): a fetch that forces
 * feat moves it back off its commit, a pruning one deletes `only-here`. `setup` runs in the clone.
 */
function scene(setup = ""): { ws: string; home: string; sh: (script: string) => string } {
  const home = tempDir();
  const ws = join(home, "ws");
  mkdirSync(join(home, "seed"), { recursive: true });
  writeFileSync(join(home, ".gitconfig"), "[user]\n\tname = t\n\temail = t@t\n[init]\n\tdefaultBranch = main\n[pull]\n\trebase = false\n");
  const env = { HOME: home, PATH: process.env.PATH };
  const sh = (script: string, cwd = ws) => Bun.spawnSync(["bash", "-c", script], { cwd, env }).stdout.toString().trim();
  sh("git init -q . && echo one > a && git add a && git commit -qm one && git branch feat && git init -q --bare ../remote.git && git push -q ../remote.git main feat", join(home, "seed"));
  sh("git clone -q remote.git ws", home);
  sh(`git branch feat origin/feat && git checkout -q feat && echo two >> a && git commit -qam two && git checkout -q -b work main && git branch only-here${setup ? ` && ${setup}` : ""}`);
  return { ws, home, sh };
}

const FORCED_CONFIG = "git config --add remote.origin.fetch '+refs/heads/*:refs/heads/*'";

// [command, setup, guard exit]. Each hostile row, run without the guard, moves feat or deletes
// only-here (checked below); with the guard it asks (3) or blocks (2) and both stay.
const HOSTILE: Array<[string, string, number]> = [
  ["git pull -q . +main:feat", "", 3],
  ["git pull -q --fo . main:feat", "", 3],
  ["git pull -q origin +refs/heads/main:refs/heads/feat", "", 3],
  ["git fetch -q --fo . main:feat", "", 3],
  ["git fetch -q -p origin 'refs/heads/*:refs/heads/*'", "", 3],
  ["git -c 'remote.origin.fetch=+refs/heads/*:refs/heads/*' fetch -q", "", 3],
  ["GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=remote.origin.fetch GIT_CONFIG_VALUE_0='+refs/heads/*:refs/heads/*' git fetch -q origin", "", 3],
  [`${FORCED_CONFIG} && git fetch -q`, "", 3],
  ["git fetch -q", FORCED_CONFIG, 3],
  ["git pull -q", FORCED_CONFIG, 3],
  ["git remote update", FORCED_CONFIG, 3],
  ["git push -q . +main:feat", "", 2],
  ["git push -q . main:feat --force", "", 2],
  ["git push -q --force-with-lease=feat:feat . main:feat", "", 3],
];

// Harmless lookalikes run: an unforced refspec (git refuses the non-fast-forward), the default
// refspec, a pull of the checked-out branch, a push that creates a branch.
const HARMLESS: Array<[string, string]> = [
  ["git pull -q . main:feat || true", ""],
  ["git fetch -q . main:feat || true", ""],
  ["git fetch -q && git fetch -q -p", ""],
  ["git pull -q origin main", ""],
  ["git push -q . main:other", ""],
  ["git -c remote.origin.fetch=+refs/heads/*:refs/remotes/origin/* fetch -q", ""],
];

const refs = (sh: (s: string) => string) => sh("git for-each-ref --format='%(refname) %(objectname)' refs/heads/");

describe("forced refspecs in pull, fetch, push and the configuration, end to end", () => {
  for (const [command, setup, exit] of HOSTILE) {
    test(`${command}${setup ? ` (after: ${setup})` : ""} → exit ${exit}`, () => {
      // Without the guard, git moves feat back or deletes only-here.
      const bare = scene(setup);
      const before = refs(bare.sh);
      bare.sh(command);
      expect(refs(bare.sh)).not.toBe(before);
      // With it, the command does not run and every branch stays.
      const { ws, home, sh } = scene(setup);
      const kept = refs(sh);
      expect(guardRunRestore(ws, home, command)).toBe(exit);
      expect(refs(sh)).toBe(kept);
    });
  }
  for (const [command, setup] of HARMLESS) {
    test(`${command} → exit 0, the branches stay`, () => {
      const { ws, home, sh } = scene(setup);
      const feat = sh("git rev-parse feat");
      expect(guardRunRestore(ws, home, command)).toBe(0);
      expect(sh("git rev-parse feat")).toBe(feat);
      expect(sh("git rev-parse --verify -q only-here")).not.toBe("");
    });
  }
});
