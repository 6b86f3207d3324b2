import { describe, expect, test } from "bun:test";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { documentsTable } from "../../support/documents-table.ts";
import { guardRunRestore } from "../../support/guard-e2e.ts";
import { documentsScene } from "../../support/home-scene.ts";
import { useTempDirs } from "../../support/temp-dir.ts";

const tempDir = useTempDirs("leogriel-rt6-flows-e2e-");

/** A fake HOME with documents, holding a git workspace with a file to copy. */
function scene(): { ws: string; home: string } {
  const s = documentsScene(tempDir);
  writeFileSync(join(s.ws, "a.txt"), "a\n");
  return s;
}

const RM = "rm -rf ~/Documents";
const JS = 'require("fs").rmSync(require("os").homedir()+"/Documents",{recursive:true})';
const PY = 'import shutil,os; shutil.rmtree(os.path.expanduser("~/Documents"))';

// Sixth red-team pass, C4: each command deletes ~/Documents when bash runs it (checked first in a
// scene of its own); the guard refuses it, and HOME is unchanged.
const HOSTILE: Array<[string, string]> = [
  ["bash < s.sh", `echo '${RM}' > s.sh; bash < s.sh`],
  ["cat s.sh | sh", `echo '${RM}' > s.sh; cat s.sh | sh`],
  ["exec 0<s.sh; bash", `echo '${RM}' > s.sh; exec 0<s.sh; bash`],
  ["bash -o pipefail s.sh", `echo '${RM}' > s.sh; bash -o pipefail s.sh`],
  ["bash -O extglob s.sh", `echo '${RM}' > s.sh; bash -O extglob s.sh`],
  ["bash s*.sh", `echo '${RM}' > s.sh; bash s*.sh`],
  ["mv then bash", `echo '${RM}' > s.sh; mv s.sh t.sh; bash t.sh`],
  ["ln -s then bash", `echo '${RM}' > s.sh; ln -s s.sh t.sh; bash t.sh`],
  ["tee then bash", `echo '${RM}' | tee s.sh >/dev/null; bash s.sh`],
  ["a group's redirection then bash", `{ echo '${RM}'; } > s.sh; bash s.sh`],
  ["dd of= then bash", `echo '${RM}' | dd of=s.sh 2>/dev/null; bash s.sh`],
  ["cp /dev/stdin then bash", `echo '${RM}' | cp /dev/stdin s.sh; bash s.sh`],
  ["node x.js", `echo '${JS}' > x.js; node x.js`],
  ["python3 x.py", `echo '${PY}' > x.py; /usr/bin/python3 x.py`],
];

// Lookalikes that run and lose nothing.
const HARMLESS: string[] = [
  "echo ls > s.sh; bash < s.sh",
  "echo ls > s.sh; bash -o pipefail s.sh",
  "echo 'console.log(1)' > x.js; node x.js",
  "mkdir -p build && echo hi > build/out.txt",
  "mkdir -p out; cp a.txt out/a.txt",
  "mkdir -p src && echo hi > src/out.txt",
];

documentsTable("red team 6 end to end: scripts the line wrote", scene, HOSTILE, []);

// The harmless lines write into the workspace (inside the fake HOME): they must run and leave the documents.
describe("red team 6 end to end: lookalikes of scripts the line wrote", () => {
  for (const command of HARMLESS) {
    test(`${command} runs`, () => {
      const { ws, home } = scene();
      expect(guardRunRestore(ws, home, command)).toBe(0);
      expect(existsSync(join(home, "Documents", "doc.txt"))).toBe(true);
    });
  }
});
