import { describe, expect, test } from "bun:test";
import { gzipSync } from "node:zlib";
import { LeogrielError } from "../../../lib/core/errors.ts";
import { readTar, readTarGz } from "../../../lib/skills/tar-reader.ts";
import { buildTar, buildTarGz, paxData, type TarSpec } from "../../fixtures/install/tar-builder.ts";

const SKILL = { name: "package/SKILL.md", content: "---\nname: x\ndescription: y\n---\n" };

describe("readTarGz", () => {
  test("an npm-style tarball unpacks with the top folder stripped and the exec bit kept", () => {
    const files = readTarGz(buildTarGz([{ name: "package/", type: "5", mode: 0o755 }, SKILL, { name: "package/scripts/run.sh", mode: 0o755, content: "#!/bin/sh\n" }, { name: "package/link", type: "2", link: "scripts/run.sh" }]));
    expect(files.map((f) => [f.path, f.type])).toEqual([["SKILL.md", "file"], ["scripts/run.sh", "exec"], ["link", "symlink"]]);
    expect(Buffer.from(files[1]!.data!).toString()).toBe("#!/bin/sh\n");
  });

  test("pax path records and GNU long names are honoured", () => {
    const long = `package/${"d".repeat(120)}/SKILL.md`;
    const files = readTar(buildTar([{ name: "pax", type: "x", content: paxData({ path: "package/é/ünïcode.md" }) }, { name: "package/short", content: "1" }, { name: "././@LongLink", type: "L", content: `${long}\0` }, { name: "package/trunc", content: "2" }]));
    expect(files.map((f) => f.path)).toEqual(["é/ünïcode.md", `${"d".repeat(120)}/SKILL.md`]);
  });

  test.each<[string, TarSpec[], string]>([
    ["a ../ entry", [SKILL, { name: "package/../../etc/passwd", content: "x" }], "tree_invalid_path"],
    ["an absolute path", [{ name: "/etc/passwd", content: "x" }], "tarball_unsafe"],
    ["entries under two top folders", [SKILL, { name: "other/x", content: "x" }], "tarball_unsafe"],
    ["a top folder of ..", [{ name: "../x", content: "x" }], "tarball_unsafe"],
    ["an absolute symlink", [SKILL, { name: "package/l", type: "2", link: "/etc/passwd" }], "unsafe_symlink"],
    ["a symlink out of the tree", [SKILL, { name: "package/l", type: "2", link: "../../x" }], "unsafe_symlink"],
    ["a file written through a symlink", [SKILL, { name: "package/d", type: "2", link: "." }, { name: "package/d/x", content: "x" }], "tree_invalid_path"],
    ["a hard link", [SKILL, { name: "package/h", type: "1", link: "package/SKILL.md" }], "tarball_unsafe"],
    ["a character device", [SKILL, { name: "package/dev", type: "3" }], "tarball_unsafe"],
    ["a duplicate entry", [SKILL, SKILL], "tree_invalid_path"],
    ["a file beside the top folder", [{ name: "package\\..\\x", content: "x" }], "tarball_unsafe"],
    ["a backslash path", [SKILL, { name: "package/a\\b", content: "x" }], "tree_invalid_path"],
    ["a malformed pax header", [{ name: "pax", type: "x", content: "99 path=x\n" }, SKILL], "tarball_invalid"],
  ])("%s is refused", (_name, entries, code) => {
    expect(() => readTarGz(buildTarGz(entries))).toThrow(expect.objectContaining({ code, exitCode: 2 }));
  });

  test("a corrupted header checksum is refused", () => {
    const tar = buildTar([SKILL]);
    tar[0] = "Q".charCodeAt(0);
    expect(() => readTar(tar)).toThrow(expect.objectContaining({ code: "tarball_invalid" }));
  });

  test("a truncated archive is refused", () => {
    const tar = buildTar([{ ...SKILL, content: "x".repeat(2000) }]);
    expect(() => readTar(tar.subarray(0, 1024))).toThrow(expect.objectContaining({ code: "tarball_invalid" }));
  });

  test("bytes that are not gzip are refused", () => {
    expect(() => readTarGz(Buffer.from("<html>nope</html>"))).toThrow(expect.objectContaining({ code: "tarball_invalid" }));
  });

  test("a gzip bomb stops at the size limit", () => {
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024));
    expect(() => readTarGz(bomb, { maxFiles: 10, maxBytes: 1024 * 1024 })).toThrow(expect.objectContaining({ code: "tree_too_large" }));
  });

  test("too many entries stop at the file limit", () => {
    const entries = Array.from({ length: 20 }, (_, i) => ({ name: `package/f${i}`, content: "x" }));
    expect(() => readTarGz(buildTarGz(entries), { maxFiles: 10, maxBytes: 1024 })).toThrow(expect.objectContaining({ code: "tree_too_large" }));
  });

  test("mutated archives only ever fail with typed errors (seeded fuzz)", () => {
    const base = buildTar([SKILL, { name: "package/a/b.txt", content: "hello" }, { name: "package/l", type: "2", link: "a/b.txt" }]);
    let seed = 1234;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n);
    for (let i = 0; i < 500; i++) {
      const copy = Buffer.from(base);
      for (let j = 0; j < 1 + rand(8); j++) copy[rand(1536)] = rand(256);
      try {
        readTar(copy);
      } catch (err) {
        expect(err).toBeInstanceOf(LeogrielError);
      }
    }
  });
});
