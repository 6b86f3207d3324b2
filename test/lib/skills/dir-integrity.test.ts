import { afterEach, describe, expect, test } from "bun:test";
import { chmodSync, mkdirSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { LeogrielError } from "../../../lib/core/errors.ts";
import { checkEntryPath, hashDirectory, integrityOf, type DirEntry } from "../../../lib/skills/dir-integrity.ts";
import { removeDir, tempDir, writeFiles, type Files } from "../../fixtures/install/sources.ts";

const SKILL = "---\nname: demo\ndescription: Demo skill. Use when testing.\n---\n# Demo\n";
const RUN = "#!/bin/sh\necho hi\n";
const NAMES = ["a.md", "Z.md", "_x", "-y", "\uff5e.md", "\u{1F600}.md", "\u00e9.md", "e\u0301.md"];

// The vectors of docs/contracts/directory-integrity-v1.md, built on disk.
const VECTORS: Array<[string, Files, string]> = [
  ["empty", {}, "sha256:2b0ce5f124875726d627a37245cd28ea4181b2d108d66a275198a0e410019e86"],
  ["demo", { "SKILL.md": SKILL, "scripts/run.sh": { content: RUN, exec: true } }, "sha256:8bc6e27cdec94ae456a3a191198ded82a8effd3ada57d68faa3d0364671649ee"],
  ["demo without exec", { "SKILL.md": SKILL, "scripts/run.sh": RUN }, "sha256:0143bf5287a6eb8766342304a3e0d1abb735744a383cb9a93d176a40a0d89288"],
  ["demo with symlink", { "SKILL.md": SKILL, "scripts/run.sh": { content: RUN, exec: true }, run: { link: "scripts/run.sh" } }, "sha256:c0178226e3dbb5389724b386f6caf43efad72cbca87515c0fb556243bfc55bc2"],
  ["byte order", Object.fromEntries(NAMES.map((n) => [n, n])), "sha256:04291f6f1acd618b5f4b2f992a6c51a3ebc0b7f9f4af0ee27860089322e9662f"],
  ["split A", { "SKILL.md": "ab" }, "sha256:678da3972e21d1a13ca1e45f3d6051e8d1e3a4c7fda3209c95f49276294c6bbc"],
  ["split B", { "SKILL.mda": "b" }, "sha256:1936f5b6e0c1563d09281d5b3f7ab658f6e5d4f43b3dac84d405b18ebb2bdb25"],
];

let dirs: string[] = [];
function tree(files: Files): string {
  const dir = tempDir();
  dirs.push(dir);
  writeFiles(dir, files);
  return dir;
}
afterEach(() => {
  for (const d of dirs) removeDir(d);
  dirs = [];
});

describe("directory integrity", () => {
  test.each(VECTORS)("the %s vector hashes to the documented value on disk", (_name, files, expected) => {
    expect(hashDirectory(tree(files)).integrity).toBe(expected);
  });

  test("the documented vectors appear verbatim in the frozen contract", () => {
    const doc = readFileSync(join(import.meta.dir, "../../../docs/contracts/directory-integrity-v1.md"), "utf8");
    for (const [, , value] of VECTORS) expect(doc).toContain(value);
  });

  test("the value does not depend on the order entries are given in", () => {
    const entries: DirEntry[] = NAMES.map((p) => ({ path: p, type: "file", sha256: "0".repeat(64), size: 0 }));
    const shuffled = [...entries].reverse();
    expect(integrityOf(shuffled)).toBe(integrityOf(entries));
  });

  test("git metadata is left out and an empty directory changes nothing", () => {
    const base = hashDirectory(tree({ "SKILL.md": SKILL })).integrity;
    const dir = tree({ "SKILL.md": SKILL, ".git/HEAD": "ref: refs/heads/main\n", "sub/.git": "gitdir: x\n" });
    mkdirSync(join(dir, "empty/nested"), { recursive: true });
    expect(hashDirectory(dir).integrity).toBe(base);
  });

  test.each([
    ["an exec-bit flip", (d: string) => chmodSync(join(d, "scripts/run.sh"), 0o644)],
    ["a symlink retarget", (d: string) => (unlinkSync(join(d, "run")), symlinkSync("SKILL.md", join(d, "run")))],
    ["a file inside node_modules", (d: string) => (mkdirSync(join(d, "node_modules/x"), { recursive: true }), writeFileSync(join(d, "node_modules/x/i.js"), "1"))],
    ["a dotfile", (d: string) => writeFileSync(join(d, ".env.example"), "A=1")],
    ["a one-byte edit", (d: string) => writeFileSync(join(d, "SKILL.md"), `${SKILL} `)],
    ["a rename", (d: string) => (rmSync(join(d, "run")), symlinkSync("scripts/run.sh", join(d, "run2")))],
  ])("%s changes the value", (_name, mutate) => {
    const dir = tree({ "SKILL.md": SKILL, "scripts/run.sh": { content: RUN, exec: true }, run: { link: "scripts/run.sh" } });
    const before = hashDirectory(dir).integrity;
    mutate(dir);
    expect(hashDirectory(dir).integrity).not.toBe(before);
  });

  test.each([
    ["", "empty"],
    ["/abs", "absolute"],
    ["a/../b", "dot-dot"],
    ["a//b", "empty component"],
    ["./a", "dot"],
    ["a\nb", "newline"],
    ["a\rb", "carriage return"],
    ["a\\b", "backslash"],
    ["a\0b", "NUL"],
    ["\ud800x", "lone surrogate"],
  ])("the path %j is refused (%s)", (path) => {
    expect(() => checkEntryPath(path)).toThrow(LeogrielError);
  });

  test("a file name with a newline on disk is an error, not a hash", () => {
    const dir = tree({ "SKILL.md": SKILL });
    writeFileSync(join(dir, "bad\nname"), "x");
    expect(() => hashDirectory(dir)).toThrow(expect.objectContaining({ code: "tree_invalid_path" }));
  });

  test("a fifo is refused", () => {
    const dir = tree({ "SKILL.md": SKILL });
    const r = Bun.spawnSync(["mkfifo", join(dir, "pipe")]);
    expect(r.exitCode).toBe(0);
    expect(() => hashDirectory(dir)).toThrow(expect.objectContaining({ code: "tree_unsupported_type" }));
  });

  test("limits stop a tree that is too large", () => {
    const dir = tree({ a: "1234", b: "5678" });
    expect(() => hashDirectory(dir, { maxFiles: 1 })).toThrow(expect.objectContaining({ code: "tree_too_large" }));
    expect(() => hashDirectory(dir, { maxBytes: 5 })).toThrow(expect.objectContaining({ code: "tree_too_large" }));
  });

  test("a missing root is a typed error", () => {
    expect(() => hashDirectory("/nonexistent/leogriel")).toThrow(expect.objectContaining({ code: "tree_unreadable" }));
  });

  test("random trees on disk hash to the value of their independently built entries (seeded property)", () => {
    let seed = 42;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n);
    const alphabet = ["a", "B", "-", "_", ".", "é", "\u{1F600}", "z"];
    for (let round = 0; round < 20; round++) {
      const files: Files = {};
      for (let i = 0; i < 1 + rand(6); i++) {
        const parts = Array.from({ length: 1 + rand(3) }, () => Array.from({ length: 1 + rand(4) }, () => alphabet[rand(alphabet.length)]).join(""));
        if (parts.some((p) => p === "." || p === ".." || p === ".git")) continue;
        const path = parts.join("/");
        if (Object.keys(files).some((k) => k.startsWith(`${path}/`) || path.startsWith(`${k}/`))) continue;
        files[path] = rand(2) === 0 ? `c${round}${i}` : { content: `x${i}`, exec: true };
      }
      const expected = Object.entries(files).map(([path, spec]): DirEntry => {
        const content = typeof spec === "string" ? spec : "content" in spec ? spec.content : "";
        const sha256 = new Bun.CryptoHasher("sha256").update(content).digest("hex");
        return { path, type: typeof spec === "string" ? "file" : "exec", sha256, size: content.length };
      });
      expect(hashDirectory(tree(files)).integrity).toBe(integrityOf(expected));
    }
  });
});
