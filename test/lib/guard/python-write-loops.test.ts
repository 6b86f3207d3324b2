import { beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { classify } from "../../../lib/guard/classify.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { OK, PROTECTED, RELOCATE, SECRET, UNKNOWN, verdictRows } from "../../support/verdict-rows.ts";

// Session 17: a Python heredoc that edits every file of a folder's glob (`for p in
// Path("src").rglob("*.py"): p.write_text(…)`) was BLOCK_UNDETERMINABLE_EFFECT, while the same
// edit by `find src -name '*.py' -exec sed -i …` was allowed. The loop is now judged by each file
// the glob matches at check time (python-loops.ts): as `sed -i` on it when the loop reads the
// file before writing it. Commands are only judged, but for the one end-to-end row.
const fx = useGuardFixture();
const table = verdictRows(fx);
for (const [path, text] of Object.entries({
  "py/app.py": "old_name = 1\n",
  "py/pkg/util.py": "print(old_name)\n",
  "py/.cache/gen.py": "old_name\n",
  "py/.setup.py": "old_name\n",
  "py/notes.txt": "old_name\n",
  "config/.env": "TOKEN=x\n",
  "config/app.ini": "x=1\n",
  "keys/id_rsa": "not a key\n",
})) {
  mkdirSync(join(fx.ws, path, ".."), { recursive: true });
  writeFileSync(join(fx.ws, path), text);
}
// A file that leads to the home's private key ("link" in the code makes it unknown: code-writes.ts UNPLACED).
mkdirSync(join(fx.ws, "aliases"));
symlinkSync("../../.ssh/id_rsa", join(fx.ws, "aliases", "innocent"));

/** A Python heredoc of the given lines. */
const py = (...lines: string[]) => `python3 - <<'PY'\n${lines.join("\n")}\nPY`;
const EDIT = ["    t = p.read_text()", '    p.write_text(t.replace("old_name", "new_name"))'];
const loop = (header: string, body = EDIT) => py("from pathlib import Path", header, ...body);

table("a loop over a folder's files, as sed -i on each", [
  ["the sed -i equivalent", "find py -name '*.py' -exec sed -i 's/old_name/new_name/' {} +", ...OK],
  ["rglob, read then write_text", loop('for p in Path("py").rglob("*.py"):'), ...OK],
  ["import pathlib", py("import pathlib", 'for p in pathlib.Path("py").rglob("*.py"):', ...EDIT), ...OK],
  ["sorted()", loop('for p in sorted(Path("py").rglob("*.py")):'), ...OK],
  ["list()", loop('for p in list(Path("py").glob("*.py")):'), ...OK],
  ["glob one level", loop('for p in Path("py").glob("*.py"):'), ...OK],
  ["glob with **", loop('for p in Path("py").glob("**/*.py"):'), ...OK],
  ["iterdir", loop('for p in Path("py").iterdir():'), ...OK],
  ["Path('.') with a folder in the glob", loop('for p in Path(".").glob("py/*/*.py"):'), ...OK],
  ["./py/", loop('for p in Path("./py/").rglob("*.py"):'), ...OK],
  ["write_bytes", loop('for p in Path("py").rglob("*.py"):', ["    p.write_bytes(p.read_bytes())"]), ...OK],
  ["open(p) then open(p, 'w'), printed", loop('for f in Path("py").rglob("*.py"):', ["    with open(f) as h:", "        t = h.read()", '    with open(f, "w") as h:', '        h.write(t.replace("old_name", "new_name"))', '    print(f"fixed {f}")']), ...OK],
  ["p.open('a')", loop('for p in Path("py").rglob("*.py"):', ['    p.open("a").write("# end\\n")']), ...OK],
  ["a glob that matches nothing", loop('for p in Path("py").rglob("*.rs"):'), ...OK],
  // As a literal write: a tracked file overwritten without being read first is relocated.
  ["a tracked file overwritten unread", loop('for p in Path(".").glob("*.md"):', ['    p.write_text("")']), ...RELOCATE],
]);

table("loops whose files the policy refuses", [
  ["sed -i on the env file", "sed -i s/x/y/ config/.env", ...SECRET],
  ["an env file matched, read and written", loop('for p in Path("config").iterdir():'), ...SECRET],
  ["a key matched, only written", loop('for p in Path("keys").glob("*"):', ['    p.write_text("")']), ...SECRET],
  ["a file leading to the home's key matched", loop('for p in Path("aliases").glob("*"):'), ...SECRET],
  ["files under .git", loop('for p in Path(".").rglob("*"):', ['    p.write_text("")']), ...PROTECTED],
  ["the .git folder", loop('for p in Path(".git").rglob("*"):'), ...PROTECTED],
]);

describe("folders linked elsewhere", () => {
  // Made once the rows that walk the whole workspace have run (a symlinked folder stops a walk).
  beforeAll(() => {
    symlinkSync("../Documents", join(fx.ws, "docs-link"));
    mkdirSync(join(fx.ws, "py2", "sub"), { recursive: true });
    writeFileSync(join(fx.ws, "py2", "sub", "a.py"), "old_name\n");
    symlinkSync("../../Documents", join(fx.ws, "py2", "elsewhere"));
  });
  table("a symlinked folder where the glob looks is not followed", [
    ["the loop's folder", loop('for p in Path("docs-link").rglob("*"):'), ...UNKNOWN],
    ["a folder below", loop('for p in Path("py2").rglob("*.py"):'), ...UNKNOWN],
    ["a folder a wildcard matches", loop('for p in Path("py2").glob("*/*.py"):'), ...UNKNOWN],
    ["but one the glob does not look inside", loop('for p in Path("py2").glob("sub/*.py"):'), ...OK],
  ]);
});

table("loops whose files cannot be listed stay unknown", [
  ["a folder outside the workspace", loop('for p in Path("/etc").rglob("*.conf"):'), ...UNKNOWN],
  ["the home by ~ (not expanded)", loop('for p in Path("~").rglob("*"):'), ...UNKNOWN],
  ["the folder above", loop('for p in Path("..").glob("*"):'), ...UNKNOWN],
  ["a missing folder", loop('for p in Path("nope").rglob("*.py"):'), ...UNKNOWN],
  ["a computed folder", py("import os", "from pathlib import Path", 'for p in Path(os.environ["HOME"]).rglob("*"):', ...EDIT), ...UNKNOWN],
  ["a folder in pieces", loop('for p in Path("p" + "y").rglob("*.py"):'), ...UNKNOWN],
  ["a bracket glob", loop('for p in Path("py").glob("[ab]*.py"):'), ...UNKNOWN],
  ["after cd", `cd py && ${loop('for p in Path(".").rglob("*.py"):')}`, ...UNKNOWN],
  ["os.chdir in the code", py("import os", "from pathlib import Path", 'os.chdir("/etc")', 'for p in Path(".").glob("*"):', ...EDIT), ...UNKNOWN],
  ["os.walk", py("import os", 'for d, _, names in os.walk("py"):', "    for n in names:", '        open(os.path.join(d, n), "w").write("")'), ...UNKNOWN],
]);

table("loops that write another computed name stay unknown", [
  ["a suffix changed", loop('for p in Path("py").rglob("*.py"):', ['    p.with_suffix(".bak").write_text(p.read_text())']), ...UNKNOWN],
  ["a name joined", loop('for p in Path("py").rglob("*.py"):', ['    open(str(p) + ".bak", "w").write("")']), ...UNKNOWN],
  ["the name bound again", loop('for p in Path("py").rglob("*.py"):', ['    p = Path("/etc/hosts")', '    p.write_text("")']), ...UNKNOWN],
  ["the name copied", loop('for p in Path("py").rglob("*.py"):', ["    q = p", '    q.write_text("")']), ...UNKNOWN],
  ["a second loop of the same name", py("from pathlib import Path", 'for p in Path("py").rglob("*.py"):', "    pass", 'for p in Path("/etc").iterdir():', '    p.write_text("")'), ...UNKNOWN],
  ["a computed mode", loop('for p in Path("py").rglob("*.py"):', ['    m = "w"', '    open(p, m).write("")']), ...UNKNOWN],
]);

describe("end to end: python3 runs the loop the guard allowed", () => {
  test.skipIf(!Bun.which("python3"))("the matched files are edited, the others are not", () => {
    const command = loop('for p in sorted(Path("py").rglob("*.py")):');
    expect(classify({ command, cwd: fx.ws, env: fx.env }).decision).toBe("ALLOW");
    const run = Bun.spawnSync(["sh", "-c", command], { cwd: fx.ws, env: fx.env });
    expect(run.exitCode).toBe(0);
    const read = (path: string) => readFileSync(join(fx.ws, path), "utf8");
    expect([read("py/app.py"), read("py/pkg/util.py"), read("py/.cache/gen.py"), read("py/.setup.py")]).toEqual(["new_name = 1\n", "print(new_name)\n", "new_name\n", "new_name\n"]);
    expect(read("py/notes.txt")).toBe("old_name\n");
  });
});
