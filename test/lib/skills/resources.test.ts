import { describe, expect, test } from "bun:test";
import { classifyResource } from "../../../lib/skills/resources.ts";

describe("classifyResource", () => {
  const rows: Array<[string, Parameters<typeof classifyResource>[1], string]> = [
    ["scripts/fill.py", {}, "script"],
    ["hooks/session-start.sh", {}, "script"],
    ["bin/tool", {}, "script"],
    ["tool", { executable: true }, "script"],
    ["run", { shebang: true }, "script"],
    ["references/FORMS.md", {}, "reference"],
    ["scripts/README.md", {}, "reference"],
    ["assets/logo.png", {}, "asset"],
    ["assets/schema.json", {}, "asset"],
    ["templates/report.docx", {}, "template"],
    ["assets/page.html.j2", {}, "template"],
    ["email.template.md", {}, "template"],
    ["Scripts/Build.PS1", {}, "script"],
    ["..hidden/strange name.md", {}, "reference"],
    ["", {}, "asset"],
  ];
  for (const [path, facts, type] of rows) {
    test(`${JSON.stringify(path)} is a ${type}`, () => expect(classifyResource(path, facts)).toBe(type as never));
  }
});
