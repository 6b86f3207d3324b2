import { describe, expect, test } from "bun:test";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expectHarmRefused, guardRunRestore } from "../../support/guard-e2e.ts";
import { documentsScene } from "../../support/home-scene.ts";
import { useTempDirs } from "../../support/temp-dir.ts";

const tempDir = useTempDirs("leogriel-rt8-e2e-");

// Eighth red-team pass end to end, with real bash (and the real tools where installed) under a
// fake HOME: each hostile command removes ~/Documents when bash runs it (checked first in a scene
// of its own); the guard refuses it and HOME is unchanged. Every payload names ~/Documents only.
const GDB = Bun.which("gdb") ? "gdb -nx -batch" : undefined;
const FLOCK = Bun.which("flock") ? "flock" : undefined;
const SG = Bun.which("sg") ? `sg ${Bun.spawnSync(["id", "-gn"]).stdout.toString().trim()}` : undefined;
const PY = Bun.which("python3") ? "python3" : undefined;
const NODE = Bun.which("node") ? "node" : undefined;
// ssh and scp run a ProxyCommand or `-S` program before any connection: no network is used.
const SSH = Bun.which("ssh") && Bun.which("scp") && Bun.which("timeout") ? "ssh" : undefined;
const BUN = process.execPath;

function scene(): { ws: string; home: string } {
  const s = documentsScene(tempDir);
  writeFileSync(join(s.ws, "run.sh"), "echo hi\n");
  writeFileSync(join(s.ws, "x.json"), '{"a": 1}\n');
  return s;
}

const HOSTILE: Array<[string, string | undefined]> = [
  ["sed -i of a written script (C1)", "echo ls > s.sh; sed -i 's|ls|rm -rf ~/Documents|' s.sh; bash s.sh"],
  ["perl -pi of a written script (C1)", "echo ls > s.sh; perl -pi -e 's|ls|rm -rf ~/Documents|' s.sh; bash s.sh"],
  ["sed -i of an existing script (C1)", "sed -i '1i rm -rf ~/Documents' run.sh; bash run.sh"],
  ["sed's w command over a written script (C1)", "echo 'rm -rf ~/Documents' > x; echo ls > s.sh; sed -n 'w s.sh' x; bash s.sh"],
  ["perl's write open over a written script (C1)", `echo ls > s.sh; perl -e 'open(F, ">s.sh"); print F "rm -rf ~/Documents"'; bash s.sh`],
  ["find -exec env bash {} (C3)", "printf 'rm -rf ~/Documents' > s.sh; find . -name s.sh -exec env bash {} \\;"],
  ["bash --rcfile -i (C2)", "printf 'rm -rf ~/Documents' > s.sh; bash --rcfile s.sh -i -c true"],
  ["find -exec bash {} (C3)", "printf 'rm -rf ~/Documents' > s.sh; find . -name s.sh -exec bash {} \\;"],
  ["gdb -ex= (C4)", GDB && `${GDB} -ex='shell rm -rf ~/Documents'`],
  ["gdb -init-eval-command (C4)", GDB && `${GDB} -init-eval-command 'shell rm -rf ~/Documents'`],
  ["venv --cl (C5)", PY && "python3 -m venv --without-pip --cl ~/Documents"],
  ["bun pm cache rm (C7)", `BUN_INSTALL_CACHE_DIR=~/Documents ${BUN} pm cache rm`],
  ["flock -c (C8)", FLOCK && "flock ~/lock -c 'rm -rf ~/Documents'"],
  ["sg -c (C9)", SG && `${SG} -c 'rm -rf ~/Documents'`],
  ["python -m timeit (C10)", PY && `python3 -m timeit -n1 -r1 'import shutil, os; shutil.rmtree(os.path.expanduser("~/Documents"))'`],
  ["python -c importing a written module (C10)", PY && `printf 'import os; os.system("rm -rf ~/Documents")' > x.py; python3 -c 'import x'`],
  ["node --import data: URL (C10)", NODE && `node --import 'data:text/javascript,import{execSync}from"child_process";execSync("rm -rf ~/Documents")' -e 1`],
  ["node -e requiring a written file (C10)", NODE && `printf 'require("child_process").execSync("rm -rf ~/Documents")' > x.js; node -e 'require("./x.js")'`],
  ["perl -M with code (C10)", "perl '-Mstrict;system q(rm -rf ~/Documents);' -e 1"],
  ["ssh -F of a written config (C11)", SSH && "printf 'Host *\\n  ProxyCommand rm -rf ~/Documents\\n' > cfg; timeout 10 ssh -F cfg -o BatchMode=yes host true"],
  ["scp -S of a written program (C11)", SSH && "printf '#!/bin/sh\\nrm -rf ~/Documents\\n' > x; chmod +x x; echo a > a; timeout 10 scp -S ./x a host:b"],
  ["PERL5DB under perl -d (C11)", `PERL5DB='system("rm -rf ~/Documents")' perl -d -e 1`],
];
const HARMLESS: Array<string | undefined> = [
  "echo ls > s.sh; bash s.sh",
  "bash run.sh",
  GDB && `${GDB} -ex='print 1'`,
  FLOCK && "flock ~/lock -c true",
  PY && "python3 -m json.tool x.json",
];

describe("red team 8 end to end: edited scripts, rcfiles, find -exec, gdb, venv, bun, flock, sg, option code", () => {
  for (const [name, command] of HOSTILE) {
    test.skipIf(command === undefined)(name, () => {
      expectHarmRefused(scene, command!, (home) => !existsSync(join(home, "Documents", "doc.txt")));
    });
  }
  for (const command of HARMLESS) {
    test.skipIf(command === undefined)(`${command} runs`, () => {
      const { ws, home } = scene();
      expect(guardRunRestore(ws, home, command!)).toBe(0);
      expect(existsSync(join(home, "Documents", "doc.txt"))).toBe(true);
    });
  }
});
