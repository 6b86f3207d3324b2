import { describe, expect, test } from "bun:test";
import { LeogrielError } from "../../../lib/core/errors.ts";
import { parseSpecifier } from "../../../lib/skills/specifier.ts";

describe("parseSpecifier", () => {
  test.each([
    ["github:acme/skills", { kind: "github", owner: "acme", repo: "skills", path: "" }],
    ["github:acme/skills.git", { kind: "github", owner: "acme", repo: "skills", path: "" }],
    ["github:acme/skills/skills/pdf#v1.2", { kind: "github", owner: "acme", repo: "skills", path: "skills/pdf", ref: "v1.2" }],
    ["github:acme/skills/skills/pdf/", { kind: "github", owner: "acme", repo: "skills", path: "skills/pdf" }],
    ["github:acme/skills#feature/x", { kind: "github", owner: "acme", repo: "skills", path: "", ref: "feature/x" }],
    ["github:acme/skills@v2#skills/pdf", { kind: "github", owner: "acme", repo: "skills", path: "skills/pdf", ref: "v2" }],
    ["skills.sh/vercel-labs/agent-skills/vercel-react-best-practices", { kind: "skills.sh", owner: "vercel-labs", repo: "agent-skills", skill: "vercel-react-best-practices" }],
    ["npm:@scope/pkg", { kind: "npm", pkg: "@scope/pkg" }],
    ["npm:pkg@^1.2.0", { kind: "npm", pkg: "pkg", range: "^1.2.0" }],
    ["npm:@scope/pkg@next", { kind: "npm", pkg: "@scope/pkg", range: "next" }],
    ["file:./skills/review", { kind: "file", path: "./skills/review" }],
    ["local:imported/my-skill", { kind: "local-imported", name: "my-skill" }],
  ])("%s parses", (text, expected) => {
    expect(parseSpecifier(text)).toEqual(expected as never);
  });

  test.each([
    ["gitlab:acme/skills", "unknown prefix"],
    ["acme/skills", "no prefix"],
    ["github:acme", "no repository"],
    ["github:-acme/skills", "owner starting with a hyphen"],
    ["github:acme/..", "dot-dot repository"],
    ["github:acme/skills/../etc#v1", "dot-dot in the path"],
    ["github:acme/skills#--upload-pack=evil", "option injection in the ref"],
    ["github:acme/skills#a..b", "dot-dot in the ref"],
    ["github:acme/skills#a b", "space in the ref"],
    ["github:acme/skills#", "empty ref"],
    ["skills.sh/acme/skills", "missing slug"],
    ["skills.sh/acme/skills/Bad_Name", "non-canonical slug"],
    ["npm:Bad", "uppercase package"],
    ["npm:pkg@>>1", "bad range"],
    ["npm:", "empty package"],
    ["file:", "empty path"],
    ["local:imported/../x", "traversal in an imported name"],
  ])("%s is refused (%s)", (text) => {
    expect(() => parseSpecifier(text)).toThrow(expect.objectContaining({ code: "invalid_specifier", exitCode: 2 }));
  });

  test("random input never throws anything but a typed error (seeded fuzz)", () => {
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n);
    const pieces = ["github:", "npm:", "file:", "skills.sh/", "local:imported/", "a", "/", "#", "@", "..", "-", " ", "\0", "é", "^1", "v1"];
    for (let i = 0; i < 2000; i++) {
      const text = Array.from({ length: rand(8) }, () => pieces[rand(pieces.length)]).join("");
      try {
        parseSpecifier(text);
      } catch (err) {
        expect(err).toBeInstanceOf(LeogrielError);
      }
    }
  });
});
