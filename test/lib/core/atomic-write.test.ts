import { describe, expect, test } from "bun:test";
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomic } from "../../../lib/core/atomic-write.ts";
import { publishNoClobber } from "../../../lib/core/publish.ts";
import { useTempDirs } from "../../support/temp-dir.ts";

const tempDir = useTempDirs();

describe("writeFileAtomic", () => {
  test("replaces a file and leaves no temp file behind", () => {
    const dir = tempDir();
    const path = join(dir, "a.json");
    writeFileSync(path, "old");
    writeFileAtomic(path, "new");
    expect(readFileSync(path, "utf8")).toBe("new");
    expect(readdirSync(dir)).toEqual(["a.json"]);
  });

  test("applies the requested mode to a new file", () => {
    const path = join(tempDir(), "secret");
    writeFileAtomic(path, "x", { mode: 0o600 });
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  test("a failed write leaves the previous content and no temp file", () => {
    const dir = tempDir();
    const path = join(dir, "target");
    mkdirSync(path); // renaming a file over a directory fails
    expect(() => writeFileAtomic(path, "x")).toThrow();
    expect(readdirSync(dir)).toEqual(["target"]);
  });

  test("a write into a missing directory fails and creates nothing", () => {
    const dir = tempDir();
    expect(() => writeFileAtomic(join(dir, "missing", "a"), "x")).toThrow(expect.objectContaining({ code: "ENOENT" }));
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe("publishNoClobber", () => {
  test("publishes a new file", () => {
    const path = join(tempDir(), "receipt.json");
    publishNoClobber(path, "{}\n");
    expect(readFileSync(path, "utf8")).toBe("{}\n");
  });

  test("refuses an existing destination with a typed error and keeps its bytes", () => {
    const dir = tempDir();
    const path = join(dir, "receipt.json");
    writeFileSync(path, "first");
    expect(() => publishNoClobber(path, "second")).toThrow(expect.objectContaining({ code: "output_already_exists" }));
    expect(readFileSync(path, "utf8")).toBe("first");
    expect(readdirSync(dir)).toEqual(["receipt.json"]);
  });

  test("exactly one of many concurrent publishers wins", async () => {
    const dir = tempDir();
    const path = join(dir, "receipt.json");
    const script = `import { publishNoClobber } from ${JSON.stringify(join(import.meta.dir, "../../../lib/core/publish.ts"))};
try { publishNoClobber(process.argv[2], process.argv[3]); console.log("won"); } catch (e) { console.log(e.code); }`;
    const file = join(dir, "racer.ts");
    writeFileSync(file, script);
    const procs = Array.from({ length: 8 }, (_, i) =>
      Bun.spawn([process.execPath, file, path, `writer-${i}`], { stdout: "pipe" }),
    );
    const outputs = await Promise.all(procs.map((p) => new Response(p.stdout).text()));
    expect(outputs.filter((o) => o.trim() === "won")).toHaveLength(1);
    expect(outputs.filter((o) => o.trim() === "output_already_exists")).toHaveLength(7);
    expect(readFileSync(path, "utf8")).toMatch(/^writer-\d$/);
  });
});
