import { afterEach, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseSkillMd, readSkill } from "../../../lib/skills/skill-md.ts";

const md = (front: string, body = "# Body\n") => `---\n${front}\n---\n${body}`;
const codes = (text: string, options = {}) => parseSkillMd(text, options).issues.map((i) => `${i.severity} ${i.code}`);

describe("parseSkillMd", () => {
  const rows: Array<[string, string, object, string[]]> = [
    ["a spec-valid skill has no issues", md("name: pdf\ndescription: Fill PDF forms. Use for PDFs.\nlicense: MIT"), { dirName: "pdf" }, []],
    ["Xema fields validate", md("name: a\ndescription: d\nkind: procedural\ninjectionMode: always\ncategory: c\ntags: [x]\nsurfaces: [workflow]"), {}, []],
    ["a bad Xema enum is a deviation", md("name: a\ndescription: d\nkind: magic"), {}, ["warning skill-md/kind-invalid"]],
    ["a bad Xema enum is an error in strict mode", md("name: a\ndescription: d\nsurfaces: [moon]"), { strict: true }, ["error skill-md/surfaces-invalid"]],
    ["a missing name is an error", md("description: d"), {}, ["error skill-md/name-missing"]],
    ["a missing description is an error", md("name: a"), {}, ["error skill-md/description-missing"]],
    ["an empty description is an error", md('name: a\ndescription: "  "'), {}, ["error skill-md/description-invalid"]],
    ["a Title Case name is an error", md("name: Ahrefs Automation\ndescription: d"), {}, ["error skill-md/name-invalid"]],
    ["a leading hyphen is an error", md("name: -21risk\ndescription: d"), {}, ["error skill-md/name-invalid"]],
    ["a double hyphen is an error", md("name: a--b\ndescription: d"), {}, ["error skill-md/name-invalid"]],
    ["a 65-character name is an error", md(`name: ${"a".repeat(65)}\ndescription: d`), {}, ["error skill-md/name-too-long"]],
    ["a long description is a warning", md(`name: a\ndescription: ${"x".repeat(1025)}`), {}, ["warning skill-md/description-too-long"]],
    ["a long description is an error in strict mode", md(`name: a\ndescription: ${"x".repeat(1025)}`), { strict: true }, ["error skill-md/description-too-long"]],
    ["a name that differs from its folder is a warning", md("name: vercel-react\ndescription: d"), { dirName: "react" }, ["warning skill-md/name-folder-mismatch"]],
    ["unknown keys are deviations", md("name: a\ndescription: d\nargument-hint: x"), {}, ["warning skill-md/unknown-field"]],
    ["a YAML-list allowed-tools is a deviation", md("name: a\ndescription: d\nallowed-tools: [Read]"), {}, ["warning skill-md/allowed-tools-invalid"]],
    ["nested metadata is a deviation", md("name: a\ndescription: d\nmetadata:\n  requires:\n    bins: [jq]"), {}, ["warning skill-md/metadata-invalid"]],
    ["an unquoted colon is retried and flagged", md("name: a\ndescription: Use this when: asked"), {}, ["warning skill-md/yaml-unquoted-colon"]],
    ["duplicate keys are errors", md("name: a\nname: b\ndescription: d"), {}, ["error skill-md/yaml-duplicate-key"]],
    ["explicit tags are errors", md("name: a\ndescription: !!binary aGVsbG8="), {}, ["error skill-md/yaml-tag", "error skill-md/description-invalid"]],
    ["custom tags are errors", md("name: !python/object a\ndescription: d"), {}, ["error skill-md/yaml-tag"]],
    ["an empty frontmatter is an error", "---\n---\nbody", {}, ["error skill-md/yaml-empty"]],
    ["a list frontmatter is an error", md("- a\n- b"), {}, ["error skill-md/frontmatter-not-mapping"]],
    ["no frontmatter is an error", "# Just markdown\n", {}, ["error skill-md/frontmatter-missing"]],
    ["an unterminated frontmatter is an error", "---\nname: a\n", {}, ["error skill-md/frontmatter-unterminated"]],
    ["CRLF line endings parse", "---\r\nname: a\r\ndescription: d\r\n---\r\nbody", {}, []],
    ["a byte order mark is tolerated", "\uFEFF" + md("name: a\ndescription: d"), {}, []],
    ["a long body is informational", md("name: a\ndescription: d", "x\n".repeat(600)), {}, ["info skill-md/body-long"]],
  ];
  for (const [name, text, options, expected] of rows) {
    test(name, () => expect(codes(text, options)).toEqual(expected));
  }

  test("a YAML alias bomb is bounded and reported", () => {
    const bomb = ["a: &a [x,x,x,x,x,x,x,x,x]", "b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]", "c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]", "d: [*c,*c,*c,*c,*c,*c,*c,*c,*c]"];
    expect(codes(md(bomb.join("\n")))).toEqual(["warning skill-md/yaml-alias", "error skill-md/yaml-alias-bomb"]);
  });

  test("an oversized frontmatter is refused unparsed", () => {
    expect(codes(md(`name: a\ndescription: ${"x".repeat(70_000)}`))).toEqual(["error skill-md/frontmatter-too-large"]);
  });

  test("issues carry the SKILL.md line of their key", () => {
    const issue = parseSkillMd(md("name: a\ndescription: d\n\nextra: 1")).issues[0]!;
    expect([issue.field, issue.line, issue.column]).toEqual(["extra", 5, 1]);
  });

  test("a usable frontmatter keeps valid fields and drops invalid optional ones", () => {
    const parsed = parseSkillMd(md("name: a\ndescription: d\nkind: magic\ntags: [t]\nargument-hint: h"));
    expect(parsed.frontmatter).toEqual({ name: "a", description: "d", tags: ["t"], "argument-hint": "h" });
    expect(parsed.bodyLine).toBe(8);
  });

  test("an unusable name leaves no frontmatter", () => {
    expect(parseSkillMd(md("name: Bad Name\ndescription: d")).frontmatter).toBeNull();
  });

  test("random input never throws and always yields positioned issues", () => {
    let seed = 0x5eed;
    const rand = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32);
    const atoms = ["---", "\n", "name", "description", ": ", "&a", "*a", "!!str", "[", "]", "{", "}", "-", "'", '"', "\t", ":", "é", "\u202E", "a-b", "#", "|", ">", "\r\n"];
    for (let n = 0; n < 2000; n++) {
      let text = "---\n";
      const len = Math.floor(rand() * 40);
      for (let i = 0; i < len; i++) text += atoms[Math.floor(rand() * atoms.length)];
      const parsed = parseSkillMd(text, { strict: rand() < 0.5, dirName: "a-b" });
      for (const issue of parsed.issues) {
        expect(issue.line).toBeGreaterThanOrEqual(1);
        expect(issue.column).toBeGreaterThanOrEqual(1);
      }
    }
  });
});

describe("readSkill", () => {
  let dir = "";
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  test("reads a skill folder and checks the name against it", () => {
    dir = mkdtempSync(join(tmpdir(), "skill-md-"));
    mkdirSync(join(dir, "pdf"));
    writeFileSync(join(dir, "pdf", "SKILL.md"), md("name: pdf-tools\ndescription: d"));
    expect(readSkill(join(dir, "pdf")).parsed.issues.map((i) => i.code)).toEqual(["skill-md/name-folder-mismatch"]);
  });

  test("a folder without SKILL.md is a typed error", () => {
    dir = mkdtempSync(join(tmpdir(), "skill-md-"));
    expect(() => readSkill(dir)).toThrow(expect.objectContaining({ code: "skill_md_not_found" }));
  });

  test("invalid UTF-8 is a typed error", () => {
    dir = mkdtempSync(join(tmpdir(), "skill-md-"));
    writeFileSync(join(dir, "SKILL.md"), Buffer.from([0x2d, 0x2d, 0x2d, 0x0a, 0xff, 0xfe]));
    expect(() => readSkill(dir)).toThrow(expect.objectContaining({ code: "invalid_utf8" }));
  });
});
