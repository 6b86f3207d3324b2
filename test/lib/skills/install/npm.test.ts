import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { copyFileSync, existsSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { join } from "node:path";
import { addSkill } from "../../../../lib/skills/install/add.ts";
import { installAll, updateSkills } from "../../../../lib/skills/install/install.ts";
import { DEFAULT_REGISTRY } from "../../../../lib/skills/npm-config.ts";
import { lockedTarball } from "../../../../lib/skills/sources/npm-source.ts";
import { Project } from "../../../fixtures/install/project.ts";
import { npmPack, Registry, removeDir, skillMd, tempDir, writeFiles, type Files } from "../../../fixtures/install/sources.ts";
import { buildTarGz } from "../../../fixtures/install/tar-builder.ts";

let registry: Registry;
let project: Project;
const packed = new Map<string, Uint8Array>();

function pack(name: string, version: string, files: Files): Uint8Array {
  const dir = tempDir("leogriel-pkg-");
  try {
    writeFiles(dir, { "package.json": JSON.stringify({ name, version, scripts: { postinstall: "touch PWNED" } }), ...files });
    return npmPack(dir);
  } finally {
    removeDir(dir);
  }
}

// Real tarballs made by `npm pack`, once for the whole file: four npm processes, slow on a busy machine.
beforeAll(() => {
  packed.set("root@1.0.0", pack("root-skill", "1.0.0", { "SKILL.md": skillMd("curriculum"), "scripts/go.sh": { content: "#!/bin/sh\n", exec: true } }));
  packed.set("root@1.1.0", pack("root-skill", "1.1.0", { "SKILL.md": skillMd("curriculum", "Newer. Use when testing.") }));
  packed.set("root@2.0.0", pack("root-skill", "2.0.0", { "SKILL.md": skillMd("curriculum", "Major. Use when testing.") }));
  packed.set("multi@1.0.0", pack("@tools/multi", "1.0.0", { "skills/alpha/SKILL.md": skillMd("alpha"), "skills/beta/SKILL.md": skillMd("beta"), "index.js": "" }));
}, 60_000);
beforeEach(() => {
  registry = new Registry();
  registry.publish("root-skill", "1.0.0", packed.get("root@1.0.0")!);
  registry.publish("root-skill", "1.1.0", packed.get("root@1.1.0")!);
  registry.publish("root-skill", "2.0.0", packed.get("root@2.0.0")!, "next");
  registry.packages.get("root-skill")!.tags.latest = "1.1.0";
  registry.publish("@tools/multi", "1.0.0", packed.get("multi@1.0.0")!);
  project = new Project({ npm_config_registry: registry.url });
});
afterEach(() => {
  registry.stop();
  project.cleanup();
});
afterAll(() => packed.clear());

const add = (specifier: string, name?: string) => addSkill({ layout: project.layout(), env: project.env, cwd: project.dir, specifier, dev: false, name, force: false, strict: false });

describe("npm: skills from a loopback registry", () => {
  test("a range resolves to the highest matching version; the tarball integrity is recorded and no script runs", async () => {
    const { name } = await add("npm:root-skill@^1.0.0");
    expect(name).toBe("curriculum");
    const entry = JSON.parse(project.read("agent-skills.lock")).skills.curriculum;
    expect(entry.resolved).toBe("npm:root-skill@1.1.0");
    expect(entry.provenance).toMatchObject({ type: "npm", version: "1.1.0", subpath: "" });
    expect(entry.provenance.tarballHash).toMatch(/^sha512-/);
    expect(project.read(".agents/skills/curriculum/SKILL.md")).toContain("Newer");
    expect(existsSync(join(project.dir, ".agents/skills/curriculum/PWNED"))).toBe(false);
    expect(existsSync(join(project.dir, "PWNED"))).toBe(false);
  });

  test("a dist-tag resolves through dist-tags and the scoped package's skills/<name>/ folder is picked by --name", async () => {
    expect((await add("npm:root-skill@next")).name).toBe("curriculum");
    expect(JSON.parse(project.read("agent-skills.lock")).skills.curriculum.resolved).toBe("npm:root-skill@2.0.0");
    await add("npm:@tools/multi", "beta");
    expect(project.read(".claude/skills/beta/SKILL.md")).toContain("name: beta");
    await expect(add("npm:@tools/multi")).rejects.toMatchObject({ code: "skill_ambiguous", exitCode: 2 });
  });

  test("a frozen reinstall fetches only the locked tarball, never the package document", async () => {
    await add("npm:root-skill@^1.0.0");
    const clone = project.sibling("clone");
    for (const f of ["agent-skills.json", "agent-skills.lock"]) copyFileSync(join(project.dir, f), join(clone.dir, f));
    registry.requests = [];
    await installAll({ layout: clone.layout(), env: clone.env, frozen: true });
    expect(registry.requests).toEqual(["-/root-skill-1.1.0.tgz"]);
    expect(clone.installed(".agents/skills/curriculum")).toBe(project.installed(".agents/skills/curriculum"));
  });

  test.each([
    ["500", "http_error"],
    ["garbage", "registry_invalid_response"],
    ["truncate", "download_failed"],
    ["wrong-integrity", "tarball_integrity_mismatch"],
  ] as const)("a registry fault %s fails with %s and installs nothing", async (fault, code) => {
    registry.fault = fault;
    await expect(add("npm:root-skill")).rejects.toMatchObject({ code, exitCode: 2 });
    expect(project.exists(".agents")).toBe(false);
    expect(project.exists("agent-skills.lock")).toBe(false);
  });

  test("a package that publishes only a SHA-1 shasum is refused with integrity_unsupported", async () => {
    registry.fault = "sha1-only";
    await expect(add("npm:root-skill")).rejects.toMatchObject({ code: "integrity_unsupported", exitCode: 2 });
    expect(project.exists("agent-skills.lock")).toBe(false);
  });

  test("a symlink chain out of a tarball's skill is refused", async () => {
    const climb = `${"q/".repeat(12)}${"../".repeat(12)}`;
    registry.publish("symchain", "1.0.0", buildTarGz([
      { name: "package/package.json", content: JSON.stringify({ name: "symchain", version: "1.0.0" }) },
      { name: "package/SKILL.md", content: skillMd("symchain") },
      { name: "package/q", type: "2", link: "." },
      { name: "package/passwd", type: "2", link: `${climb}etc/passwd` },
    ]));
    await expect(add("npm:symchain")).rejects.toMatchObject({ code: "unsafe_symlink", exitCode: 2 });
    expect(project.exists(".agents")).toBe(false);
  });

  test("a registry tarball that holds another package is refused", async () => {
    registry.publish("impostor", "1.0.0", packed.get("root@1.0.0")!);
    await expect(add("npm:impostor")).rejects.toMatchObject({ code: "registry_invalid_response", exitCode: 2 });
  });

  test.each<[string, (entry: any, url: string) => void]>([
    ["a tarball on a host that is not the registry", (e) => (e.provenance.tarball = "http://127.0.0.1:9/-/root-skill-1.1.0.tgz")],
    ["another package's tarball on the same registry, with its hash", (e, url) => {
      e.provenance.tarball = `${url}-/@tools__multi-1.0.0.tgz`;
      e.provenance.tarballHash = `sha512-${createHash("sha512").update(packed.get("multi@1.0.0")!).digest("base64")}`;
    }],
  ])("a lock naming %s fails --frozen with lock_mismatch", async (_name, edit) => {
    await add("npm:root-skill@^1.0.0");
    const clone = project.sibling("clone");
    copyFileSync(join(project.dir, "agent-skills.json"), join(clone.dir, "agent-skills.json"));
    const lock = JSON.parse(project.read("agent-skills.lock"));
    edit(lock.skills.curriculum, registry.url);
    writeFileSync(join(clone.dir, "agent-skills.lock"), JSON.stringify(lock));
    await expect(installAll({ layout: clone.layout(), env: clone.env, frozen: true })).rejects.toMatchObject({ code: "lock_mismatch", exitCode: 2 });
    expect(clone.exists(".agents")).toBe(false);
  });

  test("a locked tarball on the public registry is fetched from the configured one (npm's replace-registry-host)", () => {
    expect(lockedTarball(`${DEFAULT_REGISTRY}@a/pdf/-/pdf-1.0.0.tgz`, "@a/pdf", "1.0.0", "http://127.0.0.1:1/mirror/", "pdf")).toBe("http://127.0.0.1:1/mirror/@a/pdf/-/pdf-1.0.0.tgz");
    expect(lockedTarball(undefined, "@a/pdf", "1.0.0", "http://127.0.0.1:1/", "pdf")).toBe("http://127.0.0.1:1/@a/pdf/-/pdf-1.0.0.tgz");
    expect(() => lockedTarball("not a url", "pdf", "1.0.0", "http://127.0.0.1:1/", "pdf")).toThrow(expect.objectContaining({ code: "lock_mismatch" }));
  });

  test("unknown packages and unmatched ranges are typed errors", async () => {
    await expect(add("npm:nope")).rejects.toMatchObject({ code: "package_not_found" });
    await expect(add("npm:root-skill@^9")).rejects.toMatchObject({ code: "version_not_found" });
  });

  test("a failed update leaves the previous install and lock untouched", async () => {
    await add("npm:root-skill@^1.0.0");
    const lockBefore = project.read("agent-skills.lock");
    const copyBefore = project.installed(".agents/skills/curriculum");
    registry.publish("root-skill", "1.2.0", packed.get("root@1.0.0")!.subarray(0, 40));
    registry.packages.get("root-skill")!.tags.latest = "1.2.0";
    await expect(updateSkills({ layout: project.layout(), env: project.env, names: ["curriculum"] })).rejects.toMatchObject({ exitCode: 2 });
    expect(project.read("agent-skills.lock")).toBe(lockBefore);
    expect(project.installed(".agents/skills/curriculum")).toBe(copyBefore);
  });

  test("a registry token from .npmrc is sent to the registry only", async () => {
    const seen: string[] = [];
    const original = registry["_answer" as keyof Registry] as unknown as (r: Request) => Response;
    (registry as unknown as { _answer: (r: Request) => Response })._answer = (req) => {
      seen.push(req.headers.get("authorization") ?? "");
      return original.call(registry, req);
    };
    const host = new URL(registry.url).host;
    writeFileSync(join(project.env.HOME!, ".npmrc"), `//${host}/:_authToken=\${NPM_TEST_TOKEN}\n`);
    project.env.NPM_TEST_TOKEN = "npm_abcdefghijklmnopqrstuvwxyz0123456789";
    await add("npm:root-skill");
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((h) => h === "Bearer npm_abcdefghijklmnopqrstuvwxyz0123456789")).toBe(true);
  });
});
