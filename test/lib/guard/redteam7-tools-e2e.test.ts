import { describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { expectHarmRefused, filesUnder, guardRunRestore } from "../../support/guard-e2e.ts";
import { documentsScene } from "../../support/home-scene.ts";
import { useTempDirs } from "../../support/temp-dir.ts";

const tempDir = useTempDirs("leogriel-rt7-tools-e2e-");

// Seventh red-team pass, C1 and C2, with the real tools where installed: each hostile command
// empties ~/Documents when bash runs it (checked first in a scene of its own); the guard refuses
// it and HOME is unchanged. The tools are named by absolute path or given their own homes, since
// HOME is a fake one (pyenv shims and rustup read theirs from it).
const PY = (() => {
  if (!Bun.which("python3")) return undefined;
  const p = Bun.spawnSync(["python3", "-c", "import sys, venv, pytest; print(sys.executable)"]);
  return p.exitCode === 0 ? p.stdout.toString().trim() : undefined;
})();
const CARGO = Bun.which("cargo") ? `RUSTUP_HOME=${process.env.RUSTUP_HOME ?? join(homedir(), ".rustup")} CARGO_HOME=${process.env.CARGO_HOME ?? join(homedir(), ".cargo")} cargo` : undefined;
const CMAKE = Bun.which("cmake") ? "cmake" : undefined;

/** The Documents scene with a Cargo package, a pytest test, a.txt and an ignored build/ in the workspace. */
function scene(): { ws: string; home: string } {
  const s = documentsScene(tempDir);
  writeFileSync(join(s.ws, "Cargo.toml"), '[package]\nname = "x"\nversion = "0.1.0"\nedition = "2021"\n');
  mkdirSync(join(s.ws, "src"), { recursive: true });
  writeFileSync(join(s.ws, "src", "lib.rs"), "\n");
  writeFileSync(join(s.ws, "test_a.py"), "def test_a(tmp_path):\n    pass\n");
  writeFileSync(join(s.ws, "a.txt"), "a\n");
  mkdirSync(join(s.ws, "build"), { recursive: true });
  writeFileSync(join(s.ws, "build", "out.o"), "o\n");
  return s;
}

const PYTEST = PY ? `PYTHONDONTWRITEBYTECODE=1 ${PY} -m pytest -q -p no:cacheprovider` : undefined;
const HOSTILE: Array<[string, string | undefined]> = [
  ["cargo clean --target-dir", CARGO && `${CARGO} clean --target-dir ~/Documents`],
  ["CARGO_TARGET_DIR", CARGO && `CARGO_TARGET_DIR=~/Documents ${CARGO} clean`],
  ["venv --clear", PY && `${PY} -m venv --without-pip --clear ~/Documents`],
  ["pytest --basetemp", PYTEST && `${PYTEST} --basetemp ~/Documents test_a.py`],
  ["cmake -E chdir", CMAKE && "cmake -E chdir ~ rm -rf Documents"],
  ["cmake -E remove_directory", CMAKE && "cmake -E remove_directory ~/Documents"],
  ["cmake -E copy onto a home file", CMAKE && "cmake -E copy a.txt ~/Documents/doc.txt"],
];
const HARMLESS: Array<string | undefined> = [
  CARGO && `${CARGO} clean`,
  PYTEST && `${PYTEST} test_a.py`,
  CMAKE && "cmake -E rm -rf build",
  CMAKE && "cmake -E echo hi",
];

describe("red team 7 end to end: output folders emptied by build options, cmake -E", () => {
  for (const [name, command] of HOSTILE) {
    test.skipIf(command === undefined)(name, () => {
      expectHarmRefused(scene, command!, (home) => filesUnder(home)["Documents/doc.txt"] !== "doc\n");
    });
  }
  for (const command of HARMLESS) {
    test.skipIf(command === undefined)(`${command} runs`, () => {
      const { ws, home } = scene();
      const before = filesUnder(home);
      expect(guardRunRestore(ws, home, command!)).toBe(0);
      expect(existsSync(join(home, "Documents", "doc.txt"))).toBe(true);
      expect(filesUnder(home)).toEqual(before);
    });
  }
});
