import { beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { classify } from "../../../lib/guard/classify.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { ASK_OUT, NOOP, OK, PROTECTED, RELOCATE, UNKNOWN, verdictRows } from "../../support/verdict-rows.ts";

// Red-team pass 11: the false-positive hunts' relaxations (docs/check.md). Commands are only judged.
const fx = useGuardFixture();
const table = verdictRows(fx);

beforeAll(() => {
  // A workspace folder that is a link to one in the home: `shared/../x` is the home's x.
  mkdirSync(join(fx.home, "Documents"), { recursive: true });
  symlinkSync(join(fx.home, "Documents"), join(fx.ws, "shared"));
});

// A string escape decodes to another name in each language (`'\x2egit'` is `.git` to Python and
// Node): such a name is unknown, never the escape's letters read as a workspace file.
table("escaped names in interpreter code", [
  ["python open of \\x2egit/hooks", `python3 -c "open('\\x2egit/hooks/pre-commit','w').write('x')"`, ...UNKNOWN],
  ["python open of \\x2fetc", `python3 -c "open('\\x2fetc\\x2fprofile','w').write('x')"`, ...UNKNOWN],
  ["node writeFileSync of \\u002egit", `node -e "require('fs').writeFileSync('\\u002egit/config','x')"`, ...UNKNOWN],
  ["perl open of \\x2egit", `perl -e 'open(my $f, ">", "\\x2egit/config")'`, ...UNKNOWN],
  ["ruby File.write of \\x2egit", `ruby -e 'File.write("\\x2egit/config", "x")'`, ...UNKNOWN],
  ["shutil.rmtree of \\x2egit", `python3 -c "import shutil; shutil.rmtree('\\x2egit')"`, ...UNKNOWN],
  ["Path.unlink of \\x2egit/config", `python3 -c "import pathlib; pathlib.Path('\\x2egit/config').unlink()"`, ...UNKNOWN],
  ["perl unlink of a braced hex name", `perl -e 'unlink "\\x{2f}etc\\x{2f}hosts"'`, ...UNKNOWN],
  ["ruby File.unlink of a braced unicode name", `ruby -e 'File.unlink("\\u{2e}git/config")'`, ...UNKNOWN],
  ["a raw Python string keeps its backslashes (a relative name)", `python3 -c "import os; os.remove(r'\\x2egit')"`, ...NOOP],
  ["the plain name is still read", `python3 -c "open('.git/config','a').write('x')"`, ...PROTECTED],
  ["an escape in the written text is no name", `python3 -c "open('out.txt','w').write('a\\tb\\n')"`, ...NOOP],
  ["an escaped quote in a name is read", `python3 -c "open('it\\'s.txt','w').write('x')"`, ...NOOP],
]);

// Perl's quote-like operators hold an open's mode and name as a string does.
table("perl open through q{} and qq{}", [
  ["q{} mode and name", `perl -e 'open(F, q{>.git/config})'`, ...UNKNOWN],
  ["qq{} append", `perl -e 'open(F, qq{>>.git/config})'`, ...UNKNOWN],
  ["a name in q()", `perl -e 'open(F, ">", q(.git/config))'`, ...UNKNOWN],
  ["a quoted open is still read", `perl -e 'open(F, ">", ".git/config")'`, ...PROTECTED],
]);

// `..` after a linked folder is resolved by the system from the link's target, not dropped.
table("a .. after a linked folder", [
  ["python open through the link", `python3 -c "open('shared/../.bashrc','w').write('x')"`, ...ASK_OUT],
  ["node writeFileSync through the link", `node -e "require('fs').writeFileSync('shared/../.bashrc','x')"`, ...ASK_OUT],
  ["perl open through the link", `perl -e 'open(my $f, ">", "shared/../.bashrc")'`, ...ASK_OUT],
  ["pathlib through the link", `python3 -c "import pathlib; pathlib.Path('shared/../.bashrc').write_text('x')"`, ...ASK_OUT],
  ["as the redirection is judged", "echo x > shared/../.bashrc", ...ASK_OUT],
  ["a plain .. inside the workspace is still placed", `python3 -c "open('src/../src/main.ts','w').write('x')"`, ...RELOCATE],
]);

// Node's process under a computed key can change the folder a relative write lands in.
table("node process taken as a value", [
  ["process['ch'+'dir']", `node -e "process['ch'+'dir']('..'); require('fs').writeFileSync('.bashrc','x')"`, ...UNKNOWN],
  ["an alias of process", `node -e "const p = process; p['ch'+'dir']('..'); require('fs').writeFileSync('.bashrc','x')"`, ...UNKNOWN],
  ["process.argv still lets the write be placed", `node -e "require('fs').writeFileSync('out.txt', process.argv.join(' '))"`, ...NOOP],
]);

// grep -F reads a newline in its pattern as a second pattern.
table("a grep -F pattern with a newline", [
  ["the listing it selects stays unknown", "rm -f $(git ls-files | grep -F $'zzz\\nsrc')", ...UNKNOWN],
  ["inverted too", "rm -f $(git ls-files | grep -vF $'zzz\\nsrc')", ...UNKNOWN],
  ["one fixed string still selects in process", "rm -f $(git ls-files | grep -F zzz)", ...OK],
]);

// PowerShell's provider cmdlets read `*`, `?` and `[` in -Path as wildcards, quoted or not.
verdictRows(fx, "powershell")("PowerShell wildcards in quoted paths", [
  ["a quoted bracket pattern removes src", "Remove-Item 'sr[c]' -Recurse", ...RELOCATE],
  ["-Path with a quoted ? pattern", 'Remove-Item -Path "s?c" -Recurse', ...RELOCATE],
  ["a quoted pattern of .git", "Remove-Item '.gi[t]' -Recurse -Force", ...PROTECTED],
  ["a quoted pattern listed and removed", "Get-ChildItem 'sr*' -Recurse | Remove-Item", ...UNKNOWN],
  ["-LiteralPath takes the brackets as they are", "Remove-Item -LiteralPath 'sr[c]' -Recurse", ...NOOP],
]);

// Left by the pass, fixed after it: jupytext runs the command its --pipe/--check options name and
// writes the file -o names (notebooks.ts).
table("jupytext --pipe, --check and -o", [
  ["a pipe command that deletes", "jupytext --pipe 'rm -rf ~' nb.ipynb", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["the = form", 'jupytext --pipe="rm -rf ~" nb.ipynb', "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["a computed command", 'jupytext --pipe "$CMD" nb.ipynb', ...UNKNOWN],
  ["an output outside the workspace", "jupytext --to py -o ~/.bashrc nb.ipynb", ...ASK_OUT],
  ["a formatter through --pipe", "jupytext --pipe black nb.ipynb", ...OK],
  ["a check through --check", "jupytext --check 'pytest --doctest-modules {}' nb.ipynb", ...OK],
  ["an export to stdout", "jupytext --to py -o - nb.ipynb", ...OK],
  ["an export as a script", "jupytext --to script nb.ipynb", ...OK],
]);

// Left by the pass, fixed after it: the write cmdlets' -Path is expanded by the provider, quoted or
// not (`Set-Content '.gi[t]/config' x` wrote .git/config under ALLOW_NOOP); -LiteralPath is not.
describe("PowerShell write cmdlets expand -Path wildcards", () => {
  for (const [command, reason] of [
    ["Set-Content '.gi[t]/config' x", "BLOCK_PROTECTED_PATH"],
    ["Set-Content -Path '.gi[t]/config' -Value x", "BLOCK_PROTECTED_PATH"],
    ["Add-Content '.gi?/config' -Value x", "BLOCK_PROTECTED_PATH"],
    ["Clear-Content '.gi[t]/config'", "BLOCK_PROTECTED_PATH"],
    ["Set-Content 'READM[E].md' -Value x", "RELOCATE_TREE"],
    ["Set-Content -LiteralPath 'READM[E].md' x", "ALLOW_NOOP"],
  ] as const) {
    test(`${command} is ${reason}`, () => expect(classify({ command, cwd: fx.ws, env: fx.env, dialect: "powershell" }).reason).toBe(reason));
  }
});
