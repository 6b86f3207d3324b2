import { describe, expect, test } from "bun:test";
import { classify } from "../../../lib/guard/classify.ts";
import type { Decision } from "../../../lib/guard/decision.ts";
import type { ReasonCode } from "../../../lib/guard/reasons.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { NOOP, OK, OUTSIDE, RELOCATE, UNKNOWN } from "../../support/verdict-rows.ts";

// Seventh red-team pass, C3: build and test runners reading a project file the same line wrote
// (effects/written-inputs.ts). End to end with real make, npm, pytest and git: redteam7-runners-e2e.test.ts.
const fx = useGuardFixture();

type Row = [string, string, Decision, ReasonCode];

const MK = "printf 'all:\\n\\trm -rf ~/.ssh\\n'";
const HOOK = "printf '#!/bin/sh\\nrm -rf ~/.ssh\\n'";
const PY = `echo "import shutil,os; shutil.rmtree(os.path.expanduser('~/.ssh'))"`;

const ROWS: Row[] = [
  ["Makefile then make", `${MK} > Makefile; make`, ...OUTSIDE],
  ["@ recipe, sudo make", "printf 'all:\\n\\t@rm -rf ~/.ssh\\n' > Makefile && sudo make all", ...OUTSIDE],
  ["make -f", `${MK} > mk2; make -f mk2`, ...OUTSIDE],
  ["make --file=", `${MK} > mk2; make --file=mk2`, ...OUTSIDE],
  ["make -C", `mkdir -p b && ${MK} > b/Makefile; env make -C b`, ...OUTSIDE],
  ["make's own expansion is unknown", "printf 'all:\\n\\techo $(X)\\n' > Makefile; make", ...UNKNOWN],
  ["an include is unknown", "printf 'include x.mk\\nall:\\n\\ttrue\\n' > Makefile; make", ...UNKNOWN],
  ["package.json then npm run", `echo '{"scripts":{"x":"rm -rf ~/.ssh"}}' > package.json; npm run x`, ...OUTSIDE],
  ["a lifecycle script, npm install", `echo '{"scripts":{"postinstall":"rm -rf ~/.ssh"}}' > package.json; npm install`, ...OUTSIDE],
  ["yarn", `echo '{"scripts":{"test":"rm -rf ~/.ssh"}}' > package.json && yarn test`, ...OUTSIDE],
  ["jq into a temp file then mv", `jq '.scripts.test="rm -rf ~/.ssh"' package.json > p2; mv p2 package.json; npm test`, ...UNKNOWN],
  ["conftest.py then pytest", `${PY} > conftest.py; pytest -q`, ...OUTSIDE],
  ["python -m pytest", `${PY} > conftest.py; python3 -m pytest`, ...OUTSIDE],
  ["setup.py then pip install .", `${PY} > setup.py; pip install .`, ...OUTSIDE],
  ["cmake -P", "echo 'execute_process(COMMAND rm -rf /x)' > x.cmake; cmake -P x.cmake", ...UNKNOWN],
  ["CMakeLists.txt", "echo 'project(x)' > CMakeLists.txt; cmake -S . -B b", ...UNKNOWN],
  ["justfile", "printf 'x:\\n\\trm -rf ~/.ssh\\n' > justfile; just x", ...UNKNOWN],
  ["Taskfile", "printf 'version: 3\\n' > Taskfile.yml; task", ...UNKNOWN],
  ["Rakefile", "echo x > Rakefile; rake", ...UNKNOWN],
  ["build.rs", "echo 'fn main(){}' > build.rs; cargo build", ...UNKNOWN],
  [".envrc", "echo 'rm -rf ~/.ssh' > .envrc; direnv allow", ...OUTSIDE],
  ["hooksPath then commit", `mkdir -p .githooks && ${HOOK} > .githooks/pre-commit && chmod +x .githooks/pre-commit && git config core.hooksPath .githooks && git commit --allow-empty -m x`, ...OUTSIDE],
  ["husky", `mkdir -p .husky && ${HOOK} > .husky/pre-commit; git commit -m x`, ...OUTSIDE],
  ["-c core.hooksPath", `mkdir -p hk && ${HOOK} > hk/pre-commit; git -c user.name=t -c core.hooksPath=hk commit -m x`, ...OUTSIDE],
  // Harmless lookalikes.
  ["make", "make", ...OK],
  ["make -C build", "make -C build", ...OK],
  ["pytest", "pytest", ...OK],
  ["npm test", "npm test", ...OK],
  ["a note, then make", "echo x >> notes.txt; make", ...OK],
  ["a harmless written Makefile", "printf 'all:\\n\\techo hi\\n' > Makefile; make", ...NOOP],
  ["a harmless written package.json", `echo '{"scripts":{"test":"echo ok"}}' > package.json; npm test`, ...NOOP],
  ["a harmless conftest", 'echo "import os" > conftest.py; pytest -q', ...NOOP],
  ["a harmless hook", "mkdir -p .githooks && printf '#!/bin/sh\\necho ok\\n' > .githooks/pre-commit && git config core.hooksPath .githooks && git commit --allow-empty -m x", ...OK],
  ["commit", "git -c user.name=t commit -m x", ...OK],
];

describe("red team 7 C3: runners of files the line wrote", () => {
  for (const [name, command, decision, reason] of ROWS) {
    test(`${name}: ${JSON.stringify(command)}`, () => {
      const r = classify({ command, cwd: fx.ws, env: fx.env });
      expect([r.decision, r.reason]).toEqual([decision, reason]);
    });
  }
  test("a relocated write keeps RELOCATE", () => {
    const r = classify({ command: "echo '{}' > README.md && npm test", cwd: fx.ws, env: fx.env });
    expect([r.decision, r.reason]).toEqual(RELOCATE);
  });
});
