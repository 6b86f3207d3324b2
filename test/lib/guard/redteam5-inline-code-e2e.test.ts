import { describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { filesUnder, guardRunRestore } from "../../support/guard-e2e.ts";
import { documentsScene } from "../../support/home-scene.ts";
import { useTempDirs } from "../../support/temp-dir.ts";

const tempDir = useTempDirs("leogriel-rt5-inline-e2e-");

/** A fake HOME with documents, holding a git workspace. */
const scene = () => documentsScene(tempDir);

const RM = "rm -rf ~/Documents";
const has = (program: string) => Bun.spawnSync(["bash", "-c", `command -v ${program}`]).exitCode === 0;

// Fifth red-team pass: inline code of interpreters the guard did not read. Only the programs
// installed here run (gdb and python3 on the test machines); each row deletes ~/Documents when
// bash runs it, and the guard refuses it.
const HOSTILE: Array<[string, string, string]> = [
  ["gdb", "gdb -ex shell", `gdb -nx -batch -ex 'shell ${RM}'`],
  ["gdb", "gdb --eval-command=!", `gdb -nx -batch --eval-command='!${RM}'`],
  ["gdb", "gdb pipe", `gdb -nx -batch -ex 'pipe p 1 | ${RM}'`],
  ["gdb", "gdb python", `gdb -nx -batch -ex 'python import os; os.system("${RM}")'`],
  ["gdb", "gdb -x of a written file", `echo 'shell ${RM}' > c.gdb; gdb -nx -batch -x c.gdb`],
  ["python3", "python3 of a written script", `echo 'import os; os.system("${RM}")' > x.py; python3 x.py`],
  ["lua", "lua -e", `lua -e 'os.execute("${RM}")'`],
  ["Rscript", "Rscript -e", `Rscript -e 'system("${RM}")'`],
  ["julia", "julia -e", `julia -e 'run(\`rm -rf ${"$"}(homedir())/Documents\`)'`],
];

const HARMLESS: Array<[string, string]> = [
  ["gdb", "gdb -nx -batch -ex 'p 1+1'"],
  ["gdb", "gdb -nx -batch -ex 'shell ls'"],
  ["python3", "echo 'print(1)' > x.py; python3 x.py"],
];

describe("red team 5 end to end: inline code of unread interpreters", () => {
  for (const [program, name, command] of HOSTILE) {
    test.skipIf(!has(program))(name, () => {
      const bare = scene();
      Bun.spawnSync(["bash", "-c", command], { cwd: bare.ws, env: { HOME: bare.home, PATH: process.env.PATH }, stdin: "ignore", stdout: "ignore", stderr: "ignore" });
      expect(existsSync(join(bare.home, "Documents"))).toBe(false);
      const { ws, home } = scene();
      const before = filesUnder(home);
      expect(guardRunRestore(ws, home, command)).toBe(2);
      expect(filesUnder(home)).toEqual(before);
    });
  }
  for (const [program, command] of HARMLESS) {
    test.skipIf(!has(program))(`${command} runs`, () => {
      const { ws, home } = scene();
      expect(guardRunRestore(ws, home, command)).toBe(0);
      expect(existsSync(join(home, "Documents", "doc.txt"))).toBe(true);
    });
  }
});
