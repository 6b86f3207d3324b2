import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { existsSync, readdirSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { acquireInstallLock } from "../../../lib/skills/install-lock.ts";
import { addSkill } from "../../../lib/skills/install/add.ts";
import { Project } from "../../fixtures/install/project.ts";
import { skillMd, writeFiles } from "../../fixtures/install/sources.ts";

const ENTRY = join(import.meta.dir, "../../../cmd/install.ts");
let project: Project;
let sleeper: ReturnType<typeof Bun.spawn>;
beforeEach(() => {
  project = new Project({ LEOGRIEL_INSTALL_LOCK_WAIT_MS: "0" });
  writeFiles(project.dir, { "src/a/SKILL.md": skillMd("a"), "src/b/SKILL.md": skillMd("b") });
  sleeper = Bun.spawn(["sleep", "600"]);
});
afterEach(async () => {
  sleeper.kill();
  await sleeper.exited;
  project.cleanup();
});

const lockDir = () => join(project.dir, ".leogriel/install");
const add = (skill: string) =>
  addSkill({ layout: project.layout(), env: project.env, cwd: project.dir, specifier: `file:src/${skill}`, dev: false, force: false, strict: false });

/** The pid of a process that has exited and been reaped. */
function deadPid(): number {
  const child = Bun.spawnSync(["sh", "-c", "echo $$"]);
  return Number(child.stdout.toString().trim());
}

describe("the cross-process install lock", () => {
  type Holder = { pid: number; host: string } | string;
  test.each<[string, () => Holder, string]>([
    ["a live process of this host", () => ({ pid: sleeper.pid, host: hostname() }), "install_locked"],
    ["an unreadable file (this code never writes one, so a person decides)", () => "{not json", "install_locked"],
    ["a dead process of another host (its liveness cannot be judged)", () => ({ pid: deadPid(), host: `${hostname()}-elsewhere` }), "install_locked"],
    ["this very process (a pid reused after a crash is never judged stale by itself)", () => ({ pid: process.pid, host: hostname() }), "install_locked"],
    ["a dead process of this host (kill -9, power cut)", () => ({ pid: deadPid(), host: hostname() }), "taken over"],
  ])("a lock held by %s: %s", async (_label, holder, expected) => {
    const value = holder();
    writeFiles(lockDir(), { "install.lock": typeof value === "string" ? value : JSON.stringify({ ...value, nonce: "n", createdAt: "2026-01-01T00:00:00.000Z" }) });
    if (expected === "install_locked") {
      await expect(add("a")).rejects.toMatchObject({ code: "install_locked", exitCode: 2 });
      expect(project.exists("agent-skills.json")).toBe(false);
      expect(project.exists(".agents/skills/a")).toBe(false);
      expect(existsSync(join(lockDir(), "install.lock"))).toBe(true);
    } else {
      await add("a");
      expect(project.exists(".agents/skills/a/SKILL.md")).toBe(true);
      expect(readdirSync(lockDir())).toEqual([]);
    }
  });

  test("a waiting install starts as soon as the holder releases the lock", async () => {
    const release = await acquireInstallLock(lockDir(), 0);
    const waiting = acquireInstallLock(lockDir(), 600_000);
    await expect(acquireInstallLock(lockDir(), 0)).rejects.toMatchObject({ code: "install_locked" });
    release();
    const releaseSecond = await waiting;
    await expect(acquireInstallLock(lockDir(), 0)).rejects.toMatchObject({ code: "install_locked" });
    releaseSecond();
    expect(readdirSync(lockDir())).toEqual([]);
  });

  test("two real installs started together in one project both land; neither loses the other's manifest entry", async () => {
    const env = { ...project.env, LEOGRIEL_INSTALL_LOCK_WAIT_MS: "120000", NO_COLOR: "1" };
    const children = ["a", "b"].map((s) => Bun.spawn([process.execPath, ENTRY, "add", `file:src/${s}`, "--cwd", project.dir], { env, stdout: "ignore", stderr: "pipe" }));
    const codes = await Promise.all(children.map((c) => c.exited));
    expect(codes).toEqual([0, 0]);
    expect(Object.keys(JSON.parse(project.read("agent-skills.json")).agentSkills.dependencies).sort()).toEqual(["a", "b"]);
    expect(Object.keys(JSON.parse(project.read("agent-skills.lock")).skills).sort()).toEqual(["a", "b"]);
    // No lock left behind. When both runs found the state folder missing, each created it and the
    // last one out removes it again (run-context.ts), so it may be gone rather than empty.
    expect(existsSync(lockDir()) ? readdirSync(lockDir()) : []).toEqual([]);
  }, 30_000);
});
