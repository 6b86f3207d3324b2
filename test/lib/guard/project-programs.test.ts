import { beforeAll, describe } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { type VerdictRow, verdictRows } from "../../support/verdict-rows.ts";

// Red team 13 left open: the parser reads some programs' output as the program prints it
// (mktemp's new folder, a git listing: posix/relied-output.ts), and a project folder on the
// environment's PATH (direnv's `PATH_add bin`) may hold a checked-in `mktemp` or `git` that
// prints anything. Where the environment's PATH finds the name in the project first (a folder
// inside the repository, a relative or an empty entry), the output is unknown.
const fx = useGuardFixture();
const projectPath = (entry: (ws: string) => string) => ({
  get ws() {
    return fx.ws;
  },
  get env() {
    return { ...fx.env, PATH: `${entry(fx.ws)}:${process.env.PATH}` };
  },
});

beforeAll(() => {
  mkdirSync(join(fx.ws, "bin"));
  for (const name of ["mktemp", "git"]) writeFileSync(join(fx.ws, "bin", name), "#!/bin/sh\necho ..\n", { mode: 0o755 });
  mkdirSync(join(fx.ws, "src", "lib"), { recursive: true });
});

const ROWS = (found: boolean): VerdictRow[] => [
  ["mktemp's new folder", 'd=$(mktemp -d) && rm -rf "$d"', ...(found ? (["BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"] as const) : (["ALLOW", "ALLOW_TEMP_PATH"] as const))],
  ["a git listing into xargs", "git ls-files src | xargs rm -f", ...(found ? (["BLOCK", "BLOCK_UNDETERMINABLE_EFFECT"] as const) : (["RELOCATE", "RELOCATE_TREE"] as const))],
];

describe("a project folder first on PATH", () => {
  verdictRows(projectPath((ws) => join(ws, "bin")))("as an absolute entry", ROWS(true));
  verdictRows(projectPath(() => "bin"))("as a relative entry", ROWS(true));
});
describe("the same lines where PATH finds the programs outside the project", () => {
  verdictRows(projectPath((ws) => join(ws, "src", "lib")))("a project folder without them", ROWS(false));
  verdictRows(projectPath(() => "/nonexistent"))("no project folder", ROWS(false));
});
