import { mkdirSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { ANCESTOR, NOOP, OK, RELOCATE, REMOTE, TEMP, UNKNOWN, verdictRows } from "../../support/verdict-rows.ts";

// Session 19's false-positive hunt on agent-style commands (helper `hunt`, round 2): lines an
// agent writes in a normal session that the guard misread, each with neighbours that must keep
// their verdict. Commands are only judged; nothing runs.
const fx = useGuardFixture();
const table = verdictRows(fx);

// npx (npm's bin/npx-cli.js) and bunx read their own options before the package only: what
// follows it is the command's. `-p web/tsconfig.json` after `tsc` is tsc's project, not npx's
// `--package` (read as the GitHub shorthand `owner/repo`: ASK_REMOTE_CODE).
table("npx and bunx options after the command are the command's (was ASK_REMOTE_CODE)", [
  ["tsc -p with a nested tsconfig", "npx tsc --noEmit -p web/tsconfig.json", ...OK],
  ["tsc -p of a package folder", "npx tsc -p packages/core", ...OK],
  ["piped to grep", 'npx tsc --noEmit -p web/tsconfig.json 2>&1 | grep -c "error TS"', ...OK],
  ["bunx tsc -p", "bunx tsc -p web/tsconfig.json", ...OK],
  ["a --package word after the command", "npx eslint --package acme/config src", ...OK],
]);

table("npx's own package options and sources still ask", [
  ["-p before the command", "npx -p acme/tool tool", ...REMOTE],
  ["--package= before the command", "npx --package=acme/tool tool", ...REMOTE],
  ["a GitHub shorthand as the command", "npx --yes acme/tool -p x", ...REMOTE],
  ["a github: source", "npx -y github:acme/tool", ...REMOTE],
  ["bunx -p before the command", "bunx -p acme/tool tool", ...REMOTE],
  ["npm exec reads options after the command", "npm exec tsc -p acme/tool", ...REMOTE],
  ["a registry of its own", "npx --registry https://registry.example.invalid tsc", ...REMOTE],
]);

// A content search's names ended in NUL bytes (`grep -Z`/`--null`, `rg -0`/`--null`, `fd -0`/
// `--print0`) into `xargs -0` are the names it prints one per line into plain xargs
// (search-listing.ts, session 7): the same folders' files, judged for an edit of each.
table("a NUL-separated content search into xargs -0 (was BLOCK_UNDETERMINABLE_EFFECT)", [
  ["grep -rlZ into sed -i", "grep -rlZ 'oldName' src | xargs -0 sed -i 's/oldName/newName/g'", ...OK],
  ["grep --null", "grep -rl --null oldName src | xargs -0 sed -i s/a/b/", ...OK],
  ["rg -0", "rg -l -0 oldName src | xargs -0 sed -i s/a/b/", ...OK],
  ["rg --null into xargs --null prettier", "rg -l --null oldName src | xargs --null npx prettier --write", ...OK],
  ["fd -0", "fd -0 -e ts . src | xargs -0 sed -i s/a/b/", ...OK],
  ["fd -0 into rm: fd's exact names move, as without -0", "fd -0 -e ts . src | xargs -0 rm", ...RELOCATE],
]);

table("NUL and newline separators that disagree, deletes, and searches outside stay as before", [
  ["grep -Z into rm", "grep -rlZ x src | xargs -0 rm", ...UNKNOWN],
  ["grep -Z into plain xargs", "grep -rlZ x src | xargs sed -i s/a/b/", ...UNKNOWN],
  ["newlines into xargs -0", "grep -rl x src | xargs -0 sed -i s/a/b/", ...UNKNOWN],
  ["grep -Z substituted (the shell drops NUL bytes)", "sed -i s/a/b/ $(grep -rlZ x src)", ...UNKNOWN],
  ["a search outside the workspace", "grep -rlZ x ~ | xargs -0 sed -i s/a/b/", ...UNKNOWN],
  ["grep -z reads NUL-ended lines", "grep -rlz x src | xargs -0 sed -i s/a/b/", ...UNKNOWN],
]);

// The string "module" given as a value (`j.type = "module"`, `{ type: "module" }`): package.json's
// module type, set by agents converting a project to ES modules, read as the module loader's
// name (opaque-code.ts). As an argument or a key it still counts; `this[…]` (the global object
// in `node -e` code) and `process.getBuiltinModule(…)` (a module loader) now count too: each let
// a computed name reach the loader or fs (ALLOW before).
table('the string "module" as a value in node code (was BLOCK_UNDETERMINABLE_EFFECT)', [
  ["setting package.json's type", `node -e 'const fs=require("fs");const p="package.json";const j=JSON.parse(fs.readFileSync(p));j.type="module";fs.writeFileSync(p,JSON.stringify(j,null,2)+"\\n")'`, ...OK],
  ["an object literal", `node -e 'console.log(JSON.stringify({ type: "module" }))'`, ...OK],
  ["a comparison", `node -e 'const p=require("./package.json"); console.log(p.type === "module")'`, ...OK],
  ["single quotes", `node -e "const j = {}; j.type = 'module'; console.log(j)"`, ...OK],
]);

table("the module loader by a computed or given name stays opaque", [
  ["require of the loader", `node -e 'require("module")._load("child_process")'`, ...UNKNOWN],
  ["a key of the global object", `node -e 'this["module"].constructor._load("fs")'`, ...UNKNOWN],
  ["the value through this[name]", `node -e 'const x = "module"; this[x]._compile(atob("cmVxdWlyZQ=="), "a")'`, ...UNKNOWN],
  ["a spelled-out name through this[name] (was ALLOW)", `node -e 'const x = "mod" + "ule"; this[x]._compile(atob("cmVxdWlyZQ=="), "a")'`, ...UNKNOWN],
  ["the value through require", `node -e 'const x = "module"; require(x)._load("child_process")'`, ...UNKNOWN],
  ["getBuiltinModule and a computed member (was ALLOW)", `node -e 'const g = process.getBuiltinModule("fs"); g["rm" + "Sync"]("/etc/x", { recursive: true })'`, ...UNKNOWN],
  ["getBuiltinModule of a computed name (was ALLOW)", `node -e 'const n = "f" + "s"; const g = process.getBuiltinModule(n); g["rm" + "Sync"]("/etc/x", { recursive: true })'`, ...UNKNOWN],
]);

// find's modification-age tests (`-mtime N`, `-mmin N`) are evaluated by the dry run
// (find-expression.ts), as GNU find reads them on Linux: an age within five minutes of a bound
// (it may cross it before find runs) or with -daystart stays unknown, as do the other time tests.
const DAY_S = 86_400;
mkdirSync(join(fx.ws, "logs"), { recursive: true });
for (const [name, age] of [["old.log", 30 * DAY_S], ["new.log", 0], ["near.log", 8 * DAY_S - 60], ["mid.log", 210]] as const) {
  const path = join(fx.ws, "logs", name);
  writeFileSync(path, "log\n");
  const t = Date.now() / 1000 - age;
  utimesSync(path, t, t);
}

table("find -mtime and -mmin in a delete (was BLOCK_UNDETERMINABLE_EFFECT)", [
  ["old logs", "find logs -name 'old.log' -mtime +7 -delete", ...RELOCATE],
  ["none old enough", "find logs -name 'new.log' -mtime +7 -delete", ...NOOP],
  ["recent ones", "find logs -name 'new.log' -mmin -60 -delete", ...RELOCATE],
  ["all but today's", "find logs -name '*.log' ! -mtime -1 -delete", ...RELOCATE],
  ["through -exec rm", "find logs -name 'old.log' -mtime +7 -exec rm {} +", ...RELOCATE],
]);

table("ages close to the bound, other time tests and places outside stay as before", [
  ["a log minutes from the bound", "find logs -name '*.log' -mtime +7 -delete", ...UNKNOWN],
  // 3.5 minutes old: ages 0 to 8.5 minutes are within the margin, and one of them is 3 (was ALLOW_NOOP).
  ["an exact count inside the margin", "find logs -name 'mid.log' -mmin 3 -delete", ...UNKNOWN],
  ["an exact count outside it", "find logs -name 'old.log' -mmin 3 -delete", ...NOOP],
  ["-daystart moves the bound", "find logs -name 'old.log' -daystart -mtime +7 -delete", ...UNKNOWN],
  ["-atime", "find logs -name 'old.log' -atime +7 -delete", ...UNKNOWN],
  ["-newer", "find logs -newer logs/new.log -delete", ...UNKNOWN],
  ["a computed age", 'find logs -name old.log -mtime "+$DAYS" -delete', ...UNKNOWN],
  ["the home folder", "find ~ -name '*.log' -mtime +7 -delete", ...ANCESTOR],
]);

// Go sources the line wrote, then `go test` or `go run` (written-inputs.ts, go-imports.ts): Go code
// acts only through what it imports, so a source importing harmless standard packages, testify's
// assert/require or the module's own packages only computes and tests. Other imports, compiler
// directives, assembly or object files and a written go.mod keep it unknown.
writeFileSync(join(fx.ws, "go.mod"), "module example.invalid/app\n");
const goTest = (body: string, then = "go test ./...") => `cat > pkg/parser/parser_test.go <<'EOF'\npackage parser\n\n${body}\nEOF\n${then}`;

table("a Go test the line wrote, then go test (was BLOCK_UNDETERMINABLE_EFFECT)", [
  ["testing alone", goTest('import "testing"\n\nfunc TestParse(t *testing.T) {\n\tif got := Parse(""); got != nil {\n\t\tt.Fatalf("got %v", got)\n\t}\n}'), ...NOOP],
  ["an import block with the module's own package and testify", goTest('import (\n\t"strings"\n\t"testing"\n\n\t"example.invalid/app/pkg/util"\n\t"github.com/stretchr/testify/require"\n)'), ...NOOP],
  ["a named and a dot import", goTest('import (\n\tj "encoding/json"\n\t. "strings"\n)', "go test ./pkg/parser"), ...NOOP],
  ["go run of a written main", `printf 'package main\nimport "fmt"\nfunc main() { fmt.Println(1) }\n' > cmd.go && go run cmd.go`, ...NOOP],
]);

table("Go sources that reach files, other code or memory stay unknown", [
  ["os", goTest('import (\n\t"os"\n\t"testing"\n)\n\nfunc TestX(t *testing.T) { os.RemoveAll("/home") }'), ...UNKNOWN],
  ["os/exec behind a comment", goTest('import (\n\t"testing"\n\t/* helper */ "os/exec"\n)'), ...UNKNOWN],
  ["an escaped import path", goTest('import "o\\x73"'), ...UNKNOWN],
  ["a raw-string import path", goTest("import `os`"), ...UNKNOWN],
  ["another module", goTest('import "example.invalid/evil/x"'), ...UNKNOWN],
  ["cgo", goTest('import "C"'), ...UNKNOWN],
  ["unsafe with go:linkname", goTest('import _ "unsafe"\n\n//go:linkname f os.RemoveAll\nfunc f(string) error'), ...UNKNOWN],
  ["go:linkname without unsafe", goTest('import "testing"\n\n//go:linkname f os.RemoveAll'), ...UNKNOWN],
  ["an assembly file beside it", goTest('import "testing"', "printf 'TEXT ·f(SB),0,$0\\n' > pkg/parser/f_amd64.s && go test ./..."), ...UNKNOWN],
  ["a go.mod the line wrote", goTest('import "github.com/stretchr/testify/require"', "printf 'module example.invalid/app\\nreplace github.com/stretchr/testify => ../evil\\n' > go.mod && go test ./..."), ...UNKNOWN],
]);

// `d=$(mktemp …); … rm -rf "$d"` (the hunt's commonest false positive left, lead): after `;`, d
// holds the entry mktemp made or nothing, and `rm -rf ""` or an unquoted empty `$d` removes
// nothing (parser.ts notes rm's operands, temp-output.ts noteFreshOperands, files.ts remove).
table("rm of what mktemp made, after ; (was BLOCK_UNDETERMINABLE_EFFECT)", [
  ["a folder", `d=$(mktemp -d); rm -rf "$d"`, ...TEMP],
  ["unquoted", `d=$(mktemp -d); rm -rf $d`, ...TEMP],
  ["braced", `d=$(mktemp -d); rm -rf "\${d}"`, ...TEMP],
  ["a file, the test log's tail", `out=$(mktemp) && npm test > "$out" 2>&1; status=$?; tail -30 "$out"; rm -f "$out"; exit $status`, ...TEMP],
  ["after a cd into it", `d=$(mktemp -d); cd "$d"; rm -rf "$d"`, ...TEMP],
]);

table("rm of what mktemp made: what stays unknown", [
  ["a path below it (an empty d names /)", `d=$(mktemp -d); rm -rf "$d/"`, ...UNKNOWN],
  ["its entries", `d=$(mktemp -d); rm -rf $d/*`, ...UNKNOWN],
  ["reassigned since", `d=$(mktemp -d); d=$HOME; rm -rf "$d"`, ...UNKNOWN],
  ["a mktemp that may not have run", `d=$(cat f); false && d=$(mktemp -d); rm -rf "$d"`, ...UNKNOWN],
  ["in a function called after a reassignment", `d=$(mktemp -d); f() { rm -rf "$d"; }; d=~; f`, ...UNKNOWN],
  ["in a loop that reassigns it", `d=$(mktemp -d); for i in 1 2; do rm -rf "$d"; d=~; done`, ...UNKNOWN],
  ["IFS splitting it", `IFS=/; d=$(mktemp -d); rm -rf $d`, ...UNKNOWN],
  ["beside the home folder", `d=$(mktemp -d); rm -rf "$d" ~`, ...ANCESTOR],
]);
