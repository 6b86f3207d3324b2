import { mkdirSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Decision } from "../../../lib/guard/decision.ts";
import type { ReasonCode } from "../../../lib/guard/reasons.ts";
import { useGuardFixture } from "../../fixtures/check/workspace.ts";
import { ASK_OUT, NOOP, OK, UNKNOWN, verdictRows } from "../../support/verdict-rows.ts";

// Red-team pass 15 (docs/check.md, "Red-team pass 15 (session 6)"), aimed at name digits
// (`cp f f.$(date +%s).bak`) and package managers' removals. Each finding ran for real in
// test/support/sandbox.sh.
const TEMP: [Decision, ReasonCode] = ["ALLOW", "ALLOW_TEMP_PATH"];
const fx = useGuardFixture();
const table = verdictRows(fx);
// A file last modified before 1970, and links whose names hold a negative number.
writeFileSync(join(fx.ws, "old"), "x\n");
utimesSync(join(fx.ws, "old"), -5, -5);
symlinkSync(join(fx.home, ".bashrc"), join(fx.ws, "rc-5"));
symlinkSync(join(fx.home, "Documents"), join(fx.ws, "x-5"));
writeFileSync(join(fx.ws, "f"), "x\nx\n");
mkdirSync(join(fx.home, "other"));

// stat's times are negative before 1970: `rc$(stat -c %Y old)` is `rc-5`, which no name of
// digits matches, so the word was read as a new name rc0 while it wrote through a link.
table("stat's times are no name digits", [
  ["a write through a link", "echo x > rc$(stat -c %Y old)", ...UNKNOWN],
  ["an append", "echo x >> rc$(stat -c %X old)", ...UNKNOWN],
  ["rm through a link to a folder", "rm -rf x$(stat -c %Y old)/", ...UNKNOWN],
  ["a time the line set", "touch -d @-5 g; echo x > rc$(stat -c %Y g)", ...UNKNOWN],
  ["through a variable", 'T=$(stat -c %Y old); echo x > "rc$T"', ...UNKNOWN],
  ["stat -c %a stays digits", "cp f f.$(stat -c %a f).bak", ...NOOP],
  ["date stays digits", "cp f f.$(date +%s).bak", ...NOOP],
]);

// Variables the shell sets by itself held the line's value to the guard: `$_` after any command,
// REPLY after read, OPTARG after getopts, MAPFILE, BASH_REMATCH, OLDPWD after cd. With digits or
// a literal, `rm -rf src/$_/Documents` after `echo ../..` removed ~/Documents.
table("variables the shell sets are unknown", [
  ["$_", "_=src; echo ../..; rm -rf src/$_/Documents", ...UNKNOWN],
  ["$_ of digits", "_=$(date +%s); echo ../..; rm -rf src/$_/Documents", ...UNKNOWN],
  ["REPLY", "REPLY=$(date +%s); read <<< ../..; rm -rf src/$REPLY/Documents", ...UNKNOWN],
  ["OPTARG", "OPTARG=src; getopts a: o -a ../..; rm -rf src/$OPTARG/Documents", ...UNKNOWN],
  ["MAPFILE", "MAPFILE=$(date +%s); mapfile -t <<< ../..; rm -rf src/$MAPFILE/Documents", ...UNKNOWN],
  ["BASH_REMATCH", "BASH_REMATCH=$(date +%s); [[ ../.. =~ .* ]]; rm -rf src/$BASH_REMATCH/Documents", ...UNKNOWN],
  ["OLDPWD", "OLDPWD=$(date +%s); cd src; rm -rf $OLDPWD", ...UNKNOWN],
  // `wait -n -p d` with no job left unsets d (sandbox): `"$d"/src` is `/src`; coproc d makes d a file descriptor number.
  ["wait -p", 'd=/tmp/x; wait -n -p d; rm -rf "$d"/src', ...UNKNOWN],
  ["coproc NAME", 'd=/tmp/x; coproc d { :; }; rm -rf "$d"/src', ...UNKNOWN],
  ["wait without -p as before", 'd=/tmp/x; wait; rm -rf "$d"/src', ...TEMP],
  ["an ordinary name keeps its digits", "TS=$(date +%s); cp f f.$TS.bak", ...NOOP],
]);

// A NAME computed when the line runs may be any variable: `read -a "$(cat f)"` and `mapfile -t
// "$(cat f)"` with f holding `d` made d the input, `wait -p` unset it (sandbox). Their option
// values were taken for other options' (a prompt, a delimiter); name-operands.ts reads them now.
table("a computed NAME given to read -a, mapfile -t or wait -p", [
  ["read -a", 'd=/tmp/x; read -a "$(cat f)" < f; rm -rf "$d"/src', ...UNKNOWN],
  ["mapfile -t", 'd=/tmp/x; mapfile -t "$(cat f)" < f; rm -rf "$d"/src', ...UNKNOWN],
  ["wait -p", 'd=/tmp/x; wait -p "$(cat f)"; rm -rf "$d"/src', ...UNKNOWN],
  ["a computed prompt is no name", 'd=/tmp/x; read -p "$(cat f)" x; rm -rf "$d"/src', ...TEMP],
  ["a literal NAME as before", 'd=/tmp/x; read -a e < f; rm -rf "$d"/src', ...TEMP],
]);

// `${x:=w}` of an unknown x assigns w when x is empty: grep -c of a missing file prints nothing,
// so `: ${TS:=../..}` made TS `../..` and ~/Documents went (sandbox).
table("a default assigned to an unknown variable", [
  ["digits that may be empty", "TS=$(grep -c x missing); : ${TS:=../..}; rm -rf src/$TS/Documents", ...UNKNOWN],
  ["a default that assigns nothing keeps the digits", "TS=$(date +%s); : ${TS:-x}; cp f f.$TS.bak", ...NOOP],
]);

// Two assignments of one name in one command: the second holds (`TS=$(date +%s) TS=../..`).
table("the last assignment of a name holds", [
  ["plain", "TS=$(date +%s) TS=../..; rm -rf src/$TS/Documents", ...UNKNOWN],
  ["declare", "declare TS=$(date +%s) TS=../..; rm -rf src/$TS/Documents", ...UNKNOWN],
]);

// Arithmetic assigns: `((n=-5))`, `let n=-5`, `$((n=-5))` left n as it was (digits, or 5).
table("arithmetic assignments change the variable", [
  ["(( )) after digits", "TS=$(date +%s); ((TS=-5)); echo x > rc$TS", ...UNKNOWN],
  ["let", "TS=5; let TS=-5; echo x > rc$TS", ...UNKNOWN],
  ["$(( ))", "TS=5; : $((TS=-5)); echo x > rc$TS", ...UNKNOWN],
  ["an increment", "TS=5; ((TS--)); echo x > rc$TS", ...UNKNOWN],
  ["through a name", "x=TS; TS=5; (( $x = -5 )); echo x > rc$TS", ...UNKNOWN],
  // Red team 14's open item: an EXIT action then names ./0/src, in the workspace.
  ["after an EXIT trap", "d=/tmp/x; trap 'rm -rf \"$d\"/src' EXIT; (( d = 0 ))", ...UNKNOWN],
  ["let after an EXIT trap", "d=/tmp/x; trap 'rm -rf \"$d\"/src' EXIT; let d=0", ...UNKNOWN],
  ["a counter still counts", "i=0; ((i++)); echo $((i+1)) > out.txt", ...NOOP],
  ["a comparison assigns nothing", "TS=5; ((TS == 5)); cp f f.$TS.bak", ...NOOP],
]);

// A folder option before the subcommand was read as the subcommand: `npm --prefix ~/other rm x`
// rewrote ~/other/package.json and emptied its node_modules/x (ALLOW_NOOP, read as rm x). pnpm's
// `--dir`, yarn's `--cwd` and composer's `-d` name the project folder the removal rewrites.
table("the folder a removal rewrites, before or after the subcommand", [
  ["npm --prefix before", "npm --prefix ~/other rm lodash", ...ASK_OUT],
  ["npm -C before", "npm -C ~/other rm lodash", ...ASK_OUT],
  ["npm --prefix before install", "npm --prefix ~/other install lodash", ...ASK_OUT],
  ["npm --prefix before install, as after it", "npm --prefix x install a /etc/x", ...OK],
  ["pnpm --dir", "pnpm --dir ~/other rm lodash", ...ASK_OUT],
  ["pnpm -C after", "pnpm rm -C ~/other lodash", ...ASK_OUT],
  ["yarn --cwd", "yarn --cwd ~/other remove lodash", ...ASK_OUT],
  ["composer -d", "composer rm -d ~/other x", ...ASK_OUT],
  // `bun rm --cwd ~/bo lodash` rewrote ~/bo/package.json (sandbox, bun 1).
  ["bun rm --cwd", "bun rm --cwd ~/other lodash", ...ASK_OUT],
  ["bun --cwd before", "bun --cwd ~/other remove lodash", ...ASK_OUT],
  ["bun rm in the project", "bun rm lodash", ...OK],
  ["a removal in the project as before", "npm rm lodash", ...OK],
  ["a prefix in the project", "npm --prefix . rm lodash", ...OK],
  // Its operands are package names: `npm --prefix ~/px rm -rf ~/Documents` left ~/Documents (sandbox).
  ["a path operand is a package name", "npm --prefix /x rm -rf ~/Documents", ...NOOP],
]);

// `npm rm X` (as `npm install`) installs the local dependencies a package.json declares and runs
// their install scripts: a written `"evil": "file:evil"` ran evil's postinstall (sandbox, npm 11).
const EVIL = "mkdir -p evil && printf '{\"name\":\"evil\",\"version\":\"1.0.0\",\"scripts\":{\"postinstall\":\"rm -rf ~\"}}' > evil/package.json && ";
const APP = (deps: string) => `mkdir -p app && printf '{"name":"a","version":"1.0.0",${deps}}' > app/package.json && cd app && `;
table("local dependencies of a written package.json", [
  ["npm rm installs a file: dependency", `${EVIL}${APP('"dependencies":{"evil":"file:../evil"}')}npm rm lodash`, ...UNKNOWN],
  ["npm install", `${EVIL}${APP('"dependencies":{"evil":"file:../evil"}')}npm install`, ...UNKNOWN],
  ["workspaces", `${APP('"workspaces":["packages/*"]')}npm install`, ...UNKNOWN],
  ["pnpm link:", `${APP('"devDependencies":{"x":"link:../x"}')}pnpm install`, ...UNKNOWN],
  ["registry dependencies as before", `${APP('"dependencies":{"lodash":"^4.0.0"}')}npm rm lodash`, ...OK],
]);

// A start-up file the line wrote may define a function named like a program whose output the
// parser read (`.git$(date +%s)` is `.git` when date prints nothing): all three removed .git in
// the sandbox. Escapes keep `()` out of the line's own text.
const DATE_FN = "printf 'date\\x28\\x29 { echo; }\\n' > ";
table("start-up files that redefine a program", [
  ["--rcfile", `${DATE_FN}rc; bash --rcfile rc -i -c 'rm -rf .git$(date +%s)'`, ...UNKNOWN],
  ["a .bashrc in the home given", `${DATE_FN}.bashrc; HOME=$PWD bash -i -c 'rm -rf .git$(date +%s)'`, ...UNKNOWN],
  ["a login profile", `${DATE_FN}.profile; HOME=$PWD bash -l -c 'rm -rf .git$(date +%s)'`, ...UNKNOWN],
  ["a harmless rc file as before", "printf 'export X=1\\n' > rc; bash --rcfile rc -i -c 'echo hi'", ...NOOP],
]);
