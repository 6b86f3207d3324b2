import { describe, expect, test } from "bun:test";
import { mkdirSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ensureControlDir, refuseExistingReceipt, refuseSymlinkedPath } from "../../../lib/proof/control-paths.ts";
import { useTempDirs } from "../../support/temp-dir.ts";

const tempDir = useTempDirs("leogriel-control-");

describe("control paths", () => {
  test.each([
    [".agentproof as a symlink", (root: string, out: string) => symlinkSync(out, join(root, ".agentproof")), ".agentproof/request.json"],
    ["the request as a symlink", (root: string, out: string) => (mkdirSync(join(root, ".agentproof")), symlinkSync(join(out, "r.json"), join(root, ".agentproof", "request.json"))), ".agentproof/request.json"],
    ["a symlinked request outside the repository", (_root: string, out: string) => symlinkSync(join(out, "r.json"), join(out, "link.json")), "../out/link.json"],
  ])("refuses %s", (_name, arrange, path) => {
    const base = realpathSync(tempDir());
    const root = join(base, "repo");
    const out = join(base, "out");
    mkdirSync(root);
    mkdirSync(out);
    writeFileSync(join(out, "r.json"), "{}");
    arrange(root, out);
    expect(() => refuseSymlinkedPath(root, join(root, path))).toThrow(expect.objectContaining({ code: "control_path_symlink", exitCode: 1 }));
  });

  test("accepts a plain request path", () => {
    const root = realpathSync(tempDir());
    mkdirSync(join(root, ".agentproof"));
    writeFileSync(join(root, ".agentproof", "request.json"), "{}");
    expect(() => refuseSymlinkedPath(root, join(root, ".agentproof", "request.json"))).not.toThrow();
  });

  test.each([
    ["a file", (p: string) => writeFileSync(p, "x")],
    ["a dangling symlink", (p: string) => symlinkSync("/nonexistent/target", p)],
    ["a directory", (p: string) => mkdirSync(p)],
  ])("treats %s at the receipt path as an existing receipt", (_name, arrange) => {
    const root = realpathSync(tempDir());
    mkdirSync(join(root, ".agentproof"));
    arrange(join(root, ".agentproof", "agent-session.json"));
    expect(() => refuseExistingReceipt(root)).toThrow(expect.objectContaining({ code: "receipt_output_already_exists" }));
  });

  test("creates a missing control directory and refuses one that is a file", () => {
    const root = realpathSync(tempDir());
    ensureControlDir(root);
    expect(() => refuseExistingReceipt(root)).not.toThrow();
    const other = realpathSync(tempDir());
    writeFileSync(join(other, ".agentproof"), "x");
    expect(() => ensureControlDir(other)).toThrow(expect.objectContaining({ code: "control_path_not_directory" }));
  });
});
