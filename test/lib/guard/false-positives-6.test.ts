import { beforeAll } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { ASK_OUT, NOOP, OK, OUTSIDE, RELOCATE, UNKNOWN, type VerdictRow, verdictRows } from "../../support/verdict-rows.ts";

// The sixth false-positive hunt (session 15): whole agent sessions in a polyglot repository. Two
// readings of interpreter code were missing: fs's and child_process's functions bound by name
// (`import { writeFileSync } from 'node:fs'`, `const { readFileSync } = require('fs')`:
// interpreters.ts _namedCalls), and a file name held in a variable bound once to a literal
// (`path = 'x'; open(path, 'w')`, `const file = 'x'; fs.writeFileSync(file, …)`: code-writes.ts
// _stringNames). Each with the dangerous neighbours that stay refused.
const fx = useGuardFixture();
const table = verdictRows(fx);
const home = fx.home;

beforeAll(() => {
  writeFileSync(join(fx.ws, "package.json"), '{"name":"app","version":"1.0.0","scripts":{}}\n');
  mkdirSync(join(fx.ws, "py/src/acme"), { recursive: true });
  writeFileSync(join(fx.ws, "py/src/acme/__init__.py"), '__version__ = "1.0.0"\n');
  mkdirSync(join(fx.ws, "dist"), { recursive: true });
  writeFileSync(join(fx.ws, "dist/index.js"), "x\n");
});

const ESM_BUMP = `import { readFileSync, writeFileSync } from "node:fs";
const pkg = JSON.parse(readFileSync("package.json", "utf8"));
pkg.version = "1.0.1";
writeFileSync("package.json", JSON.stringify(pkg, null, 2) + "\\n");`;

// Node: names bound from fs and only called read as fs's members.
const NAMED: VerdictRow[] = [
  ["ESM heredoc reads and rewrites package.json (was BLOCK)", `node --input-type=module <<'EOF'\n${ESM_BUMP}\nEOF`, ...OK],
  ["a written .mjs script run after (was BLOCK)", `cat > bump.mjs <<'EOF'\n${ESM_BUMP}\nEOF\nnode bump.mjs`, ...NOOP],
  ["require destructuring, a read only (was BLOCK)", `node -e 'const { readFileSync } = require("fs"); console.log(readFileSync("package.json", "utf8"))'`, ...OK],
  ["require destructuring with a rename", `node -e 'const { writeFileSync: w } = require("node:fs"); w("out.json", "{}")'`, ...NOOP],
  ["import as", `node --input-type=module -e 'import { writeFileSync as w } from "fs"; w("out.json", "{}")'`, ...NOOP],
  ["fs/promises named import", `node --input-type=module -e 'import { writeFile } from "node:fs/promises"; await writeFile("out.json", "{}")'`, ...NOOP],
  ["readdirSync and statSync", `node -e 'const { readdirSync, statSync } = require("fs"); for (const f of readdirSync("src")) console.log(f, statSync("src/" + f).size)'`, ...OK],
  ["child_process execSync of a read-only command (was BLOCK)", `node -e "const {execSync}=require('child_process'); console.log(execSync('git rev-parse HEAD').toString())"`, ...OK],
  ["a named write of an existing file is relocated, as fs.writeFileSync's", `node -e 'const { writeFileSync } = require("fs"); writeFileSync("README.md", "x")'`, ...RELOCATE],
  ["a named rmSync of a workspace folder is relocated", `node -e 'const { rmSync } = require("fs"); rmSync("dist", { recursive: true })'`, ...RELOCATE],
  // The dangerous neighbours.
  ["a named write outside the workspace", `node -e 'const { writeFileSync } = require("fs"); writeFileSync("${home}/.bashrc", "x")'`, ...ASK_OUT],
  ["a named import writing outside", `node --input-type=module -e 'import { appendFileSync } from "node:fs"; appendFileSync("${home}/.bashrc", "x")'`, ...ASK_OUT],
  ["a named rmSync outside", `node -e 'const { rmSync } = require("fs"); rmSync("${home}/Documents", { recursive: true })'`, ...OUTSIDE],
  ["a named execSync of rm outside", `node -e 'const { execSync } = require("child_process"); execSync("rm -rf ${home}/Documents")'`, ...OUTSIDE],
  ["a renamed child_process function stays unknown", `node -e 'const {execSync: e} = require("child_process"); e("ls")'`, ...UNKNOWN],
  ["child_process fork stays unknown", `node -e 'const { fork } = require("child_process"); fork("x.js")'`, ...UNKNOWN],
  ["a named write passed as a value", `node -e 'const { writeFileSync: w } = require("fs"); [["${home}/.bashrc", "x"]].forEach((a) => w(...a))'`, ...UNKNOWN],
  ["a named write handed to another function", `node -e 'const { writeFileSync } = require("fs"); run(writeFileSync)'`, ...UNKNOWN],
  ["a named write spread", `node -e 'const { writeFileSync: w } = require("fs"); f(...w)'`, ...UNKNOWN],
  ["a parameter of the same name", `node -e 'const { writeFileSync } = require("fs"); function g(writeFileSync) { writeFileSync("x") } g(require("child_process").execSync)'`, ...UNKNOWN],
  ["a function of the same name", `node -e 'const { writeFileSync } = require("fs"); { function writeFileSync(p) { eval(p) } writeFileSync("x") }'`, ...UNKNOWN],
  ["a named write of a computed name", `node -e 'const { writeFileSync } = require("fs"); writeFileSync(process.env.HOME + "/.bashrc", "x")'`, ...UNKNOWN],
  // Judged as `ln -s / l` since session 17 (file-calls.ts); beside another call it stays unknown.
  ["a named symlink", `node -e 'const { symlinkSync } = require("fs"); symlinkSync("/", "l")'`, ...OK],
  ["a named symlink beside a write", `node -e 'const { symlinkSync, chmodSync } = require("fs"); symlinkSync("/", "l"); chmodSync("l/etc", 0o777)'`, ...UNKNOWN],
  ["a rest pattern", `node -e 'const { ...f } = require("fs"); f.writeFileSync("${home}/.bashrc", "x")'`, ...UNKNOWN],
];

// A file name held in a variable bound once to a literal, used only as the file argument.
const NAMES: VerdictRow[] = [
  [
    "python rewrites a version through a path variable (was BLOCK)",
    `python3 - <<'PY'\nimport re\npath = "py/src/acme/__init__.py"\ns = open(path).read()\ns = re.sub(r'__version__ = "[^"]+"', '__version__ = "1.0.1"', s)\nopen(path, "w").write(s)\nPY`,
    ...OK,
  ],
  ["python writes a new file through a path variable", `python3 - <<'PY'\npath = "out.txt"\nwith open(path, "w") as f:\n    f.write("x")\nPY`, ...NOOP],
  ["node reads and writes package.json through a const", `node <<'JS'\nconst fs = require("fs");\nconst file = "package.json";\nconst p = JSON.parse(fs.readFileSync(file, "utf8"));\nfs.writeFileSync(file, JSON.stringify(p));\nJS`, ...OK],
  ["python overwrite of an existing file through a path variable is relocated", `python3 - <<'PY'\npath = "README.md"\nopen(path, "w").write("x")\nPY`, ...RELOCATE],
  // The dangerous neighbours.
  ["python path variable outside the workspace", `python3 - <<'PY'\npath = "${home}/.bashrc"\nopen(path, "a").write("x")\nPY`, ...ASK_OUT],
  ["node const outside the workspace", `node <<'JS'\nconst fs = require("fs");\nconst file = "${home}/.bashrc";\nfs.writeFileSync(file, "x");\nJS`, ...ASK_OUT],
  ["python a parameter of the same name", `python3 - <<'PY'\npath = "README.md"\ndef w(path):\n    open(path, "w").write("x")\nw("${home}/.bashrc")\nPY`, ...UNKNOWN],
  ["python a loop variable of the same name", `python3 - <<'PY'\npath = "README.md"\nfor path in ["${home}/.bashrc"]:\n    open(path, "w").write("x")\nPY`, ...UNKNOWN],
  ["python bound again under a condition", `python3 - <<'PY'\nimport sys\npath = "README.md"\nif sys.argv:\n    path = "${home}/.bashrc"\nopen(path, "w").write("x")\nPY`, ...UNKNOWN],
  ["python a computed value", `python3 - <<'PY'\nimport os\npath = os.environ["HOME"] + "/.bashrc"\nopen(path, "w").write("x")\nPY`, ...UNKNOWN],
  ["python a with variable of the same name", `python3 - <<'PY'\npath = "README.md"\nwith open("list.txt") as path:\n    pass\nopen(path, "w").write("x")\nPY`, ...UNKNOWN],
  ["node a const bound again in a block", `node <<'JS'\nconst fs = require("fs");\nconst file = "README.md";\n{ const file = "${home}/.bashrc"; fs.writeFileSync(file, "x"); }\nJS`, ...UNKNOWN],
  ["node a delete through a const stays unknown", `node <<'JS'\nconst fs = require("fs");\nconst dir = "dist";\nfs.rmSync(dir, { recursive: true });\nJS`, ...UNKNOWN],
];

table("false positives 6: fs and child_process functions bound by name", NAMED);
table("false positives 6: a file name held in a variable bound to a literal", NAMES);
