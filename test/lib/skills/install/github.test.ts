import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { copyFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { addSkill } from "../../../../lib/skills/install/add.ts";
import { installAll, updateSkills } from "../../../../lib/skills/install/install.ts";
import { findOutdated } from "../../../../lib/skills/install/outdated.ts";
import { verifyInstalled } from "../../../../lib/skills/install/verify.ts";
import { Project } from "../../../fixtures/install/project.ts";
import { GitRemote, skillMd } from "../../../fixtures/install/sources.ts";

let project: Project;
let remote: GitRemote;
let v1: string;

beforeEach(() => {
  project = new Project();
  remote = new GitRemote(join(project.root, "github"));
  project.env.LEOGRIEL_GITHUB_URL = remote.url;
  v1 = remote.commit("acme", "skills", {
    "skills/pdf/SKILL.md": skillMd("pdf"),
    "skills/pdf/scripts/fill.sh": { content: "#!/bin/sh\necho fill\n", exec: true },
    "skills/pdf/reference/forms.md": "# Forms\n",
    "skills/react-best-practices/SKILL.md": skillMd("vercel-react-best-practices"),
    "README.md": "repo\n",
  }, { tag: "v1.0" });
});
afterEach(() => project.cleanup());

const add = (specifier: string, extra: { name?: string; dev?: boolean } = {}) =>
  addSkill({ layout: project.layout(), env: project.env, cwd: project.dir, specifier, dev: extra.dev ?? false, name: extra.name, force: false, strict: false });

describe("github: skills", () => {
  test("add pins the tag to its commit and installs the same bytes into both agent folders", async () => {
    const { name, report } = await add("github:acme/skills/skills/pdf#v1.0");
    expect(name).toBe("pdf");
    const lock = JSON.parse(project.read("agent-skills.lock"));
    expect(lock.skills.pdf.resolved).toBe(`github:acme/skills/skills/pdf#${v1}`);
    expect(lock.skills.pdf.provenance).toEqual({ type: "github", commit: v1, repository: "acme/skills", requestedRef: "v1.0", subpath: "skills/pdf" });
    expect(project.installed(".agents/skills/pdf")).toBe(lock.skills.pdf.integrity);
    expect(project.installed(".claude/skills/pdf")).toBe(lock.skills.pdf.integrity);
    expect(project.mode(".agents/skills/pdf/scripts/fill.sh")).toBe(0o755);
    expect(project.mode(".claude/skills/pdf/reference/forms.md")).toBe(0o644);
    expect(report.skills).toEqual([expect.objectContaining({ name: "pdf", action: "installed" })]);
    expect(readdirSync(join(project.dir, ".agents"))).toEqual(["skills"]);
  });

  test("a frozen install in a fresh clone reproduces the install byte for byte without resolving refs", async () => {
    await add("github:acme/skills/skills/pdf#v1.0");
    // The tag moves on the remote after locking; a frozen install must not follow it.
    remote.commit("acme", "skills", { "skills/pdf/SKILL.md": skillMd("pdf", "Changed upstream. Use when testing.") }, { tag: "v1.0" });
    const clone = project.sibling("clone");
    for (const f of ["agent-skills.json", "agent-skills.lock"]) copyFileSync(join(project.dir, f), join(clone.dir, f));
    const { report } = await installAll({ layout: clone.layout(), env: clone.env, frozen: true });
    expect(report.lockWritten).toBe(false);
    expect(clone.installed(".agents/skills/pdf")).toBe(project.installed(".agents/skills/pdf"));
    expect(clone.read(".claude/skills/pdf/SKILL.md")).toBe(project.read(".claude/skills/pdf/SKILL.md"));
    expect(clone.read("agent-skills.lock")).toBe(project.read("agent-skills.lock"));
  });

  test("outdated reports a changed skill with ok data and update re-locks it", async () => {
    await add("github:acme/skills/skills/pdf#main");
    expect((await findOutdated({ layout: project.layout(), env: project.env })).updates).toBe(0);
    const v2 = remote.commit("acme", "skills", { "skills/pdf/SKILL.md": skillMd("pdf", "Version two. Use when testing.") });
    const outdated = await findOutdated({ layout: project.layout(), env: project.env });
    expect(outdated.updates).toBe(1);
    expect(outdated.skills[0]).toMatchObject({ name: "pdf", status: "outdated", latest: { resolved: `github:acme/skills/skills/pdf#${v2}` } });
    const { report } = await updateSkills({ layout: project.layout(), env: project.env, names: [] });
    expect(report.skills[0]).toMatchObject({ action: "updated", resolved: `github:acme/skills/skills/pdf#${v2}` });
    expect(project.read(".agents/skills/pdf/SKILL.md")).toContain("Version two");
  });

  test("a commit that leaves the skill folder alone is not an update", async () => {
    await add("github:acme/skills/skills/pdf");
    remote.commit("acme", "skills", { "README.md": "changed\n" });
    expect((await findOutdated({ layout: project.layout(), env: project.env })).updates).toBe(0);
  });

  test("skills.sh resolves the skill whose frontmatter name slugs to the request", async () => {
    const { name } = await add("skills.sh/acme/skills/vercel-react-best-practices");
    expect(name).toBe("vercel-react-best-practices");
    const entry = JSON.parse(project.read("agent-skills.lock")).skills[name];
    expect(entry.provenance).toMatchObject({ type: "skills.sh", subpath: "skills/react-best-practices", commit: v1 });
    expect(project.exists(".agents/skills/vercel-react-best-practices/SKILL.md")).toBe(true);
  });

  test.each([
    ["github:acme/skills/skills/pdf#v9.9", "ref_not_found"],
    ["github:acme/skills/skills/nope", "skill_path_not_found"],
    ["github:acme/missing", "repository_unavailable"],
    [`github:acme/skills/skills/pdf#${"0".repeat(40)}`, "commit_not_found"],
    ["skills.sh/acme/skills/nothing-here", "skill_not_found"],
    ["gitlab:acme/skills", "invalid_specifier"],
  ])("%s fails with %s and leaves nothing behind", async (specifier, code) => {
    await expect(add(specifier)).rejects.toMatchObject({ code, exitCode: 2 });
    expect(project.exists("agent-skills.json")).toBe(false);
    expect(project.exists("agent-skills.lock")).toBe(false);
    expect(project.exists(".agents")).toBe(false);
  });

  test("a symlink chain out of a repository's skill is refused and nothing is installed", async () => {
    const climb = `${"q/".repeat(12)}${"../".repeat(12)}`;
    remote.commit("evil", "skills", { "skills/chain/SKILL.md": skillMd("chain"), "skills/chain/q": { link: "." }, "skills/chain/root": { link: climb.slice(0, -1) }, "skills/chain/passwd": { link: `${climb}etc/passwd` } });
    await expect(add("github:evil/skills/skills/chain")).rejects.toMatchObject({ code: "unsafe_symlink", exitCode: 2 });
    expect(project.exists(".agents")).toBe(false);
    expect(project.exists(".claude")).toBe(false);
  });

  test("a tampered lock integrity fails the frozen install and changes nothing", async () => {
    await add("github:acme/skills/skills/pdf#v1.0");
    const clone = project.sibling("tampered");
    const lock = JSON.parse(project.read("agent-skills.lock"));
    lock.skills.pdf.integrity = `sha256:${"b".repeat(64)}`;
    copyFileSync(join(project.dir, "agent-skills.json"), join(clone.dir, "agent-skills.json"));
    writeFileSync(join(clone.dir, "agent-skills.lock"), JSON.stringify(lock));
    await expect(installAll({ layout: clone.layout(), env: clone.env, frozen: true })).rejects.toMatchObject({ code: "integrity_mismatch", exitCode: 2 });
    expect(clone.exists(".agents/skills/pdf")).toBe(false);
    expect(clone.read("agent-skills.lock")).toBe(JSON.stringify(lock));
  });

  test("verify finds drift in one agent folder and a missing copy in the other", async () => {
    await add("github:acme/skills/skills/pdf#v1.0");
    writeFileSync(join(project.dir, ".claude/skills/pdf/SKILL.md"), "edited\n");
    const { rmSync } = await import("node:fs");
    rmSync(join(project.dir, ".agents/skills/pdf"), { recursive: true });
    const result = verifyInstalled(project.layout());
    expect(result.problems).toBe(2);
    expect(result.skills[0]!.copies.map((c) => c.state)).toEqual(["missing", "modified"]);
  });
});
