import { beforeAll } from "bun:test";
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import type { Decision } from "../../../lib/guard/decision.ts";
import type { ReasonCode } from "../../../lib/guard/reasons.ts";
import { ASK_OUT, OK, PROTECTED, RELOCATE, UNKNOWN, verdictRows } from "../../support/verdict-rows.ts";

// Red-team pass 13: the relaxations of session 6 (docs/check.md). Commands are only judged;
// each refused row was confirmed with bash 5.2 and git in test/support/sandbox.sh.
const fx = useGuardFixture();
const table = verdictRows(fx);
const TEMP: [Decision, ReasonCode] = ["ALLOW", "ALLOW_TEMP_PATH"];

beforeAll(() => {
  // A project folder holding programs named like mktemp, git and wc (a hostile checkout), a
  // script importing json, and a tracked file and an unmerged branch for the listings.
  mkdirSync(join(fx.ws, "evil"));
  for (const name of ["mktemp", "git", "wc"]) {
    writeFileSync(join(fx.ws, "evil", name), "#!/bin/sh\nexit 0\n");
    chmodSync(join(fx.ws, "evil", name), 0o755);
  }
  writeFileSync(join(fx.ws, "notes.ts"), "oldName\n");
  writeFileSync(join(fx.ws, "app.py"), "import json\n");
  const git = (...args: string[]) => void Bun.spawnSync(["git", "-C", fx.ws, "-c", "user.name=t", "-c", "user.email=t@t", ...args], { stdout: "ignore", stderr: "ignore" });
  git("add", "notes.ts");
  git("commit", "-qm", "notes");
  git("branch", "feature");
});

// The parser reads what mktemp, `git rev-parse HEAD` and `wc -l` print only while their names
// run those programs. A variable named only when the line runs (`export "PA$x=…"`, a name
// reference, `printf -v "$n"`, `read "$n"`) may be PATH, and a function imported from a
// computed BASH_FUNC_ value is no text the line shows: with an empty mktemp there, `rm -rf
// "$d$HOME/victim"` removed the home's folder, and a git printing `x/;e touch ~/p;#` made sed
// run a command.
table("red team 13: output read from a program the line may have replaced", [
  ["PATH through a computed export", 'x=TH; export "PA$x=$PWD/evil:/usr/bin:/bin"; d=$(mktemp -d) && rm -rf "$d$HOME/victim"', ...UNKNOWN],
  ["PATH through a name reference", 'x=TH; declare -n r=PA$x; r=$PWD/evil:$r; d=$(mktemp -d) && rm -rf "$d$HOME/victim"', ...UNKNOWN],
  ["a name reference to a computed name", 'declare -n r=$X; r=$PWD/evil; d=$(mktemp -d) && rm -rf "$d$HOME"', ...UNKNOWN],
  ["a name reference given its target later", 'x=TH; declare -n r; r=PA$x; r=$PWD/evil; d=$(mktemp -d) && rm -rf "$d$HOME"', ...UNKNOWN],
  ["printf -v into a computed name", 'printf -v "$X" %s "$PWD/evil"; d=$(mktemp -d) && rm -rf "$d$HOME"', ...UNKNOWN],
  ["read into a computed name", 'read "$X" <<< "$PWD/evil"; d=$(mktemp -d) && rm -rf "$d$HOME"', ...UNKNOWN],
  ["declare of a computed assignment", 'declare "$X"; d=$(mktemp -d) && rm -rf "$d$HOME"', ...UNKNOWN],
  ["a function imported from a computed value", `p='('; q=')'; env "BASH_FUNC_mktemp%%=$p$q { :; }" bash -c 'd=$(mktemp -d) && rm -rf "$d$HOME/victim"'`, ...UNKNOWN],
  ["git rev-parse in sed on a computed PATH", 'x=TH; export "PA$x=$PWD/evil:/usr/bin:/bin"; sed -i "s/x/$(git rev-parse --short HEAD)/" README.md', ...UNKNOWN],
  ["git rev-parse in sed from an imported function", `p='('; q=')'; env "BASH_FUNC_git%%=$p$q { printf 'x/;e touch ~/p;#'; }" bash -c 'sed -i "s/x/$(git rev-parse --short HEAD)/" README.md'`, ...UNKNOWN],
  ["wc's count for arithmetic on a computed PATH", 'x=TH; declare -n r=PA$x; r=$PWD/evil:$r; n=$(wc -l < README.md); echo $((n))', ...UNKNOWN],
  ["any program after a computed export of PATH", 'export "$X=$PWD/evil"; ls -rf ~', ...UNKNOWN],
  // A literal name with a computed value, a prompt, or an unchanged PATH keep the readings.
  ["a new folder used and removed", 'd=$(mktemp -d) && cp -r src "$d" && rm -rf "$d"', ...TEMP],
  ["export of a literal name", 'export FOO="$X"; d=$(mktemp -d) && rm -rf "$d"', ...TEMP],
  ["read with a computed prompt", 'read -r -p "$P" answer; d=$(mktemp -d) && rm -rf "$d"', ...TEMP],
  ["the short hash into sed", 'sed -i "s/x/$(git rev-parse --short HEAD)/" README.md', ...OK],
  ["a count for arithmetic", "n=$(wc -l < README.md); echo $((n + 1))", ...OK],
]);

// A project folder on the environment's PATH (direnv's `PATH_add bin`): a program the line
// writes there is what a bare name runs (an empty bin/mktemp made `rm -rf "$d$HOME/victim"`
// remove the home's folder).
verdictRows({ ws: fx.ws, env: { ...fx.env, PATH: `${fx.ws}/bin:${fx.env.PATH}` } })("red team 13: a program written into a folder of the environment's PATH", [
  ["mktemp", `mkdir -p bin && printf '#!/bin/sh\\n' > bin/mktemp && chmod +x bin/mktemp && d=$(mktemp -d) && rm -rf "$d$HOME/victim"`, ...UNKNOWN],
  ["git rev-parse into sed", `mkdir -p bin && printf '#!/bin/sh\\necho "x/;e touch ~/p;#"\\n' > bin/git && chmod +x bin/git && sed -i "s/x/$(git rev-parse --short HEAD)/" README.md`, ...UNKNOWN],
  ["any bare name", `mkdir -p bin && printf 'rm -rf ~\\n' > bin/ls && chmod +x bin/ls && ls`, ...UNKNOWN],
  ["a new folder used and removed", 'd=$(mktemp -d) && cp -r src "$d" && rm -rf "$d"', ...TEMP],
  ["a file written elsewhere", "mkdir -p out && echo x > out/notes.txt && d=$(mktemp -d) && rm -rf \"$d\"", ...OK],
]);

// The folder last on PATH: the system's ls is found first, so the written one never runs (the
// PATH folders are searched only because the line wrote into one of them: program-path.ts).
verdictRows({ ws: fx.ws, env: { ...fx.env, PATH: `${fx.env.PATH}:${fx.ws}/bin` } })("red team 13: a program written into the last folder of the environment's PATH", [
  ["a name found earlier on PATH", `mkdir -p bin && printf 'rm -rf ~\\n' > bin/ls && chmod +x bin/ls && ls`, ...OK],
]);

// A git listing is read by running git now; the stages between it and xargs are applied in
// process. Each must be the program its name says: a `grep` function printing `-D` made `xargs
// git branch -d` force-delete an unmerged branch, a `head` function and a git first on a changed
// PATH made `xargs rm -rf` remove a home folder.
table("red team 13: a listing's git, grep and head replaced in the line", [
  ["a grep function before xargs git branch -d", "grep() { echo -D; echo feature; }; git branch --merged | grep -v main | xargs git branch -d", ...UNKNOWN],
  ["a head function before xargs rm -rf", 'head() { echo "$HOME"; }; git ls-files | head -5 | xargs rm -rf', ...UNKNOWN],
  ["an alias of head", "alias head='echo ~ #'; git ls-files | head -5 | xargs rm -rf", ...UNKNOWN],
  ["git found first in a folder put on PATH", "export PATH=$PWD/evil:$PATH; git ls-files | xargs rm -rf", ...UNKNOWN],
  ["git grep on a computed PATH", 'x=TH; export "PA$x=$PWD/evil:/usr/bin:/bin"; git grep -l oldName | xargs rm -f', ...UNKNOWN],
  ["the merged branches (as before)", "git branch --merged | grep -v main | xargs git branch -d", ...OK],
  ["a head stage (as before)", "git ls-files notes.ts | head -5 | xargs rm -f", ...RELOCATE],
  ["a folder without git added to PATH", "export PATH=/opt/none/bin:$PATH; git grep -l oldName -- notes.ts | xargs rm -f", ...RELOCATE],
]);

// PowerShell (pwsh does not run here: read from about_Providers and about_Aliases). A path on a
// drive of another provider (`HKCU:`, `Env:`, `Registry::`, a New-PSDrive name) was read as a
// relative file that does not exist (ALLOW_NOOP): `Remove-Item -Recurse HKCU:\Software` deletes
// the user's registry settings, also through the relaxed `(Join-Path "HKCU:" "Software")` and a
// foreach over a literal list. An alias makes a harmless name run Remove-Item.
const ps = verdictRows(fx, "powershell");
ps("red team 13: PowerShell provider drives and aliases", [
  ["a registry key", "Remove-Item -Recurse -Force HKCU:\\Software", ...UNKNOWN],
  ["a provider-qualified registry path", "Remove-Item -Recurse -Force Registry::HKEY_CURRENT_USER\\Software", ...UNKNOWN],
  ["Join-Path of a registry drive", 'Remove-Item -Recurse -Force (Join-Path "HKCU:" "Software")', ...UNKNOWN],
  ["a foreach item on the registry drive", 'foreach ($x in "src", "HKCU:\\Software") { Remove-Item -Recurse -Force $x }', ...UNKNOWN],
  ["a drive New-PSDrive made", "New-PSDrive -Name Docs -PSProvider FileSystem -Root ~/Documents; Remove-Item -Recurse -Force Docs:\\x", ...UNKNOWN],
  ["a copy onto the registry drive", "Copy-Item README.md HKCU:\\x", ...UNKNOWN],
  ["Set-Alias to Remove-Item", "Set-Alias build Remove-Item; build -Recurse -Force ~", ...UNKNOWN],
  ["sal, and an alias over ls", "sal ls Remove-Item -Force; ls -Recurse -Force ~", ...UNKNOWN],
  ["an item written on the Alias: drive", "New-Item -Path Alias:build -Value Remove-Item; build -Recurse -Force ~", ...UNKNOWN],
  // Reads of other drives, disk drives and workspace paths are as before.
  ["a registry read", "Get-ItemProperty HKCU:\\Software\\x", ...OK],
  ["the environment drive listed", "Get-ChildItem Env:", ...OK],
  ["a workspace folder", "Remove-Item -Recurse -Force src", ...RELOCATE],
  ["a disk path outside", "Remove-Item -Recurse -Force C:\\Users\\me\\Documents", "BLOCK", "BLOCK_OUTSIDE_WORKSPACE"],
]);

// Variable attributes (bash 5.2 in the sandbox): a case attribute converts every value given,
// so `declare -l x=.GIT; rm -rf "$x"` removed .git (ALLOW_NOOP: the guard read `.GIT`); an integer
// variable evaluates each value as arithmetic, where `a[$(cmd)]` runs cmd, also when appended
// (`x+=`), given to an element or read from input; and the output of a substitution inside `$((
// … ))` or given to an integer variable is such text (`echo $(( $(cat f) ))` ran what f held).
table("red team 13: case and integer attributes, substitutions in arithmetic", [
  ["declare -l", 'declare -l x=.GIT; rm -rf "$x"', ...UNKNOWN],
  ["typeset -l, then a plain assignment", 'typeset -l x; x=.GIT; rm -rf "$x"', ...UNKNOWN],
  ["declare -u and a trimmed value", 'declare -u x; x=src; rm -rf "${x%C}"', ...UNKNOWN],
  ["an appended integer value", "declare -i x; x+='a[$(rm -rf ~)]'", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["an integer array's element", "declare -ai x; x[0]='a[$(rm -rf ~)]'", "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["read into an integer", "declare -i x; read x <<< 'a[$(rm -rf ~)]'", ...UNKNOWN],
  ["a file's text given to an integer", "declare -i x; x=$(cat README.md)", ...UNKNOWN],
  ["a file's text in $(( ))", "echo $(( $(cat README.md) ))", ...UNKNOWN],
  ["a file's text in (( ))", "(( $(cat README.md) > 1 ))", ...UNKNOWN],
  // Numbers and plain values are as before.
  ["a count in $(( ))", "echo $(( $(wc -l < README.md) + 1 ))", ...OK],
  ["an integer given a sum", "declare -i x; x=1+1; echo $x", ...OK],
  ["a plain declare", 'declare x=src; rm -rf "${x%c}"', "ALLOW", "ALLOW_NOOP"],
]);

// Python loads compiled modules from the folder it puts first on sys.path (python 3.11 in the
// sandbox): a sourceless json.pyc written with printf, and an unchecked-hash pyc in __pycache__
// beside a harmless json.py, ran their code when app.py imported json. xxd writes its second
// operand (`xxd -r -p hex.txt .git/config` patched a core.fsmonitor in that git status ran) and
// uudecode its `-o` file or the one its input names; both were ALLOW_NO_EFFECT.
table("red team 13: compiled python modules, xxd and uudecode outputs", [
  ["a sourceless .pyc", String.raw`printf '\x42\x0d\x0d\x0a' > json.pyc; python3 app.py`, ...UNKNOWN],
  ["a cached pyc beside a harmless module", String.raw`mkdir -p __pycache__ && printf '\x42\x0d\x0d\x0a' > __pycache__/json.cpython-311.pyc && printf 'import os\n' > json.py && python3 app.py`, ...UNKNOWN],
  ["an extension module", String.raw`printf '\x7fELF' > json.cpython-311-x86_64-linux-gnu.so; python3 -c 'import json'`, ...UNKNOWN],
  ["a package's compiled __init__", String.raw`mkdir -p json && printf '\x42\x0d\x0d\x0a' > json/__init__.pyc && python3 app.py`, ...UNKNOWN],
  ["xxd -r fills the .pyc", "xxd -r -p hex.txt json.pyc; python3 app.py", ...UNKNOWN],
  ["xxd -r onto .git/config", "xxd -r -p hex.txt .git/config", ...PROTECTED],
  ["an xxd dump onto a start-up file", "xxd README.md ~/.bashrc", ...ASK_OUT],
  ["uudecode -o onto a start-up file", "uudecode -o ~/.bashrc in.uu", ...ASK_OUT],
  ["uudecode to the name in its input", "uudecode in.uu", ...UNKNOWN],
  ["a module in a PYTHONPATH folder", String.raw`mkdir -p lib && printf 'import os
os.system("rm -rf ~")
' > lib/json.py; PYTHONPATH=lib python3 -c 'import json'`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["PYTHONPATH exported (unknown as before)", String.raw`mkdir -p lib && printf 'import os
os.system("rm -rf ~")
' > lib/json.py; export PYTHONPATH=$PWD/lib; python3 app.py`, ...UNKNOWN],
  ["a module the line wrote, with a computed PYTHONPATH", String.raw`mkdir -p lib && printf 'import os
os.system("rm -rf ~")
' > lib/json.py; PYTHONPATH="$X" python3 -c 'import json'`, ...UNKNOWN],
  ["no module written, computed PYTHONPATH", String.raw`printf 'import os\n' > notes.txt; PYTHONPATH="$X" python3 -c 'import json'`, "ALLOW", "ALLOW_NOOP"],
  ["a harmless module (as before)", String.raw`printf 'import os\n' > json.py; python3 app.py`, "ALLOW", "ALLOW_NOOP"],
  ["a .pyc where python does not look", String.raw`mkdir -p out/deep && printf '\x42' > out/deep/x.pyc; python3 app.py`, ...OK],
  ["an xxd dump to stdout", "xxd README.md", ...OK],
  ["xxd -r to a redirection in the workspace", "xxd -r -p hex.txt > out.bin", "ALLOW", "ALLOW_NOOP"],
]);

// An interactive bash reads ~/.bashrc and a login one its profiles, from the home it is given:
// `HOME=$PWD bash -i -c 'echo hi'` ran the .bashrc the line wrote there (bash 5.2; ALLOW_NOOP).
table("red team 13: start-up files of a bash given another home", [
  ["-i reads .bashrc", String.raw`printf 'rm -rf ~\n' > .bashrc; HOME=$PWD bash -i -c 'echo hi'`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["-ic with HOME exported", String.raw`printf 'rm -rf ~\n' > .bashrc; export HOME=$PWD; bash -ic 'echo hi'`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["-l reads .profile", String.raw`printf 'rm -rf ~\n' > .profile; HOME=$PWD bash -l -c 'echo hi'`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["--login reads .bash_profile", String.raw`printf 'rm -rf ~\n' > .bash_profile; HOME=$PWD bash --login -c 'echo hi'`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["--norc reads none", String.raw`printf 'rm -rf ~\n' > .bashrc; HOME=$PWD bash --norc -i -c 'echo hi'`, "ALLOW", "ALLOW_NOOP"],
  ["a .bashrc in the workspace, the real home", String.raw`printf 'rm -rf ~\n' > .bashrc; bash -i -c 'echo hi'`, "ALLOW", "ALLOW_NOOP"],
  ["a harmless .bashrc", String.raw`printf 'echo x\n' > .bashrc; HOME=$PWD bash -i -c 'echo hi'`, "ALLOW", "ALLOW_NOOP"],
]);

// zsh runs $ZDOTDIR/.zshenv (ZDOTDIR defaults to HOME) at every start, scripts and `-c` included
// (session 7, zsh 5.9 in the sandbox: each of these ran the written file; they were ALLOW_NOOP).
table("start-up files of a zsh given another home or ZDOTDIR", [
  ["ZDOTDIR=. reads .zshenv", String.raw`printf 'rm -rf ~\n' > .zshenv; ZDOTDIR=. zsh -c 'echo hi'`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["HOME=$PWD reads .zshenv", String.raw`printf 'rm -rf ~\n' > .zshenv; HOME=$PWD zsh -c 'echo hi'`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["a script run by zsh", String.raw`printf 'rm -rf ~\n' > .zshenv; export ZDOTDIR=$PWD; zsh x.sh`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["-i reads .zshrc", String.raw`printf 'rm -rf ~\n' > .zshrc; HOME=$PWD zsh -i -c 'echo hi'`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["-l reads .zprofile", String.raw`printf 'rm -rf ~\n' > .zprofile; HOME=$PWD zsh -l -c 'echo hi'`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["--login reads .zlogin", String.raw`printf 'rm -rf ~\n' > .zlogin; HOME=$PWD zsh --login -c 'echo hi'`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["-f reads none", String.raw`printf 'rm -rf ~\n' > .zshenv; ZDOTDIR=. zsh -f -c 'echo hi'`, "ALLOW", "ALLOW_NOOP"],
  ["-o no_rcs reads none", String.raw`printf 'rm -rf ~\n' > .zshenv; ZDOTDIR=. zsh -o no_rcs -c 'echo hi'`, "ALLOW", "ALLOW_NOOP"],
  ["--no-rcs reads none", String.raw`printf 'rm -rf ~\n' > .zshenv; ZDOTDIR=. zsh --no-rcs -c 'echo hi'`, "ALLOW", "ALLOW_NOOP"],
  [".zshrc without -i", String.raw`printf 'rm -rf ~\n' > .zshrc; HOME=$PWD zsh -c 'echo hi'`, "ALLOW", "ALLOW_NOOP"],
  ["a .zshenv in the workspace, the real home", String.raw`printf 'rm -rf ~\n' > .zshenv; zsh -c 'echo hi'`, "ALLOW", "ALLOW_NOOP"],
]);

// What the line makes a path lead to before it writes there: an append through a symlink it made
// lands in the link's target (`ln -s ~/.bashrc rc && echo x >> rc` was ALLOW_NO_EFFECT), find -L
// follows a link the line placed below its start point (in a new mktemp folder too), and a
// folder mounted over shows another tree (as root in the sandbox, `mount --bind ~/victim sub &&
// rm -rf sub/*` emptied ~/victim under RELOCATE_TREE).
table("red team 13: appends through new links, find -L, mounts", [
  ["an append through a new link", "ln -s ~/.bashrc rc && echo x >> rc", ...UNKNOWN],
  ["tee -a through a new link in the temporary folder", 'd=$(mktemp -d) && ln -s ~/.bashrc "$d/rc" && tee -a "$d/rc" <<< x', ...UNKNOWN],
  ["find -L below a new folder's link", 'd=$(mktemp -d) && ln -s ~/Documents "$d/h" && find -L "$d" -delete', ...UNKNOWN],
  ["mount --bind, then rm", "mount --bind ~/Documents src && rm -rf src/*", ...UNKNOWN],
  ["bindfs over a temporary folder", 'd=$(mktemp -d) && bindfs ~ "$d" && rm -rf "$d"', ...UNKNOWN],
  ["appending to a file the line created", "echo a > notes.txt && echo b >> notes.txt", "ALLOW", "ALLOW_NOOP"],
  ["find without -L below a new link", 'd=$(mktemp -d) && ln -s ~/Documents "$d/h" && find "$d" -delete', TEMP[0], "ALLOW_NO_EFFECT"],
  ["mount listing", "mount -l -t ext4", ...OK],
  ["a new folder's link removed with the folder", 'd=$(mktemp -d) && ln -s ~/Documents "$d/h" && rm -rf "$d"', TEMP[0], "ALLOW_NO_EFFECT"],
]);

// `function NAME { … }` without `()` (the relaxation read only `function NAME() { … }`): its
// body was read as the arguments of a program `function`, so `function f { cd ~/victim; }; f; rm
// -rf *` was RELOCATE_TREE and emptied ~/victim.
table("red team 13: the function keyword without parentheses", [
  ["a cd in the body, called", "function f { cd ~; }; f; rm -rf *", ...UNKNOWN],
  ["an assignment in the body, called", 'function f { x=.git; }; f; rm -rf "$x"', ...UNKNOWN],
  ["another compound body is not read", "function f if true; then cd ~; fi; f; rm -rf *", ...UNKNOWN],
  ["a build function", "function build { npm run build; }; build", ...OK],
  ["with parentheses (as before)", "function build() { npm run build; }; build", ...OK],
]);

// Interpreters the registry did not know run their inline code unread (from each one's
// documentation; none of them runs here): `ipython -c` is IPython code (read as a notebook's
// cells are), `tsx -e` and `ts-node -e` node's, and groovy, scala, elixir, erl and raku (perl6 is
// its old name, not perl) code the guard does not read at all.
table("red team 13: interpreters that were unknown programs", [
  ["ipython -c", `ipython -c 'import os; os.system("rm -rf ~")'`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["ipython3 -c with a shell line", `ipython3 -c '!rm -rf ~'`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["a script ipython runs that the line wrote", String.raw`printf '!rm -rf ~\n' > s.ipy; ipython s.ipy`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["code set through a traitlet", `ipython --InteractiveShellApp.exec_lines="['import os']"`, ...UNKNOWN],
  ["tsx -e", `tsx -e 'require("fs").rmSync(require("os").homedir(), {recursive: true})'`, ...UNKNOWN],
  ["groovy -e", `groovy -e '"rm -rf /home".execute()'`, ...UNKNOWN],
  ["erl -eval", `erl -noshell -eval 'os:cmd("rm -rf ~")'`, ...UNKNOWN],
  ["perl6 -e is raku", `perl6 -e 'shell "rm -rf ~"'`, ...UNKNOWN],
  ["ipython on its own", "ipython --version", ...OK],
  ["ipython -c printing", "ipython -c 'print(1)'", ...OK],
  ["ipython fed harmless code", "echo 'print(1)' | ipython", ...OK],
  ["a script that is there", "ipython app.py", ...OK],
  ["tsx of a file that is there", "tsx src/main.ts", ...OK],
  ["raku's version", "raku -v", ...OK],
]);

// Other runners of a notebook the line wrote (from their documentation): nbconvert as a python
// module, quarto render --execute (a .qmd's code chunks always run), pytest --nbmake and treon
// (the notebooks of the folders they are given) ran its code unread.
const NB = String.raw`printf '{"cells":[{"cell_type":"code","source":["import os; os.system(\\"rm -rf ~\\")"]}]}' > nb.ipynb`;
table("red team 13: more runners of a written notebook", [
  ["python -m nbconvert --execute", `${NB}; python3 -m nbconvert --to notebook --execute nb.ipynb`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["quarto render --execute", `${NB}; quarto render nb.ipynb --execute`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["a written .qmd quarto renders", String.raw`printf '# x\n' > doc.qmd; quarto render doc.qmd`, ...UNKNOWN],
  ["pytest --nbmake of the working folder", `${NB}; pytest --nbmake`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["treon of the notebook", `${NB}; treon nb.ipynb`, "BLOCK", "BLOCK_PROTECTED_ANCESTOR"],
  ["quarto render without --execute of a notebook", `${NB}; quarto render nb.ipynb`, "ALLOW", "ALLOW_NOOP"],
  ["plain pytest", `${NB}; pytest`, "ALLOW", "ALLOW_NOOP"],
]);
