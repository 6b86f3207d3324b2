import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { addSkill } from "../../../../lib/skills/install/add.ts";
import { installAll } from "../../../../lib/skills/install/install.ts";
import { listSkills } from "../../../../lib/skills/install/list.ts";
import { removeSkills } from "../../../../lib/skills/install/remove.ts";
import { verifyInstalled } from "../../../../lib/skills/install/verify.ts";
import { Project } from "../../../fixtures/install/project.ts";
import { skillMd, writeFiles } from "../../../fixtures/install/sources.ts";

let project: Project;
beforeEach(() => {
  project = new Project();
  writeFiles(project.dir, {
    "skills/review/SKILL.md": skillMd("review"),
    "skills/review/run.sh": { content: "#!/bin/sh\n", exec: true },
    "skills/lint/SKILL.md": skillMd("lint"),
  });
});
afterEach(() => project.cleanup());

const add = (specifier: string, opts: { dev?: boolean; force?: boolean; name?: string; strict?: boolean } = {}) =>
  addSkill({ layout: project.layout(), env: project.env, cwd: project.dir, specifier, dev: opts.dev ?? false, name: opts.name, force: opts.force ?? false, strict: opts.strict ?? false });

describe("file: skills and local state", () => {
  test("add stores a portable file: specifier and a dev flag", async () => {
    await add("file:skills/review", { dev: true });
    expect(JSON.parse(project.read("agent-skills.json"))).toEqual({ agentSkills: { dependencies: {}, devDependencies: { review: "file:./skills/review" } } });
    const entry = JSON.parse(project.read("agent-skills.lock")).skills.review;
    expect(entry).toMatchObject({ resolved: "file:./skills/review", canonicalPath: ".agents/skills/review", provenance: { type: "local" }, dev: true });
  });

  test("a local edit is drift: install refuses with exit 1, --force restores the locked bytes", async () => {
    await add("file:skills/review");
    writeFileSync(join(project.dir, ".agents/skills/review/SKILL.md"), "mine\n");
    expect(verifyInstalled(project.layout()).problems).toBe(1);
    await expect(installAll({ layout: project.layout(), env: project.env })).rejects.toMatchObject({ code: "local_changes", exitCode: 1 });
    expect(project.read(".agents/skills/review/SKILL.md")).toBe("mine\n");
    const { report } = await installAll({ layout: project.layout(), env: project.env, force: true });
    expect(report.skills[0]!.action).toBe("restored");
    expect(verifyInstalled(project.layout()).problems).toBe(0);
  });

  test("an exec-bit flip on an installed script is drift", async () => {
    await add("file:skills/review");
    chmodSync(join(project.dir, ".claude/skills/review/run.sh"), 0o644);
    expect(verifyInstalled(project.layout()).skills[0]!.copies.map((c) => c.state)).toEqual(["current", "modified"]);
  });

  test("a folder the user made is never replaced without --force", async () => {
    writeFiles(project.dir, { ".claude/skills/review/SKILL.md": "hand-made\n" });
    await expect(add("file:skills/review")).rejects.toMatchObject({ code: "local_changes", exitCode: 1 });
    expect(project.read(".claude/skills/review/SKILL.md")).toBe("hand-made\n");
    expect(project.exists("agent-skills.json")).toBe(false);
    expect(project.exists(".agents/skills/review")).toBe(false);
  });

  test("remove deletes manifest entry, lock entry and both copies; an edited copy needs --force", async () => {
    await add("file:skills/review");
    await add("file:skills/lint");
    writeFileSync(join(project.dir, ".agents/skills/lint/extra.md"), "x");
    await expect(removeSkills({ layout: project.layout(), env: project.env, names: ["lint"], force: false })).rejects.toMatchObject({ code: "local_changes" });
    await removeSkills({ layout: project.layout(), env: project.env, names: ["review"], force: false });
    expect(Object.keys(JSON.parse(project.read("agent-skills.lock")).skills)).toEqual(["lint"]);
    expect(project.exists(".agents/skills/review")).toBe(false);
    expect(project.exists(".claude/skills/review")).toBe(false);
    await expect(removeSkills({ layout: project.layout(), env: project.env, names: ["ghost"], force: false })).rejects.toMatchObject({ code: "skill_not_declared", exitCode: 2 });
  });

  test("a changed file: source fails a frozen install (the lock pins the bytes)", async () => {
    await add("file:skills/review");
    writeFileSync(join(project.dir, "skills/review/SKILL.md"), skillMd("review", "Changed. Use when testing."));
    // Copies that match the lock need nothing; without them the source must be fetched and fails.
    expect((await installAll({ layout: project.layout(), env: project.env, frozen: true })).report.skills[0]!.action).toBe("unchanged");
    rmSync(join(project.dir, ".agents"), { recursive: true });
    await expect(installAll({ layout: project.layout(), env: project.env, frozen: true })).rejects.toMatchObject({ code: "integrity_mismatch", exitCode: 2 });
    expect(project.exists(".agents/skills/review")).toBe(false);
  });

  test.each([
    [{ agentSkills: { dependencies: { review: "file:./skills/review" } } }, {}, "lock_mismatch", "declared but not locked"],
    [{ agentSkills: { dependencies: {} } }, { review: true }, "lock_mismatch", "locked but not declared"],
    [{ agentSkills: { dependencies: { review: "file:./skills/lint" } } }, { review: true }, "lock_mismatch", "a changed specifier"],
  ])("a frozen install refuses a lock that does not match the manifest (%#: %s)", async (manifest, keep, code) => {
    await add("file:skills/review");
    const lock = JSON.parse(project.read("agent-skills.lock"));
    if (!("review" in keep)) delete lock.skills.review;
    writeFileSync(join(project.dir, "agent-skills.lock"), JSON.stringify(lock));
    writeFileSync(join(project.dir, "agent-skills.json"), JSON.stringify(manifest));
    await expect(installAll({ layout: project.layout(), env: project.env, frozen: true })).rejects.toMatchObject({ code, exitCode: 2 });
  });

  test("a skill without a description is refused; strict mode also refuses a name that differs from the key", async () => {
    writeFiles(project.dir, { "skills/bad/SKILL.md": "---\nname: bad\n---\n", "skills/odd/SKILL.md": skillMd("something-else") });
    await expect(add("file:skills/bad")).rejects.toMatchObject({ code: "invalid_skill", exitCode: 2 });
    const lenient = await add("file:skills/odd", { name: "odd" });
    expect(lenient.warnings.map((w) => w.code)).toContain("skill-md/name-folder-mismatch");
    await expect(add("file:skills/odd", { name: "odd2", strict: true })).rejects.toMatchObject({ code: "invalid_skill" });
  });


  test("a file: source that is missing or is a file says which, with skill_source_not_found", async () => {
    writeFiles(project.dir, { "skills/plain.txt": "x\n" });
    await expect(add("file:skills/gone")).rejects.toMatchObject({ code: "skill_source_not_found", exitCode: 2, message: expect.stringMatching(/skills\/gone: it does not exist$/) });
    await expect(add("file:skills/plain.txt")).rejects.toMatchObject({ code: "skill_source_not_found", message: expect.stringMatching(/plain\.txt: not a directory$/) });
  });
  test("a symlink out of a file: source is refused", async () => {
    writeFiles(project.dir, { "skills/evil/SKILL.md": skillMd("evil"), "skills/evil/secrets": { link: "../../../home/.npmrc" } });
    await expect(add("file:skills/evil")).rejects.toMatchObject({ code: "unsafe_symlink", exitCode: 2 });
    expect(project.exists(".agents")).toBe(false);
  });

  test("opt-in agents from the config file get a copy too, and --global installs under HOME", async () => {
    mkdirSync(join(project.dir, ".leogriel"));
    writeFileSync(join(project.dir, ".leogriel/config.json"), JSON.stringify({ schemaVersion: 1, install: { agents: ["cursor"] } }));
    await add("file:skills/lint");
    expect(project.exists(".cursor/skills/lint/SKILL.md")).toBe(true);
    await addSkill({ layout: project.layout(true), env: project.env, cwd: project.dir, specifier: "file:skills/review", dev: false, force: false, strict: false });
    const home = project.env.HOME!;
    expect(readFileSync(join(home, ".agents/skills/review/SKILL.md"), "utf8")).toContain("review");
    expect(readFileSync(join(home, ".claude/skills/review/SKILL.md"), "utf8")).toContain("review");
    const globalLock = JSON.parse(readFileSync(join(home, ".config/leogriel/agent-skills.lock"), "utf8"));
    expect(globalLock.skills.review.canonicalPath).toBe("~/.agents/skills/review");
    // The project's config chose cursor for the project; the global install is the user's.
    expect(existsSync(join(home, ".cursor/skills/review"))).toBe(false);
  });

  test("a bad install config section is a typed error", () => {
    mkdirSync(join(project.dir, ".leogriel"));
    writeFileSync(join(project.dir, ".leogriel/config.json"), JSON.stringify({ schemaVersion: 1, install: { agents: ["nope"] } }));
    expect(() => project.layout()).toThrow(expect.objectContaining({ code: "invalid_document", exitCode: 2 }));
  });

  test("list shows declared skills with their resolution and where they are installed", async () => {
    await add("file:skills/lint");
    expect(listSkills(project.layout())).toEqual([
      expect.objectContaining({ name: "lint", specifier: "file:./skills/lint", resolved: "file:./skills/lint", source: "local", installedIn: ["agents", "claude"] }),
    ]);
  });

  test("a legacy 0.6.x YAML lock whose integrity uses the old algorithm still installs, re-locked as JSON", async () => {
    writeFiles(project.dir, { ".leogriel/skills/imported-one/SKILL.md": skillMd("imported-one") });
    const { matchesLegacyIntegrity } = await import("../../../../lib/skills/legacy-integrity.ts");
    const legacy = _legacyHash(join(project.dir, ".leogriel/skills/imported-one"));
    expect(matchesLegacyIntegrity(join(project.dir, ".leogriel/skills/imported-one"), legacy)).toBe(true);
    writeFileSync(join(project.dir, "agent-skills.json"), JSON.stringify({ agentSkills: { dependencies: { "imported-one": "local:imported/imported-one" } } }));
    writeFileSync(join(project.dir, "agent-skills.lock"), `lockfileVersion: '1.0'\nskills:\n  imported-one:\n    specifier: local:imported/imported-one\n    resolved: local:imported/imported-one\n    integrity: ${legacy}\n    name: imported-one\n    canonicalPath: ~/.leogriel/skills/imported-one\n    fetchedAt: '2026-07-04T12:00:00.000Z'\n    provenance:\n      type: local\n`);
    const frozen = await installAll({ layout: project.layout(), env: project.env, frozen: true });
    expect(frozen.warnings.map((w) => w.code)).toEqual(["legacy_integrity"]);
    await installAll({ layout: project.layout(), env: project.env });
    const relocked = JSON.parse(project.read("agent-skills.lock"));
    expect(relocked.skills["imported-one"].integrity).toBe(project.installed(".agents/skills/imported-one"));
  });
});

// The 0.6.x algorithm for a tree of regular files, written out independently of the library.
function _legacyHash(dir: string): string {
  const { createHash } = require("node:crypto") as typeof import("node:crypto");
  const h = createHash("sha256");
  h.update("/SKILL.md");
  h.update("\0");
  h.update("file\0");
  h.update(readFileSync(join(dir, "SKILL.md")));
  h.update("\0");
  return `sha256:${h.digest("hex")}`;
}
