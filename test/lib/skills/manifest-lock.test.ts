import { afterEach, describe, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { emptyLock, readLock, serializeLock, type Lockfile } from "../../../lib/skills/lockfile.ts";
import { declaredSkills, readManifest, serializeManifest, withDeclared, withoutDeclared } from "../../../lib/skills/manifest.ts";
import { removeDir, tempDir } from "../../fixtures/install/sources.ts";

const INTEGRITY = `sha256:${"a".repeat(64)}`;
let dir = "";
afterEach(() => {
  if (dir) removeDir(dir);
  dir = "";
});
function file(name: string, text: string): string {
  dir ||= tempDir();
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

describe("agent-skills.json", () => {
  test("a manifest with both maps, metadata and a foreign key is read and written back unchanged", () => {
    const text = `${JSON.stringify({ name: "p", version: "1.0.0", $schema: "x", agentSkills: { dependencies: { pdf: "github:a/b#v1" }, devDependencies: { rev: "file:./r" } } }, null, 2)}\n`;
    const manifest = readManifest(file("agent-skills.json", text))!;
    expect(serializeManifest(manifest)).toBe(text);
    expect(declaredSkills(manifest)).toEqual([
      { name: "pdf", specifier: "github:a/b#v1", dev: false },
      { name: "rev", specifier: "file:./r", dev: true },
    ]);
  });

  test.each([
    ['{"agentSkills":{"dependencies":{"pdf":"github:a/b"},"devDependencies":{"pdf":"npm:x"}}}', "invalid_document", "a name in both maps"],
    ['{"agentSkills":{"dependencies":{"PDF":"github:a/b"}}}', "invalid_document", "a non-canonical name"],
    ['{"agentSkills":{"dependencies":{"pdf--x":"github:a/b"}}}', "invalid_document", "a double hyphen"],
    ['{"agentSkills":{"dependencies":{"pdf":"gitlab:a/b"}}}', "invalid_document", "an unknown specifier prefix"],
    ['{"agentSkills":{"dependencies":{"pdf":7}}}', "invalid_document", "a non-string specifier"],
    ['{"agentSkills":', "invalid_json", "truncated JSON"],
    ["[]", "invalid_document", "an array"],
    ['{"agentSkills":{"dependencies":{"pdf":"github:a/b","pdf":"github:evil/b"}}}', "invalid_json", "a key twice (last one would win)"],
    ['{"agentSkills":{"dependencies":{"pdf":"github:a/b","p\\u0064f":"github:evil/b"}}}', "invalid_json", "a key twice, once escaped"],
    ['{"agentSkills":{},"agentSkills":{"dependencies":{"pdf":"github:evil/b"}}}', "invalid_json", "a top-level key twice"],
    ['{"agentSkills":{"dependencies":{"__proto__":{"pdf":"github:evil/b"}}}}', "invalid_json", "a __proto__ key (zod would read it as the prototype)"],
  ])("%s is refused with %s (%s)", (text, code) => {
    expect(() => readManifest(file("agent-skills.json", text))).toThrow(expect.objectContaining({ code, exitCode: 2 }));
  });

  test("an old manifest without devDependencies or agentSkills is readable", () => {
    expect(declaredSkills(readManifest(file("agent-skills.json", '{"name":"x"}'))!)).toEqual([]);
    expect(declaredSkills(readManifest(file("agent-skills.json", '{"agentSkills":{"dependencies":{}}}'))!)).toEqual([]);
  });

  test("declaring moves a name between maps and keeps each map sorted", () => {
    const m = withDeclared(withDeclared({ agentSkills: { dependencies: { zed: "npm:z" } } }, { name: "abc", specifier: "npm:a", dev: false }), { name: "zed", specifier: "npm:z", dev: true });
    expect(m.agentSkills).toEqual({ dependencies: { abc: "npm:a" }, devDependencies: { zed: "npm:z" } });
    expect(() => withoutDeclared(m, "nope")).toThrow(expect.objectContaining({ code: "skill_not_declared" }));
    expect(withoutDeclared(m, "zed").agentSkills?.devDependencies).toEqual({});
  });
});

describe("agent-skills.lock", () => {
  const entry = (name: string, extra: Record<string, unknown> = {}) => ({
    fetchedAt: "2026-01-01T00:00:00.000Z",
    provenance: { subpath: "s", type: "github" as const, commit: "c" },
    name,
    integrity: INTEGRITY,
    canonicalPath: `.agents/skills/${name}`,
    resolved: "github:a/b#c",
    specifier: "github:a/b",
    ...extra,
  });

  test("serialisation has a stable key order, 2-space indent and a trailing newline", () => {
    const lock = { lockfileVersion: "1.0", skills: { zed: entry("zed", { extra: 1 }), abc: entry("abc") } } as Lockfile;
    const text = serializeLock(lock);
    expect(text.endsWith("}\n")).toBe(true);
    expect(Object.keys(JSON.parse(text).skills)).toEqual(["abc", "zed"]);
    expect(Object.keys(JSON.parse(text).skills.zed)).toEqual(["specifier", "resolved", "integrity", "name", "canonicalPath", "fetchedAt", "provenance", "extra"]);
    expect(Object.keys(JSON.parse(text).skills.zed.provenance)).toEqual(["type", "commit", "subpath"]);
    expect(text).toContain('\n  "skills": {\n    "abc": {');
    expect(serializeLock(readLock(file("agent-skills.lock", text))!)).toBe(text);
  });

  test("an empty lock serialises to the minimal document", () => {
    expect(serializeLock(emptyLock())).toBe('{\n  "lockfileVersion": "1.0",\n  "skills": {}\n}\n');
  });

  test("a 0.6.x YAML lock with legacy fields is readable", () => {
    const yaml = readFileSync(join(import.meta.dir, "../../fixtures/install/legacy-0.6.lock"), "utf8");
    const lock = readLock(file("agent-skills.lock", yaml))!;
    expect(Object.keys(lock.skills)).toEqual(["leogriel", "web-design-guidelines"]);
    expect(lock.skills["web-design-guidelines"]!.provenance.subpath).toBe("skills/web-design-guidelines");
  });

  test.each([
    ['{"lockfileVersion":"2.0","skills":{}}', "invalid_document", "an unknown lockfile version"],
    [JSON.stringify({ lockfileVersion: "1.0", skills: { pdf: { ...entry("other") } } }), "invalid_document", "a name that differs from its key"],
    [JSON.stringify({ lockfileVersion: "1.0", skills: { pdf: { ...entry("pdf"), integrity: "sha256:XYZ" } } }), "invalid_document", "a tampered integrity"],
    [JSON.stringify({ lockfileVersion: "1.0", skills: { pdf: { ...entry("pdf"), provenance: { type: "ftp" } } } }), "invalid_document", "an unknown provenance type"],
    ['{"lockfileVersion":"1.0","skills":', "invalid_json", "truncated JSON"],
    ["lockfileVersion: '1.0'\nskills: {a: 1, a: 2}\n", "invalid_yaml", "duplicate YAML keys"],
    [`{"lockfileVersion":"1.0","skills":{"pdf":${JSON.stringify(entry("pdf"))},"pdf":${JSON.stringify(entry("pdf", { resolved: "github:evil/b#c" }))}}}`, "invalid_json", "a skill twice"],
    [`{"lockfileVersion":"1.0","skills":{"pdf":${JSON.stringify(entry("pdf")).replace("{", '{"resolved":"github:evil/b#c",')}}}`, "invalid_json", "resolved twice in one entry"],
  ])("%s is refused with %s (%s)", (text, code) => {
    expect(() => readLock(file("agent-skills.lock", text))).toThrow(expect.objectContaining({ code, exitCode: 2 }));
  });
});
