import { describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { guardRunRestore } from "../../support/guard-e2e.ts";
import { useTempDirs } from "../../support/temp-dir.ts";

const tempDir = useTempDirs("leogriel-redteam5-git-e2e-");

type Sh = (script: string, cwd?: string) => string;

/** A fake HOME with a git identity, and a shell that runs in `ws` under it. */
function home(): { home: string; ws: string; sh: Sh } {
  const dir = tempDir();
  const ws = join(dir, "ws");
  mkdirSync(join(dir, "seed"), { recursive: true });
  writeFileSync(join(dir, ".gitconfig"), "[user]\n\tname = t\n\temail = t@t\n[init]\n\tdefaultBranch = main\n[protocol \"file\"]\n\tallow = always\n");
  const env = { HOME: dir, PATH: process.env.PATH };
  const sh: Sh = (script, cwd = ws) => Bun.spawnSync(["bash", "-c", script], { cwd, env }).stdout.toString().trim();
  return { home: dir, ws, sh };
}

/**
 * A bare repository `remote.git` whose main holds commit `two` and whose branch `extra` exists only
 * there, and its clone `ws` where main was reset and holds `three` instead: pushing main is not a
 * fast-forward, so only a forced push (or a mirror push, which also deletes extra) changes the remote.
 */
function pushScene(setup = ""): { home: string; ws: string; sh: Sh; remote: () => string } {
  const s = home();
  s.sh("git init -q . && echo one > a && git add a && git commit -qm one && echo two >> a && git commit -qam two && git init -q --bare ../remote.git && git push -q ../remote.git main main:extra", join(s.home, "seed"));
  s.sh("git clone -q remote.git ws", s.home);
  s.sh(`git reset -q --hard HEAD~1 && echo three >> a && git commit -qam three${setup ? ` && ${setup}` : ""}`);
  return { ...s, remote: () => s.sh(`git -C ${join(s.home, "remote.git")} for-each-ref --format='%(refname) %(objectname)'`) };
}

const PUSH_REFSPEC = "git config remote.origin.push '+refs/heads/*:refs/heads/*'";
const MIRROR = "git config remote.origin.mirror true";

// [command, setup, guard exit]. Run without the guard, each rewrites or deletes a branch of the
// remote (checked below); with the guard it blocks (2) and the remote stays.
const HOSTILE: Array<[string, string, number]> = [
  ["git send-pack --force ../remote.git main", "", 2],
  ["git send-pack -q ../remote.git +main", "", 2],
  ["git send-pack --all --force ../remote.git", "", 2],
  ["git send-pack --mirror ../remote.git", "", 2],
  ["git -c alias.sp=send-pack sp -f ../remote.git main", "", 2],
  ["git push -q --m ../remote.git", "", 2],
  ["git push -q", PUSH_REFSPEC, 2],
  ["git push -q origin main", PUSH_REFSPEC, 2],
  ["git push -q", MIRROR, 2],
  ["git push -q m", "git remote add --mirror=push m ../remote.git", 2],
  [`${MIRROR} && git push -q`, "", 2],
];

// Harmless lookalikes run: unforced pushes git refuses, a push of a new branch, an explicit destination.
const HARMLESS: Array<[string, string]> = [
  ["git send-pack ../remote.git main || true", ""],
  ["git send-pack --all ../remote.git || true", ""],
  ["git push -q origin main:main || true", PUSH_REFSPEC],
  ["git send-pack --dry-run --force ../remote.git main", ""],
];

describe("red team 5 end to end: force pushes through plumbing and stored push settings", () => {
  for (const [command, setup, exit] of HOSTILE) {
    test(`${command}${setup ? ` (after: ${setup})` : ""} → exit ${exit}`, () => {
      const bare = pushScene(setup);
      const before = bare.remote();
      bare.sh(command);
      expect(bare.remote()).not.toBe(before);
      const { ws, home: h, remote } = pushScene(setup);
      const kept = remote();
      expect(guardRunRestore(ws, h, command)).toBe(exit);
      expect(remote()).toBe(kept);
    });
  }
  for (const [command, setup] of HARMLESS) {
    test(`${command} → exit 0, the remote stays`, () => {
      const { ws, home: h, remote } = pushScene(setup);
      const kept = remote();
      expect(guardRunRestore(ws, h, command)).toBe(0);
      expect(remote()).toBe(kept);
    });
  }
  for (const [command, setup] of [[PUSH_REFSPEC, ""], [MIRROR, ""], ["git remote add --mirror=push m ../remote.git", ""]]) {
    test(`${command} → exit 3, nothing stored`, () => {
      const { ws, home: h, sh } = pushScene(setup);
      const config = sh("git config --list --local");
      expect(guardRunRestore(ws, h, command!)).toBe(3);
      expect(sh("git config --list --local")).toBe(config);
    });
  }
});

/**
 * A superproject `ws` with the submodule `sub` cloned from `subsrc`, where the submodule holds
 * uncommitted work: a changed tracked file and an untracked one.
 */
function submoduleScene(): { home: string; ws: string; sh: Sh; work: () => string } {
  const s = home();
  s.sh("git init -q subsrc && cd subsrc && echo lib > lib.txt && git add . && git commit -qm lib", s.home);
  s.sh("git init -q ws && cd ws && echo top > top.txt && git add . && git commit -qm top && git submodule add -q ../subsrc sub && git commit -qm sub", s.home);
  s.sh("echo changed >> sub/lib.txt && echo work > sub/untracked-work.txt");
  return { ...s, work: () => s.sh("cat sub/lib.txt sub/untracked-work.txt 2>&1") };
}

const SUBMODULE_HOSTILE = ["git submodule deinit -f sub", "git submodule deinit -f --all", "git submodule deinit --all --force -q", "git submodule update -f"];
const SUBMODULE_HARMLESS = ["git submodule deinit sub || true", "git submodule update --init", "git submodule status"];

describe("red team 5 end to end: git submodule deinit -f / update -f", () => {
  for (const command of SUBMODULE_HOSTILE) {
    test(`${command} → exit 2, the submodule's work stays`, () => {
      const bare = submoduleScene();
      const before = bare.work();
      bare.sh(command);
      expect(bare.work()).not.toBe(before);
      const { ws, home: h, work } = submoduleScene();
      const kept = work();
      expect(guardRunRestore(ws, h, command)).toBe(2);
      expect(work()).toBe(kept);
    });
  }
  for (const command of SUBMODULE_HARMLESS) {
    test(`${command} → exit 0, the submodule's work stays`, () => {
      const { ws, home: h, work } = submoduleScene();
      const kept = work();
      expect(guardRunRestore(ws, h, command)).toBe(0);
      expect(work()).toBe(kept);
    });
  }
});
