import { describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { documentsTable } from "../../support/documents-table.ts";
import { guardRunRestore } from "../../support/guard-e2e.ts";
import { documentsScene } from "../../support/home-scene.ts";
import { useTempDirs } from "../../support/temp-dir.ts";

const tempDir = useTempDirs("leogriel-rt7-runners-e2e-");
const scene = () => documentsScene(tempDir);

// A python that has pytest, named by its real path (a pyenv shim does not run under a fake HOME).
const probe = Bun.spawnSync(["python3", "-c", "import pytest, sys; print(sys.executable)"], { stderr: "ignore" });
const PYTHON = probe.exitCode === 0 ? probe.stdout.toString().trim() : null;

const RM = "rm -rf ~/Documents";
const PY = 'import shutil,os; shutil.rmtree(os.path.expanduser("~/Documents"))';
const GIT = "git -c user.name=t -c user.email=t@t";

// Seventh red-team pass, C3: each command deletes ~/Documents when bash runs it with the real
// make, npm, pytest and git (checked first in a scene of its own); the guard refuses it.
const HOSTILE: Array<[string, string]> = [
  ["Makefile then make", `printf 'all:\\n\\t${RM}\\n' > Makefile; make`],
  ["make -f", `printf 'all:\\n\\t@${RM}\\n' > mk2; make -s -f mk2`],
  ["package.json then npm run", `echo '{"scripts":{"x":"${RM}"}}' > package.json; npm run -s x`],
  ["hooksPath then commit", `mkdir -p .githooks && printf '#!/bin/sh\\n${RM}\\n' > .githooks/pre-commit && chmod +x .githooks/pre-commit && git config core.hooksPath .githooks && ${GIT} commit -q --allow-empty -m x`],
  ...(PYTHON ? ([["conftest.py then pytest", `echo '${PY}' > conftest.py; ${PYTHON} -m pytest -q -p no:cacheprovider`]] as Array<[string, string]>) : []),
];

// Lookalikes that run and lose nothing.
const HARMLESS: string[] = [
  "printf 'all:\\n\\techo hi\\n' > Makefile; make -s",
  `echo '{"scripts":{"test":"echo ok"}}' > package.json; npm test -s`,
  `mkdir -p .githooks && printf '#!/bin/sh\\necho ok\\n' > .githooks/pre-commit && chmod +x .githooks/pre-commit && git config core.hooksPath .githooks && ${GIT} commit -q --allow-empty -m x`,
];

documentsTable("red team 7 end to end: runners of project files the line wrote", scene, HOSTILE, []);

describe("red team 7 end to end: lookalikes", () => {
  for (const command of HARMLESS) {
    test(`${command} runs`, () => {
      const { ws, home } = scene();
      expect(guardRunRestore(ws, home, command)).toBe(0);
      expect(existsSync(join(home, "Documents", "doc.txt"))).toBe(true);
    });
  }
});
