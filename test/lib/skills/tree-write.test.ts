import { afterEach, describe, expect, test } from "bun:test";
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { checkTree, writeTree, type TreeFile } from "../../../lib/skills/tree-write.ts";
import { removeDir, tempDir } from "../../fixtures/install/sources.ts";

const file = (path: string): TreeFile => ({ path, type: "file", data: Buffer.from("x") });
const link = (path: string, target: string): TreeFile => ({ path, type: "symlink", target });
const SKILL = file("SKILL.md");
const CLIMB = `${"q/".repeat(12)}${"../".repeat(12)}`.slice(0, -1);

let dir = "";
afterEach(() => {
  if (dir) removeDir(dir);
  dir = "";
});

describe("symlinks are resolved the way the OS would", () => {
  test.each<[string, TreeFile[]]>([
    ["a link to a file beside it", [SKILL, link("docs", "SKILL.md")]],
    ["a link to the skill root", [SKILL, link("q", ".")]],
    ["a link up from a sub-folder to a file", [SKILL, link("a/b/up", "../../SKILL.md")]],
    ["a dangling link inside the skill", [SKILL, link("later", "not-yet/here")]],
  ])("%s is accepted", (_name, files) => {
    expect(() => checkTree(files)).not.toThrow();
  });

  test.each<[string, TreeFile[]]>([
    ["a chain through a link to the root that climbs out (the review's attack)", [SKILL, link("q", "."), link("root", CLIMB)]],
    ["a chain reaching /etc/passwd", [SKILL, link("q", "."), link("passwd", `${CLIMB}/etc/passwd`)]],
    ["a link through a link to a sub-folder", [SKILL, file("a/b/x"), link("deep", "a/b"), link("out", "deep/../../..")]],
    ["a link to another link", [SKILL, link("a", "SKILL.md"), link("b", "a")]],
    ["a link to itself", [SKILL, link("self", "self")]],
    ["two links pointing at each other", [SKILL, link("ping", "pong"), link("pong", "ping")]],
    ["a chain through a link spelled in another case", [SKILL, link("q", "."), link("root", CLIMB.replaceAll("q", "Q"))]],
    ["a plain climb out", [SKILL, link("up", "../x")]],
    ["an absolute target", [SKILL, link("abs", "/etc/passwd")]],
    ["a target with an escape character", [SKILL, link("esc", "SKILL.md\u001b[2J")]],
  ])("%s is refused", (_name, files) => {
    expect(() => checkTree(files)).toThrow(expect.objectContaining({ code: "unsafe_symlink", exitCode: 2 }));
  });
});

describe("paths mean the same tree on every OS", () => {
  test.each<[string, TreeFile[], string]>([
    ["an ANSI escape in a name", [SKILL, file("\u001b[31mred.md")], "tree_invalid_path"],
    ["a BEL in a folder name", [SKILL, file("a\u0007/b.md")], "tree_invalid_path"],
    ["a C1 control (CSI)", [SKILL, file("x\u009b.md")], "tree_invalid_path"],
    ["NFC and NFD spellings of one name", [SKILL, file("caf\u00e9.md"), file("cafe\u0301.md")], "tree_name_collision"],
    ["case-only twins", [SKILL, file("skill.md")], "tree_name_collision"],
    ["folders that differ only by case", [SKILL, file("Docs/a.md"), file("docs/b.md")], "tree_name_collision"],
  ])("%s is refused with %s", (_name, files, code) => {
    expect(() => checkTree(files)).toThrow(expect.objectContaining({ code, exitCode: 2 }));
  });
});

describe("writeTree", () => {
  test("leaves .git out at any depth and writes folders 0755 whatever the umask", () => {
    dir = tempDir();
    const old = process.umask(0);
    try {
      writeTree([SKILL, file(".git/config"), file("scripts/.git/run.sh"), file("scripts/ok.sh")], join(dir, "skill"));
    } finally {
      process.umask(old);
    }
    expect(existsSync(join(dir, "skill/.git"))).toBe(false);
    expect(existsSync(join(dir, "skill/scripts/.git"))).toBe(false);
    expect(existsSync(join(dir, "skill/scripts/ok.sh"))).toBe(true);
    expect(statSync(join(dir, "skill/scripts")).mode & 0o777).toBe(0o755);
    expect(statSync(join(dir, "skill")).mode & 0o777).toBe(0o755);
  });
});
