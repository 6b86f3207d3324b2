import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { copyFileSync, cpSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { addSkill } from "../../../../lib/skills/install/add.ts";
import { installAll } from "../../../../lib/skills/install/install.ts";
import { Project } from "../../../fixtures/install/project.ts";
import { GitRemote, npmPack, Registry, removeDir, skillMd, tempDir, writeFiles, type Files } from "../../../fixtures/install/sources.ts";
import { snapshotTree } from "../../../fixtures/install/tree-snapshot.ts";

// Rows with npm run `npm pack` (a real npm process) inside the test, hence the longer timeouts.
// Nested folders, an executable, bytes that are not UTF-8 and (where the source keeps them) a link.
const SKILL: Files = {
  "SKILL.md": skillMd("pdf"),
  "references/forms.md": "# Forms\r\nCRLF kept as is\r\n",
  "scripts/fill.sh": { content: "#!/bin/sh\necho fill\n", exec: true },
  "assets/logo.bin": String.fromCharCode(0, 255, 128, 10, 13),
};
const WITH_LINK: Files = { ...SKILL, "references/latest.md": { link: "forms.md" } };

let project: Project;
let registry: Registry;
let remote: GitRemote;
beforeEach(() => {
  registry = new Registry();
  project = new Project({ npm_config_registry: registry.url });
  remote = new GitRemote(join(project.root, "github"));
  project.env.LEOGRIEL_GITHUB_URL = remote.url;
});
afterEach(() => {
  registry.stop();
  project.cleanup();
});

function publish(version: string, files: Files): void {
  const dir = tempDir("leogriel-pkg-");
  try {
    writeFiles(dir, { "package.json": JSON.stringify({ name: "pdf-skill", version }), ...files });
    registry.publish("pdf-skill", version, npmPack(dir));
  } finally {
    removeDir(dir);
  }
}

const inFolder = (prefix: string, files: Files): Files => Object.fromEntries(Object.entries(files).map(([k, v]) => [`${prefix}/${k}`, v]));

/**
 * Per source: how to publish the skill (returns its specifier), how to change the source after
 * locking, and what a frozen install in a clean folder then does.
 */
const SOURCES: Array<[string, () => string, () => void, "same bytes" | string]> = [
  [
    "github (bare repository)",
    () => (remote.commit("acme", "skills", inFolder("skills/pdf", WITH_LINK), { tag: "v1" }), "github:acme/skills/skills/pdf#v1"),
    () => remote.commit("acme", "skills", { "skills/pdf/SKILL.md": skillMd("pdf", "Moved tag. Use when testing.") }, { tag: "v1" }),
    // The lock pins the commit: the moved tag is ignored.
    "same bytes",
  ],
  [
    "npm (loopback registry, npm pack)",
    () => (publish("1.0.0", SKILL), "npm:pdf-skill@^1.0.0"),
    () => publish("1.0.0", { ...SKILL, "SKILL.md": skillMd("pdf", "Republished. Use when testing.") }),
    "tarball_integrity_mismatch",
  ],
  [
    "file (folder in the project)",
    () => (writeFiles(join(project.dir, "vendor/pdf"), WITH_LINK), "file:vendor/pdf"),
    () => writeFiles(join(project.dir, "vendor/pdf"), { "SKILL.md": skillMd("pdf", "Edited. Use when testing.") }),
    "integrity_mismatch",
  ],
];

/** What a fresh clone of the project holds: the manifest, the lock and the vendored sources. */
function clone(name: string): Project {
  const c = project.sibling(name);
  for (const f of ["agent-skills.json", "agent-skills.lock"]) copyFileSync(join(project.dir, f), join(c.dir, f));
  if (readdirSync(project.dir).includes("vendor")) cpSync(join(project.dir, "vendor"), join(c.dir, "vendor"), { recursive: true, verbatimSymlinks: true });
  return c;
}

// Every file, mode and link of the install, plus manifest and lock, byte for byte.
const installed = (p: Project) => snapshotTree(p.dir, [".leogriel", "vendor"]);

describe("a frozen install is reproducible", () => {
  test.each(SOURCES)("%s: a second clean folder gets the same bytes, modes and links in every agent folder", async (_label, publishSkill) => {
    await addSkill({ layout: project.layout(), env: project.env, cwd: project.dir, specifier: publishSkill(), dev: false, force: false, strict: false });
    const c = clone("clone");
    await installAll({ layout: c.layout(), env: c.env, frozen: true });
    const original = installed(project);
    expect(original.filter((l) => l.startsWith(".claude/skills/pdf/")).length).toBeGreaterThan(6);
    expect(installed(c)).toEqual(original);
  }, 30_000);

  test.each(SOURCES)("%s: a source changed after locking never leaks into a frozen install", async (_label, publishSkill, change, outcome) => {
    await addSkill({ layout: project.layout(), env: project.env, cwd: project.dir, specifier: publishSkill(), dev: false, force: false, strict: false });
    change();
    const c = clone("clone");
    if (outcome === "same bytes") {
      await installAll({ layout: c.layout(), env: c.env, frozen: true });
      expect(installed(c)).toEqual(installed(project));
    } else {
      await expect(installAll({ layout: c.layout(), env: c.env, frozen: true })).rejects.toMatchObject({ code: outcome, exitCode: 2 });
      expect(readdirSync(c.dir).filter((n) => n.startsWith(".") && n !== ".leogriel")).toEqual([]);
    }
  }, 30_000);
});
