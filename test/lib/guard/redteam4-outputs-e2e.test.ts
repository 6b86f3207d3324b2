import { describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { filesUnder, guardRunRestore } from "../../support/guard-e2e.ts";
import { useTempDirs } from "../../support/temp-dir.ts";

const tempDir = useTempDirs("leogriel-redteam4-e2e-");
const has = (program: string) => Bun.which(program) !== null;

/** A fake HOME with a ~/.bashrc, and a git workspace with a C file, an object and a README. */
function scene(): { ws: string; home: string } {
  const home = tempDir();
  const ws = join(home, "ws");
  mkdirSync(join(ws, "src"), { recursive: true });
  writeFileSync(join(home, ".bashrc"), "# the user's rc\n");
  writeFileSync(join(ws, "x.c"), "int main(void) { return 0; }\n");
  writeFileSync(join(ws, "README.md"), "one\ntwo\nthree\n");
  writeFileSync(join(ws, "src", "main.ts"), "tracked\n");
  const env = { HOME: home, PATH: process.env.PATH };
  Bun.spawnSync(["bash", "-c", "git init -q . && git add . && git -c user.name=t -c user.email=t@t commit -qm init"], { cwd: ws, env });
  if (has("cc")) Bun.spawnSync(["cc", "-c", "x.c"], { cwd: ws, env });
  return { ws, home };
}

// Fourth red-team pass, end to end: each command overwrote or created a startup file under the
// fake HOME when the guard allowed it; now the guard refuses, nothing runs, every byte stays.
const REFUSED: Array<[string, string, string]> = [
  ["gcc -oFILE attached", "gcc -o$HOME/.bashrc x.c", "gcc"],
  ["gcc x.c -oFILE", "gcc x.c -o$HOME/.bashrc", "gcc"],
  ["cpp's second operand", "cpp x.c ~/.bashrc", "cpp"],
  ["as -oFILE", "echo nop > x.s && as -o$HOME/.bashrc x.s", "as"],
  ["strip -o", "strip -o ~/.bashrc x.o", "strip"],
  ["objcopy IN OUT", "objcopy x.o ~/.bashrc", "objcopy"],
  ["ar rcs creates a startup file", "ar rcs ~/.profile x.o", "ar"],
  ["tar --index-file", "tar --index-file=$HOME/.bashrc -cvf x.tar src", "tar"],
  ["tar -g rewrites the snapshot file", "tar -g ~/.bashrc -cf x.tar src", "tar"],
  ["gpg --status-file", "gpg --status-file=$HOME/.bashrc --list-keys", "gpg"],
  ["csplit -f -b %.0drc", "csplit -f ~/.bash -b '%.0drc' README.md 2", "csplit"],
];

describe("red team 4 end to end: files written through options", () => {
  for (const [name, command, program] of REFUSED) {
    test.skipIf(!has(program))(name, () => {
      const { ws, home } = scene();
      const before = filesUnder(home);
      expect(guardRunRestore(ws, home, command)).toBe(3);
      expect(filesUnder(home)).toEqual(before);
    });
  }

  test.skipIf(!has("csplit"))("csplit in the workspace runs", () => {
    const { ws, home } = scene();
    expect(guardRunRestore(ws, home, "csplit -s -f part- README.md 2")).toBe(0);
    expect(Object.keys(filesUnder(ws)).filter((f) => f.startsWith("part-")).sort()).toEqual(["part-00", "part-01"]);
  });
});
