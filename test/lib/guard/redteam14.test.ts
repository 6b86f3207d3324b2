import { afterAll, describe, expect, test } from "bun:test";
import { chmodSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gitProgram, projectProgram } from "../../../lib/guard/git-program.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { ANCESTOR, NOOP, OK, PROTECTED, UNKNOWN, verdictRows } from "../../support/verdict-rows.ts";

// Red-team pass 14 (docs/check.md, "Red-team pass 14 (session 6)"), aimed at what landed since
// red team 13: the package-manager install reading, the split reading of unquoted expansions,
// EXIT traps, the guard's own git. Each finding ran for real in test/support/sandbox.sh.
const fx = useGuardFixture();
const table = verdictRows(fx);

// A `cd` into a folder the line made (it does not exist yet when the guard runs) leaves the
// running directory unknown, and a relative name run after it was no file the line wrote: the
// script ran unread. A relative name is now looked up as any written file whose path ends with it
// (file-identity.ts lookupKeys).
table("a written file run by a relative name after a cd into a folder the line made", [
  ["bash x.sh", "mkdir -p evil && printf 'rm -rf ~\\n' > evil/x.sh && cd evil && bash x.sh", ...ANCESTOR],
  ["bash ./x.sh after ;", "mkdir evil; printf 'rm -rf ~\\n' > evil/x.sh; cd evil; bash ./x.sh", ...ANCESTOR],
  ["sh < x.sh", "mkdir evil; printf 'rm -rf ~\\n' > evil/x.sh; cd evil; sh < x.sh", ...ANCESTOR],
  ["pushd", "mkdir evil; printf 'rm -rf ~\\n' > evil/x.sh; pushd evil; bash x.sh", ...ANCESTOR],
  ["cd in and out again", "mkdir evil; printf 'rm -rf ~\\n' > evil/x.sh; cd evil && cd .. && bash evil/x.sh", ...ANCESTOR],
  ["in a subshell", "mkdir evil; printf 'rm -rf ~\\n' > evil/x.sh; (cd evil && bash x.sh)", ...ANCESTOR],
  ["moved into it", "printf 'rm -rf ~\\n' > x.sh; mkdir evil; mv x.sh evil/; cd evil; bash x.sh", ...ANCESTOR],
  ["python3 setup.py", "mkdir -p evil && printf 'import os\\nos.system(\"rm -rf ~\")\\n' > evil/setup.py && cd evil && python3 setup.py", ...ANCESTOR],
  ["npm install of its package.json", "mkdir -p evil && printf '{\"scripts\":{\"preinstall\":\"rm -rf ~\"}}' > evil/package.json && cd evil && npm install", ...ANCESTOR],
  ["two written files of that name with different texts", "mkdir -p a b && printf 'echo hi\\n' > a/x.sh && printf 'rm -rf ~\\n' > b/x.sh && cd $D && bash x.sh", ...UNKNOWN],
  ["a harmless script read as before", "mkdir -p evil && printf 'echo hi\\n' > evil/x.sh && cd evil && bash x.sh", ...OK],
  ["a harmless one after an unknown cd", "mkdir -p a && printf 'echo hi\\n' > a/x.sh && cd $D && bash x.sh", ...OK],
]);

// A quoted "$@" or "${a[@]}" is one word per element, any number of them, as an unquoted
// unknown expansion is (word-counts.ts): `set -- a b dir; mv "$@"` moves a and b into dir.
table("a quoted \"$@\" or \"${a[@]}\" is any number of words", [
  ["set -- then mv", 'set -- $(cat list.txt); mv "$@"', ...UNKNOWN],
  ["a function's arguments", 'f() { mv "$@"; }; f $(cat list.txt)', ...UNKNOWN],
  ["chmod in a function", 'f() { chmod "$@"; }; f $ARGS', ...UNKNOWN],
  ["sh -c with arguments", "sh -c 'chmod \"$@\"' _ $ARGS", ...UNKNOWN],
  ["an array from a substitution", 'a=($(cat list.txt)); mv "${a[@]}"', ...UNKNOWN],
  ["an array read", 'read -a a < list.txt; mv "${a[@]}"', ...UNKNOWN],
  ["mapfile", 'mapfile -t a < list.txt; mv "${a[@]}"', ...UNKNOWN],
  ["a slice", 'mv "${@:2}"', ...UNKNOWN],
  ["the indexes", 'mv "${!a[@]}"', ...UNKNOWN],
  ["\"$*\" is one word", 'mv "$*"', ...OK],
  ["\"${a[*]}\" is one word", 'mv "${a[*]}"', ...OK],
  ["echo", 'echo "$@"', ...OK],
  ["a loop over them", 'for f in "$@"; do echo "$f"; done', ...OK],
  ["git add", 'git add "$@"', ...OK],
  ["cat of an array", 'files=(a.txt b.txt); cat "${files[@]}"', ...OK],
]);

// An unknown word where a program reads options may be any option: find's expression (`-delete`),
// a start point the shell splits, tar's operands (`--remove-files`, `--to-command=…`), git's word
// before the subcommand (the subcommand itself). Each was ALLOW_NO_EFFECT and ran in the sandbox.
table("an unknown word where options are read", [
  ["find: an unknown word in the expression", "find . -type f \"$X\"", ...UNKNOWN],
  ["find: a split word in the expression", "find . -name $X", ...UNKNOWN],
  ["find: a split start point", "find . $X", ...UNKNOWN],
  ["find: a value of -name is a name", "find . -name \"$X\"", ...OK],
  ["find: a quoted start point", "find \"$D\" -name x", ...OK],
  ["find: -newer's value", "find . -name \"*.log\" -newer \"$F\"", ...OK],
  ["tar: split options", "tar $ARGS", ...UNKNOWN],
  ["tar: split operands of an extraction", "tar xf x.tar $X", ...UNKNOWN],
  ["tar: a quoted archive", "tar -xzf \"$F\"", ...OK],
  ["git: an unknown subcommand", "git \"$SUB\" -fdx", ...UNKNOWN],
  ["git: split words", "git $ARGS", ...UNKNOWN],
  ["git: options from a variable before the subcommand", "git $FLAGS status", ...UNKNOWN],
  ["git: a -C value", "git -C \"$D\" status", ...OK],
  ["git: an option with a substituted value", "git --git-dir=$(pwd)/.git status", ...OK],
]);

// Assignments the variable tracking missed: eval's text (parsed only when judged, after the later
// words were read), an array element (`$d` is `${d[0]}`), and a program the line wrote that an
// unknown PATH may lead to. Each removed a home folder or ran the written program in the sandbox.
table("values changed where the tracking did not look", [
  ["eval assigns", "d=/tmp/x; eval 'd=$HOME'; rm -rf \"$d\"/*", ...UNKNOWN],
  ["eval assigns before an EXIT trap runs", "d=/tmp/x; trap 'rm -rf \"$d\"/*' EXIT; eval 'd=$HOME'", ...UNKNOWN],
  ["an element assigned", "d=/tmp/x; d[0]=$HOME; rm -rf \"$d\"/*", ...UNKNOWN],
  ["an element appended", "d=/tmp/x; d[0]+=$HOME; rm -rf \"$d\"/*", ...UNKNOWN],
  ["an element declared", "d=/tmp/x; declare d[0]=$HOME; rm -rf \"$d\"/*", ...UNKNOWN],
  ["an element read", "d=/tmp/x; read 'd[0]' < f; rm -rf \"$d\"/*", ...UNKNOWN],
  ["an element before an EXIT trap runs", "d=/tmp/x; trap 'rm -rf \"$d\"/*' EXIT; d[0]=$HOME", ...UNKNOWN],
  ["a written program on a PATH set through a computed name", "printf 'rm -rf ~\\n' > bin/ls; chmod +x bin/ls; x=TH; export \"PA$x=$PWD/bin:$PATH\"; ls", ...UNKNOWN],
  ["a written program on a PATH set in eval", "printf 'rm -rf ~\\n' > bin/ls; chmod +x bin/ls; eval 'PATH=$PWD/bin:$PATH'; ls", ...UNKNOWN],
  ["eval of harmless text", "eval 'echo hi'", ...OK],
  ["an unknown PATH without a written program of that name", "x=TH; export \"PA$x=/foo\"; ls", ...OK],
  ["a temporary folder kept", "d=/tmp/x; rm -rf \"$d\"/*", "ALLOW", "ALLOW_TEMP_PATH"],
]);

// cmd's rd without /s removes only an empty folder, but an unknown %VAR% may bring the /s
// (`rd %D%` with D `/s /q C:\Users\me`; from cmd's documentation, cmd.exe does not run here).
verdictRows(fx, "cmd")("cmd: rd of an unknown %VAR% may be rd /s", [
  ["rd", "rd %D%", ...UNKNOWN],
  ["rmdir", "rmdir %D%", ...UNKNOWN],
  ["in cmd /c text", 'cmd /c "rd %D%"', ...UNKNOWN],
  ["rd of a literal folder as before", "rd build", ...OK],
]);

// A package manager's install of a local folder runs the folder's lifecycle scripts (npm, pnpm,
// yarn, bun: preinstall/install/postinstall) or builds it (pip, pipx, uv pip, python -m pip:
// setup.py, a pyproject.toml build backend); only `pip install ./dir` and `/dir` were read.
const NPM_EVIL = "mkdir -p evil && printf '{\"name\":\"evil\",\"version\":\"1.0.0\",\"scripts\":{\"preinstall\":\"rm -rf ~\"}}' > evil/package.json && ";
const PIP_EVIL = "mkdir -p evil && printf 'import os\\nos.system(\"rm -rf ~\")\\n' > evil/setup.py && ";
table("an install of a local package the line wrote runs its scripts", [
  ["npm install ./dir", `${NPM_EVIL}npm install ./evil`, ...ANCESTOR],
  ["npm install dir/", `${NPM_EVIL}npm install evil/`, ...ANCESTOR],
  ["npm i", `${NPM_EVIL}npm i ./evil`, ...ANCESTOR],
  ["npm add file:", `${NPM_EVIL}npm add file:evil`, ...ANCESTOR],
  ["npm install name@file:", `${NPM_EVIL}npm install x@file:evil`, ...ANCESTOR],
  ["pnpm add", `${NPM_EVIL}pnpm add ./evil`, ...ANCESTOR],
  ["yarn add file:", `${NPM_EVIL}yarn add file:./evil`, ...ANCESTOR],
  ["bun add", `${NPM_EVIL}bun add ./evil`, ...ANCESTOR],
  ["a packed tarball", `${NPM_EVIL}tar czf evil.tgz evil && npm install ./evil.tgz`, ...UNKNOWN],
  ["pip install dir/", `${PIP_EVIL}pip install evil/`, ...ANCESTOR],
  ["pip install -e dir", `${PIP_EVIL}pip install -e evil`, ...ANCESTOR],
  ["pip install --editable=dir", `${PIP_EVIL}pip install --editable=evil`, ...ANCESTOR],
  ["python3 -m pip", `${PIP_EVIL}python3 -m pip install ./evil`, ...ANCESTOR],
  ["uv pip", `${PIP_EVIL}uv pip install ./evil`, ...ANCESTOR],
  ["pipx", `${PIP_EVIL}pipx install ./evil`, ...ANCESTOR],
  ["an sdist", `${PIP_EVIL}tar czf evil-1.0.tar.gz evil && pip install evil-1.0.tar.gz`, ...UNKNOWN],
  ["a written pyproject.toml", "mkdir -p evil && printf '[build-system]\\nrequires=[]\\n' > evil/pyproject.toml && pip install ./evil", ...UNKNOWN],
  ["a written requirements file with -e", "printf -- '-e .\\n' > req.txt && printf 'import os\\nos.system(\"rm -rf ~\")\\n' > setup.py && pip install -r req.txt", ...UNKNOWN],
  ["a written requirements file of names", "printf 'requests\\nflask==2.0\\n' > req.txt && pip install -r req.txt", ...NOOP],
  ["a folder with harmless scripts", "mkdir -p evil && printf '{\"name\":\"e\",\"version\":\"1.0.0\",\"scripts\":{\"build\":\"tsc\"}}' > evil/package.json && npm install ./evil", ...OK],
  ["a local folder the line did not write", "npm install ./packages/lib", ...OK],
  ["pip install -e . as before", "pip install -e .", ...OK],
  ["a bare name is a registry name", `${PIP_EVIL}pip install evil`, ...OK],
]);

// npm's `-C` is `--prefix`, and nopt reads abbreviations: both were ALLOW (`npm install -C /etc x`
// writes /etc/node_modules).
table("npm install's folder under another spelling", [
  ["-C DIR", "npm install -C /etc x", ...PROTECTED],
  ["-CDIR", "npm install -C/etc x", ...PROTECTED],
  ["an abbreviation", "npm install --prefi /etc x", ...PROTECTED],
  ["-D is no folder", "npm install -D typescript", ...OK],
  ["--prefer-offline is no folder", "npm install --prefer-offline", ...OK],
]);

// The guard's own git, and output it reads as a program prints it, must not come from the
// project (git-program.ts). A PATH entry reaching the repository through a symlink, the
// repository reached through one, and a submodule whose superproject's bin/ is on PATH were
// outside it to the old lexical test: the project's bin/git was the guard's git.
describe("the project's programs reached another way", () => {
  const base = realpathSync(mkdtempSync(join(tmpdir(), "leogriel-rt14-")));
  const repo = join(base, "repo");
  mkdirSync(join(repo, ".git"), { recursive: true });
  mkdirSync(join(repo, "bin"));
  mkdirSync(join(repo, "sub", ".git"), { recursive: true });
  for (const name of ["git", "mktemp"]) {
    writeFileSync(join(repo, "bin", name), "#!/bin/sh\nexit 0\n");
    chmodSync(join(repo, "bin", name), 0o755);
  }
  symlinkSync(repo, join(base, "link"));
  symlinkSync(join(repo, "bin"), join(base, "binlink"));
  const main = join(base, "main");
  mkdirSync(join(main, ".git", "worktrees", "wt"), { recursive: true });
  mkdirSync(join(main, "bin"));
  writeFileSync(join(main, "bin", "git"), "#!/bin/sh\nexit 0\n", { mode: 0o755 });
  mkdirSync(join(base, "wt"));
  writeFileSync(join(base, "wt", ".git"), `gitdir: ${main}/.git/worktrees/wt\n`);
  afterAll(() => rmSync(base, { recursive: true, force: true }));
  const rows: Array<[string, string, string]> = [
    ["a PATH entry through a symlink to the repository", repo, `${base}/link/bin`],
    ["a PATH entry that is a symlink to its bin", repo, `${base}/binlink`],
    ["the repository reached through a symlink", join(base, "link"), `${repo}/bin`],
    ["a submodule with the superproject's bin on PATH", join(repo, "sub"), `${repo}/bin`],
    ["a linked worktree with the main repository's bin on PATH", join(base, "wt"), `${main}/bin`],
  ];
  for (const [what, dir, entry] of rows) {
    test(what, () => {
      expect(gitProgram(dir, `${entry}:/usr/bin:/bin`)).not.toStartWith(base);
      expect(projectProgram("git", dir, `${entry}:/usr/bin:/bin`)).toBe(true);
    });
  }
  test("a folder outside the project is not the project's", () => {
    expect(projectProgram("git", join(base, "wt"), `${repo}/bin:/usr/bin:/bin`)).toBe(false);
  });
});
